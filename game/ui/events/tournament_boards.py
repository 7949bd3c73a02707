"""A person's duplicate board scored: both tables' results, the board's and the match's
score (as good for the person's team), then the next board or back to the event. While the
second table is still playing (the worker), the panel says so and fills in when it is done:
the event's background is ticked every frame whatever screen is shown."""

from __future__ import annotations

import pygame

from game.app.event_play import EventPlay
from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, fit_text, scale_for
from game.ui.kit.widgets import Button


def signed(n: int) -> str:
    return f"{n:+d}"


class BoardScoreScene(Scene):
    def __init__(self, app, play: EventPlay):
        super().__init__(app)
        self.play = play
        self.next = Button(lambda: tr("event.board_next"), self.proceed, self.ready, primary=True, key=pygame.K_RETURN)
        self.back = Button(lambda: tr("event.board_back"), self.to_event, self.ready)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def ready(self) -> bool:
        return self.play.board_scored is not None or self.play.failed is not None

    def proceed(self) -> None:
        """The next board, or the event's board when this one ended the match."""
        if self.play.board_match_done is not None or self.play.next_match() is None:
            self.app.nav.event_board(self.play.board_match_done)
        else:
            self.app.nav.play_event_match()

    def to_event(self) -> None:
        self.app.nav.event_board(self.play.board_match_done)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.box = pygame.Rect(0, 0, min(w - round(40 * s), round(720 * s)), round(360 * s))
        self.box.center = (w // 2, h // 2)
        bw, bh = round(220 * s), round(46 * s)
        self.next.rect = pygame.Rect(0, 0, bw, bh)
        self.back.rect = pygame.Rect(0, 0, bw, bh)
        y = self.box.bottom - round(24 * s) - bh // 2
        self.next.rect.center = (self.box.centerx + bw // 2 + round(10 * s), y)
        self.back.rect.center = (self.box.centerx - bw // 2 - round(10 * s), y)
        for b in (self.next, self.back):
            b.font_size = round(18 * s)

    def handle_event(self, e) -> None:
        for b in (self.next, self.back):
            b.handle_event(e)

    def animating(self) -> bool:
        return not self.ready()

    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the panel says, line by line (the tests read it)."""
        play = self.play
        state = play.board_scored
        if state is None:
            return [(play.failed or tr("event.board_waiting"), theme.INK_DIM)]
        p = play.event.pairing(state.match)
        mine = set(play.player_teams())
        sign = 1 if p.a in mine else -1
        team = play.names[p.a if sign == 1 else p.b or ""]
        last = state.last or {}
        out: list[tuple[str, tuple[int, int, int]]] = []
        if last.get("redeal"):
            out.append((tr("event.board_redeal"), theme.INK))
        else:
            (l1, p1), (l2, p2) = last["tables"]
            out.append((tr("event.board_first", team=team, levels=signed(sign * l1), points=sign * p1), theme.INK))
            out.append((tr("event.board_second", team=team, levels=signed(sign * l2), points=sign * p2), theme.INK))
            if last.get("counted"):
                out.append((tr("event.board_net", team=team, levels=signed(sign * last["levels"])), theme.GOLD))
            else:
                out.append((tr("event.board_late"), theme.INK_DIM))
        total = tr(
            "event.board_total", n=state.boards, team=team, levels=signed(sign * state.net), points=sign * state.points
        )
        out.append((total, theme.INK))
        if play.board_match_done is not None:
            result = play.event.pairing(play.board_match_done).result
            winner = play.names.get(result.winner, "") if result is not None else ""
            out.append((tr("event.board_done", team=winner), theme.GOLD))
        return out

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        pygame.draw.rect(surface, theme.PANEL_SOLID, self.box, border_radius=round(14 * s))
        pygame.draw.rect(surface, theme.GOLD, self.box, width=max(1, round(2 * s)), border_radius=round(14 * s))
        state = self.play.board_scored
        board = (state.last or {}).get("board", 0) if state is not None else self.play.boards().board
        blit_text(
            surface,
            tr("event.board_title", n=int(board) + 1),
            round(28 * s),
            (self.box.centerx, self.box.y + round(18 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        y = self.box.y + round(78 * s)
        width = self.box.width - round(48 * s)
        for text, colour in self.lines():
            blit_text(
                surface, fit_text(text, round(18 * s), width), round(18 * s), (self.box.x + round(24 * s), y), colour
            )
            y += round(36 * s)
        for b in (self.back, self.next):
            b.draw(surface)

    def phase_name(self) -> str:
        return "tournament-board-score"
