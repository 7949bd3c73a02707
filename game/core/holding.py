"""What a hand holds: whether it holds a play's cards, and what they are worth.

Every play and bury checked asks the first (the follow check, the moves, the hand's
actions), and every trick and settlement the second, so both are compiled with the hot path;
``cards.py``, whose ``Card`` is an ``int`` subclass, cannot be, and re-exports them. Cards are
taken as the ints they are: a card's code is ``13 * suit + rank - 2``, the jokers 52 and 53.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final


def holds(hand: Iterable[int], wanted: Iterable[int]) -> bool:
    """Does ``hand`` contain every card of ``wanted`` (as many times as listed)?"""
    if isinstance(wanted, (list, tuple)) and len(wanted) == 1 and isinstance(hand, (list, tuple)):
        return wanted[0] in hand
    need: dict[int, int] = {}
    for c in wanted:
        need[c] = need.get(c, 0) + 1
    if isinstance(hand, dict):  # a Counter
        return all(hand.get(c, 0) >= n for c, n in need.items())
    held = hand if isinstance(hand, (list, tuple)) else list(hand)
    # Plays name a few cards: counting each in the hand beats building a Counter of it.
    return all((c in held) if n == 1 else held.count(c) >= n for c, n in need.items())


def _points_of_code(code: int) -> int:
    if code >= 52:  # the jokers
        return 0
    rank = code % 13 + 2
    return 5 if rank == 5 else 10 if rank in (10, 13) else 0


#: Each card's points by its code (fives 5, tens and kings 10); tests/core/test_cards.py
#: checks it against every ``Card``'s ``points``.
POINTS_BY_CODE: Final[tuple[int, ...]] = tuple(_points_of_code(code) for code in range(54))


def points_of(cards: Iterable[int]) -> int:
    """The points of ``cards``."""
    total = 0
    for c in cards:
        code: int = c  # compiled: an int index, where a ``Card`` indexes a tuple by a generic call
        total += POINTS_BY_CODE[code]
    return total


__all__ = ["POINTS_BY_CODE", "holds", "points_of"]
