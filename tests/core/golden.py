"""Golden hand logs: a few whole hands per ruleset, played once by a seeded random player
(no bot), kept as regression anchors in ``tests/core/data/golden``.

Regenerate only when a rule change is meant to change them:
``python -m tests.core.golden`` (then review the diff of the JSON files).
"""

from __future__ import annotations

import json
from pathlib import Path
import random
from typing import Any

from game.core import BUILTIN_IDS, Hand, HandSetup, Rank, get_ruleset
from tests.random_play import random_step

GOLDEN = Path(__file__).parent / "data" / "golden"
HANDS_PER_RULESET = 3


def facts(hand: Hand) -> dict[str, Any]:
    """What a replay must reproduce: every trick's winner and points, the totals and the
    settlement."""
    assert hand.settlement is not None
    return {
        "dealer": hand.dealer,
        "trump": str(hand.ctx),
        "tricks": [
            {"leader": t.leader, "winner": t.winner, "points": t.points, "penalty": t.penalty} for t in hand.tricks
        ],
        "trick_points": hand.trick_points,
        "penalties": hand.penalties,
        "kitty": [str(c) for c in hand.kitty],
        "settlement": hand.settlement.to_dict(),
    }


def play_one(ruleset_id: str, seed: int) -> Hand | None:
    ruleset = get_ruleset(ruleset_id)
    first = seed % 3 == 0
    setup = HandSetup(
        seed, first, (Rank(2 + seed % 11), Rank(2 + (seed * 7) % 11)), None if first else seed % 4, seed % 4
    )
    hand = Hand(ruleset, setup)
    rng = random.Random(seed)
    while not hand.finished:
        random_step(hand, rng)
    return hand if hand.settlement is not None else None


def generate() -> list[Path]:
    written = []
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for ruleset_id in BUILTIN_IDS:
        seed, made = 1000, 0
        while made < HANDS_PER_RULESET:
            seed += 1
            hand = play_one(ruleset_id, seed)
            if hand is None:
                continue  # re-dealt: nothing to anchor
            made += 1
            path = GOLDEN / f"{ruleset_id}-{made}.json"
            data = {"ruleset": ruleset_id, **hand.to_dict(), "expected": facts(hand)}
            path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in generate():
        print(path)
