"""The last trick, and the whole hand so far, over the table (what the person may know).

The last trick shows the four plays large, the winner outlined. The hand so far lists the
declarations, the kitty (to the dealer only, once buried) and every trick, the one being
played included; the wheel, the arrows and the page keys scroll it.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width
from game.ui.kit.names import declaration_text, seat_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button


class HandRecordScene(Scene):
    """Over a ``TableScene``: the last trick (``last_only``) or every trick so far."""

    opaque = False
    table_overlay = True

    def __init__(self, app, table, last_only: bool):
        super().__init__(app)
        self.table = table
        self.last_only = last_only
        self.close = Button(lambda: tr("button.close"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.scroll = 0.0
        obs = table.driver.observation(table.viewer)
        self.obs = obs
        self.tricks = list(obs.tricks) + ([obs.current] if obs.current is not None else [])

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        if self.last_only:
            self.box = pygame.Rect(0, 0, round(min(w - 40, 720 * s)), round(min(h - 40, 560 * s)))
        else:
            self.box = pygame.Rect(0, 0, round(min(w - 40, 1000 * s)), h - round(60 * s))
        self.box.center = (w // 2, h // 2)
        self.close.rect = pygame.Rect(0, 0, round(180 * s), round(42 * s))
        self.close.rect.midbottom = (self.box.centerx, self.box.bottom - round(14 * s))
        self.close.font_size = round(19 * s)
        if not self.last_only:
            self.scroll = 0.0
            self.scroll_by(self.content_height())  # the latest tricks first in view

    def handle_event(self, e) -> None:
        if self.close.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_l):
            self.app.pop()
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll_by(-e.y * 60 * self.scale)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll_by((60 if e.key == pygame.K_DOWN else 300) * self.scale)
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll_by(-(60 if e.key == pygame.K_UP else 300) * self.scale)

    def _clip(self) -> pygame.Rect:
        s = self.scale
        box = self.box
        return pygame.Rect(
            box.x + round(16 * s),
            box.y + round(60 * s),
            box.w - round(32 * s),
            self.close.rect.top - box.y - round(70 * s),
        )

    def content_height(self) -> float:
        """The height of the hand so far, as ``_draw_all`` lays it out."""
        s = self.scale
        line = round(round(16 * s) * 1.6)
        h = round(52 * s)
        height = line * max(len(self.obs.declarations), 1 if self.obs.ctx is not None else 0)
        if self.obs.kitty and self.obs.phase == "playing":
            height += h + round(8 * s)
        return height + len(self.tricks) * (h + round(30 * s))

    def scroll_by(self, dy: float) -> None:
        limit = max(0.0, self.content_height() - self._clip().h)
        self.scroll = max(0.0, min(limit, self.scroll + dy))

    def update(self, dt: float) -> None:
        self.table.tick_clocks(dt)

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 120)), (0, 0))
        theme.panel(surface, self.box, theme.PANEL_SOLID, round(16 * s), theme.GOLD)
        if self.last_only:
            self._draw_last(surface)
        else:
            self._draw_all(surface)
        self.close.draw(surface)

    # ------------------------------------------------------------------ the last trick

    def _draw_last(self, surface) -> None:
        s = self.scale
        box = self.box
        done = [t for t in self.tricks if t.winner is not None]
        viewer = self.table.viewer
        blit_text(
            surface,
            tr("record.last_trick", n=len(done)),
            round(26 * s),
            (box.centerx, box.y + round(18 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        if not done:
            return
        trick = done[-1]
        y = box.y + round(66 * s)
        h = round(min(86 * s, (self.close.rect.top - y - round(44 * s)) / 4 - round(8 * s)))
        for seat, cards in trick.plays:
            winner = seat == trick.winner
            blit_text(
                surface,
                seat_name(seat, viewer, self.table.names),
                round(19 * s),
                (box.x + round(36 * s), y + h // 2),
                theme.GOLD if winner else theme.INK,
                winner,
                anchor="midleft",
            )
            right = self._cards(surface, list(cards), box.x + round(200 * s), y, h, box.right - round(30 * s))
            if winner:
                outline = pygame.Rect(box.x + round(200 * s) - 4, y - 4, round(right - box.x - 200 * s) + 8, h + 8)
                pygame.draw.rect(surface, theme.GOLD, outline, width=max(2, round(3 * s)), border_radius=round(8 * s))
            y += h + round(8 * s)
        text = tr("record.won_by", player=seat_name(trick.winner, viewer, self.table.names), points=trick.points)
        blit_text(surface, text, round(17 * s), (box.centerx, y + round(6 * s)), theme.GOLD, anchor="midtop")

    def _cards(self, surface, cards, x: float, y: float, h: int, right: float) -> float:
        w = card_width(h)
        step = min(w * 0.5, (right - x - w) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, card in enumerate(cards):
            surface.blit(card_image(card, h), (x + i * step, y))
        return x + step * (len(cards) - 1) + w

    # ------------------------------------------------------------------ the hand so far

    def _draw_all(self, surface) -> None:
        s = self.scale
        box = self.box
        viewer = self.table.viewer
        blit_text(
            surface,
            tr("record.hand_so_far"),
            round(26 * s),
            (box.centerx, box.y + round(16 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        clip = self._clip()
        old_clip = surface.get_clip()
        surface.set_clip(clip)
        y = clip.y - self.scroll
        size = round(16 * s)
        line = round(size * 1.6)
        for decl in self.obs.declarations:
            blit_text(surface, declaration_text(decl, viewer, self.table.names), size, (clip.x, y), theme.INK)
            y += line
        if not self.obs.declarations and self.obs.ctx is not None:
            blit_text(surface, tr("table.from_kitty"), size, (clip.x, y), theme.INK_DIM)
            y += line
        h = round(52 * s)
        if self.obs.kitty and self.obs.phase == "playing":
            blit_text(surface, tr("record.your_kitty"), size, (clip.x, y + h // 2), theme.INK_DIM, anchor="midleft")
            self._cards(surface, list(self.obs.kitty), clip.x + round(150 * s), y, h, clip.right)
            y += h + round(8 * s)
        col_w = (clip.w - round(150 * s)) / 4
        for number, trick in enumerate(self.tricks, start=1):
            won = trick.winner is not None
            label = tr("table.trick_number", n=number)
            blit_text(surface, label, size, (clip.x, y + round(2 * s)), theme.INK, True)
            if won:
                result = seat_name(trick.winner, viewer, self.table.names) + (
                    f"  +{trick.points}" if trick.points else ""
                )
                blit_text(surface, result, round(14 * s), (clip.x, y + round(24 * s)), theme.GOLD)
            for i, (seat, cards) in enumerate(trick.plays):
                x = clip.x + round(150 * s) + i * col_w
                colour = theme.GOLD if won and seat == trick.winner else theme.INK_DIM
                blit_text(surface, seat_name(seat, viewer, self.table.names), round(13 * s), (x, y), colour)
                self._cards(surface, list(cards), x, y + round(18 * s), h, x + col_w - round(10 * s))
            y += h + round(30 * s)
        surface.set_clip(old_clip)

    def phase_name(self) -> str:
        return "last-trick" if self.last_only else "hand-so-far"
