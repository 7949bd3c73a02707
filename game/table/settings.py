"""A table's settings as one typed value, and the aids each mode offers (no pygame).

``TableSettings`` travels with a match's save under ``"table"``: the ruleset, the people's
seats, the bots' levels, the mode, the length, the typed names and the seed. ``from_dict``
reads every save written so far (the old untyped dict, ``humans`` missing in the oldest) and
is the one check of them (``game.app.saved_data.check_table`` is this); keys it does not know are
kept in ``extra`` so a newer save loses nothing when rewritten.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from game.core import SEED_LIMIT
from game.table.seats import is_bot_level, is_seat_kind
from game.table.values import check_names, is_int, is_text, need


class Mode(StrEnum):
    """How a match is played; the value is the word saves hold."""

    PRACTICE = "practice"
    TOURNAMENT = "tournament"


PRACTICE, TOURNAMENT = Mode.PRACTICE, Mode.TOURNAMENT


@dataclass(frozen=True)
class Aids:
    """What a mode offers the people at the table."""

    hint: bool
    undo: bool
    counter: bool
    history: bool  # the whole hand so far
    last_trick: bool  # the trick before the current one
    why_not: bool  # refusals name the section of the rules
    clocks: bool


def aids_for(mode: str, review_played: bool = True) -> Aids:
    """Practice: every aid, no clocks. Tournament: clocks; no hints, no undo, no counter, and
    the finished tricks (the last trick, the hand so far) only where the ruleset lets played
    cards be reviewed (``Ruleset.review_played``, RULES.md §10)."""
    if mode == TOURNAMENT:
        return Aids(
            hint=False,
            undo=False,
            counter=False,
            history=review_played,
            why_not=False,
            clocks=True,
            last_trick=review_played,
        )
    return Aids(hint=True, undo=True, counter=True, history=True, why_not=True, clocks=False, last_trick=True)


_KNOWN = ("ruleset", "human", "humans", "levels", "mode", "length", "names", "seed", "autoplay", "deal_only")


@dataclass(frozen=True)
class TableSettings:
    """Who sits where and how the match is played.

    ``humans`` are the people's seats (two or more: hot-seat); ``human`` is the first of them
    (None: bots only), whose team the statistics count."""

    ruleset: str | None = None
    humans: tuple[int, ...] = ()
    levels: tuple[str, ...] = ("normal",) * 4
    mode: Mode = Mode.PRACTICE
    length: int | None = None
    names: Mapping[str, Any] = field(default_factory=dict)
    seed: int | None = None
    autoplay: bool = False
    deal_only: bool = False  # a practised deal: never saved over the match in progress
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def human(self) -> int | None:
        return self.humans[0] if self.humans else None

    @property
    def aids(self) -> Aids:
        return aids_for(self.mode)

    def seat_names(self) -> list[str]:
        """The names typed for the seats ("" where none was)."""
        seats = list(self.names.get("seats") or [])
        return [str(s or "") for s in seats] + [""] * (4 - len(seats))

    def with_(self, **changes: Any) -> TableSettings:
        """A copy with ``changes`` (``humans`` sorted and de-duplicated)."""
        if "humans" in changes:
            changes["humans"] = tuple(sorted(set(changes["humans"])))
        if "levels" in changes:
            changes["levels"] = tuple(changes["levels"])
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The settings as saved (``human`` is written too, for older readers)."""
        out: dict[str, Any] = dict(self.extra)
        out.update(
            {
                "ruleset": self.ruleset,
                "human": self.human,
                "humans": list(self.humans),
                "levels": list(self.levels),
                "mode": str(self.mode),
                "length": self.length,
                "names": dict(self.names),
                "seed": self.seed,
                "autoplay": self.autoplay,
            }
        )
        if self.deal_only:
            out["deal_only"] = True
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> TableSettings:
        """Read saved settings, the one check of them: raises ``DataError`` (a ValueError
        naming the field) for any value the game would not have written. A key that is
        missing reads as its default (older saves: ``human`` only, no ``humans``, no seed)."""
        if data is None:
            data = {}
        need(isinstance(data, Mapping), "the table settings must be an object")
        humans = data.get("humans")
        if humans is None:
            humans = [] if data.get("human") is None else [data.get("human")]
        need(
            isinstance(humans, (list, tuple))
            and len(humans) <= 4
            and all(is_int(h, 0, 3) for h in humans)
            and len(set(humans)) == len(humans),
            "the people's seats are not valid",
        )
        need(data.get("human") is None or is_int(data["human"], 0, 3), "the person's seat is not valid")
        levels = data.get("levels", ["normal"] * 4)
        need(
            isinstance(levels, (list, tuple)) and len(levels) == 4 and all(is_seat_kind(v) for v in levels),
            "the seats' players are not valid",
        )
        mode = data.get("mode")
        need(mode is None or mode in tuple(Mode), "the table's mode is not valid")
        need(data.get("ruleset") is None or is_text(data["ruleset"], 100), "the table's ruleset is not valid")
        length, seed = data.get("length"), data.get("seed")
        need(length is None or is_int(length, 1, 100_000), "the table's length is not valid")
        need(seed is None or is_int(seed, -SEED_LIMIT, SEED_LIMIT), "the table's seed is not valid")
        for key in ("autoplay", "deal_only"):
            need(isinstance(data.get(key, False), bool), f"the table's {key} is not valid")
        names = check_names(data.get("names"))
        extra = {k: v for k, v in data.items() if k not in _KNOWN}
        _check_extra(extra)
        return cls(
            ruleset=data.get("ruleset"),
            humans=tuple(sorted(humans)),
            levels=tuple(levels),
            mode=Mode(mode or Mode.PRACTICE),
            length=length,
            names=dict(names),
            seed=seed,
            autoplay=bool(data.get("autoplay")),
            deal_only=bool(data.get("deal_only")),
            extra=extra,
        )


def _check_extra(extra: Mapping[str, Any]) -> None:
    """The keys duplicate practice keeps beside the settings (the bots' random states are
    checked where they are read, ``game.app.duplicate.decode_states``)."""
    need(extra.get("duplicate") is None or is_bot_level(extra["duplicate"]), "the duplicate level is not valid")
    score = extra.get("duplicate_score")
    need(
        score is None
        or (
            isinstance(score, dict)
            and set(score) <= {"0", "1", "2", "3"}
            and all(isinstance(row, list) and len(row) == 3 and all(is_int(n) for n in row) for row in score.values())
        ),
        "the duplicate scores are not valid",
    )


__all__ = ["PRACTICE", "TOURNAMENT", "Aids", "Mode", "TableSettings", "aids_for"]
