"""The computer plays for a person: take-over (托管) and obvious moves.

* **Take-over** (``TakeOver``): a seat a person handed over is played by the hint's move
  (``TableDriver.play_for``, the same engine a tournament clock's time-out uses) for every
  decision — declare or pass, bury, lead, follow — at a bot's pace, until the person takes
  it back (the bar's button, the T key, a click on the seat's plate). Each person has his
  own: at a hot-seat table one may hand over while the others play, and the privacy
  screen never calls a seat that is handed over, so its hand is never shown. Allowed in
  every mode, tournaments included (as the apps allow it; the clocks then never run out).
  It is a choice of the people at the screen, not of the match: a saved match does not
  keep it, and a continued match starts with everyone playing his own cards.
* **Obvious moves** (``ObviousMoves``): when the rules leave one legal play (the last
  card, the one follow), it is played for the person after a moment, where the setting
  ``obvious_moves`` allows it (in practice by default). Enter plays it at any setting.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

import pygame

from game.core import PLAY, Action, Card
from game.i18n import tr
from game.table import PRACTICE, Wait, WaitKind
from game.ui.kit import theme
from game.ui.kit.widgets import Button
from game.ui.table.table_modes import TableMode

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

TAKE_OVER_KEY = pygame.K_t
PAUSE = 0.6
"""Seconds before a handed-over seat's move, as a bot's think (at the animation speed)."""
DECLARE_PAUSE = 0.3
OBVIOUS_PAUSE = 0.45
"""Long enough to see that it is one's turn, and which card goes."""


class _Paced:
    """A decision made once, ``seconds`` after the position it answers first came up."""

    def __init__(self) -> None:
        self.key: Hashable = None
        self.left = 0.0

    def due(self, key: Hashable, seconds: float, dt: float) -> bool:
        if key != self.key:
            self.key, self.left = key, seconds
            return False
        self.left -= dt
        return self.left <= 0

    def reset(self) -> None:
        self.key = None


class TakeOver(TableMode):
    """托管: the seats the computer plays for their people, and the button that hands over."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self.seats: set[int] = set()
        self.pace = _Paced()
        self.button = Button(self._label, self.toggle, self.can_toggle)
        self.button.visible = scene.viewer is not None
        self._seen: tuple[Any, ...] | None = None

    def _label(self) -> str:
        return tr("table.auto_take_back" if self.on(self.scene.viewer) else "table.auto_button")

    def on(self, seat: int | None) -> bool:
        """Does the computer play ``seat`` for its person now?"""
        return seat is not None and seat in self.seats

    def set(self, seat: int, on: bool) -> None:
        """Hand ``seat`` over (``on``) or take it back; only a person's seat."""
        scene = self.scene
        if not scene.driver.controllers[seat].human:
            return
        if on:
            self.seats.add(seat)
            scene.hand_view.clear_selection()
        else:
            self.seats.discard(seat)
        self.pace.reset()
        scene.person.key = None
        scene.changed = True

    def can_toggle(self) -> bool:
        scene = self.scene
        return scene.viewer is not None and not scene.locked and scene.app.top is scene

    def toggle(self) -> None:
        """The person at the bottom hands his seat over, or takes it back."""
        viewer = self.scene.viewer
        if viewer is not None and self.can_toggle():
            self.set(viewer, not self.on(viewer))

    def bar_left(self, default: int) -> int:
        """The left end of the top bar's buttons (the teams' levels stop before it)."""
        return self.button.rect.left if self.button.visible and self.button.rect.w else default

    def layout(self) -> None:
        scene = self.scene
        rules = scene.rules_button.rect
        s = scene.lay.scale
        w = round(130 * s)
        self.button.rect = pygame.Rect(rules.left - round(10 * s) - w, rules.y, w, rules.h)
        self.button.font_size = scene.lay.font_small

    def handle_event(self, e: pygame.event.Event) -> bool:
        scene = self.scene
        if self.button.visible and self.button.handle_event(e):
            return True
        if e.type == pygame.KEYDOWN and e.key == TAKE_OVER_KEY and self.can_toggle():
            self.toggle()
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.seats:
            # A person handed over takes his seat back with a click on its plate (at a
            # hot-seat table the only way while another person's hand is shown).
            for seat in sorted(self.seats):
                if scene.lay.plate_rect(scene.pos(seat)).collidepoint(e.pos):
                    self.set(seat, False)
                    return True
        return False

    def update(self, dt: float) -> None:
        scene = self.scene
        self.button.primary = self.on(scene.viewer)  # lit while the computer plays for him
        seen = (self.button.enabled, self.button.text, tuple(sorted(self.seats)))
        if seen != self._seen:
            self._seen, scene.changed = seen, True
        if not self.seats:
            return
        driver = scene.driver
        wait = None if scene.busy or scene.app.top is not scene else driver.waiting()
        if wait is None or wait.kind == WaitKind.CONTINUE or wait.seat not in self.seats:
            self.pace.reset()
            return
        key = (driver.moment, driver.position, wait.kind, wait.seat)
        pause = DECLARE_PAUSE if wait.kind == WaitKind.DECLARE else PAUSE
        if self.pace.due(key, scene.anim.seconds(pause), dt):
            self.pace.reset()  # the same seat asked again later waits afresh
            self.play(wait)

    def play(self, wait: Wait) -> None:
        """The hint's move for the handed-over seat: a declaration or a pass, a bury, a play."""
        driver = self.scene.driver
        if wait.kind == WaitKind.DECLARE:
            cards: Any = None
            try:
                cards, _ = driver.hint(wait.seat, wait.options)
            except Exception:
                cards = None  # no hint at this table, or it failed: pass, as a careful player would
            if not cards or driver.declare(wait.seat, tuple(cards)) is not None:
                driver.pass_declaration(wait.seat)
        else:
            driver.play_for(wait.seat)
        self.scene.changed = True

    def controls_key(self) -> Hashable:
        return tuple(sorted(self.seats))

    def draw(self, surface: pygame.Surface) -> None:
        if self.button.visible:
            self.button.draw(surface)

    def plate_label(self, seat: int) -> str | None:
        """What a handed-over seat's plate says in place of "Player"."""
        return tr("table.auto_plate") if self.on(seat) else None

    def prompt(self) -> tuple[str, tuple[int, ...]] | None:
        """The line above the hand while the person at the bottom is handed over."""
        scene = self.scene
        if self.on(scene.viewer) and not scene.locked:
            return tr("table.auto_prompt"), theme.GOLD
        return None


def only_move(scene: TableHost, seat: int) -> tuple[Card, ...] | None:
    """The one play the rules allow ``seat`` now, if there is only one."""
    moves = scene.driver.observation(seat).legal_actions(1)
    if moves.complete and len(moves.moves) == 1:
        return tuple(moves.moves[0])
    return None


class ObviousMoves(TableMode):
    """The last card, the one legal follow: played for the person (the setting allows it),
    and by Enter with nothing raised (always)."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self.pace = _Paced()
        self.asked: tuple[Hashable, tuple[Card, ...] | None] | None = None  # (position, the only move)

    @property
    def allowed(self) -> bool:
        """Does the setting let the table play an obvious move unasked?"""
        choice = getattr(self.scene.app.settings, "obvious_moves", "practice")
        if choice == "practice":
            return self.scene.driver.settings.mode == PRACTICE
        return bool(choice == "on")

    def _mine(self) -> Wait | None:
        """The person's own play now (not handed over, his hand shown)."""
        scene = self.scene
        wait = None if scene.busy or scene.app.top is not scene else scene.driver.waiting()
        if (
            wait is None
            or wait.kind != WaitKind.PLAY
            or wait.seat != scene.viewer
            or scene.locked
            or scene.auto.on(wait.seat)
        ):
            return None
        return wait

    def _only(self, seat: int) -> tuple[Card, ...] | None:
        position = self.scene.driver.position
        if self.asked is None or self.asked[0] != position:
            self.asked = (position, only_move(self.scene, seat))
        return self.asked[1]

    def _play(self, seat: int, cards: tuple[Card, ...]) -> None:
        scene = self.scene
        scene.hand_view.clear_selection()
        if scene.driver.submit(Action(PLAY, seat, cards)) is None:
            scene.error = ""
        scene.changed = True

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type != pygame.KEYDOWN or e.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        wait = self._mine()
        if wait is None or self.scene.hand_view.selected:
            return False
        cards = self._only(wait.seat)
        if cards is None:
            return False
        self._play(wait.seat, cards)
        return True

    def update(self, dt: float) -> None:
        wait = self._mine()
        if wait is None or not self.allowed:
            self.pace.reset()
            return
        cards = self._only(wait.seat)
        if cards is None:
            return
        if self.pace.due(self.scene.driver.position, self.scene.anim.seconds(OBVIOUS_PAUSE), dt):
            self.pace.reset()
            self._play(wait.seat, cards)


__all__ = ["TAKE_OVER_KEY", "ObviousMoves", "TakeOver", "only_move"]
