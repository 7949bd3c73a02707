"""Duplicate practice: each deal a person plays is played again by a bot in his seat.

Everything else stays as it was: the same setup (so the same cards), the same levels in
the other seats, each of those bots starting from the random state it had when the deal
began (``rng_states``, taken by the session). The bot's hand runs on the table engine
(``game.table.play_hand``) in a background thread (``DuplicateJob``); when it is over the
two results are compared for the person's team (``Comparison``).

A seat that a person played in the real hand (hot-seat) is played in the duplicate by the
duplicate bot too, as nobody can replay a person's choices in another game.

The states are kept with the saved match (``encode_states``), so that the first duplicate
deal of a continued match starts the bots where the person's deal started them, not from
the fresh seeding of the bots made when the match was opened again.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
import random
import struct
import threading
from typing import Any

from game.core import Hand
from game.table import play_hand
from game.table.outcome import Result

DEFAULT_LEVEL = "hard"
LEVELS = ("hard", "normal", "easy")


@dataclass(frozen=True)
class Comparison:
    seat: int
    level: str
    person: Result
    bot: Result

    @property
    def levels(self) -> int:
        """The person's levels minus the bot's."""
        return self.person.levels - self.bot.levels

    @property
    def points(self) -> int:
        """The person's points minus the bot's, as good for the team."""
        return self.person.points_for_team - self.bot.points_for_team

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "level": self.level,
            "person": [self.person.levels, self.person.points],
            "bot": [self.bot.levels, self.bot.points],
        }


def rng_states(controllers: Sequence[Any]) -> dict[int, Any]:
    """The random state of every bot at a table (seat → state), to start a duplicate from."""
    out = {}
    for seat, c in enumerate(controllers):
        rng = getattr(getattr(c, "bot", None), "rng", None)
        if isinstance(rng, random.Random):
            out[seat] = rng.getstate()
    return out


def encode_states(states: dict[int, Any]) -> dict[str, list[Any]]:
    """``rng_states`` as JSON values for the save (the generator's words packed in base64)."""
    out: dict[str, list[Any]] = {}
    for seat, (version, words, gauss) in states.items():
        packed = base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii")
        out[str(seat)] = [version, packed, gauss]
    return out


def decode_states(data: Any) -> dict[int, Any] | None:
    """``encode_states`` read back; None when anything in ``data`` is not a usable state."""
    if not isinstance(data, dict):
        return None
    out = {}
    try:
        for key, (version, packed, gauss) in data.items():
            raw = base64.b64decode(packed, validate=True)
            state = (int(version), struct.unpack(f"<{len(raw) // 4}I", raw), None if gauss is None else float(gauss))
            random.Random().setstate(state)  # refuses a state the generator cannot take
            seat = int(key)
            if seat not in range(4):
                return None
            out[seat] = state
    except (TypeError, ValueError, struct.error):
        return None
    return out


def duplicate_bots(
    hand: Hand,
    seat: int,
    level: str,
    levels: Sequence[str],
    humans: Sequence[int],
    states: dict[int, Any],
    seed: int,
    factory: Callable[..., Any],
) -> list[Any]:
    """The four bots of the duplicate: ``level`` in ``seat`` (and in every person's seat),
    the table's levels elsewhere with their random states from the start of the deal."""
    bots = []
    for s in range(4):
        rng = random.Random(seed * 4 + s)
        if s == seat or s in humans:
            rng = random.Random(f"duplicate/{hand.setup.seed}/{s}")
            bots.append(factory(level, s, rng, hand.ruleset))
            continue
        if s in states:
            rng.setstate(states[s])
        try:
            bots.append(factory(levels[s], s, rng, hand.ruleset))
        except ValueError:  # an outside program: a normal bot stands in
            bots.append(factory("normal", s, rng, hand.ruleset))
    return bots


class DuplicateJob:
    """The bot's hand of one deal, in a daemon thread: ``hand`` (finished) or ``error``."""

    def __init__(self, played: Hand, seat: int, level: str, bots: list[Any]):
        self.played = played
        self.seat = seat
        self.level = level
        self.hand = Hand(played.ruleset, played.setup)
        self.bots = bots
        self.error: str | None = None
        self.comparison: Comparison | None = None
        self.replay: Any = None  # the bot's hand kept as a replay (its file), once done
        self.on_done: Callable[[DuplicateJob], None] | None = None
        self.thread = threading.Thread(target=self._run, name="duplicate", daemon=True)

    def start(self) -> DuplicateJob:
        self.thread.start()
        return self

    def _run(self) -> None:
        try:
            play_hand(self.hand, self.bots, timing=False)
            played, again = self.played.settlement, self.hand.settlement
            if played is None or again is None or self.hand.dealer is None or self.played.dealer is None:
                self.error = "redeal"
                return
            self.comparison = Comparison(
                self.seat,
                self.level,
                Result.of(played, self.played.dealer, self.seat),
                Result.of(again, self.hand.dealer, self.seat),
            )
            if self.on_done is not None:
                self.on_done(self)
        except Exception as e:  # a practice aid: it never takes the game down
            self.error = f"{type(e).__name__}: {e}"

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()


__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "Comparison",
    "DuplicateJob",
    "Result",
    "decode_states",
    "duplicate_bots",
    "encode_states",
    "rng_states",
]
