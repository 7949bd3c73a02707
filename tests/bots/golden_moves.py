"""Golden moves of the heuristic levels: a few seeded hands per ruleset played by ``normal``,
``easy`` and ``random`` seats, with every ranking of leads ``normal`` made on the way, and
the buries chosen at seeded burying positions; kept in ``tests/bots/data/moves``.

They pin the heuristics' decisions, so that a refactoring that was meant to change nothing
changes nothing (``hard`` reads the same rankings and buries for its candidates). Regenerate
only when a heuristic is meant to change: ``python -m tests.bots.golden_moves`` (then review
the diff of the JSON files and measure the change in the arena).
"""

from __future__ import annotations

from itertools import islice
import json
from pathlib import Path
import random
from typing import Any

from bots import make_bot
from bots.base import step_hand
from bots.bidding import bury_options, choose_bury
from bots.normal import NormalBot, NormalPolicy
from bots.view import View
from game.core import BUILTIN_IDS, BURYING, Card, Hand, HandSetup, Rank, get_ruleset, observe
from game.table import play_hand

GOLDEN = Path(__file__).parent / "data" / "moves"

# The levels at seats 0-3 of each golden hand; the hand's seed is its index in this list.
TABLES: tuple[tuple[str, str, str, str], ...] = (
    ("normal", "normal", "normal", "normal"),
    ("normal", "normal", "normal", "normal"),
    ("normal", "normal", "normal", "normal"),
    ("easy", "easy", "easy", "easy"),
    ("normal", "easy", "normal", "easy"),
    ("normal", "random", "easy", "random"),
)
BURY_POSITIONS = 12


class _Recording(NormalPolicy):
    """``normal``'s policy, writing down every ranking of leads it makes."""

    rankings: list[list[Any]]

    def lead_options(self, v: View) -> list[tuple[float, list[Card], str]]:
        options = super().lead_options(v)
        self.rankings.append([v.seat, [[round(s, 9), [str(c) for c in cards], code] for s, cards, code in options]])
        return options


def _setup(seed: int) -> HandSetup:
    rng = random.Random(f"golden-moves:{seed}")
    first = seed % 3 == 2
    levels = (Rank.TWO, Rank.TWO) if first else (rng.choice(list(Rank)[:13]), rng.choice(list(Rank)[:13]))
    dealer = None if first else rng.randrange(4)
    return HandSetup(rng.getrandbits(48), first, levels, dealer, dealer if dealer is not None else seed % 4)


def play_table(ruleset_id: str, seed: int) -> dict[str, Any]:
    """One golden hand: its moves (kind, seat, cards) and ``normal``'s lead rankings."""
    ruleset = get_ruleset(ruleset_id)
    rankings: list[list[Any]] = []
    policy = type("Recording", (_Recording,), {"rankings": rankings})
    bot_class = type("RecordingBot", (NormalBot,), {"policy_class": policy})
    bots = []
    for seat, level in enumerate(TABLES[seed]):
        rng = random.Random(f"golden-moves:{seed}:{seat}")
        bots.append(bot_class(seat, rng, ruleset) if level == "normal" else make_bot(level, seat, rng, ruleset))
    hand = play_hand(Hand(ruleset, _setup(seed)), bots, timing=False).hand
    moves = [[a["kind"], a.get("seat"), a.get("cards")] for a in hand.to_dict()["log"] if a["kind"] != "deal"]
    return {"levels": list(TABLES[seed]), "moves": moves, "lead_rankings": rankings}


def bury_position(ruleset_id: str, seed: int) -> Hand | None:
    """A seeded hand at its dealer's bury, declared by ``normal`` seats (None: re-dealt)."""
    ruleset = get_ruleset(ruleset_id)
    hand = Hand(ruleset, _setup(seed))
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    while hand.phase != BURYING:
        if hand.finished:
            return None
        step_hand(hand, bots)
    return hand


def _params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: [str(c) for c in v] if isinstance(v, list) else str(v) for k, v in params.items()}


def buries(hand: Hand) -> dict[str, Any]:
    assert hand.dealer is not None  # a hand at its bury has a dealer
    obs = observe(hand, hand.dealer)
    out: dict[str, Any] = {}
    for careful in (True, False):
        chosen, reason = choose_bury(obs, careful=careful)
        out["careful" if careful else "plain"] = [[str(c) for c in chosen], reason.code, _params(reason.params)]
    out["options"] = [[str(c) for c in chosen] for chosen in bury_options(obs)]
    return out


def record(ruleset_id: str) -> dict[str, Any]:
    positions = ((seed, bury_position(ruleset_id, seed)) for seed in range(100, 200))
    found = islice(((seed, h) for seed, h in positions if h is not None), BURY_POSITIONS)
    return {
        "ruleset": ruleset_id,
        "hands": [play_table(ruleset_id, seed) for seed in range(len(TABLES))],
        "buries": [{"seed": seed, **buries(h)} for seed, h in found],
    }


def generate() -> list[Path]:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    written = []
    for ruleset_id in BUILTIN_IDS:
        path = GOLDEN / f"{ruleset_id}.json"
        path.write_text(json.dumps(record(ruleset_id), indent=0, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in generate():
        print(path)
