"""lanzhou-2010: a tie plays one more hand whose dealer is drawn by lot (RULES.md §10)."""

from game.core import Match, get_ruleset


def _tied(seed):
    match = Match(get_ruleset("lanzhou-2010"), seed, 60)
    match.add_time(60 * 60)  # time is up in the first hand, no levels gained: a tie
    return match


def test_the_extra_hands_dealer_is_drawn_by_lot_seeded_and_dealt_as_a_later_hand():
    draws = set()
    for seed in range(1, 30):
        match = _tied(seed)
        assert match.time_up and not match.over
        assert match.lot_dealer in range(4)
        setup = match.hand.setup
        assert not setup.first_hand and setup.dealer == match.lot_dealer
        assert _tied(seed).lot_dealer == match.lot_dealer  # the same seed draws the same seat
        again = Match.from_dict(match.to_dict())
        assert again.lot_dealer == match.lot_dealer and again.hand.setup == setup
        draws.add(match.lot_dealer)
    assert len(draws) == 4  # any seat may be drawn


def test_other_rulesets_do_not_draw():
    match = Match(get_ruleset("logistics-2015"), 3, 60)
    match.add_time(60 * 60)
    assert match.lot_dealer is None
