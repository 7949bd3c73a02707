"""Cards in flight: from a hand to the table, from the table to a trick's winner."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.core import Card
from game.ui.kit.cardview import back_image, card_image, quantize
from game.ui.kit.tween import Tween, ease_in_out_cubic, lerp, lerp2


@dataclass
class Flight:
    """One card moving between two points (top-left corners), growing or shrinking."""

    card: Card | None  # None: face down
    start: tuple[float, float]
    end: tuple[float, float]
    h0: float
    h1: float
    tween: Tween
    on_land: Callable[[], None] | None = None
    fade: bool = False  # vanish on arrival (a trick swept to its winner)
    landed: bool = field(default=False)
    region: pygame.Rect | None = None  # what its landing changes; None: the whole table
    # A dealt card does not hold the table up: the next one leaves before it lands, as a
    # dealer's hands do.
    blocking: bool = True

    def rect(self) -> pygame.Rect | None:
        """Where the card is now (None before its delay has passed)."""
        if not self.tween.started:
            return None
        t = self.tween.value
        x, y = lerp2(self.start, self.end, t)
        h = self._height(t)
        return pygame.Rect(round(x), round(y), round(h * 0.72) + 2, h + 2)

    def _height(self, t: float) -> int:
        return quantize(lerp(self.h0, self.h1, t)) if self.h0 != self.h1 else int(self.h1)

    def update(self, dt: float) -> None:
        self.tween.update(dt)
        if self.tween.done and not self.landed:
            self.landed = True
            if self.on_land is not None:
                self.on_land()

    def draw(self, surface: pygame.Surface, back_colour: str) -> None:
        if not self.tween.started:
            return
        t = self.tween.value
        x, y = lerp2(self.start, self.end, t)
        h = self._height(t)
        image = card_image(self.card, h) if self.card is not None else back_image(h, back_colour)
        if self.fade and t > 0.6:
            image = image.copy()
            image.set_alpha(round(255 * (1 - t) / 0.4))
        surface.blit(image, (round(x), round(y)))


MOTION = [1.0]
"""How much of a flight is seen: 1 normally, a blink with the player's *reduce motion*
setting (cards land where they go almost at once; the table's pauses stay, so the game
keeps its pace). Set by the app from the settings."""


def fly(
    card: Card | None, start, end, h0, h1, duration: float, delay: float = 0.0, on_land=None, fade: bool = False
) -> Flight:
    """A card flight with the table's easing."""
    m = MOTION[0]
    return Flight(card, start, end, h0, h1, Tween(duration * m, ease_in_out_cubic, delay * m), on_land, fade)
