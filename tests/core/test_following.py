"""Following (RULES.md §5; seed 000 §7, seed 001 四.3)."""

from collections import Counter
from itertools import combinations
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from game.core.cards import ONE_DECK, cards
from game.core.tricks import check_follow, legal_follows
from game.core.units import Format, decompose
from tests.support import ctx


def follow(lead, hand, play, level="10", trump="S"):
    return check_follow(cards(lead), cards(hand), cards(play), ctx(level, trump))


def legal(lead, hand, play, level="10", trump="S"):
    return follow(lead, hand, play, level, trump) is None


def follows(lead, hand, level="10", trump="S"):
    return {frozenset(Counter(p).items()) for p in legal_follows(cards(lead), cards(hand), ctx(level, trump))}


def key(text):
    return frozenset(Counter(cards(text)).items())


# ----------------------------------------------------------------------- counts, holding


def test_wrong_number_of_cards_is_refused():
    r = follow("AH AH", "KH QH JH", "KH")
    assert r.code == "follow.count" and "2" in r.english()
    assert follow("AH AH", "KH QH JH", "KH QH JH").code == "follow.count"


def test_cards_not_held_are_refused():
    assert follow("AH", "KH QH", "JH").code == "follow.not_held"
    assert follow("AH AH", "KH QH", "KH KH").code == "follow.not_held"


# ------------------------------------------------------------------------- rule 1: suit


def test_must_follow_the_led_suit():
    assert not legal("AH", "3H 4C", "4C")
    assert legal("AH", "3H 4C", "3H")


def test_led_suit_is_the_effective_suit_level_card_is_trump():
    # playing 10: ♥10 is a trump, so a player with ♥10 and ♣4 is void in hearts
    assert legal("AH", "10H 4C", "4C")
    assert legal("AH", "10H 4C", "10H")


def test_off_suit_level_card_follows_a_trump_lead():
    assert not legal("AS", "10H 3H 4C", "3H")
    assert legal("AS", "10H 3H 4C", "10H")


def test_trump_suit_card_follows_a_trump_lead_and_jokers_too():
    assert not legal("10S", "2S BJ 3H", "3H")
    assert legal("10S", "2S BJ 3H", "2S") and legal("10S", "2S BJ 3H", "BJ")


def test_no_trump_level_cards_are_trumps():
    assert not legal("BJ", "2H 3H", "3H", level="2", trump="NT")
    assert legal("BJ", "2H 3H", "2H", level="2", trump="NT")


def test_single_lead_any_card_of_the_suit():
    for play in ["3H", "KH", "QH"]:
        assert legal("AH", "3H KH QH 2S", play)


def test_short_suit_must_play_all_of_it():
    # two hearts against four led: both hearts plus any two others
    assert legal("7H 7H 6H 6H", "KH 3H 5C 6C 2S", "KH 3H 5C 2S")
    assert not legal("7H 7H 6H 6H", "KH 3H 5C 6C 2S", "KH 5C 6C 2S")
    r = follow("7H 7H 6H 6H", "KH 3H 5C 6C 2S", "KH 5C 6C 2S")
    assert r.code == "follow.suit"


def test_short_suit_may_add_any_other_cards_trumps_included():
    assert follows("7H 7H 6H 6H", "KH 3H 5C 2S BJ") == {key("KH 3H 5C 2S"), key("KH 3H 5C BJ"), key("KH 3H 2S BJ")}


def test_exactly_n_cards_of_the_suit_play_them_all():
    assert follows("AH AH", "3H 9H 2S 2S") == {key("3H 9H")}


@pytest.mark.parametrize("play", ["2S", "5C", "BJ"])
def test_void_plays_anything(play):
    assert legal("AH", "2S 5C BJ", play)


def test_void_in_a_pair_lead_need_not_trump_with_a_pair():
    assert legal("AH AH", "2S 2S 5C 6C", "5C 2S")
    assert legal("AH AH", "2S 2S 5C 6C", "5C 6C")


# ------------------------------------------------------------------------ rule 2: shape


def test_pair_led_must_follow_with_a_pair():
    assert not legal("7H 7H", "9H 9H 3H KC", "9H 3H")
    r = follow("7H 7H", "9H 9H 3H KC", "9H 3H")
    assert r.code == "follow.pair"
    assert legal("7H 7H", "9H 9H 3H KC", "9H 9H")


def test_any_pair_may_follow_a_pair():
    assert follows("7H 7H", "9H 9H 3H 3H AH") == {key("9H 9H"), key("3H 3H")}


def test_pair_from_a_tractor_follows_a_pair():
    # 包括拖拉机中的对牌
    assert legal("7H 7H", "KH KH QH QH 3H", "KH KH")
    assert legal("7H 7H", "KH KH QH QH 3H", "QH QH")
    assert not legal("7H 7H", "KH KH QH QH 3H", "KH QH")


def test_pair_from_a_three_deck_triple_follows_a_pair():
    assert not legal("7H 7H", "9H 9H 9H 3H", "9H 3H")
    assert legal("7H 7H", "9H 9H 9H 3H", "9H 9H")


def test_two_off_suit_level_cards_are_no_pair():
    # ♥10 ♣10 are equal trumps but not a pair: any two trumps follow a trump pair
    assert legal("AS AS", "10H 10C 3S", "10H 3S")
    assert legal("AS AS", "10H 10C 3S", "10H 10C")


def test_tractor_led_must_follow_with_a_tractor():
    assert not legal("7H 7H 6H 6H", "KH KH QH QH 3H 3H 5C", "KH KH 3H 3H")
    r = follow("7H 7H 6H 6H", "KH KH QH QH 3H 3H 5C", "KH KH 3H 3H")
    assert r.code == "follow.tractor"
    assert legal("7H 7H 6H 6H", "KH KH QH QH 3H 3H 5C", "KH KH QH QH")


def test_tractor_cut_from_a_longer_run():
    assert follows("7H 7H 6H 6H", "AH AH KH KH QH QH") == {key("AH AH KH KH"), key("KH KH QH QH")}


def test_tractor_across_the_level_gap_must_follow():
    assert not legal("7H 7H 6H 6H", "JH JH 9H 9H AH KH", "JH JH AH KH")
    assert legal("7H 7H 6H 6H", "JH JH 9H 9H AH KH", "JH JH 9H 9H")


def test_trump_tractor_across_level_cards_must_follow():
    # trump lead 5S5S4S4S; follower holds ♠A♠A ♥10♥10: a trump tractor
    assert not legal("5S 5S 4S 4S", "AS AS 10H 10H 3S 2S", "AS AS 3S 2S")
    assert legal("5S 5S 4S 4S", "AS AS 10H 10H 3S 2S", "AS AS 10H 10H")


def test_two_off_suit_level_pairs_are_no_tractor_but_are_pairs():
    assert follows("5S 5S 4S 4S", "10H 10H 10C 10C 3S 2S") == {key("10H 10H 10C 10C")}


def test_tractor_led_without_tractor_pairs_are_required():
    # 若无拖拉机，则必须出对牌
    assert legal("7H 7H 6H 6H", "KH KH 9H 9H 3H 5C", "KH KH 9H 9H")
    assert not legal("7H 7H 6H 6H", "KH KH 9H 9H 3H 5C", "KH KH 9H 3H")
    assert follow("7H 7H 6H 6H", "KH KH 9H 9H 3H 5C", "KH KH 9H 3H").code == "follow.tractor_pairs"


def test_tractor_led_one_pair_then_anything():
    assert follows("7H 7H 6H 6H", "KH KH 9H 3H") == {key("KH KH 9H 3H")}
    assert follows("7H 7H 6H 6H", "KH KH 9H 3H 2H") == {key("KH KH 9H 3H"), key("KH KH 9H 2H"), key("KH KH 3H 2H")}


def test_short_suit_keeps_its_pair_when_padding():
    assert not legal("7H 7H 6H 6H", "KH KH 3H 5C 6C", "KH 3H 5C 6C")
    assert legal("7H 7H 6H 6H", "KH KH 3H 5C 6C", "KH KH 3H 5C")


def test_three_pair_tractor_led_two_pair_tractor_and_a_pair():
    lead = "7H 7H 6H 6H 5H 5H"
    hand = "AH AH KH KH 9H 9H 3H 2H 4C"
    assert legal(lead, hand, "AH AH KH KH 9H 9H")
    assert not legal(lead, hand, "AH AH 9H 9H 3H 2H")  # t = 0
    assert not legal(lead, hand, "AH AH KH KH 3H 2H")  # t = 2 but p = 2


def test_tractor_and_pair_led_hand_has_only_pairs():
    lead = "7H 7H 6H 6H AH AH"
    assert follows(lead, "KH KH 9H 9H 4H 4H 2H") == {key("KH KH 9H 9H 4H 4H")}


def test_two_tractors_led_a_four_run_is_cut_in_two():
    lead = "9H 9H 8H 8H 4H 4H 3H 3H"
    hand = "AH AH KH KH QH QH JH JH 5H 2H"
    assert follows(lead, hand) == {key("AH AH KH KH QH QH JH JH")}


def test_two_tractors_led_one_tractor_and_pairs():
    lead = "9H 9H 8H 8H 4H 4H 3H 3H"
    hand = "AH AH KH KH QH QH 6H 6H 2H"
    got = follows(lead, hand)
    assert key("AH AH KH KH QH QH 6H 6H") in got
    assert all(sum(n // 2 for _, n in play) == 4 for play in got)


def test_rules_md_example_tp_scores():
    # RULES.md §5: hebi-2010 level 2; lead ♥665544 + ♥10 10 9 9; follower ♥AAKKQQJJ7733
    lead = "6H 6H 5H 5H 4H 4H 10H 10H 9H 9H"
    hand = "AH AH KH KH QH QH JH JH 7H 7H 3H 3H"
    assert legal(lead, hand, "AH AH KH KH QH QH JH JH 7H 7H", level="2")
    r = follow(lead, hand, "AH AH KH KH QH QH 7H 7H 3H 3H", level="2")
    assert r is not None and r.code == "follow.tractor"
    assert follows(lead, hand, level="2") == {
        key("AH AH KH KH QH QH JH JH 7H 7H"),
        key("AH AH KH KH QH QH JH JH 3H 3H"),
    }


def test_pair_count_is_capped_at_the_leads_pairs():
    # lead: pair + two singles; any play with one pair is as good as one with two
    assert legal("AH AH KH QH", "9H 9H 8H 8H 3H", "9H 9H 8H 3H")
    assert legal("AH AH KH QH", "9H 9H 8H 8H 3H", "9H 9H 8H 8H")
    assert not legal("AH AH KH QH", "9H 9H 8H 8H 3H 2H", "9H 8H 3H 2H")


def test_a_tractor_longer_than_the_lead_counts_only_up_to_the_lead():
    # lead T2 + single: a T3 play scores t = 2 like any T2
    lead = "7H 7H 6H 6H AH"
    hand = "QH QH JH JH 9H 9H 3H"
    assert legal(lead, hand, "QH QH JH JH 3H")
    assert legal(lead, hand, "QH QH JH JH 9H")
    assert legal(lead, hand, "JH JH 9H 9H QH")


# ------------------------------------------------------------------------- the reasons

ENGLISH = re.compile(r"^[A-Z][^\n]*[a-z][^\n]*\.$")


@pytest.mark.parametrize(
    "lead,hand,play,code,words",
    [
        ("AH AH", "KH QH JH", "KH", "follow.count", [("2",)]),
        ("AH", "KH QH", "JH", "follow.not_held", [("hold",)]),
        ("AH", "3H 4C", "4C", "follow.suit", [("follow",), ("♥", "heart")]),
        ("AS", "10H 3H", "3H", "follow.suit", [("follow",), ("trump",)]),
        ("7H 7H", "9H 9H 3H KC", "9H 3H", "follow.pair", [("pair",), ("♥9",)]),
        ("7H 7H 6H 6H", "KH KH QH QH 3H 3H", "KH KH 3H 3H", "follow.tractor", [("tractor",), ("♥k",), ("♥q",)]),
    ],
)
def test_refusals_are_english_sentences_naming_the_obligation(lead, hand, play, code, words):
    r = follow(lead, hand, play)
    assert r.code == code
    text = r.english()
    assert text and ENGLISH.match(text), text
    for alternatives in words:  # each obligation named, in any capitalisation
        assert any(w in text.lower() for w in alternatives), (alternatives, text)
    assert str(r) == text
    if code != "follow.not_held":
        assert r.section == "§5"


# ------------------------------------------- legal_follows == check_follow == RULES.md oracle


def _oracle_t(in_suit, tractors, c):
    """Most pairs laid out as disjoint runs, one per lead tractor, each no longer than it."""
    avail = Counter()
    for card, n in Counter(in_suit).items():
        avail[c.position(card)] += n // 2
    best = 0

    def rec(i, got):
        nonlocal best
        best = max(best, got)
        if i == len(tractors):
            return
        rec(i + 1, got)
        for length in range(2, tractors[i] + 1):
            for start in range(17 - length):
                span = range(start, start + length)
                if all(avail[p] for p in span):
                    for p in span:
                        avail[p] -= 1
                    rec(i + 1, got + length)
                    for p in span:
                        avail[p] += 1

    rec(0, 0)
    return best


def _all_plays(hand, n):
    return {frozenset(Counter(combo).items()) for combo in combinations(sorted(hand), n)}


def _oracle(lead, hand, c):
    """The set of legal follows straight from RULES.md §5 by brute force."""
    n, suit = len(lead), c.suit_of(lead[0])
    fmt = Format.of(decompose(lead, c))
    held = sum(1 for x in hand if c.suit_of(x) == suit)

    def score(play):
        in_suit = [x for x, k in play for _ in range(k) if c.suit_of(x) == suit]
        return (
            _oracle_t(in_suit, fmt.tractors, c),
            min(fmt.total_pairs, sum(k // 2 for k in Counter(in_suit).values())),
        )

    plays = [p for p in _all_plays(hand, n) if sum(k for x, k in p if c.suit_of(x) == suit) == min(n, held)]
    scores = {p: score(p) for p in plays}
    best = max(scores.values())
    return {p for p, s in scores.items() if s == best}


def _random_case(rng):
    """A lead built from units (tractors, pairs, singles) and a hand rich in pairs and runs."""
    decks = rng.choice([2, 3])
    level = rng.choice(["2", "7", "10", "A"])
    trump = rng.choice(["S", "H", "NT"])
    c = ctx(level, trump)
    suit = rng.choice([s for s in ("trump", "H", "C") if not (trump == "H" and s == "H")])
    in_suit = [
        x
        for x in ONE_DECK
        if c.suit_of(x) == ("trump" if suit == "trump" else x.suit) and (suit == "trump" or x.suit.value == suit)
    ]
    by_pos = {}
    for x in in_suit:
        by_pos.setdefault(c.position(x), []).append(x)
    positions = sorted(by_pos)
    lead = []
    k = rng.choice([0, 2, 2, 3])
    if k:
        start = rng.randrange(0, len(positions) - k + 1)
        for p in positions[start : start + k]:
            lead += [rng.choice(by_pos[p])] * 2
    for _ in range(rng.choice([0, 1, 1, 2])):
        if len(lead) <= 6:
            lead += [rng.choice(in_suit)] * 2
    for _ in range(rng.choice([0, 1, 2])):
        lead.append(rng.choice(in_suit))
    if not lead:
        lead = [rng.choice(in_suit)]
    lead = lead[:8]
    n = len(lead)
    lo = rng.randrange(0, max(1, len(positions) - 5))
    window = [x for p in positions[lo : lo + 6] for x in by_pos[p]]
    hand = []
    for x in window:
        hand += [x] * rng.choice([0, 1, 2, 2, decks])
    rng.shuffle(hand)
    hand = hand[: rng.randint(max(1, n - 2), n + 4)]
    others = [x for x in ONE_DECK if x not in in_suit]
    hand += rng.sample(others, max(0, min(12, n + rng.randint(0, 2)) - len(hand)))
    return lead, hand[:12], c


@pytest.mark.parametrize("seed", range(300))
def test_legal_follows_and_check_follow_agree_with_the_rules(seed):
    lead, hand, c = _random_case(random.Random(seed))
    expected = _oracle(lead, hand, c)
    accepted = {
        p
        for p in _all_plays(hand, len(lead))
        if check_follow(lead, hand, [x for x, k in p for _ in range(k)], c) is None
    }
    produced = [frozenset(Counter(p).items()) for p in legal_follows(lead, hand, c)]
    assert accepted == expected, (lead, hand, str(c))
    assert set(produced) == expected
    assert len(produced) == len(set(produced)), "legal_follows repeats a play"


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1000, max_value=10**9))
def test_legal_follows_matches_check_follow_hypothesis(seed):
    lead, hand, c = _random_case(random.Random(seed))
    accepted = {
        p
        for p in _all_plays(hand, len(lead))
        if check_follow(lead, hand, [x for x, k in p for _ in range(k)], c) is None
    }
    assert accepted == {frozenset(Counter(p).items()) for p in legal_follows(lead, hand, c)}
    assert accepted == _oracle(lead, hand, c)
