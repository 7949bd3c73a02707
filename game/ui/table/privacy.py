"""The hot-seat privacy screen: "请东家就座 / East, your turn — click when ready".

Shown over the table (every hand face down behind it) before a person acts whenever the
screen may have changed hands. A click, Enter or Space turns the table to that person's
seat and shows his hand. The clocks run on behind it; if the decision it was shown for is
gone (the match clock ended the hand), it closes itself.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.names import seat_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.table.table_auto import TAKE_OVER_KEY


class PrivacyScene(Scene):
    """Over a ``TableScene``: wait until the person at ``seat`` is ready."""

    opaque = False
    table_overlay = True

    def __init__(self, app, table, seat: int, kind: str):
        super().__init__(app)
        self.table = table
        self.seat = seat
        self.kind = kind
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self._shown = None

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(min(size[0] - 60, 640 * s)), round(280 * s))
        self.box.center = (size[0] // 2, size[1] // 2 - round(20 * s))

    def ready(self) -> None:
        if self.app.top is self:
            self.app.pop()
        self.table.unlock(self.seat)

    def handle_event(self, e) -> None:
        clicked = e.type == pygame.MOUSEBUTTONDOWN and e.button == 1
        if clicked or (e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.ready()
        elif e.type == pygame.KEYDOWN and e.key == TAKE_OVER_KEY:
            # 托管 without sitting down: the hand stays face down and the computer plays it.
            if self.app.top is self:
                self.app.pop()
            self.table.auto.set(self.seat, True)
        elif e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.app.pop()
            self.table.open_menu()

    def update(self, dt: float) -> None:
        self.table.tick_clocks(dt)
        if self.app.top is not self:
            return
        wait = self.table.driver.waiting()
        if wait is None or wait.seat != self.seat:
            self.app.pop()  # the decision went away (time ran out, the match ended)
            return
        shown = self.table.driver.clock.seconds_left if self.table.driver.clock.running else None
        if shown != self._shown:
            self._shown = shown
            self.app.dirty = True

    def draw(self, surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.blit(theme.translucent((w, h), (0, 0, 0, 150)), (0, 0))
        box = self.box
        theme.panel(surface, box, theme.PANEL_SOLID, round(18 * s), theme.GOLD)
        name = seat_name(self.seat, None, self.table.names)
        cx = box.centerx
        blit_text(
            surface,
            tr("hotseat.take_seat", player=name),
            round(36 * s),
            (cx, box.y + round(34 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        blit_text(
            surface,
            tr("hotseat.click_when_ready"),
            round(20 * s),
            (cx, box.y + round(96 * s)),
            theme.INK,
            anchor="midtop",
        )
        what = tr("hotseat.to_" + self.kind)
        blit_text(surface, what, round(18 * s), (cx, box.y + round(134 * s)), theme.INK_DIM, anchor="midtop")
        clock = self.table.driver.clock
        if clock.running:
            blit_text(
                surface,
                tr("hotseat.clock", seconds=clock.seconds_left),
                round(18 * s),
                (cx, box.y + round(170 * s)),
                theme.RED if clock.seconds_left <= 10 else theme.GOLD,
                True,
                anchor="midtop",
            )
        blit_text(
            surface,
            tr("hotseat.others_look_away"),
            round(15 * s),
            (cx, box.bottom - round(16 * s)),
            theme.INK_DIM,
            anchor="midbottom",
        )
        blit_text(
            surface,
            tr("table.auto_privacy"),
            round(15 * s),
            (cx, box.bottom - round(44 * s)),
            theme.INK,
            anchor="midbottom",
        )

    def phase_name(self) -> str:
        return f"privacy-{self.seat}"
