"""The trick on the table as the bots read it: the lead, its units and format, and the play
now winning, with values from the core's ``play_value``.

Its own module so that the card memory (``memory.MemoryTracker``), which the views import,
can keep the current trick's state in step with the plays as it reads them.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import TRUMP, Card, Unit, play_value, points_of

from .tables import POINTS, Tables


class TrickState:
    """The trick being played: the lead, its units and format, the winning play so far."""

    __slots__ = (
        "best_index",
        "best_value",
        "fmt",
        "lead",
        "leader",
        "n",
        "plays",
        "points",
        "single_unit",
        "suit",
        "units",
        "winner",
    )

    def __init__(self, plays: Sequence[tuple[int, Sequence[Card]]], tab: Tables) -> None:
        self.plays = plays
        self.leader = plays[0][0]
        self.lead = tuple(plays[0][1])
        first: int = self.lead[0]  # an int index: a ``Card`` indexes a list by a generic call
        self.suit = tab.suit[first]
        self.n = len(self.lead)
        self.units: list[Unit] = tab.units(self.lead)
        self.fmt = tab.format_of(self.lead)
        self.single_unit = len(self.units) == 1
        self.best_index = 0
        self.best_value: tuple[int, int] = (0, self.units[0].top if self.single_unit else -1)
        self.winner = self.leader
        self.points = points_of(self.lead)
        for i in range(1, len(plays)):
            self._count(i, plays[i][0], plays[i][1], tab)

    def _count(self, i: int, seat: int, cards: Sequence[Card], tab: Tables) -> None:
        if self.n == 1:
            # A single to a single, as ``play_value`` values it: its tuple and the
            # tuples' generic comparison cost more than the rule.
            card: int = cards[0]
            suit = tab.suit[card]
            tier = 0 if suit is self.suit else 1 if suit is TRUMP else -1
            if tier >= 0:
                best_tier, best_position = self.best_value
                position = tab.pos[card]
                if tier > best_tier or (tier == best_tier and position > best_position):
                    self.best_index, self.best_value, self.winner = i, (tier, position), seat
            self.points += POINTS[card]
            return
        v = play_value(cards, self.lead, tab.ctx, self.units)
        if v is not None and v > self.best_value:
            self.best_index, self.best_value, self.winner = i, v, seat
        self.points += points_of(cards)

    def extend(self, plays: Sequence[tuple[int, Sequence[Card]]], tab: Tables) -> None:
        """Account for the plays of ``plays`` (this trick, with more plays) not yet counted."""
        counted = len(self.plays)
        self.plays = plays
        for i in range(counted, len(plays)):
            seat, cards = plays[i]
            self._count(i, seat, cards, tab)

    def add(self, seat: int, cards: Sequence[Card], tab: Tables) -> None:
        """Account for a play just appended to ``plays`` (simulations keep one state)."""
        self._count(len(self.plays) - 1, seat, cards, tab)

    def value_of(self, cards: Sequence[Card], tab: Tables) -> tuple[int, int] | None:
        if self.n == 1 and len(cards) == 1:
            # A single to a single, as ``play_value`` values it (see ``_count``), from the
            # tables: no call into the core and its context's position.
            card: int = cards[0]
            suit = tab.suit[card]
            if suit is self.suit:
                return (0, tab.pos[card])
            if suit is TRUMP:
                return (1, tab.pos[card])
            return None
        return play_value(cards, self.lead, tab.ctx, self.units)


__all__ = ["TrickState"]
