"""What the table reports (events), what it waits for (waits) and what went wrong with a
bot (incidents). Plain values, no pygame."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from game.core import ActionKind, Card, Declaration, Hand, HandSummary, TrickView

# ---------------------------------------------------------------------------- events


@dataclass(frozen=True)
class Event:
    """Something the table shows; subclasses carry the details."""


@dataclass(frozen=True)
class HandStarted(Event):
    """A new hand is about to be dealt (``number`` counts from 1)."""

    number: int


@dataclass(frozen=True)
class Dealt(Event):
    """One card went to ``seat``."""

    seat: int
    card: Card  # the front end shows it only to its owner's screen

    # Written out, not generated: compiled by mypyc, a dataclass's generated __init__ stays
    # interpreted Python, and the table makes one of these per card dealt.
    def __init__(self, seat: int, card: Card) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.seat = seat  # type: ignore[misc]
            self.card = card  # type: ignore[misc]
        else:
            object.__setattr__(self, "seat", seat)
            object.__setattr__(self, "card", card)


@dataclass(frozen=True)
class Declared(Event):
    """A seat showed cards to declare, overturn or protect."""

    declaration: Declaration


@dataclass(frozen=True)
class DealClosed(Event):
    """The bidding is over: the trump is known and the dealer picks up the kitty."""

    dealer: int
    declared: bool
    kitty_size: int


@dataclass(frozen=True)
class AfterDealWindow(Event):
    """Nobody declared: the defenders may declare their own level (hebi-2010)."""


@dataclass(frozen=True)
class Redealt(Event):
    """Nobody declared and the ruleset deals again."""


@dataclass(frozen=True)
class Buried(Event):
    """The dealer buried ``count`` cards."""

    seat: int
    count: int


@dataclass(frozen=True)
class Played(Event):
    """A seat led or followed; a failed throw carries what was tried and its penalty."""

    seat: int
    cards: tuple[Card, ...]
    attempted: tuple[Card, ...] = ()  # a failed throw: what was tried
    penalty: int = 0
    blocked_by: tuple[int, tuple[Card, ...]] | None = None  # a failed throw: who beat it, with what

    # Written out, not generated: compiled by mypyc, a dataclass's generated __init__ stays
    # interpreted Python, and the table makes one of these per play.
    def __init__(
        self,
        seat: int,
        cards: tuple[Card, ...],
        attempted: tuple[Card, ...] = (),
        penalty: int = 0,
        blocked_by: tuple[int, tuple[Card, ...]] | None = None,
    ) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.seat = seat  # type: ignore[misc]
            self.cards = cards  # type: ignore[misc]
            self.attempted = attempted  # type: ignore[misc]
            self.penalty = penalty  # type: ignore[misc]
            self.blocked_by = blocked_by  # type: ignore[misc]
        else:
            object.__setattr__(self, "seat", seat)
            object.__setattr__(self, "cards", cards)
            object.__setattr__(self, "attempted", attempted)
            object.__setattr__(self, "penalty", penalty)
            object.__setattr__(self, "blocked_by", blocked_by)


@dataclass(frozen=True)
class TrickWon(Event):
    """The trick is complete; ``number`` is its place in the hand; ``scored``: its points
    count for the defenders (the dealers' tricks score nothing), as the engine decides it."""

    trick: TrickView
    number: int
    scored: bool = False

    # Written out, not generated: compiled by mypyc, a dataclass's generated __init__ stays
    # interpreted Python, and the table makes one of these per trick.
    def __init__(self, trick: TrickView, number: int, scored: bool = False) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.trick = trick  # type: ignore[misc]
            self.number = number  # type: ignore[misc]
            self.scored = scored  # type: ignore[misc]
        else:
            object.__setattr__(self, "trick", trick)
            object.__setattr__(self, "number", number)
            object.__setattr__(self, "scored", scored)


@dataclass(frozen=True)
class HandSettled(Event):
    """The last trick is played and the hand is scored. A driver that ``moves_on`` (the
    game's) has already recorded it and dealt the next one: ``hand`` is the settled hand and
    ``summary`` its line in the match's history."""

    hand: Hand | None = None
    summary: HandSummary | None = None


@dataclass(frozen=True)
class TimedOut(Event):
    """A person's turn clock ran out: the table played (or buried) ``cards`` for ``seat``;
    the ``Played`` or ``Buried`` event follows."""

    seat: int
    kind: ActionKind
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class MatchOver(Event):
    """The match has a winner (team 0 or 1)."""

    winner: int | None


# ---------------------------------------------------------------------------- waits


class WaitKind(StrEnum):
    """What the table waits for from a person (the values of the matching ``ActionKind``)."""

    DECLARE = "declare"  # declare or pass (``Wait.options``: what may be shown)
    BURY = "bury"
    PLAY = "play"
    CONTINUE = "continue"  # the hand is scored: deal the next one (``TableDriver.next_hand``)


@dataclass(frozen=True)
class Wait:
    """A decision the table waits for from the person at ``seat``."""

    kind: WaitKind
    seat: int
    options: tuple[tuple[Card, ...], ...] = field(default=())


# ---------------------------------------------------------------------------- incidents


@dataclass
class Incident:
    """A bot's illegal answer or exception; the table played a legal default instead."""

    seat: int
    kind: ActionKind  # DECLARE, BURY or PLAY
    detail: str
    cards: tuple[Card, ...] = ()


@dataclass
class HandReport:
    """One hand's bot incidents and decision times (what the arena and the tests read)."""

    hand: Hand
    illegal: list[Incident] = field(default_factory=list)
    errors: list[Incident] = field(default_factory=list)
    decisions: int = 0
    think_seconds: list[float] = field(default_factory=list)  # bury and play decisions

    @property
    def clean(self) -> bool:
        return not self.illegal and not self.errors


__all__ = [
    "AfterDealWindow",
    "Buried",
    "DealClosed",
    "Dealt",
    "Declared",
    "Event",
    "HandReport",
    "HandSettled",
    "HandStarted",
    "Incident",
    "MatchOver",
    "Played",
    "Redealt",
    "TimedOut",
    "TrickWon",
    "Wait",
    "WaitKind",
]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(Dealt.__init__, "__code__")
