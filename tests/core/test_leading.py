"""Leading and throwing (RULES.md §4; seed 001 四.2, seed 000 §8, seed 002 出牌规则4)."""

from collections import Counter
import random

import pytest

from game.core.cards import ONE_DECK, cards
from game.core.tricks import check_lead, throw_outcome
from game.core.units import decompose
from tests.support import ctx


def outcome(lead, others, level="10", trump="S"):
    hands = [cards(h) for h in others] + [[]] * (3 - len(others))
    return throw_outcome(cards(lead), hands, ctx(level, trump))


def played(result):
    return Counter(result.played)


# ---------------------------------------------------------------------- what may be led


@pytest.mark.parametrize("lead", ["AH", "AH AH", "KH KH QH QH", "AH KH 5H", "BJ 10H AS 2S", "10C 10D"])
def test_one_effective_suit_is_a_valid_lead(lead):
    assert check_lead(cards(lead), ctx("10", "S")) is None


@pytest.mark.parametrize("lead", ["AH AS", "10H JH", "BJ AH", "2C 2D"])
def test_mixed_suits_are_not_a_lead(lead):
    refusal = check_lead(cards(lead), ctx("10", "S"))
    assert refusal is not None and refusal.code == "lead.mixed"
    assert "one suit" in refusal.english()


def test_an_empty_lead_is_refused():
    assert check_lead([], ctx()).code == "lead.empty"


@pytest.mark.parametrize("lead", ["5H", "5H 5H", "5H 5H 4H 4H", "BJ", "10S 10S 10H 10H AS AS"])
def test_one_unit_always_stands(lead):
    # even when the others hold far better cards
    r = outcome(lead, ["BJ BJ SJ SJ AH AH KH KH QH QH 10S 10S 10C 10C AS AS", "6H 6H 7H 7H 8H 8H"])
    assert (r.throw, r.ok, r.blocked) == (False, True, 0)
    assert played(r) == Counter(cards(lead))


# ------------------------------------------------------------------ seed 001 四.2 K8844


def test_K8844_fails_against_an_ace_and_K_is_played():
    r = outcome("KH 8H 8H 4H 4H", ["AH 2C"])
    assert (r.throw, r.ok, r.blocked) == (True, False, 1)
    assert played(r) == Counter(cards("KH"))


def test_K8844_fails_against_QQ_and_44_is_played():
    # QQ beats both pairs: 88 and 44 are blocked, the lowest (44) is played
    r = outcome("KH 8H 8H 4H 4H", ["QH QH 2C"])
    assert (r.ok, r.blocked) == (False, 4)
    assert played(r) == Counter(cards("4H 4H"))


def test_K8844_fails_against_55_and_44_is_played():
    r = outcome("KH 8H 8H 4H 4H", ["5H 5H"])
    assert (r.ok, r.blocked) == (False, 2)
    assert played(r) == Counter(cards("4H 4H"))


def test_K8844_stands_against_lower_and_unpaired_cards():
    r = outcome("KH 8H 8H 4H 4H", ["QH 9H 2C", "3C JH", "3D"])
    assert (r.throw, r.ok, r.blocked) == (True, True, 0)
    assert played(r) == Counter(cards("KH 8H 8H 4H 4H"))


def test_K8844_against_A_and_55_in_two_hands_plays_44_and_blocks_3():
    r = outcome("KH 8H 8H 4H 4H", ["AH", "5H 5H"])
    assert (r.ok, r.blocked) == (False, 3)
    assert played(r) == Counter(cards("4H 4H"))


def test_K8844_all_beaten_blocks_all_five():
    r = outcome("KH 8H 8H 4H 4H", ["AH QH QH"])
    assert (r.ok, r.blocked) == (False, 5)
    assert played(r) == Counter(cards("4H 4H"))


@pytest.mark.parametrize("lead", ["AH AH KH", "AH KH KH", "AH QH QH JH JH", "9H 8H 8H 4H 4H"])
def test_seed_001_example_throws_stand_when_nobody_beats_them(lead):
    # 副牌中AAK、AKK、AQQJJ、98844 (若其他家中无人有能大过 … 的牌)
    r = outcome(lead, ["3H 2H", "5H 6H 2C", "7H"])
    assert (r.throw, r.ok, r.blocked) == (True, True, 0)


def test_98844_fails_against_a_higher_single():
    r = outcome("9H 8H 8H 4H 4H", ["JH 3H"])
    assert (r.ok, r.blocked) == (False, 1)
    assert played(r) == Counter(cards("9H"))


# ------------------------------------------------------------------ who can beat what


def test_trumping_by_void_players_does_not_fail_a_throw():
    r = outcome("AH KH", ["BJ BJ SJ SJ 10S 10S", "2S 3S", "AS"])
    assert (r.ok, r.blocked) == (True, 0)


def test_only_the_led_effective_suit_counts():
    # an ace of clubs and off-suit level hearts (trumps) do not beat a heart throw
    r = outcome("KH QH", ["AC AC", "10H 10H", "AD"])
    assert r.ok


def test_a_single_is_beaten_by_one_card_of_a_pair():
    r = outcome("AH AH QH", ["KH KH"])
    assert (r.ok, r.blocked) == (False, 1)
    assert played(r) == Counter(cards("QH"))


def test_a_pair_is_beaten_by_a_pair_inside_a_tractor():
    r = outcome("AH 9H 9H", ["KH KH QH QH"])
    assert not r.ok and played(r) == Counter(cards("9H 9H"))


def test_a_pair_is_not_beaten_by_two_higher_singles():
    r = outcome("AH 9H 9H", ["KH QH JH"])
    assert r.ok


def test_pair_beaten_by_higher_pair_from_a_three_deck_triple():
    r = outcome("AH 9H 9H", ["JH JH JH"])
    assert not r.ok and r.blocked == 2


@pytest.mark.parametrize(
    "others,beaten",
    [
        (["KH KH 9H 9H"], False),  # two pairs, not consecutive
        (["5H 5H 4H 4H 3H 3H"], False),  # longer, but lower
        (["8H 8H 6H 6H"], False),  # 8-6 across the 7 is no tractor
        (["9H 9H 8H 8H 7H 7H"], True),  # longer and higher: contains 9988
        (["8H 8H 7H 7H"], True),  # same length, higher top
        (["AH AH KH KH"], True),
        (["JH JH 9H 9H"], True),  # over the skipped level rank
    ],
)
def test_a_tractor_is_beaten_only_by_a_same_length_or_longer_higher_tractor(others, beaten):
    r = outcome("7H 7H 6H 6H AH", others, level="10")
    assert r.ok is not beaten
    if beaten:
        assert played(r) == Counter(cards("7H 7H 6H 6H")) and r.blocked == 4


def test_an_equal_tractor_does_not_beat_a_tractor():
    # three decks: another player holds the same 7766
    r = outcome("7H 7H 6H 6H AH", ["7H 7H 6H 6H"])
    assert r.ok


def test_a_three_pair_tractor_is_not_beaten_by_a_higher_two_pair_tractor():
    r = outcome("7H 7H 6H 6H 5H 5H AH", ["AH AH KH KH"])
    assert r.ok


def test_equal_off_suit_level_cards_do_not_beat_each_other():
    # ♥10 ♥10 pair led with ♠A; ♣10 ♣10 is an equal pair, not a higher one, but it beats ♠A
    r = outcome("10H 10H AS", ["10C 10C"])
    assert (r.ok, r.blocked) == (False, 1)
    assert played(r) == Counter(cards("AS"))


def test_two_different_off_suit_level_cards_are_not_a_pair():
    r = outcome("AS AS KS", ["10H 10C"])
    assert (r.ok, r.blocked) == (False, 1)
    assert played(r) == Counter(cards("KS"))


def test_trump_throw_beaten_by_a_joker():
    r = outcome("BJ AS", ["SJ"])
    assert not r.ok and played(r) == Counter(cards("AS"))


# ---------------------------------------------------------------- the forced unit ties


def test_a_three_deck_triple_led_is_a_throw():
    r = outcome("5H 5H 5H", [])
    assert (r.throw, r.ok) == (True, True)


def test_tie_on_top_card_plays_the_unit_with_fewer_cards():
    # 555 = pair 55 + single 5; 66 beats both; the single is played, 3 cards blocked
    r = outcome("5H 5H 5H", ["6H 6H"])
    assert (r.ok, r.blocked) == (False, 3)
    assert played(r) == Counter(cards("5H"))


def test_only_the_single_of_a_triple_beaten():
    r = outcome("5H 5H 5H", ["6H"])
    assert (r.ok, r.blocked) == (False, 1)
    assert played(r) == Counter(cards("5H"))


def test_a_pair_beaten_while_the_single_stands_plays_the_pair():
    r = outcome("AH 5H 5H", ["6H 6H"])
    assert (r.ok, r.blocked) == (False, 2)
    assert played(r) == Counter(cards("5H 5H"))


@pytest.mark.parametrize("lead,first", [("10C 10H", "10C"), ("10H 10C", "10H"), ("10D 10C 10H", "10D")])
def test_further_tie_plays_the_unit_listed_first(lead, first):
    # two (or three) equal off-suit level singles, all beaten by ♠10
    r = outcome(lead, ["10S"])
    assert (r.ok, r.blocked) == (False, len(lead.split()))
    assert played(r) == Counter(cards(first))


def test_tractor_and_pair_with_the_same_top_play_the_pair():
    # T2 (♠A + an off-suit 10 pair) and the other off-suit 10 pair, both at the off-level
    # position; ♠10♠10 SJ SJ beats both: the pair (fewer cards) is played, 6 blocked
    r = outcome("10H 10H AS AS 10C 10C", ["10S 10S SJ SJ"])
    assert (r.ok, r.blocked) == (False, 6)
    ((card, n),) = played(r).items()
    assert n == 2 and card.rank == 10 and card.suit.value in "HC"


def test_lowest_beaten_unit_ranks_by_its_highest_card():
    # units: QQJJ tractor (top Q) and single 9, both beaten: the single 9 is lower
    r = outcome("QH QH JH JH 9H", ["AH AH KH KH", "JH"])
    assert (r.ok, r.blocked) == (False, 5)
    assert played(r) == Counter(cards("9H"))


def test_logistics_failed_throw_plays_the_smallest_beaten_card():
    # seed 002: 甩牌失败强制出最小牌
    r = outcome("KH QH 3H", ["AH", "4H"], level="2", trump="S")
    assert (r.ok, r.blocked) == (False, 3)
    assert played(r) == Counter(cards("3H"))
    # whatever beats a higher single beats the lowest one too: always the smallest card
    r = outcome("KH QH 3H", ["AH"], level="2", trump="S")
    assert played(r) == Counter(cards("3H")) and r.blocked == 3


def test_blocked_counts_every_card_of_every_beaten_unit():
    r = outcome("AH AH 9H 9H 8H 8H 4H 3H", ["JH JH 10H 10H 5H"], level="2", trump="S")
    # 9988 beaten by JJ1010 (tractor), 44 → no; singles 4, 3 beaten by 5
    assert not r.ok and r.blocked == 6
    assert played(r) == Counter(cards("3H"))
    assert sorted(u.size for u in r.beaten) == [1, 1, 4]


def test_a_pair_needs_both_cards_in_one_hand():
    # two players holding one ♥K each do not beat ♥QQ
    r = outcome("AH QH QH", ["KH 3C", "KH 4C", "2C"])
    assert r.ok


def test_a_tractor_needs_all_its_pairs_in_one_hand():
    r = outcome("7H 7H 6H 6H AH", ["9H 9H", "8H 8H"])
    assert r.ok


# -------------------------------------------------------------- independent oracle


def _oracle(lead, others, c):
    """RULES.md §4 read literally: (ok, forced cards as a Counter, blocked)."""
    units = decompose(lead, c)
    if len(units) == 1:
        return True, Counter(lead), 0
    suit = c.suit_of(lead[0])

    def beats(unit, hand):
        held = Counter(x for x in hand if c.suit_of(x) == suit)
        pair_pos = Counter()
        for card, n in held.items():
            pair_pos[c.position(card)] += n // 2
        if unit.pairs == 0:
            return any(c.position(x) > unit.top for x in held)
        k = unit.pairs
        return any(all(pair_pos[p] for p in range(top - k + 1, top + 1)) for top in range(unit.top + 1, 16))

    beaten = [u for u in units if any(beats(u, h) for h in others)]
    if not beaten:
        return True, Counter(lead), 0

    def first_listed(u):
        return min(i for i, x in enumerate(lead) if x in u.cards)

    low = min(beaten, key=lambda u: (u.top, len(u.cards), first_listed(u)))
    return False, Counter(low.cards), sum(len(u.cards) for u in beaten)


def _random_throw(rng):
    level, trump = rng.choice(["2", "10", "A"]), rng.choice(["S", "H", "NT"])
    c = ctx(level, trump)
    suit = rng.choice(["trump", "C", "D"])
    pool = [x for x in ONE_DECK if c.suit_of(x) == suit]
    lead = []
    for _ in range(rng.randint(2, 4)):
        x = rng.choice(pool)
        lead += [x] * rng.choice([1, 2, 2])
        if rng.random() < 0.4:
            nxt = [y for y in pool if c.position(y) == c.position(x) - 1]
            if nxt:
                lead += [x, rng.choice(nxt), rng.choice(nxt)]
    others = [
        [rng.choice(list(ONE_DECK)) for _ in range(rng.randint(0, 4))]
        + [x for x in rng.sample(pool, min(len(pool), rng.randint(0, 4))) for _ in range(rng.choice([1, 2]))]
        for _ in range(3)
    ]
    return lead, others, c


@pytest.mark.parametrize("seed", range(300))
def test_throw_outcome_agrees_with_the_rules(seed):
    lead, others, c = _random_throw(random.Random(seed))
    r = throw_outcome(lead, others, c)
    ok, forced, blocked = _oracle(lead, others, c)
    assert (r.ok, Counter(r.played), r.blocked) == (ok, forced, blocked), (
        [str(x) for x in lead],
        [[str(x) for x in h] for h in others],
        str(c),
    )
    assert r.throw == (len(decompose(lead, c)) > 1)
