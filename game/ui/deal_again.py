"""Replay this deal (practice): the same cards again, from the same seat or another.

``DealAgainDialog`` asks for the seat; ``Session.deal_again`` then opens a one-hand practice
table dealt from the same setup (seed, levels, dealer, first drawer). The match in progress
stays saved: the replayed deal is never written over it. ``ModeHandEndScene`` is the end of
a hand with a *Replay this deal* button in practice mode.
"""
from __future__ import annotations

import pygame

from game.core import Hand
from game.i18n import tr
from game.table import TableSettings
from game.ui import theme
from game.ui.names import default_seat_name
from game.ui.results import HandEndScene
from game.ui.scene import Scene
from game.ui.theme import blit_text, scale_for
from game.ui.widgets import Button


class DealAgainDialog(Scene):
    """Choose the seat to play the deal again from."""

    opaque = False

    def __init__(self, app, hand: Hand, settings: TableSettings, seat: int | None):
        super().__init__(app)
        self.hand = hand
        self.settings = settings
        self.current = seat
        names = settings.seat_names()
        self.seats = [Button(lambda s=s, n=names: self._label(s, n), lambda s=s: self.choose(s), primary=s == seat)
                      for s in range(4)]
        self.cancel = Button(lambda: tr("button.cancel"), app.pop, key=pygame.K_ESCAPE)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    @staticmethod
    def _label(seat: int, names) -> str:
        typed = (names[seat] if seat < len(names) else "").strip()
        return typed or default_seat_name(seat)

    def choose(self, seat: int) -> None:
        self.app.nav.deal_again(self.hand.ruleset, self.hand.setup, seat, self.settings)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(min(size[0] - 40, 640 * s)), round(300 * s))
        self.box.center = (size[0] // 2, size[1] // 2)
        # The seats as they sit: North on top, West left, East right, South below.
        cx, cy = self.box.centerx, self.box.y + round(150 * s)
        bw, bh = round(150 * s), round(42 * s)
        spots = {0: (cx, cy + round(52 * s)), 1: (cx + round(170 * s), cy), 2: (cx, cy - round(52 * s)),
                 3: (cx - round(170 * s), cy)}
        for seat, button in enumerate(self.seats):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.center = spots[seat]
            button.font_size = round(18 * s)
        self.cancel.rect = pygame.Rect(0, 0, round(150 * s), round(38 * s))
        self.cancel.rect.bottomright = (self.box.right - round(16 * s), self.box.bottom - round(14 * s))
        self.cancel.font_size = round(17 * s)

    def handle_event(self, e) -> None:
        for button in [*self.seats, self.cancel]:
            if button.handle_event(e):
                return

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 130)), (0, 0))
        theme.panel(surface, self.box, theme.PANEL_SOLID, round(16 * s), theme.GOLD)
        blit_text(surface, tr("practice.replay_deal_title"), round(24 * s),
                  (self.box.centerx, self.box.y + round(16 * s)), theme.GOLD, True, anchor="midtop")
        blit_text(surface, tr("practice.replay_deal_help"), round(15 * s),
                  (self.box.centerx, self.box.y + round(52 * s)), theme.INK_DIM, anchor="midtop")
        for button in self.seats:
            button.draw(surface)
        self.cancel.draw(surface)

    def phase_name(self) -> str:
        return "deal-again"


class ModeHandEndScene(HandEndScene):
    """The end of a hand; in practice mode with *Replay this deal*."""

    def __init__(self, app, table, hand, summary):
        super().__init__(app, table, hand, summary)
        self.deal_only = table.driver.settings.deal_only
        practice = table.driver.aids.undo and not app.options.autoplay
        self.again = Button(lambda: tr("practice.replay_deal"), self.replay) if practice else None
        person = table.driver.settings.human
        self.review = None
        if person is not None and not app.options.autoplay:
            self.review = Button(lambda: tr("review.button"), lambda: app.nav.review_last_hand(person))

    def replay(self) -> None:
        table = self.table
        settings = table.driver.settings
        self.app.nav.ask_deal_again(self.hand, settings, settings.human)

    def proceed(self) -> None:
        if self.deal_only and not self.done:
            self.done = True
            self.app.nav.start()
            return
        super().proceed()

    def extra_buttons(self) -> list[Button]:
        return [b for b in (self.again, self.review) if b is not None]

    def layout(self, size) -> None:
        super().layout(size)
        row = [*self.extra_buttons(), self.button]
        if len(row) > 1:
            s = self.scale
            gap = round(14 * s)
            width = min(self.button.rect.w, (self.box.w - round(40 * s) - gap * (len(row) - 1)) // len(row))
            x = self.box.centerx - (width * len(row) + gap * (len(row) - 1)) // 2
            for b in row:
                b.rect = pygame.Rect(x, self.button.rect.y, width, self.button.rect.h)
                b.font_size = self.button.font_size
                x += width + gap

    def handle_event(self, e) -> None:
        for b in self.extra_buttons():
            if b.handle_event(e):
                return
        super().handle_event(e)

    def draw(self, surface) -> None:
        super().draw(surface)
        for b in self.extra_buttons():
            b.draw(surface)


__all__ = ["DealAgainDialog", "ModeHandEndScene"]
