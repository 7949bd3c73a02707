"""Which cards a click raises together when following (asked of the driver: ``TableDriver.follow_group``).

When a pair or a tractor was led, a follower who clicks one card of a pair he holds almost
always means the pair, and one card of a tractor the tractor: the commercial apps raise the
whole unit, up to the size the lead's format asks for. A card that is not part of a pair,
or a click that would raise more cards than the lead has, raises that card alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Card, Format, TrumpContext, decompose, pair_positions, runs


def follow_group(
    hand: Sequence[Card], clicked: Card, lead: Sequence[Card], ctx: TrumpContext, raised: Sequence[Card] = ()
) -> list[Card]:
    """The cards to raise when ``clicked`` is clicked while following ``lead``: ``clicked``
    first, then the rest of its pair or tractor (at most the lead's largest unit)."""
    fmt = Format.of(decompose(list(lead), ctx)) if lead else Format((), 0, 0)
    want = fmt.tractors[0] if fmt.tractors else 1 if fmt.pairs else 0
    room = len(lead) - len(raised)
    if want == 0 or room < 2:
        return [clicked]
    suit = ctx.suit_of(clicked)
    # Only cards not raised yet can join; the clicked card itself is one of them.
    free = list(hand)
    for card in raised:
        if card in free:
            free.remove(card)
    same = [c for c in free if ctx.suit_of(c) == suit]
    pairs = pair_positions(same, ctx)
    here = ctx.position(clicked)
    if clicked not in pairs.get(here, []):
        return [clicked]
    span = (here, here)
    for low, high in runs(pairs):
        if low <= here <= high:
            length = min(want, high - low + 1, room // 2)
            start = min(here, high - length + 1)  # the clicked pair and those just above it
            span = (start, start + length - 1)
    out = [clicked, clicked]
    for pos in range(span[1], span[0] - 1, -1):
        if pos != here:
            card = pairs[pos][0]
            out += [card, card]
    return out if len(out) <= room else [clicked]
