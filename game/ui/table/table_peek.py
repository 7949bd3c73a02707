"""A quick look at the last trick while Tab or a mouse button is held on the trick.

The apps let a player glance back without leaving the table: while the key or the button
is down, the last complete trick's cards lie where the current trick's do (its winner
marked), and they go again on release. The *Last trick* dialog (L, the practice tools)
stays for a longer look. Offered where the dialog is: every mode whose rules let played
cards be reviewed (``Aids.last_trick``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core import Card
from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.theme import blit_text
from game.ui.table.table_modes import TableMode

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

PEEK_KEY = pygame.K_TAB

Piles = tuple[list[list[Card]], int | None]
"""Four piles by screen position, and the position of the pile that won."""


class LastTrickPeek(TableMode):
    """Held: the last trick shown in place of the current one."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self.by_key = False
        self.by_mouse: int | None = None  # the mouse button held on the trick

    @property
    def held(self) -> bool:
        return self.by_key or self.by_mouse is not None

    def allowed(self) -> bool:
        scene = self.scene
        return (
            scene.driver.aids.last_trick and not scene.locked and scene.app.top is scene and bool(scene.anim.obs.tricks)
        )

    def trick_rect(self) -> pygame.Rect:
        """The middle of the table, where the trick's cards lie."""
        view = self.scene.view
        rect = view.pile_box(0, 4)
        for pos in (1, 2, 3):
            rect.union_ip(view.pile_box(pos, 4))
        return rect

    def _hold(self, key: bool, button: int | None = None) -> None:
        before = self.held
        if key:
            self.by_key = True
        else:
            self.by_mouse = button
        if self.held != before:
            self.scene.changed = True

    def release(self) -> None:
        if self.held:
            self.by_key, self.by_mouse = False, None
            self.scene.changed = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.KEYDOWN and e.key == PEEK_KEY:
            if self.allowed():
                self._hold(True)
            return True
        if e.type == pygame.KEYUP and e.key == PEEK_KEY:
            self.by_key = False
            self.scene.changed = True
            return True
        # A finished trick still on the felt is the last trick already: a click sweeps it.
        if (
            e.type == pygame.MOUSEBUTTONDOWN
            and e.button in (1, 3)
            and self.by_mouse is None
            and self.scene.anim.lingering is None
            and self.allowed()
            and self.trick_rect().collidepoint(e.pos)
        ):
            self._hold(False, e.button)
            return True
        if e.type == pygame.MOUSEBUTTONUP and e.button == self.by_mouse:
            self.by_mouse = None
            self.scene.changed = True
            return True
        if e.type == pygame.WINDOWFOCUSLOST:
            self.release()  # the key-up goes to another window
        return False

    def update(self, dt: float) -> None:
        if self.held and not self.allowed():
            self.release()

    def forget(self) -> None:
        self.release()

    def piles(self) -> Piles | None:
        """What the trick area shows while held (None: the current trick, as usual)."""
        if not self.held or not self.allowed():
            return None
        scene = self.scene
        trick = scene.anim.obs.tricks[-1]
        piles: list[list[Card]] = [[], [], [], []]
        for seat, cards in trick.plays:
            piles[scene.pos(seat)] = list(cards)
        return piles, scene.pos(trick.winner) if trick.winner is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        if self.piles() is None:
            return
        scene = self.scene
        lay = scene.lay
        rect = self.trick_rect()
        text = tr("table.peek_label")
        rendered = theme.text(text, lay.font_small, theme.GOLD, True)
        # Under the trick: the banner ("… wins the trick") has the space above it.
        box = rendered.get_rect(midtop=(rect.centerx, rect.bottom + round(6 * lay.scale)))
        theme.panel(surface, box.inflate(round(20 * lay.scale), round(8 * lay.scale)), (40, 32, 6, 225), 8)
        blit_text(surface, text, lay.font_small, box.topleft, theme.GOLD, True)


__all__ = ["PEEK_KEY", "LastTrickPeek"]
