"""Roll-outs cut short and the rest judged (``bots.leaf``, ``sim.rollout``'s ``horizon``),
and the tool that learns the judge (``bench/leaf.py``)."""

from __future__ import annotations

from dataclasses import replace
import json
import random

import pytest

from bots import leaf, sim
from bots.bench import horizon
from bots.bench.leaf import examples, fit, rms_error
from bots.hard import HardBot
from bots.learned import LEAF_MODELS
from bots.normal import NormalPolicy
from bots.settings import HARD
from bots.tables import tables
from game.core import PLAYING, PlayState, level_change

from .test_hard_search import _played_to, _position

#: The features that are one team's holding less the other's (``leaf.features``' order).
GAPS = (2, 3, 5, 6, 7, 8, 9, 10, 11)


def _between_tricks(ruleset_id: str, seed: int, tricks: int) -> PlayState:
    hand = _played_to(
        ruleset_id, seed, lambda h: h.phase == PLAYING and len(h.tricks) >= tricks and h.current_trick is None
    )
    state = hand.play_state
    assert state is not None and state.settlement is None
    return state


def test_every_deck_count_has_a_judge_of_every_feature():
    assert sorted(LEAF_MODELS) == [1, 2, 3]
    assert all(len(weights) == leaf.SIZE for weights in LEAF_MODELS.values())
    state = _between_tricks("hebi-2010", 3, 4)
    assert len(leaf.features(state, tables(state.ctx))) == leaf.SIZE


@pytest.mark.parametrize("ruleset_id", ["logistics-2015", "hebi-2010", "lanzhou-2010"])
def test_the_features_read_the_teams_not_the_seats(ruleset_id):
    state = _between_tricks(ruleset_id, 5, 3)
    leader = state.to_act()
    swapped = PlayState(
        state.ruleset, state.ctx, (state.dealer + 1) % 4, state.hands, state.kitty, leader=leader, trick_points=0
    )
    assert swapped.to_act() == leader
    tab = tables(state.ctx)
    x, y = leaf.features(state, tab), leaf.features(swapped, tab)
    for i in range(leaf.SIZE):
        if i in GAPS:
            assert y[i] == pytest.approx(-x[i]), i
        elif i < 13:
            assert y[i] == pytest.approx(x[i]), i


def test_the_judge_counts_the_points_already_won():
    state = _between_tricks("hebi-2010", 7, 6)
    tab = tables(state.ctx)
    richer = state.copy()
    richer.trick_points += 40
    judge = LEAF_MODELS[2]
    assert leaf.predicted_total(richer, tab, judge) == pytest.approx(leaf.predicted_total(state, tab, judge) + 40)


@pytest.mark.parametrize("ruleset_id", ["logistics-2015", "hebi-2010"])
def test_a_roll_out_stops_at_its_horizon_and_judges_the_rest(ruleset_id):
    hand, _, v = _position(ruleset_id, 2, 2)
    state = hand.play_state
    assert state is not None
    tab = v.tab
    seat = v.seat
    judge = LEAF_MODELS[state.ruleset.decks]
    done = len(state.tricks)
    cut = state.copy()
    value = sim.rollout(cut, v.mem.copy(), tab, NormalPolicy(), seat, None, done, horizon=2, judge=judge)
    assert len(cut.tricks) == done + 2 and cut.current_trick is None and cut.settlement is None
    assert value == sim.judged(cut, tab, judge, seat)
    full = state.copy()
    whole = sim.rollout(full, v.mem.copy(), tab, NormalPolicy(), seat, None, done, horizon=2)
    assert full.settlement is not None  # no judge: played to the end
    s = full.settlement
    assert whole == sim.utility(state.ruleset, seat, state.dealer, s.total, s.up_levels, s.up_side)


def test_the_judged_value_is_the_teams_and_weighs_the_bands_either_side():
    state = _between_tricks("hebi-2010", 4, 5)
    tab = tables(state.ctx)
    judge = LEAF_MODELS[2]
    seat = state.dealer
    value = sim.judged(state, tab, judge, seat)
    assert value == pytest.approx(-sim.judged(state, tab, judge, (seat + 1) % 4))
    total = leaf.predicted_total(state, tab, judge)
    step = state.ruleset.step
    expected = 0.0
    for offset, weight in ((-step, 0.25), (0, 0.5), (step, 0.25)):
        t = max(0, round(total + offset))
        side, levels = level_change(state.ruleset, t)
        expected += weight * sim.utility(state.ruleset, seat, state.dealer, t, levels, side)
    assert value == pytest.approx(expected)


def test_hard_reads_the_judge_of_its_deck_count_only_with_a_horizon():
    state = _between_tricks("logistics-2015", 1, 1)
    ruleset = state.ruleset
    assert HardBot(0, random.Random(1), ruleset).judge == ()  # the default plays roll-outs out
    cut = HardBot(0, random.Random(1), ruleset, settings=replace(HARD, horizon=3))
    assert cut.judge == LEAF_MODELS[1]


def test_the_tool_learns_from_the_states_between_tricks(tmp_path):
    rows = list(examples("logistics-2015", 7, 0, 2))
    assert rows, "two hands have tricks"
    for index, done, x, rest in rows:
        assert index in (0, 1) and 1 <= done < 12 and len(x) == leaf.SIZE
        assert -0.5 <= rest <= 3.0  # the kitty may count several times over
    path = tmp_path / "leaf.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    assert len(fit([str(path)])) == leaf.SIZE


def test_the_horizon_study_times_and_compares_both_ways():
    recs = list(horizon.records("logistics-2015", 11, 1, [2], 4))
    assert recs, "a hand has decisions with two candidates"
    for r in recs:
        assert len(r["full"]) == len(r["cut"]["2"]) == 4
        assert all(len(row) >= 2 for row in r["full"])
        assert r["seconds"]["full"] > 0 and r["seconds"]["2"] > 0
    lines = horizon.summary(recs, worlds_at=(2,))
    assert lines[0].startswith(f"{len(recs)} decisions") and lines[1].startswith("horizon 2: speed-up")
    assert "played out" in lines[2] and "horizon 2" in lines[2]


def test_the_tool_labels_states_as_the_chosen_rules_play_them_out():
    # a level that rolls out with normal's learned rules needs a judge learned from their play
    rules = list(examples("logistics-2015", 7, 0, 3))
    learned = list(examples("logistics-2015", 7, 0, 3, plays="learned"))
    assert learned and learned != rules
    assert {r[0] for r in learned} <= {0, 1, 2}


def test_the_tool_scores_a_judge_on_examples(tmp_path):
    rows = list(examples("logistics-2015", 7, 0, 2))
    path = tmp_path / "leaf.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    # a judge of zeros errs by the labels' size; the learned one knows better
    assert rms_error([0.0] * leaf.SIZE, [str(path)]) == pytest.approx(
        100 * (sum(r[3] ** 2 for r in rows) / len(rows)) ** 0.5
    )
    assert rms_error(LEAF_MODELS[1], [str(path)]) < rms_error([0.0] * leaf.SIZE, [str(path)])
