"""The one place the table gets card pictures from (``card_art``), sized for the window."""
from __future__ import annotations

import pygame

from game.core import Card
from game.ui import theme

CARD_RATIO = 0.7
"""Width / height of a card."""


def card_image(card: Card, height: int) -> pygame.Surface:
    """The face of ``card``, ``height`` pixels tall (cached by the art module)."""
    from game.ui.card_art import CardArt
    return CardArt.get(card, int(height))


def back_image(height: int, colour: str) -> pygame.Surface:
    """A card back in the player's chosen colour."""
    from game.ui.card_art import CardArt
    return CardArt.back(int(height), theme.CARD_BACK_COLOURS.get(colour, colour))


def card_width(height: float) -> int:
    return round(height * CARD_RATIO)
