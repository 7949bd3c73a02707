"""Every legal move of a seat, listed once: the core's answer to OpenSpiel's ``legal_actions``.

``Hand.legal_actions(seat)``, ``PlayState.legal_actions(seat)`` and
``Observation.legal_actions()`` all answer with a ``LegalMoves``; the bots and the bot
protocol list moves from here, not on their own.

Some phases have too many moves to list: any ``kitty`` cards may be buried (millions of
choices), a long suit can be thrown in thousands of ways, a void hand may discard any cards.
Then ``complete`` is false and ``cut`` says what was kept; every move listed is legal either
way, so a program that picks from the list never plays an illegal move.

A lead lists, in this order (``LEAD_ORDER``):

1. one lead per unit of each suit's decomposition (``lead_units``: the hand split into units,
   trumps first, then the side suits in suit order);
2. each suit's whole holding where it is more than one unit (the throw a player means);
3. every other single, pair and tractor;
4. the other throws of one suit, fewest cards first, while the list is shorter than ``limit``.

>>> from .cards import cards
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> moves = lead_moves(cards("AH KH KH 3C"), ctx)
>>> moves.complete, [" ".join(map(str, m)) for m in moves.moves]
(True, ['KH KH', 'AH', '3C', 'AH KH KH', 'KH', 'AH KH'])
>>> follows = follow_moves(cards("5H 5H"), cards("AH KH 3C"), ctx)
>>> follows.decision, [" ".join(map(str, m)) for m in follows.moves]
(<Decision.FOLLOW: 'follow'>, ['AH KH'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import islice, product

from .cards import Card, Rank, Suit
from .tricks import legal_follows, multiset_combinations
from .trump import TRUMP, EffectiveSuit, TrumpContext
from .units import decompose, runs

#: How many moves a list holds at most (every single, pair and tractor lead is listed even
#: beyond it). An outside program reads the list in every request: a few kilobytes.
LIMIT = 500

LEAD_ORDER = (
    "the units of each suit's decomposition (trumps first, then the side suits in "
    "suit order), each suit's whole holding where it is more than one unit, every "
    "other single, pair and tractor, then other throws of one suit, fewest cards first"
)


class Decision(StrEnum):
    """What a seat decides now; the value is the bot protocol's word."""

    DECLARE = "declare"
    BURY = "bury"
    LEAD = "lead"
    FOLLOW = "follow"


@dataclass(frozen=True)
class LegalMoves:
    """The moves a seat may make now.

    ``decision`` is None when the seat has nothing to decide. ``moves`` holds each distinct
    move once (a multiset of cards; its order is the order listed). ``complete``: the list is
    every legal move; else ``cut`` says in plain words what it holds. ``may_pass``: declaring,
    passing is legal too. ``count``: how many cards the move must have, where that is fixed.
    """

    decision: Decision | None
    moves: tuple[tuple[Card, ...], ...] = ()
    complete: bool = True
    cut: str = ""
    may_pass: bool = False
    count: int | None = None


NOTHING = LegalMoves(None)


def holdings(hand: Iterable[Card], ctx: TrumpContext) -> list[list[Card]]:
    """The hand's cards by effective suit, trumps first, then the side suits in suit order;
    empty suits left out, cards in the hand's order."""
    by_suit: dict[EffectiveSuit, list[Card]] = {TRUMP: []}
    for suit in ctx.side_suits():
        by_suit[EffectiveSuit.side(suit)] = []
    suit_of = ctx.suit_by_card
    for card in hand:
        by_suit[suit_of[card]].append(card)
    return [held for held in by_suit.values() if held]


def lead_units(hand: Iterable[Card], ctx: TrumpContext) -> list[list[Card]]:
    """One lead per unit of each suit's decomposition: the hand split into leads that are
    always legal and never fail (the first part of every lead list)."""
    return [list(u.cards) for held in holdings(hand, ctx) for u in decompose(held, ctx)]


def named_leads(hand: Iterable[Card], ctx: TrumpContext) -> list[list[Card]]:
    """The leads a player names first: ``lead_units``, then each suit's whole holding where
    it is more than one unit (the throw meant when it is safe). The start of ``lead_moves``;
    a look-ahead that cannot try every lead tries these."""
    groups = holdings(hand, ctx)
    units = [decompose(held, ctx) for held in groups]
    out = [list(u.cards) for suit_units in units for u in suit_units]
    return out + [held for held, suit_units in zip(groups, units) if len(suit_units) > 1]


def every_unit(held: Sequence[Card], ctx: TrumpContext) -> list[tuple[Card, ...]]:
    """Every distinct single, pair and tractor of ``held`` (cards of one effective suit):
    tractors longest and highest first, then pairs, then singles, highest first."""
    counts = Counter(held)
    order = sorted(counts, key=lambda c: (-ctx.position(c), int(c)))
    paired = [c for c in order if counts[c] >= 2]
    at: dict[int, list[Card]] = {}
    for card in paired:
        at.setdefault(ctx.position(card), []).append(card)
    tractors: list[tuple[Card, ...]] = []
    for low, high in runs(at):
        for length in range(high - low + 1, 1, -1):
            for top in range(high, low + length - 2, -1):
                span = range(top, top - length, -1)
                for choice in product(*(at[p] for p in span)):
                    tractors.append(tuple(c for card in choice for c in (card, card)))
    tractors.sort(key=lambda t: -len(t))
    return tractors + [(c, c) for c in paired] + [(c,) for c in order]


def lead_moves(hand: Sequence[Card], ctx: TrumpContext, limit: int = LIMIT) -> LegalMoves:
    """Every lead (``LEAD_ORDER``), or every single, pair and tractor and the throws that fit
    in ``limit`` moves."""
    seen: set[tuple[Card, ...]] = set()
    moves: list[tuple[Card, ...]] = []

    def add(cards: Sequence[Card]) -> None:
        key = tuple(sorted(cards))
        if key not in seen:
            seen.add(key)
            moves.append(tuple(cards))

    for named in named_leads(hand, ctx):
        add(named)
    groups = holdings(hand, ctx)
    for held in groups:
        for unit_cards in every_unit(held, ctx):
            add(unit_cards)
    complete = True
    for held in groups:
        for k in range(2, len(held)):
            for combo in multiset_combinations(held, k):
                key = tuple(sorted(combo))
                if key in seen:
                    continue
                if len(moves) >= limit:
                    complete = False
                    break
                add(sorted(combo, key=ctx.strength, reverse=True))
            if not complete:
                break
        if not complete:
            break
    cut = (
        ""
        if complete
        else (
            f"every single, pair and tractor, and throws up to {limit} leads in all; "
            "any other cards of one suit are a legal lead too (a throw)"
        )
    )
    return LegalMoves(Decision.LEAD, tuple(moves), complete, cut)


def follow_moves(lead: Sequence[Card], hand: Sequence[Card], ctx: TrumpContext, limit: int = LIMIT) -> LegalMoves:
    """Every distinct follow to ``lead``, in ``legal_follows``' order, or its first ``limit``."""
    moves = [tuple(m) for m in islice(legal_follows(lead, hand, ctx), limit + 1)]
    complete = len(moves) <= limit
    cut = "" if complete else f"the first {limit} follows; others are legal too"
    return LegalMoves(Decision.FOLLOW, tuple(moves[:limit]), complete, cut, count=len(lead))


def play_moves(hand: Sequence[Card], lead: Sequence[Card] | None, ctx: TrumpContext, limit: int = LIMIT) -> LegalMoves:
    """The leads (``lead`` None) or the follows to ``lead`` of ``hand``."""
    if not hand:
        return NOTHING
    if lead is None:
        return lead_moves(hand, ctx, limit)
    return follow_moves(lead, hand, ctx, limit)


def bury_moves(kitty: int) -> LegalMoves:
    """Any ``kitty`` cards of the dealer's hand (kitty included): too many to list."""
    return LegalMoves(Decision.BURY, (), False, f"any {kitty} cards of the hand; none listed", count=kitty)


def declare_moves(options: Iterable[Sequence[Card]]) -> LegalMoves:
    """The declarations the bidding allows now; passing is always allowed."""
    return LegalMoves(Decision.DECLARE, tuple(tuple(o) for o in options), may_pass=True)


__all__ = [
    "LEAD_ORDER",
    "LIMIT",
    "NOTHING",
    "Decision",
    "LegalMoves",
    "Rank",
    "Suit",
    "bury_moves",
    "declare_moves",
    "every_unit",
    "follow_moves",
    "holdings",
    "lead_moves",
    "lead_units",
    "named_leads",
    "play_moves",
]
