"""Whether a hand holds the cards of a play.

Every play and bury checked asks it (the follow check, the moves, the hand's actions), so it
is compiled with the hot path; ``cards.py``, whose ``Card`` is an ``int`` subclass, cannot be,
and re-exports it. Cards are taken as the ints they are.
"""

from __future__ import annotations

from collections.abc import Iterable


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


__all__ = ["holds"]
