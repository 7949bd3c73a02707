"""The event's board: the draw as it happens, the bracket a round at a time, the group tables,
results filled in as the other tables finish, the player's next opponent and the way to the
table. The other tables are played by ``app.background`` (``game.app.event_play``), whatever
screen is shown; this screen only reads the event and notes what came in."""

from __future__ import annotations

import pygame

from game.app.event_play import EventPlay
from game.i18n import tr
from game.ui.events.tournament_view import (
    Stage,
    bracket_rects,
    card_rects,
    current_stage,
    draw_bracket_lines,
    draw_cards,
    draw_groups,
    draw_lot,
    draw_placeholder,
    stage_matches,
    stage_name,
    stages,
)
from game.ui.kit import ruleset_text, theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, fit_text, scale_for
from game.ui.kit.widgets import Button, Choice

LOT_SECONDS = 0.35  # a lot drawn; a large field draws faster (the draw takes at most ~8 s)
FRESH_SECONDS = 3.0


class TournamentScene(Scene):
    def __init__(self, app, play: EventPlay, draw: bool = False, last: str | None = None):
        super().__init__(app)
        self.play = play
        self.last = last
        event = play.event
        self.order = list(event.draw)
        self.lot_time = min(LOT_SECONDS, 8.0 / max(1, len(self.order)))
        self.drawn = 0.0 if draw and not app.settings.reduce_motion else float(len(self.order))
        self.stage = Stage("groups") if event.with_groups and draw else current_stage(event)
        self.stage_choice = self._stage_choice()
        self.play_button = Button(self._play_label, self.play_match, self._can_play, primary=True)
        self.skip = Button(lambda: tr("event.skip_draw"), self.skip_draw, key=pygame.K_SPACE)
        self.leave = Button(lambda: tr("event.leave"), app.nav.start, key=pygame.K_ESCAPE)
        self.fresh: dict[str, float] = {}
        play.results.clear()
        play.hold = self.drawing  # the other tables start when the draw is over
        self.scale = 1.0
        self.area = pygame.Rect(0, 0, 0, 0)
        self.side = pygame.Rect(0, 0, 0, 0)
        self.placed: list = []  # (match or None, its card, the bracket's column)

    # ------------------------------------------------------------------ state

    @property
    def drawing(self) -> bool:
        return self.drawn < len(self.order)

    def _stage_choice(self) -> Choice:
        options = stages(self.play.event)

        def set_(stage: Stage) -> None:
            self.stage = stage
            self.layout(self.app.size)

        return Choice(options, lambda st: stage_name(self.play.event, st), lambda: self.stage, set_)

    def _can_play(self) -> bool:
        return not self.drawing and self.play.next_match() is not None

    def _play_label(self) -> str:
        under_way = self.play.saved.table is not None or self.play.saved.boards is not None
        return tr("event.continue_match") if under_way else tr("event.play_match")

    def play_match(self) -> None:
        if self._can_play():
            self.app.nav.play_event_match()

    def skip_draw(self) -> None:
        self.drawn = float(len(self.order))
        self.play.hold = False
        self.stage = current_stage(self.play.event)
        self.layout(self.app.size)

    def update(self, dt: float) -> None:
        if self.drawing:
            self.drawn = min(float(len(self.order)), self.drawn + dt / self.lot_time)
            if not self.drawing:
                self.skip_draw()
        for pid in self.play.results:
            self.fresh[pid] = FRESH_SECONDS
        if self.play.results:
            self.play.results.clear()
            if self.play.event.finished:
                self.app.nav.event_prizes()
                return
            stage = current_stage(self.play.event)
            if len(stages(self.play.event)) != len(self.stage_choice.options):
                self.stage_choice = self._stage_choice()
                self.stage = stage
                self.layout(self.app.size)
        for pid in list(self.fresh):
            self.fresh[pid] -= dt
            if self.fresh[pid] <= 0:
                del self.fresh[pid]

    def animating(self) -> bool:
        return self.drawing or bool(self.fresh)

    # ------------------------------------------------------------------ layout and input

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        margin = round(20 * s)
        side_w = round(300 * s)
        top = round(122 * s)
        self.area = pygame.Rect(margin, top, w - 3 * margin - side_w, h - top - margin)
        self.side = pygame.Rect(self.area.right + margin, round(20 * s), side_w, h - round(40 * s))
        self.stage_choice.rect = pygame.Rect(margin, round(74 * s), self.area.w, round(36 * s))
        self.stage_choice.font_size = round(14 * s)
        self.placed = []
        if self.stage.kind == "knockout":
            bracket = bracket_rects(self.play.event, self.stage.number, self.area, s)
            if bracket is None:
                matches = stage_matches(self.play.event, self.stage)
                bracket = [(p, r, 0) for p, r in zip(matches, card_rects(self.area, len(matches), s))]
            self.placed = bracket
        for i, b in enumerate((self.play_button, self.leave)):
            b.rect = pygame.Rect(0, 0, self.side.w - round(24 * s), round(46 * s))
            b.rect.midbottom = (self.side.centerx, self.side.bottom - round(12 * s) - (1 - i) * round(56 * s))
            b.font_size = round(18 * s)
        self.skip.rect = pygame.Rect(0, 0, self.side.w - round(24 * s), round(40 * s))
        self.skip.rect.midbottom = (self.side.centerx, self.play_button.rect.top - round(12 * s))
        self.skip.font_size = round(16 * s)

    def handle_event(self, e) -> None:
        if self.drawing:
            if self.skip.handle_event(e) or self.leave.handle_event(e):
                return
            return
        for b in (self.play_button, self.leave):
            if b.handle_event(e):
                return
        if self.stage_choice.handle_event(e):
            return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for p, rect, _ in self.placed:
                if p is not None and rect.collidepoint(e.pos) and p.result is not None and p.result.replays:
                    self.app.nav.event_replay([self.play.replay_dir / name for name in p.result.replays])
                    return

    # ------------------------------------------------------------------ drawing

    def _names(self, team: str | None) -> str:
        if team is None:
            return tr("event.bye")
        if self.drawing and team not in self.order[: int(self.drawn)]:
            return "…"
        return self.play.names[team]

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        event = self.play.event
        margin = round(20 * s)
        title = " · ".join((ruleset_text.name(event.ruleset), tr(f"tournament.format.{event.format}")))
        blit_text(
            surface,
            fit_text(title, round(26 * s), self.area.w, True),
            round(26 * s),
            (margin, margin),
            theme.GOLD,
            True,
        )
        if not event.regulation:
            blit_text(
                surface,
                fit_text(tr("tournament.not_regulation"), round(13 * s), self.area.w),
                round(13 * s),
                (margin, margin + round(36 * s)),
                theme.INK_DIM,
            )
        if not self.drawing:
            self.stage_choice.draw(surface)
        else:
            blit_text(
                surface,
                tr("event.drawing", n=int(self.drawn), total=len(self.order)),
                round(17 * s),
                (margin, round(78 * s)),
                theme.GOLD,
            )
        running = set(self.play.running())
        if self.stage.kind == "groups":
            shown = set(self.order[: int(self.drawn)]) if self.drawing else None
            draw_groups(surface, event, self.area, self._names, s, shown)
        else:
            draw_bracket_lines(surface, self.placed, s)
            cards = [(p, r) for p, r, _ in self.placed if p is not None]
            for match, rect, _ in self.placed:
                if match is None:
                    draw_placeholder(surface, rect, s)
            draw_cards(
                surface, event, [p for p, _ in cards], [r for _, r in cards], self._names, s, set(self.fresh), running
            )
        self._draw_side(surface)
        if self.drawing:  # over the side panel: the pot stands on it
            self._draw_lot(surface)

    def _draw_lot(self, surface) -> None:
        """The lot being drawn: its number over the pot, landing (the name fills in its place)."""
        s = self.scale
        k = int(self.drawn)
        frac = self.drawn - k
        pot = (self.side.centerx, self.side.y + round(210 * s))
        pygame.draw.ellipse(
            surface,
            (60, 40, 20),
            pygame.Rect(pot[0] - round(70 * s), pot[1] - round(20 * s), round(140 * s), round(50 * s)),
        )
        if k < len(self.order):
            y = pot[1] - frac * round(90 * s)
            draw_lot(surface, (pot[0], y), k + 1, round(18 * s), frac)
            name = self.play.names[self.order[k]] if frac > 0.5 else ""
            if name:
                blit_text(
                    surface,
                    fit_text(name, round(15 * s), self.side.w - round(24 * s), True),
                    round(15 * s),
                    (pot[0], pot[1] + round(46 * s)),
                    theme.GOLD,
                    True,
                    anchor="midtop",
                )

    def _draw_side(self, surface) -> None:
        s = self.scale
        side = self.side
        theme.panel(surface, side, theme.PANEL, round(14 * s))
        pad = round(12 * s)
        x, y = side.x + pad, side.y + pad
        width = side.w - 2 * pad
        if self.drawing:
            blit_text(surface, tr("event.the_draw"), round(19 * s), (x, y), theme.GOLD, True)
            for line in theme.wrap(tr("event.draw_help"), round(14 * s), width)[:4]:
                y += round(26 * s) if y == side.y + pad else round(19 * s)
                blit_text(surface, line, round(14 * s), (x, y), theme.INK_DIM)
            self.skip.draw(surface)
            self.leave.draw(surface)
            return
        event = self.play.event
        lines: list[tuple[str, int, tuple[int, int, int], bool]] = []
        result = self._last_result()
        if result:
            lines.append((result, 16, theme.GOLD, True))
        p = self.play.next_match()
        if p is not None:
            opponent = self.play.opponent()
            lines.append((tr("event.next_match"), 17, theme.GOLD, True))
            lines.append((stage_name(event, self._stage_of(p.id)), 14, theme.INK_DIM, False))
            if opponent is not None:
                team = event.team(opponent)
                lines.append((self.play.names[opponent], 16, theme.INK, True))
                if team.bots_only:
                    lines.append((tr("event.level", level=tr("bots." + team.level)), 14, theme.INK_DIM, False))
            unit = tr("event.unit." + event.unit, n=event.length(p))
            lines.append((unit, 14, theme.INK_DIM, False))
        elif self.play.failed is not None:
            lines.append((tr("event.background_failed", error=self.play.failed), 14, theme.RED, False))
        elif not self.play.player_teams():
            lines.append((tr("event.watching"), 15, theme.INK, False))
        elif any(not event.team(t).bots_only for t in self._alive()):
            lines.append((tr("event.waiting"), 15, theme.INK, False))
        else:
            lines.append((tr("event.out"), 15, theme.INK, False))
        others = len(self.play.running())
        if others:
            lines.append((tr("event.others_playing", n=others), 14, theme.INK_DIM, False))
        lines.append((tr("event.replay_help"), 13, theme.INK_DIM, False))
        for text, size, colour, bold in lines:
            px = round(size * s)
            for line in theme.wrap(text, px, width, bold):
                if y + px > self.skip.rect.top:
                    break
                blit_text(surface, line, px, (x, y), colour, bold)
                y += round(px * 1.45)
            y += round(6 * s)
        self.play_button.draw(surface)
        self.leave.draw(surface)

    def _stage_of(self, pid: str) -> Stage:
        if pid.startswith("group"):
            return Stage("groups")
        if pid == "third":
            return stages(self.play.event)[-1]
        return Stage("knockout", int(pid.split("-")[1]))

    def _alive(self) -> list[str]:
        """Teams still in the event (not yet beaten in the knockout)."""
        event = self.play.event
        out = {p.loser for p in event.pairings if p.stage == "knockout" and p.loser is not None}
        return [t.id for t in event.teams if t.id not in out]

    def _last_result(self) -> str | None:
        if self.last is None:
            return None
        p = self.play.event.pairing(self.last)
        if p.result is None:
            return None
        mine = [t for t in p.teams if not self.play.event.team(t).bots_only]
        score = f"{p.result.score[0]}:{p.result.score[1]}"
        if len(mine) == 2:
            return tr("event.result_between", team=self.play.names[p.result.winner], score=score)
        key = "event.result_won" if p.result.winner in mine else "event.result_lost"
        return tr(key, score=score)

    def phase_name(self) -> str:
        return "tournament-draw" if self.drawing else "tournament-board"
