"""Units (singles, pairs, tractors) and the decomposition of a play into them (RULES.md §3).

A pair is two identical cards; with three decks a triple is a pair plus a single. A tractor
is two or more pairs at consecutive positions of one effective suit, one pair per position,
so two pairs of different off-suit level cards are never a tractor.

>>> from .cards import cards
>>> ctx = TrumpContext(Rank.TEN, Suit.SPADES)
>>> shape_codes(decompose(cards("10S 10S 10H 10H AS AS"), ctx))
['T3']
>>> shape_codes(decompose(cards("5H 5H 4H"), ctx))
['P', 'S']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from .cards import ONE_DECK, Card, Rank, Suit
from .trump import EffectiveSuit, TrumpContext

SINGLE, PAIR, TRACTOR = "single", "pair", "tractor"


@dataclass(frozen=True)
class Unit:
    """One unit of a play: ``pairs`` is 0 for a single, 1 for a pair, k for a k-pair tractor."""

    pairs: int
    top: int  # position of its highest card
    cards: tuple[Card, ...]

    # Written out, not generated: compiled by mypyc, a dataclass's generated methods stay
    # interpreted Python, and these are made and compared in every simulated trick.
    def __init__(self, pairs: int, top: int, cards: tuple[Card, ...]) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.pairs = pairs  # type: ignore[misc]
            self.top = top  # type: ignore[misc]
            self.cards = cards  # type: ignore[misc]
        else:
            object.__setattr__(self, "pairs", pairs)
            object.__setattr__(self, "top", top)
            object.__setattr__(self, "cards", cards)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Unit)
        return self.pairs == other.pairs and self.top == other.top and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.pairs, self.top, self.cards))

    @property
    def kind(self) -> str:
        return SINGLE if self.pairs == 0 else PAIR if self.pairs == 1 else TRACTOR

    @property
    def shape(self) -> str:
        return "S" if self.pairs == 0 else "P" if self.pairs == 1 else f"T{self.pairs}"

    @property
    def size(self) -> int:
        return len(self.cards)


@dataclass(frozen=True)
class Format:
    """The structure of a lead: tractor lengths (longest first), lone pairs, singles."""

    tractors: tuple[int, ...]
    pairs: int
    singles: int

    # Written out, not generated: compiled by mypyc, a dataclass's generated methods stay
    # interpreted Python, and these are made and compared in every simulated trick.
    def __init__(self, tractors: tuple[int, ...], pairs: int, singles: int) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.tractors = tractors  # type: ignore[misc]
            self.pairs = pairs  # type: ignore[misc]
            self.singles = singles  # type: ignore[misc]
        else:
            object.__setattr__(self, "tractors", tractors)
            object.__setattr__(self, "pairs", pairs)
            object.__setattr__(self, "singles", singles)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Format)
        return self.tractors == other.tractors and self.pairs == other.pairs and self.singles == other.singles

    def __hash__(self) -> int:
        return hash((self.tractors, self.pairs, self.singles))

    @property
    def total_pairs(self) -> int:
        """Pairs including those inside tractors."""
        n = self.pairs
        for t in self.tractors:
            n += t
        return n

    @property
    def unit_count(self) -> int:
        return len(self.tractors) + self.pairs + self.singles

    @property
    def largest_unit_pairs(self) -> int:
        """0 single, 1 pair, k a k-pair tractor: the kitty multiplier's measure."""
        if self.tractors:
            return self.tractors[0]
        return 1 if self.pairs else 0

    @classmethod
    def of(cls, units: Sequence[Unit]) -> Format:
        return cls(
            tuple(sorted((u.pairs for u in units if u.pairs >= 2), reverse=True)),
            sum(1 for u in units if u.pairs == 1),
            sum(1 for u in units if u.pairs == 0),
        )


def pair_positions(cards: Iterable[Card], ctx: TrumpContext) -> dict[int, list[Card]]:
    """Position → the cards of which the play holds a pair (one entry per pair)."""
    out: dict[int, list[Card]] = {}
    counts: dict[Card, int] = {}  # Counter's order; compiled, cheaper than its Python constructor
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    for card, n in counts.items():
        for _ in range(n // 2):
            out.setdefault(ctx.position(card), []).append(card)
    return out


def pair_count(cards: Iterable[Card]) -> int:
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return sum(n // 2 for n in counts.values())


def runs(positions: Iterable[int]) -> list[tuple[int, int]]:
    """Maximal runs of consecutive positions as (low, high)."""
    out: list[tuple[int, int]] = []
    for p in sorted(set(positions)):
        if out and out[-1][1] == p - 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


#: Memos of plays by trump context, each play keyed by ``bytes(cards)`` (a card is its code,
#: 0-53, so the bytes are the play in order): a bytes key is not a container, so the garbage
#: collector never walks it, where a tuple of cards is walked by every full collection.
_DECOMPOSED: dict[TrumpContext, dict[bytes, tuple[Unit, ...]]] = {}
_FORMATS: dict[TrumpContext, dict[bytes, Format]] = {}
#: Entries a context's memo keeps before it starts again, and the contexts kept (a hand has
#: one trump context, the declaring weighs a few). Plays repeat a lot within a hand, so a
#: small memo hits well; each entry's value is a few objects that every full garbage
#: collection walks, and a searching bot fills the memos fast: at 50,000 entries a long
#: arena run held a million objects and one collection took a second (bots/NOTES.md,
#: "Turn 3"). So at most 20,000 entries in all, as when one memo held every context.
MEMO_LIMIT = 5_000
MEMO_CONTEXTS = 4
_V = TypeVar("_V")


def _new_memo(memos: dict[TrumpContext, dict[bytes, _V]], ctx: TrumpContext) -> dict[bytes, _V]:
    if len(memos) >= MEMO_CONTEXTS:
        del memos[next(iter(memos))]  # the oldest
    memo: dict[bytes, _V] = {}
    memos[ctx] = memo
    return memo


def format_of(cards: Sequence[Card], ctx: TrumpContext) -> Format:
    """``Format.of(decompose(cards, ctx))``, memoised: every follow and every trick asks it
    of the same lead."""
    memo = _FORMATS.get(ctx)
    if memo is None:
        memo = _new_memo(_FORMATS, ctx)
    key = bytes(cards)
    got = memo.get(key)
    if got is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        got = memo[key] = Format.of(decompose(cards, ctx))
    return got


def decompose(cards: Sequence[Card], ctx: TrumpContext) -> list[Unit]:
    """Units of cards of one effective suit: longest tractors first, then pairs, then singles."""
    memo = _DECOMPOSED.get(ctx)
    if memo is None:
        memo = _new_memo(_DECOMPOSED, ctx)
    key = bytes(cards)
    got = memo.get(key)
    if got is None:
        if len(memo) > MEMO_LIMIT:
            memo.clear()
        got = memo[key] = tuple(_decompose(cards, ctx))
    return list(got)


_UNIT_TABLES: dict[TrumpContext, tuple[dict[Card, Unit], dict[Card, Unit]]] = {}


def _unit_tables(ctx: TrumpContext) -> tuple[dict[Card, Unit], dict[Card, Unit]]:
    """Every single and every pair as a ``Unit``, made once per context (units are values)."""
    got = _UNIT_TABLES.get(ctx)
    if got is None:
        got = _UNIT_TABLES[ctx] = (
            {c: Unit(0, ctx.position(c), (c,)) for c in ONE_DECK},
            {c: Unit(1, ctx.position(c), (c, c)) for c in ONE_DECK},
        )
    return got


def _decompose(cards: Sequence[Card], ctx: TrumpContext) -> list[Unit]:
    singles, pair_units = _unit_tables(ctx)
    counts: dict[Card, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    if len(counts) == len(cards):  # no pair: singles, highest first (the common case)
        return sorted((singles[c] for c in cards), key=lambda u: -u.top)
    position = ctx.position
    pairs: dict[int, list[Card]] = {}
    for card, n in counts.items():
        for _ in range(n // 2):
            pairs.setdefault(position(card), []).append(card)
    units: list[Unit] = []
    while True:
        best = None
        for low, high in runs(pairs):
            if high > low and (
                best is None or high - low > best[1] - best[0] or (high - low == best[1] - best[0] and high > best[1])
            ):
                best = (low, high)
        if best is None:
            break
        taken: list[Card] = []
        for pos in range(best[1], best[0] - 1, -1):
            card = pairs[pos].pop(0)
            if not pairs[pos]:
                del pairs[pos]
            taken += [card, card]
            counts[card] -= 2
        units.append(Unit(best[1] - best[0] + 1, best[1], tuple(taken)))
    for pos in sorted(pairs, reverse=True):
        for card in pairs[pos]:
            units.append(pair_units[card])
            counts[card] -= 2
    for card, n in counts.items():
        for _ in range(n):
            units.append(singles[card])
    units.sort(key=lambda u: (-u.pairs, -u.top))
    return units


def shape_codes(units: Sequence[Unit]) -> list[str]:
    return [u.shape for u in units]


def suit_of_play(cards: Sequence[Card], ctx: TrumpContext) -> EffectiveSuit | None:
    """The single effective suit of a play, or None when the cards are of several."""
    if not cards:
        return None
    suit_of = ctx.suit_by_card
    first: int = cards[0]  # compiled: unboxed, so the look-ups are array indexes
    suit = suit_of[first]
    for c in cards:
        code: int = c
        if suit_of[code] is not suit:  # the table holds the suits' members: identity is equality
            return None
    return suit


def max_tractor_pairs(
    cards: Sequence[Card], tractors: Sequence[int], ctx: TrumpContext
) -> tuple[int, list[tuple[int, int]]]:
    """The most pairs of ``cards`` that lay out as disjoint tractors (2+ consecutive pairs),
    each assigned to a different one of ``tractors`` and no longer than it.

    Returns the count and the chosen runs as (low, high) positions. This is the *t* of the
    following rule (RULES.md §5) and, when it equals ``sum(tractors)``, the tractor half of
    "has the lead's format" for trumping (§6).
    """
    if not tractors:
        return 0, []
    counts: dict[int, int] = {}
    for pos, held in pair_positions(cards, ctx).items():
        counts[pos] = len(held)
    search = _TractorSearch(counts, sorted(tractors, reverse=True))
    search.run(0, 0, [])
    return search.best


class _TractorSearch:
    """``max_tractor_pairs``' branch and bound. A class rather than a closure that calls
    itself: such a closure is a reference cycle only the garbage collector frees, and the
    searching bots call this thousands of times a decision."""

    def __init__(self, counts: dict[int, int], lengths: list[int]) -> None:
        self.counts = counts
        self.lengths = lengths
        self.remaining_cap = [sum(lengths[i:]) for i in range(len(lengths))] + [0]
        self.best: tuple[int, list[tuple[int, int]]] = (0, [])

    def run(self, i: int, got: int, chosen: list[tuple[int, int]]) -> None:
        counts = self.counts
        lengths = self.lengths
        remaining_cap = self.remaining_cap
        if got > self.best[0]:
            self.best = (got, list(chosen))
        if i == len(lengths) or got + remaining_cap[i] <= self.best[0]:
            return
        for low, high in runs(p for p, n in counts.items() if n > 0):
            for length in range(min(lengths[i], high - low + 1), 1, -1):
                for start in range(high - length + 1, low - 1, -1):
                    span = range(start, start + length)
                    for p in span:
                        counts[p] -= 1
                    chosen.append((start, start + length - 1))
                    self.run(i + 1, got + length, chosen)
                    chosen.pop()
                    for p in span:
                        counts[p] += 1
                    if self.best[0] == remaining_cap[0]:
                        return
        self.run(i + 1, got, chosen)


def cards_at(cards: Sequence[Card], ctx: TrumpContext, low: int, high: int) -> list[Card]:
    """One pair per position from ``low`` to ``high`` (for showing a tractor in a message)."""
    pairs = pair_positions(cards, ctx)
    out: list[Card] = []
    for pos in range(high, low - 1, -1):
        out += [pairs[pos][0]] * 2
    return out


__all__ = [
    "Format",
    "Rank",
    "Suit",
    "TrumpContext",
    "Unit",
    "cards_at",
    "decompose",
    "format_of",
    "max_tractor_pairs",
    "pair_count",
    "pair_positions",
    "runs",
    "shape_codes",
    "suit_of_play",
]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(cards_at, "__code__")
