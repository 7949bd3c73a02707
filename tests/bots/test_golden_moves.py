"""The heuristic levels still make the moves recorded in ``tests/bots/data/moves`` (see
``tests/bots/golden_moves.py``): a refactoring of a heuristic that changes a move, a
ranking of leads or a bury shows here."""

from __future__ import annotations

import json

import pytest

from game.core import BUILTIN_IDS
from tests.bots.golden_moves import GOLDEN, TABLES, buries, bury_position, play_table


def _golden(ruleset_id: str) -> dict:
    return json.loads((GOLDEN / f"{ruleset_id}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
@pytest.mark.parametrize("seed", range(len(TABLES)))
def test_the_golden_hands_are_played_move_for_move(ruleset_id, seed):
    want = _golden(ruleset_id)["hands"][seed]
    got = json.loads(json.dumps(play_table(ruleset_id, seed)))
    assert got["moves"] == want["moves"]
    assert got["lead_rankings"] == want["lead_rankings"]


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_golden_buries_are_chosen_again(ruleset_id):
    want = _golden(ruleset_id)["buries"]
    assert len(want) >= 10
    for w in want:
        hand = bury_position(ruleset_id, w["seed"])
        assert hand is not None
        assert json.loads(json.dumps({"seed": w["seed"], **buries(hand)})) == w
