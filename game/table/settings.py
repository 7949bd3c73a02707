"""A table's settings as one typed value, and the aids each mode offers (no pygame).

``TableSettings`` travels with a match's save under ``"table"``: the ruleset, the people's
seats, the bots' levels, the mode, the length, the typed names and the seed. ``from_dict``
reads every save written so far (the old untyped dict, ``humans`` missing in the oldest);
keys it does not know are kept in ``extra`` so a newer save loses nothing when rewritten.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any


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
        return Aids(hint=False, undo=False, counter=False, history=review_played, why_not=False, clocks=True,
                    last_trick=review_played)
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
        out.update({"ruleset": self.ruleset, "human": self.human, "humans": list(self.humans),
                    "levels": list(self.levels), "mode": str(self.mode), "length": self.length,
                    "names": dict(self.names), "seed": self.seed, "autoplay": self.autoplay})
        if self.deal_only:
            out["deal_only"] = True
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> TableSettings:
        """Read saved settings; raises ValueError when the seats make no sense."""
        if not isinstance(data, Mapping):
            data = {}
        humans = data.get("humans")
        if humans is None:
            humans = [] if data.get("human") is None else [data.get("human")]
        if not isinstance(humans, (list, tuple)) or any(h not in range(4) for h in humans):
            raise ValueError("seats")
        levels = data.get("levels")
        if not isinstance(levels, (list, tuple)) or len(levels) != 4:
            levels = ["normal"] * 4
        try:
            mode = Mode(data.get("mode") or Mode.PRACTICE)
        except ValueError:
            mode = Mode.PRACTICE
        length = data.get("length")
        seed = data.get("seed")
        names = data.get("names")
        return cls(
            ruleset=data.get("ruleset") if isinstance(data.get("ruleset"), str) else None,
            humans=tuple(sorted(set(humans))),
            levels=tuple(str(v) for v in levels),
            mode=mode,
            length=length if isinstance(length, int) else None,
            names=dict(names) if isinstance(names, Mapping) else {},
            seed=seed if isinstance(seed, int) else None,
            autoplay=bool(data.get("autoplay")),
            deal_only=bool(data.get("deal_only")),
            extra={k: v for k, v in data.items() if k not in _KNOWN},
        )


__all__ = ["PRACTICE", "TOURNAMENT", "Aids", "Mode", "TableSettings", "aids_for"]
