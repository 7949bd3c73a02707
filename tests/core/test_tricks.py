"""Winning a trick (RULES.md §6; seed 001 四.1, 四.4, 四.5; seed 000 §9)."""

from collections import Counter
import random

import pytest

from game.core.cards import ONE_DECK, cards, points_of
from game.core.tricks import _play_value, play_value, trick_points, trick_winner
from game.core.trump import TrumpContext
from game.core.units import Format, decompose, runs
from tests.support import ctx


def winner(*plays, level="10", trump="S"):
    return trick_winner([cards(p) for p in plays], ctx(level, trump))


# --------------------------------------------------------------- seed 001 四.5 examples


def test_trump_998872_trumps_side_AK5544():
    assert winner("AH KH 5H 5H 4H 4H", "2C 3C 4C 6C 7C 8C", "9S 9S 8S 8S 7S 2S", "3D 4D 6D 7D 8D 9D") == 2


def test_trump_998872_cannot_trump_side_AA5544():
    # AA5544 = tractor + pair: the trump play has a tractor but no second pair
    assert winner("AH AH 5H 5H 4H 4H", "2C 3C 4C 6C 7C 8C", "9S 9S 8S 8S 7S 2S", "3D 4D 6D 7D 8D 9D") == 0


def test_against_544_trump_977_trumps_and_884_overtrumps():
    assert winner("5H 4H 4H", "2C 3C 6C", "9S 7S 7S", "2D 3D 6D") == 2
    assert winner("5H 4H 4H", "2C 3C 6C", "9S 7S 7S", "8S 8S 4S") == 3


def test_against_567_trump_977_trumps_and_884_cannot_overtrump():
    assert winner("5H 6H 7H", "9S 7S 7S", "8S 8S 4S", "2C 3C 6C") == 1


# ------------------------------------------------------------------- the led suit


def test_higher_single_of_the_led_suit_wins():
    assert winner("9H", "QH", "JH", "AH") == 3
    assert winner("9H", "3H", "2H", "4H") == 0


def test_higher_pair_wins_and_two_singles_do_not():
    assert winner("7H 7H", "9H 9H", "KH AH", "3H 3H") == 1


def test_same_length_tractor_with_higher_top_wins():
    assert winner("7H 7H 6H 6H", "9H 9H 8H 8H", "AH AH QH QH", "JH JH 9H 9H") == 3


def test_equal_cards_the_first_played_wins():
    # seed 001 四.1: 同等大小的牌以先出者为大
    assert winner("AH", "AH", "KH", "QH") == 0
    assert winner("3H", "AH", "AH", "QH") == 1
    assert winner("7H 7H 6H 6H", "7H 7H 6H 6H", "2H 2H 3H 3H", "5C 5C 6C 6C") == 0


def test_equal_off_suit_level_cards_the_first_wins():
    assert winner("10H", "10C", "10D", "9S") == 0
    assert winner("3S", "10C", "10D", "10H") == 1


def test_trump_suit_level_card_beats_off_suit_level_cards():
    assert winner("10H", "10S", "10D", "AS") == 1


def test_a_throw_cannot_be_beaten_in_suit():
    assert winner("KH QH", "AH 2H", "AH AH", "3H 4H") == 0
    assert winner("KH KH QH", "AH AH 2H", "3H 4H 5H", "6H 7H 8H") == 0


def test_a_tractor_lead_is_not_beaten_by_higher_pairs_that_are_no_tractor():
    assert winner("7H 7H 6H 6H", "AH AH QH QH", "KH KH 9H 9H", "3C 3C 4C 4C") == 0


def test_trump_lead_higher_trump_wins():
    assert winner("3S", "4S", "10H", "2S") == 2
    assert winner("10H", "10S", "SJ", "BJ") == 3


def test_side_cards_cannot_beat_a_trump_lead():
    assert winner("2S", "AH", "AC", "AD") == 0


# ---------------------------------------------------------------------- trumping


def test_any_trump_beats_a_side_single_and_higher_trump_overtrumps():
    assert winner("AH", "2S", "KH", "3C") == 1
    assert winner("AH", "2S", "3S", "QH") == 2
    assert winner("AH", "2S", "BJ", "SJ") == 2


def test_trumping_a_pair_needs_a_trump_pair():
    assert winner("AH AH", "2S 3S", "3H 3H", "4C 4C") == 0  # trump singles: a discard
    assert winner("AH AH", "2S 2S", "3H 3H", "4C 4C") == 1
    assert winner("AH AH", "2S 2S", "BJ SJ", "3S 3S") == 3  # a higher pair overtrumps


def test_trumping_a_tractor_needs_a_trump_tractor():
    assert winner("7H 7H 6H 6H", "AS AS 3S 3S", "2C 3C 4C 5C", "KC KC QC QC") == 0
    assert winner("7H 7H 6H 6H", "AS AS 10H 10H", "2C 3C 4C 5C", "KC KC QC QC") == 1
    assert winner("7H 7H 6H 6H", "3S 3S 4S 4S", "SJ SJ BJ BJ", "2S 2S 5S 5S") == 2


def test_trump_four_pair_tractor_takes_two_two_pair_tractors():
    lead = "9H 9H 8H 8H 5H 5H 4H 4H"
    assert winner(lead, "2C 2C 3C 3C 4C 4C 5C 5C", "3S 3S 4S 4S 5S 5S 6S 6S", "2D 2D 3D 3D 4D 4D 5D 5D") == 2


def test_two_trump_tractors_may_share_the_off_suit_level_position():
    # ♠A-♥10 and ♣10-♠10 are two 2-pair tractors (two pairs at the off-suit level position)
    lead = "9H 9H 8H 8H 5H 5H 4H 4H"
    assert winner(lead, "3S 3S 4S 4S 6S 6S 7S 7S", "AS AS 10H 10H 10C 10C 10S 10S", "2D 2D 3D 3D 4D 4D 5D 5D") == 2


def test_trump_three_pair_tractor_and_a_pair_do_not_take_two_tractors():
    lead = "9H 9H 8H 8H 5H 5H 4H 4H"
    assert winner(lead, "3S 3S 4S 4S 5S 5S 8S 8S", "2C 2C 3C 3C 4C 4C 5C 5C", "2D 2D 3D 3D 4D 4D 5D 5D") == 0


def test_trump_tractor_longer_than_the_lead_still_matches():
    assert winner("7H 7H 6H 6H AH", "3S 3S 4S 4S 5S", "2C 3C 4C 5C 6C", "QD QD JD JD 9D") == 1
    assert winner("7H 7H 6H 6H AH AH", "3S 3S 4S 4S 5S 5S", "2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D") == 1


def test_mixed_trump_and_side_play_cannot_win():
    assert winner("AH KH", "2S 3C", "4C 5C", "6C 7C") == 0
    assert winner("AH AH", "BJ 3C", "4C 5C", "6C 7C") == 0


def test_overtrump_compares_the_leads_highest_unit_kind():
    # 杀带有对子的牌时，以对子为大: pair 88 beats pair 77 though 77 comes with the big joker
    assert winner("AH AH KH", "7S 7S BJ", "8S 8S 2S", "3C 4C 5C") == 2
    # lead has a tractor: the tractor's top decides, not the pair's
    assert winner("7H 7H 6H 6H AH AH", "4S 4S 3S 3S BJ BJ", "6S 6S 5S 5S 2S 2S", "3C 4C 5C 6C 7C 8C") == 2


def test_overtrump_on_singles_compares_the_highest_card():
    assert winner("AH KH", "2S BJ", "SJ 10S", "3S 4S") == 1


def test_equal_trumping_plays_the_earlier_wins():
    assert winner("3H", "10C", "10D", "4C") == 1
    assert winner("3H 3H", "10C 10C", "10D 10D", "4C 4C") == 1
    assert winner("AH KH", "2S BJ", "3S BJ", "4S 5S") == 1


def test_a_lower_trump_after_a_higher_one_does_not_win():
    assert winner("AH", "BJ", "2S", "SJ") == 1


def test_no_trump_level_cards_trump_and_jokers_overtrump():
    assert winner("AH", "2C", "3H", "4D", level="2", trump="NT") == 1
    assert winner("AH", "2C", "SJ", "2S", level="2", trump="NT") == 2
    assert winner("AH", "2C", "2S", "KH", level="2", trump="NT") == 1


def test_three_deck_triple_led_trumped_by_a_trump_triple():
    # 555 = pair + single: a trump pair plus any trump matches the format
    assert winner("5H 5H 5H", "7S 7S 7S", "2C 3C 4C", "2D 3D 4D") == 1
    assert winner("5H 5H 5H", "7S 8S 9S", "2C 3C 4C", "2D 3D 4D") == 0
    assert winner("5H 5H 5H", "7S 7S 7S", "8S 8S 2S", "2D 3D 4D") == 2


def test_an_unfinished_trick_has_a_winner_too():
    assert winner("AH") == 0
    assert winner("AH", "2S") == 1


def test_play_value_says_who_cannot_win():
    c = ctx("10", "S")
    lead = cards("AH AH")
    assert play_value(cards("2S 3S"), lead, c) is None
    assert play_value(cards("2S 2S"), lead, c) is not None
    assert play_value(cards("KH QH"), lead, c) is None


# ------------------------------------------------------------------------- points


def test_trick_points_count_every_play():
    plays = [cards("5H 5H"), cards("10C KC"), cards("KS 2S"), cards("BJ SJ")]
    assert trick_points(plays) == 40


def test_trick_points_seed_example():
    plays = [cards("5H 4H 4H"), cards("2C 3C 6C"), cards("9S 7S 7S"), cards("8S 8S 4S")]
    assert trick_points(plays) == 5


# -------------------------------------------------------------- independent oracle


def _oracle_winner(plays, c):
    """RULES.md §6 read literally, by brute force."""
    lead = plays[0]
    units = decompose(lead, c)
    fmt = Format.of(units)
    lead_suit = c.suit_of(lead[0])

    def tractor_fit(play):
        avail = Counter()
        for card, n in Counter(play).items():
            avail[c.position(card)] += n // 2

        def rec(i):
            if i == len(fmt.tractors):
                return True
            k = fmt.tractors[i]
            for start in range(17 - k):
                span = range(start, start + k)
                if all(avail[p] for p in span):
                    for p in span:
                        avail[p] -= 1
                    ok = rec(i + 1)
                    for p in span:
                        avail[p] += 1
                    if ok:
                        return True
            return False

        return rec(0)

    def value(play):
        suits = {c.suit_of(x) for x in play}
        if suits == {lead_suit}:
            if len(units) != 1:
                return None
            pu = decompose(play, c)
            if len(pu) != 1 or pu[0].pairs != units[0].pairs:
                return None
            return (0, pu[0].top)
        if suits == {"trump"} and lead_suit != "trump":
            pairs = sum(n // 2 for n in Counter(play).values())
            if pairs < fmt.total_pairs or not tractor_fit(play):
                return None
            pp = [c.position(x) for x, n in Counter(play).items() for _ in range(n // 2)]
            if fmt.tractors:
                v = max(h for lo, h in runs(pp) if h - lo + 1 >= fmt.tractors[0])
            elif fmt.pairs:
                v = max(pp)
            else:
                v = max(c.position(x) for x in play)
            return (1, v)
        return None

    best, best_v = 0, value(lead) if len(units) == 1 else (0, -1)
    for i, p in enumerate(plays[1:], 1):
        v = value(p)
        if v is not None and v > best_v:
            best, best_v = i, v
    return best


def _structured(pool, n, rng, c):
    """n cards from pool, often with pairs and runs of consecutive pairs."""
    by_pos = {}
    for x in pool:
        by_pos.setdefault(c.position(x), []).append(x)
    positions = sorted(by_pos)
    play = []
    if n >= 4 and rng.random() < 0.6:
        k = min(rng.choice([2, 2, 3, 4]), n // 2, len(positions))
        start = rng.randrange(0, len(positions) - k + 1)
        for p in positions[start : start + k]:
            play += [rng.choice(by_pos[p])] * 2
    while len(play) < n:
        x = rng.choice(pool)
        play += [x] * min(rng.choice([1, 2, 2]), n - len(play))
    return play


def _random_trick(rng):
    level = rng.choice(["2", "10", "A"])
    trump = rng.choice(["S", "D", "NT"])
    c = ctx(level, trump)
    side = rng.choice([s for s in "HC" if s != trump])
    led = [x for x in ONE_DECK if c.suit_of(x) == side]
    trumps = [x for x in ONE_DECK if c.is_trump(x)]
    n = rng.randint(1, 8)
    plays = [_structured(led, n, rng, c)]
    for _ in range(3):
        pool = rng.choice([led, trumps, trumps, list(ONE_DECK)])
        plays.append(_structured(pool, n, rng, c))
    return plays, c


@pytest.mark.parametrize("seed", range(400))
def test_trick_winner_agrees_with_the_rules(seed):
    plays, c = _random_trick(random.Random(seed))
    assert trick_winner(plays, c) == _oracle_winner(plays, c), ([str(x) for x in p] for p in plays)
    assert trick_points(plays) == sum(points_of(p) for p in plays)


@pytest.mark.parametrize("level, trump", [("2", "S"), ("10", "H"), ("A", "NT"), ("5", "D")])
def test_a_single_against_a_single_is_valued_as_the_general_rule_values_it(level, trump):
    ctx = TrumpContext.parse(level, trump)
    deck = sorted(ONE_DECK)
    for led in deck:
        for card in deck:
            assert play_value([card], [led], ctx) == _play_value([card], [led], ctx, None), (card, led)


@pytest.mark.parametrize("level, trump", [("2", "S"), ("10", "H"), ("A", "NT"), ("5", "D")])
def test_a_trick_of_singles_is_won_as_the_rules_say(level, trump):
    # ``trick_winner`` takes a shortcut for a single led; every lead, trumps too, and
    # tricks of two, three and four plays (one card may be played twice: two decks).
    c = ctx(level, trump)
    rng = random.Random(f"{level}{trump}")
    deck = sorted(ONE_DECK)
    for led in deck:
        for _ in range(12):
            plays = [[led]] + [[rng.choice(deck)] for _ in range(rng.randint(1, 3))]
            assert trick_winner(plays, c) == _oracle_winner(plays, c), [str(p[0]) for p in plays]
