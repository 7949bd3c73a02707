"""A finished hand as a replay file holds it: written by the game's records
(``game.app.records``) and by the arena's ``--record`` (``bots.arena_io``), read back by
``Records.load``. Here, below both, so that the bots need nothing of the data folder."""

from __future__ import annotations

import time
from typing import Any

from game.core import Hand

RECORD_VERSION = 1


def summarize(hand: Hand) -> dict[str, Any]:
    """What the replay list shows without rebuilding the hand."""
    s = hand.settlement
    return {
        "dealer": hand.dealer,
        "trump": hand.ctx.trump_code if hand.ctx else None,
        "rank": hand.rank.label if hand.rank else None,
        "points": s.total if s else None,
        "deal_to": s.deal_to if s else None,
        "up_side": s.up_side if s else None,
        "up_levels": s.up_levels if s else None,
        "levels": [r.label for r in hand.levels],
    }


def replay_data(
    hand: Hand,
    number: int,
    names: dict[str, Any] | None = None,
    kind: str = "match",
    match_seed: int | None = None,
    humans: list[int] | None = None,
) -> dict[str, Any]:
    """A finished hand as a replay file holds it (``Records.load`` opens it)."""
    return {
        "version": RECORD_VERSION,
        "kind": kind,
        "time": time.strftime("%Y-%m-%d %H:%M"),
        "number": number,
        "match_seed": match_seed,
        "names": names or {},
        "humans": list(humans or []),
        "ruleset": hand.ruleset.to_dict(),
        "hand": hand.to_dict(),
        "summary": summarize(hand),
    }


__all__ = ["RECORD_VERSION", "replay_data", "summarize"]
