"""Shared helpers for the rules-core tests: readable contexts, card literals, rulesets."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from game.core.cards import Card, cards
from game.core.ruleset import get_ruleset
from game.core.trump import TrumpContext
from game.core.units import decompose, shape_codes, suit_of_play

REPO = Path(__file__).resolve().parents[1]
RULESET_IDS = ("hebi-2010", "lanzhou-2010", "logistics-2015")
MULTI_DECK = ("hebi-2010", "lanzhou-2010")  # rulesets with pairs and tractors


def ctx(level: str = "10", trump: str = "S") -> TrumpContext:
    """``ctx("10", "S")``: playing 10 with spades trump; ``ctx("2", "NT")`` for no-trump."""
    return TrumpContext.parse(level, trump)


def shape(text: str, level: str = "10", trump: str = "S") -> list[str]:
    """The decomposition of a card literal as shape codes, longest first."""
    c = ctx(level, trump)
    return shape_codes(decompose(cards(text), c))


def suit(text: str, level: str = "10", trump: str = "S"):
    return suit_of_play(cards(text), ctx(level, trump))


def ms(cs) -> Counter:
    """A multiset of cards (order-free comparison)."""
    return Counter(Card.parse(c) if isinstance(c, str) else c for c in cs)


def ruleset(rid: str):
    return get_ruleset(rid)
