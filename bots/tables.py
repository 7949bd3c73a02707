"""Fast per-trump-context look-up tables for the bots' hot loops.

``TrumpContext.suit_of`` and ``position`` are cheap but not free (each call hashes the
context); the bots call them hundreds of times a decision, so they read plain dicts built
once per context from the core's public answers.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from game.core import TRUMP, Card, EffectiveSuit, Format, Rank, TrumpContext, Unit, decompose, format_of, make_deck

ONE_DECK: tuple[Card, ...] = tuple(make_deck(1))
_HALF_DECK: Final = 27
_FIRST_JOKER: Final = 52
_TOP_KEY: Final = 16  # above every position
#: The deck by card code: ``BY_CODE[i]`` is the card whose int value is ``i``.
BY_CODE: tuple[Card, ...] = tuple(sorted(ONE_DECK))
assert [int(c) for c in BY_CODE] == list(range(len(BY_CODE))), "card codes run 0, 1, 2, ..."
#: Each card's points by its code: ``POINTS[c]`` for ``c.points`` in the hot loops
#: (compiled, a tuple index where the attribute is a Python look-up on an ``int`` subclass).
POINTS: Final[tuple[int, ...]] = tuple(c.points for c in BY_CODE)


#: How likely a dealer buries a side card of each rank, relative to a low one: measured on
#: ``normal``'s buries (hebi-2010, 40 hands: 2, 3, 4 and 6 about equally, fewer 7s and 8s,
#: a few nines, jacks and queens, almost never a ten, a king, an ace or a trump), which is
#: also how people bury: the kitty is where the cheap cards go.
_SIDE_BURY = {
    Rank.SEVEN: 0.8,
    Rank.EIGHT: 0.5,
    Rank.NINE: 0.3,
    Rank.JACK: 0.2,
    Rank.QUEEN: 0.08,
    Rank.FIVE: 0.1,
    Rank.TEN: 0.01,
    Rank.KING: 0.01,
    Rank.ACE: 0.01,
}


# Read once by card code: every new context builds its tables from them, and a card's
# attributes are Python look-ups (an ``int`` subclass).
_SIDE_BURY_BY_CODE: Final[tuple[float, ...]] = tuple(_SIDE_BURY.get(c.rank, 1.0) for c in BY_CODE)
_RANK_BY_CODE: Final[tuple[Rank, ...]] = tuple(c.rank for c in BY_CODE)
_TRUMP_BURY_WEIGHT: Final = 0.01


class Tables:
    """Effective suit, position and sorting strength of every card under one context."""

    __slots__ = (
        "_single_formats",
        "_single_units",
        "_units",
        "bury_weight",
        "by_suit",
        "cheap_kind",
        "ctx",
        "honour",
        "is_trump",
        "level",
        "points2",
        "pos",
        "pos_float",
        "side_suits",
        "strength",
        "suit",
        "suit_no",
        "suit_no_by_card",
        "suits",
        "top_pos",
    )

    def __init__(self, ctx: TrumpContext) -> None:
        self.ctx = ctx
        # Lists indexed by the card (a card is its int code, 0 to 53): ``tab.pos[c]`` reads
        # as a dict would, and compiled it is an array index rather than a hash look-up.
        codes = range(len(BY_CODE))
        self.suit: list[str] = [ctx.suit_of(c) for c in codes]
        self.pos: list[int] = [ctx.position(c) for c in codes]
        self.is_trump: list[bool] = [s == TRUMP for s in self.suit]
        self.strength: list[int] = [ctx.strength(c) for c in BY_CODE]
        # The bots type effective suits as str. The ``EffectiveSuit`` members themselves, not
        # the printed ``Suit``s ``side_suits()`` gives (equal, same hash): a dict keyed by
        # the very objects ``self.suit`` holds finds them by identity, with no comparison.
        self.side_suits: tuple[str, ...] = tuple(EffectiveSuit.side(s) for s in ctx.side_suits())
        self.suits: tuple[str, ...] = (TRUMP,) + self.side_suits
        # Each suit's index in ``suits``, by suit and by card: small int keys for the caches
        # and lists of the hot loops, where a suit-keyed dict is a hash look-up.
        self.suit_no: dict[str, int] = {s: i for i, s in enumerate(self.suits)}
        self.suit_no_by_card: list[int] = [self.suit_no[s] for s in self.suit]
        # Codes, not ``Card``s: compiled, a loop over them reads unboxed ints. Each suit high
        # to low, equal positions by code: one int key per card, sorted once.
        keys = sorted([(_TOP_KEY - self.pos[c]) * 64 + c for c in codes])
        # One pass into each suit's list, where a generator per suit walked the whole deck
        # (tables are made for every trump a bot weighs declaring).
        runs: dict[str, list[int]] = {s: [] for s in self.suits}
        for k in keys:
            code = k % 64
            runs[self.suit[code]].append(code)
        self.by_suit: dict[str, tuple[int, ...]] = {s: tuple(cs) for s, cs in runs.items()}
        self.top_pos: dict[str, int] = {s: self.pos[cs[0]] for s, cs in self.by_suit.items()}
        self.level = ctx.level
        # Jokers and level cards: the cards a player should not waste.
        level = ctx.level
        self.honour: list[bool] = [c >= _FIRST_JOKER or _RANK_BY_CODE[c] == level for c in codes]
        self.bury_weight: list[float] = [
            _TRUMP_BURY_WEIGHT if self.is_trump[c] else _SIDE_BURY_BY_CODE[c] for c in codes
        ]
        # ``plays.cheap_key``'s terms by card: its position as a float, twice its points, and
        # the entry of the key's list it adds (a side card its suit's length term, by suit
        # number; a trump the trumps' term at 0, an honour at ``len(suits)``).
        self.pos_float: list[float] = [float(p) for p in self.pos]
        self.points2: list[float] = [2.0 * POINTS[c] for c in codes]
        n_suits = len(self.suits)
        self.cheap_kind: list[int] = [
            (n_suits if self.honour[c] else 0) if self.is_trump[c] else self.suit_no_by_card[c] for c in codes
        ]
        self._units: dict[tuple[int, ...], list[Unit]] = {}
        # A single card's units and format, by its code, made when first asked (tables are
        # made for every trump a bot weighs declaring): most leads are one card, and the
        # memos' keys (a sorted tuple, its hash) cost more than the answer.
        self._single_units: list[list[Unit] | None] = [None] * len(BY_CODE)
        self._single_formats: list[Format | None] = [None] * len(BY_CODE)

    def split(self, cards: Iterable[Card]) -> dict[str, list[Card]]:
        """Cards grouped by effective suit (every suit present, maybe empty)."""
        if _COMPILED:  # compiled, a plain loop into lists by suit number beats groupby
            suits = self.suits
            runs: list[list[Card]] = [[] for _ in suits]
            suit_no = self.suit_no_by_card
            for c in cards:
                code: int = c  # unboxed: an array index
                runs[suit_no[code]].append(c)
            split: dict[str, list[Card]] = {}
            for i in range(len(suits)):
                split[suits[i]] = runs[i]
            return split
        suits = self.suits
        # The dict written out for the two shapes there are (a trump suit, or none): a
        # comprehension is a call and a loop, interpreted.
        if len(suits) == 4:
            s0, s1, s2, s3 = suits
            out: dict[str, list[Card]] = {s0: [], s1: [], s2: [], s3: []}
        elif len(suits) == 5:
            s0, s1, s2, s3, s4 = suits
            out = {s0: [], s1: [], s2: [], s3: [], s4: []}
        else:
            out = {s: [] for s in suits}
        suit = self.suit
        # A plain loop: ``groupby`` calling ``suit.__getitem__`` back per card, and its runs
        # extended, cost more than a look-up and an append per card (callgrind).
        for c in cards:
            out[suit[c]].append(c)
        return out

    def units(self, cards: Sequence[Card]) -> list[Unit]:
        """``decompose`` of cards of one suit, memoised (hands repeat a lot). The list is
        shared: read it, never change it."""
        if len(cards) == 1:
            only: int = cards[0]
            single = self._single_units[only]
            if single is None:
                single = self._single_units[only] = decompose([cards[0]], self.ctx)
            return single
        if _COMPILED:
            # Keyed by the multiset itself, with no sort: two counts of 2 bits per card code
            # (at most three copies: a ruleset has three decks at most, ruleset.py checks it),
            # codes 0-26 in one int and 27-53 in the
            # other, each under 2 ** 54 and so a machine int compiled.
            low = high = 0
            for c in cards:
                code: int = c
                if code < _HALF_DECK:
                    low += 1 << (2 * code)
                else:
                    high += 1 << (2 * (code - _HALF_DECK))
            key: tuple[int, ...] = (low, high)
        else:
            key = tuple(sorted(cards))  # cards are ints: a C-level sort
        got = self._units.get(key)
        if got is None:
            if len(self._units) > 10_000:  # bounded for the garbage collector: see CONTEXTS_KEPT
                self._units.clear()
            got = self._units[key] = decompose(list(cards), self.ctx)
        return got

    def off_suit(self, cards: Iterable[Card], suit: str) -> list[Card]:
        """The cards not of ``suit``, in order (the complement of the core's
        ``cards_of_suit``; compiled, each card an int index, where a ``Card`` indexes a list
        by a generic call)."""
        suit_of = self.suit
        out: list[Card] = []
        for c in cards:
            code: int = c
            if suit_of[code] != suit:
                out.append(c)
        return out

    def position_sum(self, cards: Iterable[Card]) -> int:
        pos = self.pos
        total = 0
        for c in cards:
            code: int = c
            total += pos[code]
        return total

    def format_of(self, cards: Sequence[Card]) -> Format:
        """The core's ``format_of``, a single card's without its memo."""
        if len(cards) == 1:
            only: int = cards[0]
            got = self._single_formats[only]
            if got is None:
                got = self._single_formats[only] = format_of([cards[0]], self.ctx)
            return got
        return format_of(cards, self.ctx)

    def is_honour(self, card: Card) -> bool:
        """Jokers and level cards: the cards a player should not waste."""
        return self.honour[card]


_CACHE: Final[dict[TrumpContext, Tables]] = {}


#: Contexts whose tables are kept: a hand has one, and a long run (the arena, a match)
#: moves on to others; each table's unit memo is objects a full garbage collection walks.
CONTEXTS_KEPT: Final = 4


def tables(ctx: TrumpContext) -> Tables:
    got = _CACHE.get(ctx)
    if got is None:
        if len(_CACHE) >= CONTEXTS_KEPT:
            del _CACHE[next(iter(_CACHE))]  # the oldest
        got = _CACHE[ctx] = Tables(ctx)
    return got


def counts_of(cards: Iterable[Card]) -> dict[Card, int]:
    """How many of each card, in first-seen order (``Counter``'s order): compiled, a loop
    here costs less than ``Counter``'s Python constructor."""
    out: dict[Card, int] = {}
    for c in cards:
        out[c] = out.get(c, 0) + 1
    return out


def pair_cards(counts: Counter[Card]) -> list[Card]:
    """One entry per pair held (a triple is a pair and a single)."""
    return [c for c, n in counts.items() for _ in range(n // 2)]


# Built by mypyc (game.compiled): a compiled function has no byte code.
_COMPILED: Final = not hasattr(counts_of, "__code__")  # Final: compiled, a C static

__all__ = ["BY_CODE", "ONE_DECK", "POINTS", "Rank", "Tables", "counts_of", "pair_cards", "tables"]
