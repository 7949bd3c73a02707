"""The bots' moves on seeded deals, as JSON: run before and after a refactor of ``bots/``
that must not change a move, and compare (``diff``) the two outputs.

    python tools/moves_fingerprint.py > /tmp/before.json   # ... refactor ...
    python tools/moves_fingerprint.py > /tmp/after.json && cmp /tmp/before.json /tmp/after.json

Every ruleset; ``random``, ``easy`` and ``normal`` in arena duels, and ``hard`` with a fixed
number of worlds (``samples=4``, no time box: reproducible on any machine). Each deal is the
arena's summary line (``bots.arena.play_deal``) without its timings, and the log of every
hand played (every declaration, bury and play in order). About a minute;
tests/bots/test_moves_unchanged.py checks a quick subset on every run.
"""

from __future__ import annotations

import json
from pathlib import Path
import sys
import tempfile

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bots.arena as arena
from game.core import BUILTIN_IDS

DUELS = (("random", "easy"), ("easy", "normal"), ("normal", "random"), ("hard", "normal"))
DEALS = 2
HARD_SAMPLES = 4


def _make_bot(level, seat, rng, ruleset, think_ms=None, memory=None):
    if level == "hard":
        return arena_make_bot(level, seat, rng, ruleset, memory=memory, samples=HARD_SAMPLES)
    return arena_make_bot(level, seat, rng, ruleset, think_ms=think_ms, memory=memory)


arena_make_bot = arena.make_bot


def _moves(replay: dict) -> list[str]:
    """A hand's log as one short line per action but the deal's cards (the seed fixes them)."""
    return [
        " ".join(str(x) for x in (a["kind"], a.get("seat", ""), *a.get("cards", ())))
        for a in replay["hand"]["log"]
        if a["kind"] != "deal"
    ]


def fingerprint(rulesets=BUILTIN_IDS, duels=DUELS, deals: int = DEALS) -> dict:
    arena.make_bot = _make_bot  # type: ignore[assignment]
    try:
        out: dict = {}
        for ruleset_id in rulesets:
            for a, b in duels:
                for index in range(deals):
                    with tempfile.TemporaryDirectory() as tmp:
                        result = arena.play_deal(ruleset_id, 7, index, a, b, record_dir=tmp)
                        logs = {
                            p.name: _moves(json.loads(p.read_text(encoding="utf-8")))
                            for p in sorted(Path(tmp).glob("*.json"))
                        }
                    data = result.to_json()
                    del data["a_times"], data["b_times"]
                    out[f"{ruleset_id} {a}-{b} deal {index}"] = {"result": data, "logs": logs}
        return out
    finally:
        arena.make_bot = arena_make_bot  # type: ignore[assignment]


if __name__ == "__main__":
    json.dump(fingerprint(), sys.stdout, indent=0, sort_keys=True)
    print()
