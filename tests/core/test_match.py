"""Match rules: levelling, rotation, the top of the ladder, match length and ties."""

from types import SimpleNamespace

import pytest

from game.core import Match, Rank, Settlement, Suit, TrumpContext, get_ruleset
from game.core.hand import SETTLED


def finished(match, dealer, settlement):
    """Stand in a settled hand with the given result as the match's current hand."""
    hand = match.hand
    fake = SimpleNamespace(
        phase=SETTLED,
        settlement=settlement,
        dealer=dealer,
        rank=match.levels[dealer % 2],
        setup=hand.setup,
        ctx=TrumpContext(match.levels[dealer % 2], Suit.SPADES),
        defender_points=0,
        to_dict=hand.to_dict,
    )
    match.hand = fake
    return match.next_hand()


def dealers_up(n):
    return Settlement(10, 0, "dealers", "dealers", n)


def defenders_up(n):
    return Settlement(130, 0, "defenders", "defenders", n)


def test_first_hand_dealer_from_the_deal_then_hebi_keeps_the_same_dealer():
    match = Match(get_ruleset("hebi-2010"), seed=1, length=10)
    finished(match, 1, dealers_up(2))
    assert match.levels == [Rank.TWO, Rank.FOUR]
    assert match.dealer == 1  # 霸王庄: the same player deals again
    assert match.hand.setup.first_hand is False and match.hand.setup.levels == (Rank.TWO, Rank.FOUR)
    finished(match, 1, defenders_up(1))
    assert match.levels == [Rank.THREE, Rank.FOUR]
    assert match.dealer == 2  # the old dealer's next player


@pytest.mark.parametrize("ruleset_id", ["lanzhou-2010", "logistics-2015"])
def test_dealers_keeping_the_deal_pass_it_to_the_partner(ruleset_id):
    match = Match(get_ruleset(ruleset_id), seed=1)
    finished(match, 3, dealers_up(1))
    assert match.dealer == 1


def test_levels_stop_at_ace_and_winning_as_dealer_at_ace_wins_the_match():
    match = Match(get_ruleset("hebi-2010"), seed=2, start_levels=(Rank.QUEEN, Rank.TWO))
    finished(match, 0, dealers_up(3))
    assert match.levels[0] == Rank.ACE and not match.over
    finished(match, 0, dealers_up(1))
    assert match.over and match.winner == 0


def test_without_win_past_ace_the_match_goes_on_at_ace():
    ruleset = get_ruleset("hebi-2010").replace(win_past_ace=False)
    match = Match(ruleset, seed=2, start_levels=(Rank.ACE, Rank.TWO))
    finished(match, 0, dealers_up(2))
    assert match.levels[0] == Rank.ACE and not match.over


def test_defenders_taking_the_deal_at_ace_do_not_win():
    match = Match(get_ruleset("hebi-2010"), seed=2, start_levels=(Rank.TWO, Rank.ACE))
    finished(match, 0, defenders_up(1))
    assert not match.over and match.levels[1] == Rank.ACE


def test_hebi_ten_hands_then_higher_level_wins():
    match = Match(get_ruleset("hebi-2010"), seed=3, length=10)
    for i in range(10):
        assert not match.over
        finished(match, 0, dealers_up(1) if i == 0 else Settlement(80, 0, "defenders", "defenders", 0))
    assert match.over and match.winner == 0  # level 3 against 2


def test_hebi_tie_goes_to_the_team_holding_the_deal():
    match = Match(get_ruleset("hebi-2010"), seed=3, length=2)
    finished(match, 0, defenders_up(1))  # team 1 to 3, seat 1 deals
    finished(match, 1, defenders_up(1))  # team 0 to 3, seat 2 deals
    assert match.levels == [Rank.THREE, Rank.THREE]
    assert match.over and match.winner == 0  # seat 2 holds the deal


def test_timed_match_stops_when_time_is_up_and_scores_levels_gained():
    match = Match(get_ruleset("lanzhou-2010"), seed=4, length=60)
    finished(match, 0, dealers_up(2))
    match.add_time(59 * 60)
    assert not match.over
    match.add_time(61)
    assert match.over and match.winner == 0


def test_timed_tie_plays_one_more_hand():
    match = Match(get_ruleset("logistics-2015"), seed=5, length=60)
    match.add_time(3600)
    assert match.time_up and not match.over
    finished(match, 2, dealers_up(1))
    assert match.over and match.winner == 0


def test_time_is_not_counted_in_hand_limited_or_practice_matches():
    match = Match(get_ruleset("hebi-2010"), seed=5, length=10)
    match.add_time(10**6)
    assert not match.over and not match.time_up


@pytest.mark.parametrize(
    "change,named",
    [
        ({"dealer": 7}, "dealer"),
        ({"dealer": "north"}, "dealer"),
        ({"first_drawer": -1}, "first_drawer"),
        ({"seed": "12"}, "seed"),
        ({"first_hand": 1}, "first_hand"),
        ({"levels": ["2"]}, "levels"),
    ],
)
def test_a_saved_hand_setup_names_the_field_that_is_wrong(change, named):
    from game.core import HandSetup

    data = {**HandSetup(5, False, (Rank.TWO, Rank.FIVE), 1, 1).to_dict(), **change}
    with pytest.raises(ValueError, match=named):
        HandSetup.from_dict(data)


@pytest.mark.parametrize(
    "data", [None, {"setup": {}}, {"log": []}, {"setup": None, "log": []}, {"setup": {"seed": 1}, "log": "deal"}]
)
def test_a_damaged_saved_hand_is_a_value_error_not_a_crash(data):
    from game.core import Hand

    with pytest.raises(ValueError):
        Hand.from_dict(get_ruleset("hebi-2010"), data)


def test_a_saved_hand_with_a_bad_log_entry_names_it():
    from game.core import Hand, HandSetup

    setup = HandSetup(5, False, (Rank.TWO, Rank.FIVE), 1, 1).to_dict()
    with pytest.raises(ValueError, match="must be an object"):
        Hand.from_dict(get_ruleset("hebi-2010"), {"setup": setup, "log": [{"kind": "deal"}, "deal"]})
