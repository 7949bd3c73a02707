"""Random complete hands for every ruleset: the invariants that must always hold."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from game.core import (
    BUILTIN_IDS,
    PLAYING,
    REDEAL,
    SETTLED,
    Hand,
    HandSetup,
    Match,
    Rank,
    get_ruleset,
    observe,
    points_of,
)
from tests.random_play import all_cards, full_deck, random_step

LEVELS = st.sampled_from([r for r in Rank if r <= Rank.ACE])


@st.composite
def setups(draw):
    first = draw(st.booleans())
    levels = (Rank.TWO, Rank.TWO) if first else (draw(LEVELS), draw(LEVELS))
    dealer = None if first else draw(st.integers(0, 3))
    drawer = draw(st.integers(0, 3)) if first else dealer
    return HandSetup(draw(st.integers(0, 2**48)), first, levels, dealer, drawer)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=setups(), choices=st.integers(0, 2**32))
def test_random_hand_invariants(ruleset_id, setup, choices):
    ruleset = get_ruleset(ruleset_id)
    hand = Hand(ruleset, setup)
    rng = random.Random(choices)
    deck = full_deck(hand)
    steps = 0
    while not hand.finished:
        random_step(hand, rng)
        steps += 1
        assert steps < 2000, "the hand must end"
        assert all_cards(hand) == deck, "every card is in exactly one place"
        if hand.phase == PLAYING:
            captured = hand.trick_points + hand.dealer_side_points()
            assert captured + hand.points_in_play() == 100 * ruleset.decks
    if hand.phase == REDEAL:
        assert ruleset.fallback == "redeal" and not hand.bidding.shown
        return
    assert hand.phase == SETTLED and hand.settlement is not None
    kitty_points = points_of(hand.kitty)
    assert hand.trick_points + hand.dealer_side_points() + kitty_points == 100 * ruleset.decks
    s = hand.settlement
    assert s.total == max(0, hand.defender_points + kitty_points * s.multiplier)
    # A seed plus the log replays the hand exactly, also through JSON.
    assert hand.replay().digest() == hand.digest()
    again = Hand.from_dict(ruleset, json.loads(json.dumps(hand.to_dict())))
    assert again.digest() == hand.digest()


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_observation_does_not_depend_on_hidden_cards(ruleset_id):
    hand = Hand(get_ruleset(ruleset_id), HandSetup(7, True, (Rank.TWO, Rank.TWO), None, 0))
    rng = random.Random(1)
    while hand.phase != PLAYING and not hand.finished:
        random_step(hand, rng)
    if hand.finished:
        pytest.skip("re-dealt")
    for seat in range(4):
        seen = observe(hand, seat)
        # The seat's own cards, in the order the JSON writes them (trumps first).
        assert list(seen.hand) == hand.ctx.sort_hand(hand.hands[seat])
        assert (seen.kitty != ()) == (seat == hand.dealer)
        # Swapping two other seats' cards (same sizes after the bury) changes nothing seen.
        a, b = [s for s in range(4) if s != seat and s != hand.dealer][:2]
        hand.hands[a], hand.hands[b] = hand.hands[b], hand.hands[a]
        assert observe(hand, seat) == seen
        hand.hands[a], hand.hands[b] = hand.hands[b], hand.hands[a]


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_match_round_trip(ruleset_id, seed):
    ruleset = get_ruleset(ruleset_id)
    match = Match(ruleset, seed, length=ruleset.match_options[0])
    rng = random.Random(seed)
    for _ in range(3):
        while not match.hand.finished:
            random_step(match.hand, rng)
            if rng.random() < 0.02:
                saved = json.loads(json.dumps(match.to_dict()))
                assert Match.from_dict(saved).hand.digest() == match.hand.digest()
        match.next_hand()
        if match.over:
            break
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.levels == match.levels
    assert restored.history == match.history
    assert restored.hand.digest() == match.hand.digest()


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_undo_restores_the_state_before_the_seats_last_play(ruleset_id):
    hand = Hand(get_ruleset(ruleset_id), HandSetup(11, True, (Rank.TWO, Rank.TWO), None, 1))
    rng = random.Random(5)
    snapshots = {}
    while not hand.finished:
        if hand.phase == PLAYING and hand.to_act() == 0:
            snapshots[len(hand.log)] = hand.digest()
        random_step(hand, rng)
        if len(snapshots) >= 3 and hand.phase == PLAYING and rng.random() < 0.5:
            break
    if hand.phase == REDEAL:
        pytest.skip("re-dealt")
    point = hand.undo_point(0)
    assert point in snapshots
    assert hand.undo(0).digest() == snapshots[point]
