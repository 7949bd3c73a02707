"""Where everything sits on the table, for any window from 1024×640 up.

Screen positions count from the person at the bottom: 0 bottom, 1 right, 2 top, 3 left
(play goes counter-clockwise, so seat s+1 sits to the right of seat s). Everything is
computed from the window size, so a resize is one new ``TableLayout``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.kit.card_art import MASTER_SIZE
from game.ui.kit.cardview import card_width
from game.ui.kit.theme import scale_for

CARD_RATIO = MASTER_SIZE[0] / MASTER_SIZE[1]


@dataclass
class TableLayout:
    """The geometry of the table scene for one window size."""

    width: int
    height: int
    card_scale: float = 1.0  # the player's card size (settings: small, normal, large)

    def __post_init__(self) -> None:
        w, h = self.width, self.height
        s = self.scale = scale_for((w, h))
        self.bar_h = round(40 * s)
        self.card_h = round(min(h * 0.2, w * 0.14) * self.card_scale)
        self.card_w = card_width(self.card_h)
        self.raise_by = round(self.card_h * 0.2)
        self.hand_y = h - round(10 * s) - self.card_h
        self.trick_h = round(self.card_h * 0.78)
        self.small_h = round(self.card_h * 0.42)
        self.tiny_h = round(self.card_h * 0.34)
        self.button_h = round(40 * s)
        self.font = round(18 * s)
        self.font_small = round(15 * s)
        self.font_big = round(26 * s)
        play_top = self.bar_h
        play_bottom = self.hand_y - self.raise_by - self.button_h - round(14 * s)
        self.center = (w // 2, (play_top + play_bottom) // 2 + round(10 * s))
        self.plate = (round(190 * s), round(58 * s))
        # The side zones keep free of the top-left and top-right info panels.
        self.info_w = round(min(300 * s, w * 0.26))

    # ------------------------------------------------------------------ seats

    def plate_rect(self, pos: int) -> pygame.Rect:
        """The name plate of the seat at screen position ``pos``."""
        pw, ph = self.plate
        s = self.scale
        margin = round(14 * s)
        cy = self.center[1]
        if pos == 0:
            return pygame.Rect(margin, self.hand_y - self.raise_by - ph - round(10 * s), pw, ph)
        if pos == 1:
            return pygame.Rect(self.width - margin - pw, cy - ph // 2 + round(30 * s), pw, ph)
        if pos == 2:
            return pygame.Rect(self.width // 2 - pw // 2 - round(120 * s), self.bar_h + round(8 * s), pw, ph)
        return pygame.Rect(margin, cy - ph // 2 + round(30 * s), pw, ph)

    def backs_anchor(self, pos: int) -> tuple[tuple[float, float], tuple[int, int]]:
        """Where an opponent's face-down hand starts and the direction it fans."""
        plate = self.plate_rect(pos)
        s = self.scale
        if pos == 1:
            return (plate.centerx - self.small_h * CARD_RATIO / 2, plate.top - round(8 * s) - self.small_h), (-1, 0)
        if pos == 2:
            return (plate.right + round(12 * s), plate.top), (1, 0)
        if pos == 3:
            return (plate.centerx - self.small_h * CARD_RATIO / 2, plate.top - round(8 * s) - self.small_h), (1, 0)
        return plate.topleft, (1, 0)

    def seat_point(self, pos: int) -> tuple[float, float]:
        """Where cards come from and go to for a seat (its name plate's centre)."""
        if pos == 0:
            return (self.width / 2, self.hand_y + self.card_h / 2)
        return self.plate_rect(pos).center

    # ------------------------------------------------------------------ the trick

    def trick_center(self, pos: int) -> tuple[float, float]:
        """The centre of the cards a seat plays to the current trick."""
        cx, cy = self.center
        dy = self.trick_h * 0.62
        dx = min(self.width * 0.2, self.trick_h * 2.1)
        return [(cx, cy + dy), (cx + dx, cy), (cx, cy - dy), (cx - dx, cy)][pos]

    def row_positions(
        self, n: int, center: tuple[float, float], height: int, max_width: float | None = None
    ) -> list[tuple[float, float]]:
        """Top-left corners of ``n`` overlapping cards centred on ``center``."""
        w = height * CARD_RATIO
        step = w * 0.32
        if max_width is not None and n > 1:
            step = min(step, (max_width - w) / (n - 1))
        total = w + step * (n - 1)
        x0 = center[0] - total / 2
        return [(x0 + i * step, center[1] - height / 2) for i in range(n)]

    def deck_point(self) -> tuple[float, float]:
        """Where the deck sits while dealing."""
        return self.center

    # ------------------------------------------------------------------ the person's hand

    INDEX_SHOWN = 0.34
    """Of each card's width, how much a fanned hand shows at least: the index ("10" and its suit)."""
    SUIT_GAP = 0.16
    """The gap between trumps and each side suit, in card widths."""

    def hand_card_h(self, n: int, groups: int = 1) -> int:
        """The height of the bottom hand's cards: the full size, unless ``n`` cards in
        ``groups`` groups would then cover each other's index (three decks: 39 to 45 cards);
        then smaller, so every index stays readable."""
        avail = self.width - 2 * round(12 * self.scale)
        gaps = max(0, groups - 1) * self.SUIT_GAP
        if n <= 1 or self.card_w * (1 + self.INDEX_SHOWN * (n - 1) + gaps) <= avail:
            return self.card_h
        width = avail / (1 + self.INDEX_SHOWN * (n - 1) + gaps)
        return max(round(self.card_h * 0.6), min(self.card_h, round(width / CARD_RATIO)))

    def hand_positions(self, n: int, breaks: frozenset[int] = frozenset()) -> list[tuple[float, float]]:
        """Top-left corners of the fanned hand at the bottom, centred, fitting the width; a
        small gap opens before each index in ``breaks`` (where a new suit begins)."""
        if n == 0:
            return []
        s = self.scale
        left = round(12 * s)
        avail = self.width - 2 * left
        card_h = self.hand_card_h(n, len(breaks) + 1)
        card_w = card_width(card_h)
        gap = card_w * self.SUIT_GAP if len(breaks) else 0.0
        step = min(card_w * 0.5, (avail - card_w - gap * len(breaks)) / max(1, n - 1))
        gap = min(gap, step)  # a hand that fits easily keeps its gaps in proportion
        total = card_w + step * (n - 1) + gap * len(breaks)
        x = (self.width - total) / 2
        y = self.hand_y + self.card_h - card_h  # smaller cards stand on the same line
        out: list[tuple[float, float]] = []
        for i in range(n):
            if i in breaks:
                x += gap
            out.append((x, y))
            x += step
        return out

    def buttons_y(self) -> int:
        """The top of the button row above the hand."""
        return self.hand_y - self.raise_by - self.button_h - round(8 * self.scale)

    def kitty_point(self) -> tuple[float, float]:
        """Where the buried kitty lies face down (beside the dealer's corner of the table)."""
        return (self.center[0], self.center[1])
