"""Actions: the immutable records of a hand's log.

A hand is its ruleset, its seed and its log; replaying the log from the seed rebuilds the
hand exactly (saves, replays and undo rest on that).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .cards import Card, format_cards, parse_cards


class ActionKind(StrEnum):
    """What an entry of a hand's log does; the value is the word saves and replays hold."""

    DEAL = "deal"  # the next card goes to the next seat
    DECLARE = "declare"  # a seat shows cards to declare, overturn or protect
    FINISH_DEAL = "finish_deal"  # declarations are over (or the after-deal window closes)
    BURY = "bury"  # the dealer buries the kitty
    PLAY = "play"  # a seat leads or follows


# Final: compiled, each is a C static where a plain module name is a dict look-up per use.
DEAL: Final = ActionKind.DEAL
DECLARE: Final = ActionKind.DECLARE
FINISH_DEAL: Final = ActionKind.FINISH_DEAL
BURY: Final = ActionKind.BURY
PLAY: Final = ActionKind.PLAY
KINDS = tuple(ActionKind)


@dataclass(frozen=True)
class Action:
    kind: ActionKind
    seat: int | None = None
    cards: tuple[Card, ...] = ()

    # Written out, not generated: compiled by mypyc, a dataclass's generated __init__ stays
    # interpreted Python, and the table makes one of these per card dealt and per play.
    def __init__(self, kind: ActionKind, seat: int | None = None, cards: tuple[Card, ...] = ()) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.kind = kind  # type: ignore[misc]
            self.seat = seat  # type: ignore[misc]
            self.cards = cards  # type: ignore[misc]
        else:  # the instance's dict filled directly: three object.__setattr__ calls cost 5x more
            attrs = self.__dict__
            attrs["kind"] = kind
            attrs["seat"] = seat
            attrs["cards"] = cards

    def __reduce__(self) -> tuple[type[Action], tuple[ActionKind, int | None, tuple[Card, ...]]]:
        # Compiled by mypyc, a frozen dataclass cannot be rebuilt field by field.
        return (Action, (self.kind, self.seat, self.cards))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = format_cards(self.cards)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Action:
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"unknown action kind {kind!r}")
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat <= 3):
            raise ValueError(f"bad seat {seat!r} in action")
        return cls(ActionKind(kind), seat, tuple(parse_cards(data.get("cards", []))))

    def __str__(self) -> str:
        who = f" seat {self.seat}" if self.seat is not None else ""
        what = " " + " ".join(format_cards(self.cards)) if self.cards else ""
        return f"{self.kind}{who}{what}"


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(Action.to_dict, "__code__")
