"""What the table's parts take of the table screen: narrow protocols, not the screen.

The parts (``table_animator``, ``table_auto``, ``table_controls``, ``table_modes``,
``table_peek``) are built by ``table_scene.TableScene`` and handed the screen; each types it
as ``TableHost``: the table's state they read (the driver, the seats, the layout, the hand
and the table views), the few fields they set (``changed``, ``error``, ``turn``,
``viewer``, ``bottom``) and the other parts as small protocols of what is asked of them. This module
imports no part and not the screen, so the parts and the screen both import it from below
and none imports the screen (no import circle, not even for types).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol

import pygame

from game.app.session import Driver
from game.core import Observation, TrickView
from game.table import Wait
from game.ui.kit.hand_view import HandView
from game.ui.kit.layout import TableLayout
from game.ui.kit.names import TableNames
from game.ui.kit.scene import App
from game.ui.kit.widgets import Button
from game.ui.table.table_view import TableView

Colour = tuple[int, ...]


class AnimatorPart(Protocol):
    """What the other parts ask of the animator (``TableAnimator``)."""

    obs: Observation  # the table as it is shown (behind the driver while cards fly)
    lingering: tuple[int, TrickView] | None

    @property
    def busy(self) -> bool: ...
    def seconds(self, base: float) -> float: ...
    def say(self, text: str, seconds: float = ..., colour: Colour = ...) -> None: ...
    def stop(self) -> None: ...


class ModePart(Protocol):
    """A table mode (``table_modes.TableMode``), as the person's controls and the other modes see it."""

    def controls_key(self) -> Hashable: ...
    def extra_controls(self, wait: Wait | None, controls: list[Button], dealing: bool) -> list[Button]: ...
    def forget(self) -> None: ...


class PrivacyPart(Protocol):
    """Hot-seat privacy (``table_modes.HotSeatPrivacy``): are the hands face down?"""

    locked: bool

    def undone(self) -> None: ...


class TakeOverPart(Protocol):
    """The bots playing for a person (``table_auto.TakeOver``)."""

    def on(self, seat: int | None) -> bool: ...
    def prompt(self) -> tuple[str, tuple[int, ...]] | None: ...


class PersonPart(Protocol):
    """The person's controls (``table_controls.PersonControls``)."""

    key: Hashable  # what the buttons were built for (None: build them again)

    def declare_selected(self) -> None: ...


class TableHost(Protocol):
    """The table screen as its parts see it (``table_scene.TableScene`` is one)."""

    changed: bool  # draw again
    error: str  # the refusal above the hand
    turn: int | None
    viewer: int | None  # the person's seat, None when bots play all four
    bottom: int  # the seat drawn at the bottom
    notice: list[Any] | None

    @property
    def app(self) -> App: ...
    @property
    def driver(self) -> Driver: ...
    @property
    def names(self) -> TableNames: ...
    @property
    def lay(self) -> TableLayout: ...
    @property
    def hand_view(self) -> HandView: ...
    @property
    def view(self) -> TableView: ...
    @property
    def touched(self) -> list[pygame.Rect]: ...
    @property
    def rules_button(self) -> Button: ...
    @property
    def anim(self) -> AnimatorPart: ...
    @property
    def auto(self) -> TakeOverPart: ...
    @property
    def person(self) -> PersonPart: ...
    @property
    def privacy(self) -> PrivacyPart | None: ...
    @property
    def modes(self) -> Sequence[ModePart]: ...
    @property
    def locked(self) -> bool: ...
    @property
    def busy(self) -> bool: ...
    @property
    def speed(self) -> float: ...

    def pos(self, seat: int) -> int: ...
    def seat_at(self, pos: int) -> int: ...
    def notify(self, text: str, seconds: float) -> None: ...
    def rebuild_visuals(self) -> None: ...
