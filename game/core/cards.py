"""Cards, decks and the referee's card notation.

A card is an immutable value; identical cards from different decks are equal, so a
hand is a multiset (a list, or a ``Counter``) of cards.

>>> Card.parse("10s")
Card('10S')
>>> str(Card.parse("bj"))
'BJ'
>>> format_cards(parse_cards(["TH", "qd"]))
['10H', 'QD']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from enum import Enum, IntEnum
import random

from .holding import holds as holds  # compiled with the hot path: see holding.py
from .holding import points_of as points_of
from .shuffle import shuffle


class CardError(ValueError):
    """A card or a list of cards is not well formed."""


class Suit(str, Enum):  # noqa: UP042 - str() of a suit must stay "Suit.S", not "S"
    SPADES = "S"
    HEARTS = "H"
    CLUBS = "C"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.CLUBS: "♣", Suit.DIAMONDS: "♦"}
SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


class Rank(IntEnum):
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14
    SMALL_JOKER = 15
    BIG_JOKER = 16

    @property
    def label(self) -> str:
        return _RANK_LABELS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """A level rank as the referee writes it: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        # ASCII only: str.upper() maps 'ſ' to 'S', and strip() takes full-width spaces.
        key = str(text).strip(" ").upper() if str(text).isascii() else ""
        if key == "T":
            key = "10"
        for rank in PLAIN_RANKS:
            if rank.label == key:
                return rank
        raise CardError(f"'{text}' is not a rank (2 to 10, J, Q, K or A)")


_RANK_LABELS = {r: str(int(r)) for r in Rank if r <= 10}
_RANK_LABELS.update(
    {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.SMALL_JOKER: "SJ", Rank.BIG_JOKER: "BJ"}
)
PLAIN_RANKS = tuple(r for r in Rank if r <= Rank.ACE)


class Card(int):
    """One playing card, interned: ``Card.of(...)`` and ``Card.parse(...)`` return the one value.

    A card is an ``int`` (suit-major code 0…53) so that hashing and comparing, which the bots
    do millions of times, run at C speed and iterate in the same order on every run. Write
    cards out with ``str()`` / ``format_cards``, never as bare numbers.
    """

    suit: Suit | None
    rank: Rank
    points: int
    # A stored field, not a property: the bidding asks it of every card it weighs, and a
    # property is a Python call each time, compiled callers included.
    is_joker: bool
    _code: str

    def __new__(cls, suit: Suit | None, rank: Rank) -> Card:
        code = 52 + (rank - Rank.SMALL_JOKER) if suit is None else SUITS.index(suit) * 13 + rank - 2
        card = super().__new__(cls, code)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "_code", rank.label if suit is None else rank.label + suit.value)
        object.__setattr__(card, "points", _POINTS.get(rank, 0))
        object.__setattr__(card, "is_joker", suit is None)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    @classmethod
    def of(cls, suit: Suit | None, rank: Rank) -> Card:
        return _BY_KEY[(suit, rank)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the referee notation (case-insensitive, ``T`` for 10)."""
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card (cards are strings such as '10S' or 'BJ')")
        key = text.upper() if text.isascii() else ""  # 'ſ'.upper() is 'S'
        card = _BY_CODE.get(key)
        if card is None and len(key) >= 2 and key[:-1] == "T":
            card = _BY_CODE.get("10" + key[-1])
        if card is None:
            raise CardError(f"'{text}' is not a card (write rank then suit, such as '10S', 'QH' or 'BJ')")
        return card

    @property
    def sort_key(self) -> int:
        """A context-free order (suit, then rank) for stable output."""
        return int(self)

    def pretty(self) -> str:
        """With a suit symbol: ``♥10``; jokers stay ``BJ`` / ``SJ``."""
        return self._code if self.suit is None else self.suit.symbol + self.rank.label

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card('{self._code}')"

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self._code,))

    __hash__ = int.__hash__
    __eq__ = int.__eq__


_POINTS = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}
_BY_KEY: dict[tuple[Suit | None, Rank], Card] = {}
for _suit in SUITS:
    for _rank in PLAIN_RANKS:
        _BY_KEY[(_suit, _rank)] = Card(_suit, _rank)
for _rank in (Rank.SMALL_JOKER, Rank.BIG_JOKER):
    _BY_KEY[(None, _rank)] = Card(None, _rank)
_BY_CODE = {str(c): c for c in _BY_KEY.values()}

BIG_JOKER = Card.of(None, Rank.BIG_JOKER)
SMALL_JOKER = Card.of(None, Rank.SMALL_JOKER)
ONE_DECK: tuple[Card, ...] = tuple(_BY_KEY.values())


def parse_cards(texts: Iterable[str], max_copies: int | None = None) -> list[Card]:
    """Parse a list of card strings; with ``max_copies``, refuse a card repeated more often."""
    if isinstance(texts, str) or not isinstance(texts, Iterable):
        raise CardError("a list of cards was expected")
    cards = [Card.parse(t) for t in texts]
    if max_copies is not None:
        for card, n in Counter(cards).items():
            if n > max_copies:
                raise CardError(
                    f"{card} appears {n} times, but there are only {max_copies} of it "
                    f"in {max_copies} deck{'s' if max_copies > 1 else ''}"
                )
    return cards


def format_cards(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def pretty_cards(cards: Iterable[Card]) -> str:
    return "".join(c.pretty() for c in cards)


def make_deck(decks: int) -> list[Card]:
    return list(ONE_DECK) * decks


def shuffled_deck(decks: int, rng: random.Random) -> list[Card]:
    deck = make_deck(decks)
    shuffle(deck, rng)
    return deck


def cards(text: str) -> list[Card]:
    """Readable literals for tests and docs: ``cards("10S 10S BJ")``."""
    return [Card.parse(t) for t in text.split()]
