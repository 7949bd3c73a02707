"""The practice aids and the tournament clock, as values (no pygame, no bots).

* ``TurnClock`` counts down one decision; ``start`` and ``tick`` return a new clock, so the
  screen holds one value and tests feed it fake time.
* ``cards_out`` / ``points_out`` are the card counter: what a seat has not seen yet.
* ``hint_action`` is a hint as a move the rules accept. The hint itself (the ``normal``
  bot's move and reason) is a ``HintProvider`` handed in from outside: the table never
  imports the bots.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
import math
from typing import Any

from game.core import (
    BURY,
    BURYING,
    PLAY,
    Action,
    ActionKind,
    Card,
    Hand,
    Observation,
    Ruleset,
    fallback_bury,
    fallback_play,
    make_deck,
    points_of,
)

HintProvider = Callable[[Hand, int, Sequence[Sequence[Card]] | None], tuple[Any, Any]]
"""``hint(hand, seat, options)`` → (cards, or a declaration or None; a reason with
``.code``, ``.params`` and ``.english``). The same position always gets the same hint."""


# ---------------------------------------------------------------------------- clocks


def clock_seconds(ruleset: Ruleset, kind: ActionKind) -> int:
    """The ruleset's time for a bury or a play (0: no clock)."""
    return int(ruleset.bury_seconds if kind == BURY else ruleset.play_seconds)


@dataclass(frozen=True)
class TurnClock:
    """A countdown for one decision, identified by ``key`` (so it starts once per decision)."""

    key: Hashable | None = None
    total: float = 0.0
    left: float = 0.0
    expired: bool = False

    def start(self, key: Hashable, seconds: float) -> TurnClock:
        """The clock for ``key``: this one if it already runs for it, else a fresh one."""
        if key == self.key:
            return self
        return TurnClock(key, float(seconds), float(seconds), False)

    def stop(self) -> TurnClock:
        return TurnClock()

    @property
    def running(self) -> bool:
        return self.key is not None and not self.expired

    @property
    def seconds_left(self) -> int:
        """Whole seconds left, as the countdown shows them."""
        return max(0, math.ceil(self.left - 1e-9))

    def tick(self, dt: float) -> tuple[TurnClock, bool]:
        """The clock ``dt`` seconds later, and True once: on the tick the time runs out."""
        if not self.running:
            return self, False
        left = self.left - dt
        if left <= 0:
            return replace(self, left=0.0, expired=True), True
        return replace(self, left=left), False


# ---------------------------------------------------------------------------- the card counter


def cards_out(obs: Observation) -> Counter[Card]:
    """The cards ``obs.seat`` has not seen: the decks less its hand, every card played and,
    for the dealer after the bury, the kitty it buried."""
    out = Counter(make_deck(obs.ruleset.decks))
    out.subtract(obs.hand)
    for trick in list(obs.tricks) + ([obs.current] if obs.current else []):
        for _, cards in trick.plays:
            out.subtract(cards)
    if obs.phase != BURYING and obs.kitty:
        out.subtract(obs.kitty)
    return +out


def points_out(obs: Observation) -> tuple[int, int]:
    """(points not played yet, of which in this seat's hand)."""
    played = sum(points_of(cards) for trick in obs.tricks for _, cards in trick.plays)
    if obs.current:
        played += sum(points_of(cards) for _, cards in obs.current.plays)
    return int(obs.ruleset.total_points) - played, points_of(obs.hand)


# ---------------------------------------------------------------------------- hints


def default_action(hand: Hand, seat: int) -> Action:
    """The core's fallback bury or play for ``seat`` now."""
    if hand.phase == BURYING:
        assert hand.ctx is not None
        return Action(BURY, seat, tuple(fallback_bury(hand.hands[seat], hand.ctx, hand.ruleset.kitty)))
    trick = hand.current_trick
    assert hand.ctx is not None
    return Action(PLAY, seat, tuple(fallback_play(hand.hands[seat], trick.lead if trick else None, hand.ctx)))


def hint_action(hand: Hand, seat: int, hint: HintProvider | None = None) -> Action:
    """The hint's bury or play as an action the rules accept (the core's fallback when there
    is no hint, or the hint errs)."""
    kind = BURY if hand.phase == BURYING else PLAY
    if hint is not None:
        try:
            cards, _ = hint(hand, seat, None)
            action = Action(kind, seat, tuple(cards or ()))
            if hand.check(action) is None:
                return action
        except Exception:
            pass  # a broken hint must not stop a timed-out turn
    return default_action(hand, seat)


__all__ = ["HintProvider", "TurnClock", "cards_out", "clock_seconds", "default_action", "hint_action", "points_out"]
