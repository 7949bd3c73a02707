"""The trump context: which cards are trumps, their effective suit and their order.

A card's printed suit and its effective suit differ: a level card or a joker belongs to the
trump suit whatever is printed on it. Everything that follows, compares or forms tractors
goes through a ``TrumpContext``; nothing compares printed suits directly.

Within one effective suit every card has a *position* (RULES.md §3). Positions order the
cards (higher beats lower; equal positions, such as two off-suit level cards, tie) and
consecutive positions form tractors:

* a side suit: its ranks 2 … A, skipping the level rank;
* trumps: the trump suit's ranks 2 … A skipping the level rank, then the off-suit level
  cards (one shared position), then the trump-suit level card, then the small and the big
  joker; in no-trump the level cards (one position), the small and the big joker.

>>> ctx = TrumpContext(Rank.TEN, Suit.SPADES)
>>> ctx.suit_of(Card.parse("10H")), ctx.position(Card.parse("10H")) == ctx.position(Card.parse("10C"))
(<EffectiveSuit.TRUMP: 'trump'>, True)
>>> ctx.suit_of(Card.parse("9H")), Card.parse("9H").suit
(<EffectiveSuit.HEARTS: 'H'>, <Suit.HEARTS: 'H'>)
>>> ctx.position(Card.parse("JH")) - ctx.position(Card.parse("9H"))
1
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Final

from .cards import ONE_DECK, SUITS, Card, CardError, Rank, Suit


class EffectiveSuit(StrEnum):
    """The group a card follows in: the trumps, or one side suit (RULES.md §2).

    Not a ``Suit``: ``Suit`` is what is printed on a card, and a level card printed ♥ follows
    as a trump. Its value is the protocol's word (``"trump"``, or the side suit's letter), and
    a side suit's member has the printed suit's name and value, so it keys the same tables.
    """

    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"
    TRUMP = "trump"

    @classmethod
    def side(cls, suit: Suit) -> EffectiveSuit:
        """The side-suit group of a printed suit (not the trump suit's: its cards are trumps)."""
        return _SIDE[suit]

    @property
    def printed(self) -> Suit | None:
        """The printed suit of a side-suit group; None for the trumps."""
        return None if self is EffectiveSuit.TRUMP else Suit(self.value)


_SIDE: Final = {suit: EffectiveSuit(suit.value) for suit in SUITS}
TRUMP: Final = EffectiveSuit.TRUMP  # Final: compiled, a C static, not a dict look-up per use

OFF_LEVEL_POSITION: Final = 12
TRUMP_LEVEL_POSITION: Final = 13
SMALL_JOKER_POSITION: Final = 14
BIG_JOKER_POSITION: Final = 15


# Every context ``TrumpContext.of`` has made: at most 13 levels times 5 trumps.
_CONTEXTS: dict[tuple[Rank, Suit | None], TrumpContext] = {}


@dataclass(frozen=True)
class TrumpContext:
    """The hand's level rank and trump suit (``None`` for no-trump)."""

    level: Rank
    trump_suit: Suit | None
    _keys: dict[Card, tuple[EffectiveSuit, int]] = field(init=False, repr=False, compare=False)
    _hash: int = field(init=False, repr=False, compare=False)
    # The same table as a list indexed by the card (its int code): compiled, an array index
    # rather than a hash look-up.
    _by_code: list[tuple[EffectiveSuit, int]] = field(init=False, repr=False, compare=False)
    # card -> effective suit for hot loops, a list indexed by the card (its int code):
    # ``suit_by_card[c]`` is an index where a ``suit_of`` call is a call. Read it, never
    # change it.
    suit_by_card: list[EffectiveSuit] = field(init=False, repr=False, compare=False)
    # Each card's place in a hand sorted for display, by the card's code (``sort_hand``).
    _places: list[int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Kept on the instance: positions are looked up in every hot loop of the bots.
        object.__setattr__(self, "_hash", hash((self.level, self.trump_suit)))
        object.__setattr__(self, "_keys", _table(self))
        object.__setattr__(self, "_by_code", [self._keys[c] for c in sorted(self._keys)])
        object.__setattr__(self, "suit_by_card", [key[0] for key in self._by_code])
        object.__setattr__(self, "_places", _display_places(self))

    def __eq__(self, other: object) -> bool:
        # Written out: compiled by mypyc, the generated one stays interpreted Python, and
        # every cache keyed by a context compares its keys.
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, TrumpContext)
        return self.level == other.level and self.trump_suit == other.trump_suit

    def __hash__(self) -> int:
        # Contexts key the decomposition and table caches: hash once, not per look-up.
        return self._hash

    def __reduce__(self) -> tuple[type[TrumpContext], tuple[Rank, Suit | None]]:
        # Copied and pickled by its two fields (the tables follow from them): compiled by
        # mypyc, a frozen dataclass cannot be rebuilt field by field.
        return (TrumpContext, (self.level, self.trump_suit))

    @classmethod
    def of(cls, level: Rank, trump_suit: Suit | None) -> TrumpContext:
        """The context, made once per (level, trump): a context's tables take a while to
        build, and the bots weigh every declaration they could make under its context."""
        got = _CONTEXTS.get((level, trump_suit))
        if got is None:
            got = _CONTEXTS[(level, trump_suit)] = cls(level, trump_suit)
        return got

    @classmethod
    def parse(cls, level: str, trump: str) -> TrumpContext:
        rank = Rank.parse(level)
        key = str(trump).strip(" ").upper() if str(trump).isascii() else ""  # see Rank.parse
        if key == "NT":
            return cls(rank, None)
        try:
            return cls(rank, Suit(key))
        except ValueError:
            raise CardError(f"'{trump}' is not a trump (S, H, C, D or NT)") from None

    @property
    def no_trump(self) -> bool:
        return self.trump_suit is None

    @property
    def trump_code(self) -> str:
        return "NT" if self.trump_suit is None else self.trump_suit.value

    def is_trump(self, card: Card) -> bool:
        return self._by_code[card][0] == TRUMP

    # ``int``, not ``Card``: compiled, the card is unboxed and the look-up an array index.
    def suit_of(self, card: int) -> EffectiveSuit:
        return self._by_code[card][0]

    def position(self, card: int) -> int:
        return self._by_code[card][1]

    def key(self, card: Card) -> tuple[EffectiveSuit, int]:
        """(effective suit, position) in one look-up, for hot loops."""
        return self._by_code[card]

    def strength(self, card: Card) -> int:
        """A total order across suits for sorting a hand: trumps above side suits."""
        suit, pos = self._by_code[card]
        return pos + (100 if suit == TRUMP else 0)

    def side_suits(self) -> tuple[Suit, ...]:
        return tuple(s for s in SUITS if s != self.trump_suit)

    def sort_hand(self, cards: Iterable[Card]) -> list[Card]:
        """Trumps first (highest first), then side suits alternating colours, high to low."""
        # Every observation sorts its hand: one precomputed place per card, not a tuple key.
        places = self._places
        if not _COMPILED:
            return sorted(cards, key=places.__getitem__)
        # Compiled, a key function is a boxed call per card. Each card's place and its index
        # in one int sort natively; the index keeps the sort stable and the very objects.
        held = list(cards)
        n = len(held)
        keyed = [0] * n
        for i in range(n):
            code: int = held[i]
            keyed[i] = places[code] * n + i
        keyed.sort()
        return [held[k % n] for k in keyed]

    def __str__(self) -> str:
        return f"{self.level.label}/{self.trump_code}"


def _display_suit_order(trump: Suit | None) -> list[Suit]:
    # Alternate black and red so neighbouring suits never look alike in the fanned hand.
    base = [Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS]
    if trump is None:
        return base
    rest = [s for s in base if s != trump]
    blacks = [s for s in rest if not s.is_red]
    reds = [s for s in rest if s.is_red]
    out = []
    first, second = (reds, blacks) if not trump.is_red else (blacks, reds)
    while first or second:
        if first:
            out.append(first.pop(0))
        if second:
            out.append(second.pop(0))
    return out


@cache
def _display_places(ctx: TrumpContext) -> list[int]:
    """Each card's place in a hand sorted for display (see ``TrumpContext.sort_hand``),
    indexed by the card's code."""
    groups = {EffectiveSuit.side(s): 1 + i for i, s in enumerate(_display_suit_order(ctx.trump_suit))}
    groups[TRUMP] = 0
    # One int per card orders it: its group, then high positions first, then its code (a
    # context-free tie-break); the code, in the low bits, says which card each key is.
    keys = []
    for code in range(len(ONE_DECK)):
        suit, pos = ctx._by_code[code]
        keys.append((groups[suit] * 16 + BIG_JOKER_POSITION - pos) * 64 + code)
    keys.sort()
    places = [0] * len(ONE_DECK)
    for place in range(len(keys)):
        places[keys[place] % 64] = place
    return places


def _plain_position(rank: int, level: int) -> int:
    return rank - 2 - (1 if rank > level else 0)


# Each card with its printed suit and rank, read once: every new context walks the deck, and
# a card's attributes are instance look-ups (a ``Card`` is an interpreted ``int`` subclass).
_FACES: Final = [(card, card.suit, int(card.rank)) for card in ONE_DECK]


@cache
def _table(ctx: TrumpContext) -> dict[Card, tuple[EffectiveSuit, int]]:
    table: dict[Card, tuple[EffectiveSuit, int]] = {}
    level, trump_suit = int(ctx.level), ctx.trump_suit
    for card, suit, rank in _FACES:
        if rank == Rank.BIG_JOKER:
            table[card] = (TRUMP, BIG_JOKER_POSITION)
        elif rank == Rank.SMALL_JOKER:
            table[card] = (TRUMP, SMALL_JOKER_POSITION)
        elif rank == level:
            on_suit = trump_suit is None or suit == trump_suit
            table[card] = (TRUMP, TRUMP_LEVEL_POSITION if on_suit else OFF_LEVEL_POSITION)
        elif suit == trump_suit:
            table[card] = (TRUMP, _plain_position(rank, level))
        else:
            assert suit is not None  # jokers are trumps
            table[card] = (_SIDE[suit], _plain_position(rank, level))
    return table


_COMPILED: Final = not hasattr(_plain_position, "__code__")
