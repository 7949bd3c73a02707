"""Who stopped a failed throw, and with what (no pygame).

At a real table the player who can beat a thrown unit shows the cards that beat it. The
core forces the lowest beaten unit (RULES.md §4); this finds the first seat after the
leader that holds a higher unit of that unit's kind, and the lowest such unit it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Card, Hand, TrumpContext, cards_at, decompose, pair_positions, runs


def _lowest_beating(unit_pairs: int, top: int, held: Sequence[Card], ctx: TrumpContext) -> tuple[Card, ...] | None:
    if unit_pairs == 0:
        higher = sorted((c for c in held if ctx.position(c) > top), key=ctx.position)
        return (higher[0],) if higher else None
    pairs = pair_positions(held, ctx)
    if unit_pairs == 1:
        above = sorted(p for p in pairs if p > top)
        return (pairs[above[0]][0],) * 2 if above else None
    best = None
    for low, high in runs(pairs):
        if high - low + 1 >= unit_pairs and high > top:
            start = max(low, top - unit_pairs + 2)  # the lowest run of that length above the unit
            if start + unit_pairs - 1 <= high and (best is None or start < best):
                best = start
    if best is None:
        return None
    return tuple(cards_at(held, ctx, best, best + unit_pairs - 1))


def throw_blocker(hand: Hand, leader: int, forced: Sequence[Card]) -> tuple[int, tuple[Card, ...]] | None:
    """(seat, cards): who beats the unit a failed throw was cut down to, and with what; None
    when it cannot be told (no trump context, or the hands have moved on)."""
    ctx = hand.ctx
    if ctx is None or not forced:
        return None
    units = decompose(forced, ctx)
    if len(units) != 1:
        return None
    unit = units[0]
    suit = ctx.suit_of(forced[0])
    for i in range(1, 4):
        seat = (leader + i) % 4
        held = [c for c in hand.hands[seat] if ctx.suit_of(c) == suit]
        cards = _lowest_beating(unit.pairs, unit.top, held, ctx)
        if cards:
            return seat, cards
    return None


__all__ = ["throw_blocker"]
