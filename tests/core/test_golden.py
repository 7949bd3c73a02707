"""Replaying the golden hand logs gives the same tricks, points and settlement as when they
were recorded (see ``tests/core/golden.py``)."""

from __future__ import annotations

import json

import pytest

from game.core import Hand, get_ruleset
from tests.core.golden import GOLDEN, facts

FILES = sorted(GOLDEN.glob("*.json"))


def test_every_ruleset_has_golden_hands():
    from game.core import BUILTIN_IDS

    assert {json.loads(p.read_text(encoding="utf-8"))["ruleset"] for p in FILES} == set(BUILTIN_IDS)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_hand_replays_to_the_recorded_outcome(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    hand = Hand.from_dict(get_ruleset(data["ruleset"]), data)
    assert hand.phase.finished and hand.settlement is not None
    assert facts(hand) == data["expected"]
    assert hand.to_dict() == {"setup": data["setup"], "log": data["log"]}
