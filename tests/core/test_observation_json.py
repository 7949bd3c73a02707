"""``observation_from_json`` is the inverse of ``observation_to_json`` (the bot protocol's one
source): many seeded positions over every ruleset and phase, and what protocol 2 adds."""

from __future__ import annotations

import dataclasses
import json
import os
import random

import pytest

from game.core import (
    AFTER_DEAL,
    BUILTIN_IDS,
    DeclarationKind,
    Hand,
    HandSetup,
    Observation,
    Phase,
    Rank,
    get_ruleset,
    observation_from_json,
    observation_to_json,
    observe,
)
from tests.random_play import random_step

# Hands played per ruleset; `pytest tests/core` stays seconds long, a longer run sets more.
SEEDS = int(os.environ.get("SHENGJI_OBSERVATION_HANDS", "5"))


def _positions(ruleset_id: str, seed: int):
    """Every position of one random hand (a first hand for some seeds), each seat's view."""
    ruleset = get_ruleset(ruleset_id)
    first = seed % 4 == 0
    levels = (Rank(2 + seed % 13), Rank(2 + (seed * 5) % 13))
    dealer = None if first else seed % 4
    hand = Hand(ruleset, HandSetup(seed, first, levels, dealer, seed % 4))
    rng = random.Random(seed)
    while True:
        for seat in range(4):
            yield hand, seat
        if hand.finished:
            return
        random_step(hand, rng)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_round_trip_over_many_positions(ruleset_id):
    phases = set()
    rng = random.Random(ruleset_id)
    for seed in range(SEEDS):
        for i, (hand, seat) in enumerate(_positions(ruleset_id, seed)):
            if hand.phase == Phase.DEALING and i % 7:
                continue  # dealing has many near-identical positions: a sample is enough
            obs = observe(hand, seat, last_chance=rng.random() < 0.3)
            data = json.loads(json.dumps(observation_to_json(obs)))  # through real JSON
            back = observation_from_json(data)
            assert back == obs
            assert observation_to_json(back) == data
            phases.add(hand.phase)
    assert {Phase.DEALING, Phase.BURYING, Phase.PLAYING} <= phases
    assert phases & {Phase.SETTLED, Phase.REDEAL}


def test_round_trip_in_the_after_deal_window_and_with_failed_throws():
    seen_window = seen_throw = False
    for seed in range(60):
        for hand, seat in _positions("hebi-2010", seed):
            if hand.phase == AFTER_DEAL or any(t.attempted for t in hand.tricks):
                obs = observe(hand, seat)
                assert observation_from_json(observation_to_json(obs)) == obs
                seen_window |= hand.phase == AFTER_DEAL
                seen_throw |= any(t.attempted for t in hand.tricks)
        if seen_window and seen_throw:
            break
    assert seen_window and seen_throw


def test_version_1_declarations_without_trump_are_read():
    for seed in range(40):
        for hand, seat in _positions("lanzhou-2010", seed):
            if len(hand.bidding.shown) >= 2:
                data = observation_to_json(observe(hand, seat))
                for d in data["declarations"]:
                    del d["trump"]
                data.pop("in_force")
                assert observation_from_json(data).declarations == tuple(hand.bidding.shown)
                return
    pytest.fail("no hand with an overturn")


def test_a_wrong_ruleset_or_a_trump_without_level_is_refused():
    hand, seat = next(_positions("hebi-2010", 1))
    data = observation_to_json(observe(hand, seat))
    with pytest.raises(ValueError):
        observation_from_json(data, get_ruleset("lanzhou-2010"))
    with pytest.raises(ValueError):
        observation_from_json({**data, "trump": "S", "level": None})


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_protocol_2_fields_agree_with_the_table(ruleset_id):
    """The kitty's size, the declaration in force, the options' rank and kinds."""
    kinds = set()
    changes = get_ruleset(ruleset_id).overturn != "none"
    for seed in range(30):
        if (
            seed >= SEEDS
            and DeclarationKind.OPEN in kinds
            and (not changes or kinds & {DeclarationKind.OVERTURN, DeclarationKind.NO_TRUMP})
        ):
            break  # every kind this ruleset allows has been seen, on enough hands
        for hand, seat in _positions(ruleset_id, seed):
            obs = observe(hand, seat)
            data = observation_to_json(obs)
            assert data["kitty_size"] == hand.ruleset.kitty
            standing = hand.bidding.standing
            if standing is None:
                assert data["in_force"] is None
            else:
                assert data["in_force"] == data["declarations"][-1]
                assert data["in_force"]["trump"] == (standing.trump.value if standing.trump else "NT")
            if hand.phase.declaring:
                after = hand.phase == AFTER_DEAL
                rank = obs.options_rank
                assert rank == (hand.levels[seat % 2] if after else hand.bidding.rank)
                for option in hand.declaration_options(seat):
                    mine = obs.declaration(option)
                    assert mine == hand.bidding.classify(seat, option, after)
                    assert mine is not None and all(c.rank == rank for c in mine.cards if not c.is_joker)
                    kinds.add(mine.kind)
            else:
                assert obs.options_rank is None and obs.declaration([]) is None
    assert DeclarationKind.OPEN in kinds
    if changes:
        assert kinds & {DeclarationKind.OVERTURN, DeclarationKind.NO_TRUMP}


def test_a_closed_bidding_classifies_nothing():
    """Cards that would open or overturn are refused once the bidding is closed, as at the
    table (the observation replays the declarations shown)."""
    checked = 0
    for seed in range(40):
        for hand, seat in _positions("logistics-2015", seed):  # the first card shown closes it
            if hand.phase == Phase.DEALING and hand.bidding.closed:
                obs = observe(hand, seat)
                for card in hand.hands[seat]:
                    assert obs.declaration([card]) is None
                    assert obs.declaration([card]) == hand.bidding.classify(seat, [card])
                checked += 1
                break
    assert checked


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_hand_kept_sorted_through_the_plays_is_the_hand_sorted(ruleset_id):
    """``Hand.shown_hand`` follows the plays (failed throws included) rather than sorting
    at every observation: it must always be the seat's cards sorted afresh."""
    seen = 0
    for seed in range(SEEDS):
        for hand, seat in _positions(ruleset_id, seed):
            if hand.ctx is None:
                continue
            assert observe(hand, seat).hand == tuple(hand.ctx.sort_hand(hand.hands[seat]))
            seen += 1
    assert seen


def test_observe_fills_every_field():
    """``observe`` fills an observation's fields one by one, not through its ``__init__``."""
    from game.core import observation

    if observation._COMPILED:
        pytest.skip("compiled, a native class: observe calls its __init__")
    names = [f.name for f in dataclasses.fields(Observation)]
    for hand, seat in _positions("hebi-2010", 1):
        # Twice: in the play phase the second is made from what the first kept.
        first, second = observe(hand, seat), observe(hand, seat)
        assert list(vars(first)) == names and list(vars(second)) == names
        assert first == second
        if hand.phase == Phase.PLAYING and hand.tricks:
            break
    else:
        pytest.fail("the hand never reached its plays")
