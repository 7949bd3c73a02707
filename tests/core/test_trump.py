"""Trumps, effective suits and card order (RULES.md §2)."""

from itertools import pairwise

import pytest

from game.core.cards import ONE_DECK, Card, CardError, Rank, Suit, cards
from game.core.trump import TRUMP, TrumpContext
from tests.support import ctx


def order_holds(c, text):
    """``text`` lists cards high to low; ``=`` joins cards of equal rank: "BJ SJ 10S 10H=10C"."""
    groups = [[Card.parse(t) for t in g.split("=")] for g in text.split()]
    for group in groups:
        assert len({c.position(x) for x in group}) == 1, f"{group} should be equal"
    tops = [c.position(g[0]) for g in groups]
    assert tops == sorted(tops, reverse=True) and len(set(tops)) == len(tops), text
    return True


# ---------------------------------------------------------------------- which are trumps


@pytest.mark.parametrize("level", ["2", "7", "10", "K", "A"])
@pytest.mark.parametrize("trump", ["S", "H", "C", "D"])
def test_trumps_are_jokers_level_cards_and_the_trump_suit(level, trump):
    c = ctx(level, trump)
    rank = Rank.parse(level)
    for card in ONE_DECK:
        expected = card.is_joker or card.rank == rank or card.suit == Suit(trump)
        assert c.is_trump(card) == expected, card
        assert c.suit_of(card) == (TRUMP if expected else card.suit), card


@pytest.mark.parametrize("level", ["2", "10", "A"])
def test_no_trump_has_only_jokers_and_level_cards(level):
    c = ctx(level, "NT")
    trumps = [card for card in ONE_DECK if c.is_trump(card)]
    assert sorted(trumps) == sorted(cards(f"BJ SJ {level}S {level}H {level}C {level}D"))
    assert c.no_trump and c.trump_code == "NT"


@pytest.mark.parametrize("trump", ["S", "H", "C", "D"])
def test_one_deck_has_18_trumps_and_three_side_suits_of_12(trump):
    # seed 002: 主牌共18张，三种副牌各12张
    c = ctx("2", trump)
    assert sum(c.is_trump(card) for card in ONE_DECK) == 18
    for side in c.side_suits():
        assert sum(c.suit_of(card) == side for card in ONE_DECK) == 12


def test_no_trump_leaves_four_side_suits_of_12():
    c = ctx("2", "NT")
    assert c.side_suits() == (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
    for side in c.side_suits():
        assert sum(c.suit_of(card) == side for card in ONE_DECK) == 12


def test_off_suit_level_card_leaves_its_printed_suit():
    c = ctx("10", "S")
    assert c.suit_of(Card.parse("10H")) == TRUMP
    assert c.suit_of(Card.parse("JH")) == Suit.HEARTS


# ------------------------------------------------------------------------------ orders


def test_trump_order_playing_10_spades():
    # seed 001 一.1: 大王、小王、主10、副10、主A、K、Q、J、9 … 2
    assert order_holds(ctx("10", "S"), "BJ SJ 10S 10H=10C=10D AS KS QS JS 9S 8S 7S 6S 5S 4S 3S 2S")


def test_side_order_skips_the_level_rank():
    # seed 001 一.2: A、K、Q、J、9 … 2
    assert order_holds(ctx("10", "S"), "AH KH QH JH 9H 8H 7H 6H 5H 4H 3H 2H")


def test_trump_order_playing_2_seed_002():
    # seed 002: 黑桃2 declared: 大王、小王、主2、副2、黑桃A至3
    c = ctx("2", "S")
    assert order_holds(c, "BJ SJ 2S 2H=2C=2D AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S")
    assert order_holds(c, "AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D")


def test_trump_order_playing_ace():
    c = ctx("A", "H")
    assert order_holds(c, "BJ SJ AH AS=AC=AD KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H")
    assert order_holds(c, "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S")


@pytest.mark.parametrize("level", ["2", "10", "A"])
def test_no_trump_order_all_level_cards_equal(level):
    c = ctx(level, "NT")
    assert order_holds(c, f"BJ SJ {level}S={level}H={level}C={level}D")


@pytest.mark.parametrize("level,trump", [("10", "S"), ("2", "D"), ("A", "C"), ("7", "NT")])
def test_every_trump_beats_every_side_card_in_strength(level, trump):
    c = ctx(level, trump)
    weakest_trump = min(c.strength(x) for x in ONE_DECK if c.is_trump(x))
    strongest_side = max(c.strength(x) for x in ONE_DECK if not c.is_trump(x))
    assert weakest_trump > strongest_side


@pytest.mark.parametrize(
    "level,trump,off",
    [("10", "S", "10H 10C 10D"), ("2", "H", "2S 2C 2D"), ("A", "D", "AS AH AC"), ("5", "NT", "5S 5H 5C 5D")],
)
def test_off_suit_level_cards_are_equal(level, trump, off):
    c = ctx(level, trump)
    assert len({c.key(x) for x in cards(off)}) == 1


@pytest.mark.parametrize("level,trump", [("10", "S"), ("2", "S"), ("A", "H"), ("K", "C")])
def test_trump_positions_are_consecutive_from_trump_ace_to_big_joker(level, trump):
    # T-suit top, then off-suit L, then T-suit L, SJ, BJ: one step apart (tractor positions)
    c = ctx(level, trump)
    top = "K" if level == "A" else "A"
    off = next(s for s in "SHCD" if s != trump)
    chain = cards(f"{top}{trump} {level}{off} {level}{trump} SJ BJ")
    positions = [c.position(x) for x in chain]
    assert positions == list(range(positions[0], positions[0] + 5))


@pytest.mark.parametrize("level", ["3", "9", "J", "K"])
def test_side_ranks_step_over_the_level_rank(level):
    c = ctx(level, "S")
    below = Rank(int(Rank.parse(level)) - 1)
    above = Rank(int(Rank.parse(level)) + 1)
    assert c.position(Card.of(Suit.HEARTS, above)) - c.position(Card.of(Suit.HEARTS, below)) == 1


def test_no_wrap_around_between_ace_and_two():
    c = ctx("10", "S")
    assert c.position(Card.parse("AH")) - c.position(Card.parse("2H")) == 11


# --------------------------------------------------------------------------- parsing


@pytest.mark.parametrize("level,trump", [("10", "nt"), ("t", "s"), ("q", "NT"), ("A", "d")])
def test_context_parses_case_insensitively(level, trump):
    c = TrumpContext.parse(level, trump)
    assert c.level == Rank.parse(level)


@pytest.mark.parametrize("level,trump", [("10", "X"), ("1", "S"), ("BJ", "S"), ("10", "")])
def test_bad_context_is_refused(level, trump):
    with pytest.raises(CardError):
        TrumpContext.parse(level, trump)


def test_sort_hand_puts_trumps_first_highest_first():
    c = ctx("10", "S")
    hand = c.sort_hand(cards("3H 10H BJ 2S AS 10S SJ"))
    assert hand == cards("BJ SJ 10S 10H AS 2S 3H")


@pytest.mark.parametrize("trump", [None, *Suit])
@pytest.mark.parametrize("level", [Rank.TWO, Rank.TEN, Rank.ACE])
def test_a_sorted_hand_groups_trumps_then_side_suits_each_high_to_low(level, trump):
    # Compiled, the sort counts cards by place; any hand of up to three decks sorts as the
    # order the docstring gives: trumps, then side suits in turn, high to low, ties by card.
    import random

    from game.core.cards import make_deck

    c = TrumpContext.of(level, trump)
    rng = random.Random(f"{level}{trump}")
    for size in (0, 1, 2, 12, 33, 60):
        hand = rng.sample(make_deck(3), size)
        got = c.sort_hand(iter(hand))
        groups = [c.suit_of(x) for x in got]
        first_seen = list(dict.fromkeys(groups))
        assert sorted(got) == sorted(hand)
        assert TRUMP not in first_seen[1:] and groups == sorted(groups, key=first_seen.index)
        for a, b in pairwise(got):
            if c.suit_of(a) == c.suit_of(b):
                assert (c.position(a), -int(a)) >= (c.position(b), -int(b))


def test_an_effective_suit_is_its_own_type_not_a_printed_suit():
    from game.core import EffectiveSuit

    ctx = TrumpContext(Rank.TEN, Suit.SPADES)
    level_heart, nine_heart = Card.parse("10H"), Card.parse("9H")
    assert ctx.suit_of(level_heart) is EffectiveSuit.TRUMP and level_heart.suit is Suit.HEARTS
    side = ctx.suit_of(nine_heart)
    assert type(side) is EffectiveSuit and not isinstance(side, Suit)
    assert side is EffectiveSuit.side(Suit.HEARTS) and side.printed is Suit.HEARTS
    assert EffectiveSuit.TRUMP.printed is None
    # The words the protocol and the refusals use are unchanged.
    assert [s.value for s in EffectiveSuit] == ["S", "H", "C", "D", "trump"]
