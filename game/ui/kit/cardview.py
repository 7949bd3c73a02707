"""The one place the table gets card pictures from (``card_art``), sized for the window."""

from __future__ import annotations

import pygame

from game.core import Card
from game.ui.kit.card_art import CardArt, card_size

_art: CardArt | None = None
_palette = "classic"


def art() -> CardArt:
    """The session's card art (made lazily: it needs the display for fast surfaces)."""
    global _art
    if _art is None:
        _art = CardArt(_palette)
    return _art


def use_palette(name: str) -> None:
    """The suit colours of the settings (classic, four, colourblind); a change redraws."""
    global _palette, _art
    if name != _palette:
        _palette = name
        _art = None


def card_image(card: Card, height: float, variant: str = "normal") -> pygame.Surface:
    """The face of ``card``, ``height`` pixels tall (cached by the art module)."""
    return art().get(card, max(8, int(height)), variant)


def back_image(height: float, colour: str) -> pygame.Surface:
    """A card back in the player's chosen colour."""
    return art().back(max(8, int(height)), colour)


def shadow(height: float) -> tuple[pygame.Surface, int]:
    """A soft drop shadow for a card ``height`` tall, and its margin."""
    return art().shadow(max(8, int(height)))


def card_width(height: float) -> int:
    """The width of a card ``height`` tall."""
    return card_size(max(1, int(height)))[0]


def quantize(height: float, step: int = 6) -> int:
    """Heights in flight snap to a few sizes, so the art cache stays small."""
    return max(8, int(round(height / step) * step))


def forget_sizes() -> None:
    """After a resize: drop the scaled images (the masters are cheap to rescale)."""
    if _art is not None:
        _art.clear()


def forget_art() -> None:
    """Drop the art object itself (its fonts die with ``pygame.quit()``)."""
    global _art
    _art = None
