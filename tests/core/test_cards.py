"""Cards, notation and points (RULES.md §2, REFEREE.md "Cards")."""

from collections import Counter
import random

import pytest

from game.core.cards import (
    BIG_JOKER,
    ONE_DECK,
    SMALL_JOKER,
    Card,
    CardError,
    Rank,
    Suit,
    cards,
    format_cards,
    make_deck,
    parse_cards,
    points_of,
    shuffled_deck,
)
from game.core.shuffle import shuffle
from tests.support import RULESET_IDS, ruleset

ALL_CARDS = sorted(ONE_DECK)


# ------------------------------------------------------------------------------ notation


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_round_trips(card):
    assert Card.parse(str(card)) is card


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_every_card_parses_lowercase(card):
    assert Card.parse(str(card).lower()) is card


@pytest.mark.parametrize("suit", "SHCD")
@pytest.mark.parametrize("ten", ["T", "t", "10"])
def test_ten_is_written_t_or_10_and_answered_as_10(ten, suit):
    card = Card.parse(ten + suit)
    assert str(card) == "10" + suit
    assert card.rank == Rank.TEN and card.suit == Suit(suit)
    assert Card.parse(ten + suit.lower()) is card


def test_canonical_forms():
    assert format_cards(parse_cards(["ts", "qd", "bj", "sj", "aS", "2h"])) == ["10S", "QD", "BJ", "SJ", "AS", "2H"]


def test_jokers_are_not_jacks():
    assert Card.parse("SJ") is SMALL_JOKER and Card.parse("BJ") is BIG_JOKER
    assert Card.parse("JS").rank == Rank.JACK and Card.parse("JS").suit == Suit.SPADES
    assert SMALL_JOKER.is_joker and BIG_JOKER.is_joker and not Card.parse("JS").is_joker


@pytest.mark.parametrize("text", ["1X", "11S", "1S", "10", "S10", "BJS", "T", "XJ", "TJ", "", "ZZ", "10X", "0S", "AJ"])
def test_malformed_cards_are_refused(text):
    with pytest.raises(CardError):
        Card.parse(text)


@pytest.mark.parametrize("value", [10, None, ["2S"], b"2S"])
def test_non_strings_are_refused(value):
    with pytest.raises(CardError):
        Card.parse(value)


def test_parse_cards_wants_a_list():
    with pytest.raises(CardError):
        parse_cards("2S 3S")


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_a_card_may_repeat_as_often_as_there_are_decks(decks):
    assert len(parse_cards(["5H"] * decks, max_copies=decks)) == decks
    with pytest.raises(CardError, match="5H"):
        parse_cards(["5H"] * (decks + 1), max_copies=decks)


def test_cards_literal_helper():
    assert cards("10S 10S BJ") == [Card.parse("10S"), Card.parse("10S"), BIG_JOKER]
    assert cards("th Ts") == [Card.parse("10H"), Card.parse("10S")]


def test_identical_cards_are_one_value():
    a, b = cards("KH KH")
    assert a is b and a == b and hash(a) == hash(b)
    with pytest.raises(AttributeError):
        a.rank = Rank.ACE


@pytest.mark.parametrize("text", ["2", "3", "9", "10", "T", "t", "J", "q", "K", "a"])
def test_level_ranks_parse(text):
    rank = Rank.parse(text)
    assert Rank.TWO <= rank <= Rank.ACE


@pytest.mark.parametrize("text", ["1", "11", "B", "SJ", "BJ", ""])
def test_bad_level_ranks_are_refused(text):
    with pytest.raises(CardError):
        Rank.parse(text)


# ------------------------------------------------------------------------------- points


@pytest.mark.parametrize("card", ALL_CARDS, ids=str)
def test_points_of_each_card(card):
    expected = {Rank.FIVE: 5, Rank.TEN: 10, Rank.KING: 10}.get(card.rank, 0)
    assert card.points == expected


def test_jokers_score_nothing():
    assert points_of(cards("BJ SJ")) == 0


def test_one_deck_holds_100_points():
    assert points_of(ONE_DECK) == 100


def test_points_of_a_mixed_pile():
    assert points_of(cards("5H 10S KD 5C 2S AS BJ")) == 30


# -------------------------------------------------------------------------------- decks


def test_one_deck_is_54_distinct_cards():
    assert len(ONE_DECK) == 54 and len(set(ONE_DECK)) == 54
    assert sum(c.is_joker for c in ONE_DECK) == 2


@pytest.mark.parametrize("decks,size", [(1, 54), (2, 108), (3, 162)])
def test_deck_sizes(decks, size):
    deck = make_deck(decks)
    assert len(deck) == size
    assert set(Counter(deck).values()) == {decks}
    assert points_of(deck) == 100 * decks


@pytest.mark.parametrize(
    "rid,decks,hand,kitty", [("hebi-2010", 2, 25, 8), ("lanzhou-2010", 3, 39, 6), ("logistics-2015", 1, 12, 6)]
)
def test_ruleset_deals_the_whole_deck(rid, decks, hand, kitty):
    r = ruleset(rid)
    assert (r.decks, r.hand_size, r.kitty) == (decks, hand, kitty)
    assert 4 * r.hand_size + r.kitty == len(make_deck(r.decks))
    assert r.total_points == 100 * decks


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_every_ruleset_is_listed(rid):
    assert ruleset(rid).id == rid


def test_holds_is_a_multiset_inclusion_whatever_the_hand_is_held_in():
    # ``holds`` (compiled in game/core/holding.py) against Counter arithmetic: a hand as a
    # list, a tuple, a Counter or a one-pass iterator, plays of one card and of several.
    import random

    from game.core.cards import holds, make_deck

    rng = random.Random(29)
    deck = make_deck(2)
    for _ in range(400):
        hand = rng.sample(deck, rng.randint(0, 12))
        wanted = (
            rng.sample(deck, rng.randint(1, 4))
            if rng.random() < 0.5
            else rng.sample(hand or deck, 1) * rng.randint(1, 3)
        )
        expected = not (Counter(wanted) - Counter(hand))
        for held in (hand, tuple(hand), Counter(hand), iter(hand)):
            assert holds(held, wanted) is expected, (hand, wanted, type(held))
        assert holds(hand, tuple(wanted)) is expected


def test_points_by_code_are_each_cards_points():
    # game/core/holding.py counts points by card code, without the Card class.
    from game.core.cards import ONE_DECK, points_of
    from game.core.holding import POINTS_BY_CODE

    assert [POINTS_BY_CODE[c] for c in ONE_DECK] == [c.points for c in ONE_DECK]
    assert points_of(ONE_DECK) == 100 and points_of([]) == 0


@pytest.mark.parametrize("seed", [0, 1, 7, 2**64 + 3, 273985162878101715608110233014410210969])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 54, 108, 162])
def test_the_deals_shuffle_is_randoms_own(seed, size):
    # A seed must deal what it always dealt: saved hands and replays keep only the seed.
    ours, theirs = list(range(size)), list(range(size))
    shuffle(ours, random.Random(seed))
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


def test_a_generator_of_its_own_shuffles_as_it_would():
    class Counting(random.Random):
        calls = 0

        def random(self) -> float:
            Counting.calls += 1
            return super().random()

    ours, theirs = list(range(30)), list(range(30))
    shuffle(ours, Counting(5))
    calls, Counting.calls = Counting.calls, 0
    Counting(5).shuffle(theirs)
    assert ours == theirs and calls == Counting.calls > 0


def test_a_shuffled_deck_is_the_whole_deck_in_the_seeds_order():
    deck = shuffled_deck(2, random.Random(11))
    expected = make_deck(2)
    random.Random(11).shuffle(expected)
    assert deck == expected and all(a is b for a, b in zip(deck, expected, strict=True))
