"""A policy's view of one play decision, built from an Observation or from a simulation.

``View`` gathers what a playing policy reads: the seat's hand, the trick on the table, the
card memory, the points, the kitty (dealer only). It answers the memory questions the
heuristics ask ("could anyone after me beat this?") with small caches, so a decision costs
well under a millisecond. ``TrickState`` is the trick on the table: the lead, its format and
the play now winning, with values from the core's ``play_value``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core import TRUMP, Card, Format, Observation, Ruleset, play_value

from .memory import CardMemory
from .tables import Tables, tables


class TrickState:
    """The trick being played: the lead, its units and format, the winning play so far."""

    __slots__ = ("plays", "lead", "suit", "n", "units", "fmt", "single_unit", "best_index",
                 "best_value", "winner", "points", "leader")

    def __init__(self, plays: Sequence[tuple[int, Sequence[Card]]], tab: Tables):
        self.plays = plays
        self.leader = plays[0][0]
        self.lead = tuple(plays[0][1])
        self.suit = tab.suit[self.lead[0]]
        self.n = len(self.lead)
        self.units = tab.units(self.lead)
        self.fmt = Format.of(self.units)
        self.single_unit = len(self.units) == 1
        best_i, best_v = 0, (0, self.units[0].top if self.single_unit else -1)
        ctx = tab.ctx
        for i in range(1, len(plays)):
            v = play_value(plays[i][1], self.lead, ctx, self.units)
            if v is not None and v > best_v:
                best_i, best_v = i, v
        self.best_index = best_i
        self.best_value = best_v
        self.winner = plays[best_i][0]
        self.points = sum(c.points for _, cs in plays for c in cs)

    def value_of(self, cards: Sequence[Card], tab: Tables):
        return play_value(cards, self.lead, tab.ctx, self.units)


class View:
    """Everything one play decision may look at (no hidden card of another seat)."""

    __slots__ = ("seat", "ruleset", "tab", "ctx", "dealer", "hand", "plays", "mem", "kitty",
                 "hand_sizes", "defender_points", "tricks_done", "_unseen", "_suit_info",
                 "_trick", "_mine")

    def __init__(self, seat: int, ruleset: Ruleset, tab: Tables, dealer: int,
                 hand: Sequence[Card], plays: Sequence[tuple[int, Sequence[Card]]],
                 mem: CardMemory, kitty: Sequence[Card], hand_sizes: Sequence[int],
                 defender_points: int, tricks_done: int):
        self.seat = seat
        self.ruleset = ruleset
        self.tab = tab
        self.ctx = tab.ctx
        self.dealer = dealer
        self.hand = list(hand)
        self.plays = plays
        self.mem = mem
        self.kitty = kitty
        self.hand_sizes = hand_sizes
        self.defender_points = defender_points
        self.tricks_done = tricks_done
        self._unseen = None
        self._suit_info: dict = {}
        self._trick = None
        self._mine = None

    @classmethod
    def of(cls, obs: Observation, mem: CardMemory) -> "View":
        plays = obs.current.plays if obs.current is not None else ()
        return cls(obs.seat, obs.ruleset, tables(obs.ctx), obs.dealer, obs.hand, plays, mem,
                   obs.kitty, obs.hand_sizes, obs.defender_points, len(obs.tricks))

    # ------------------------------------------------------------------ basics

    @property
    def partner(self) -> int:
        return (self.seat + 2) % 4

    @property
    def dealer_side(self) -> bool:
        return self.seat % 2 == self.dealer % 2

    def is_partner(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

    @property
    def trick(self) -> TrickState | None:
        if self._trick is None and self.plays:
            self._trick = TrickState(self.plays, self.tab)
        return self._trick

    @property
    def cards_left(self) -> int:
        """Cards in this seat's hand (the hand's remaining length, roughly in tricks)."""
        return len(self.hand)

    def after_me(self) -> list[int]:
        """Seats still to play in this trick after this seat."""
        k = len(self.plays)
        return [(self.seat + i) % 4 for i in range(1, 4 - k)]

    def mine(self) -> dict[str, list[Card]]:
        if self._mine is None:
            self._mine = self.tab.split(self.hand)
        return self._mine

    # ------------------------------------------------------------------ unseen cards

    @property
    def unseen(self) -> Counter:
        """Cards this seat has not seen: other hands (and the kitty, unless dealer)."""
        if self._unseen is None:
            self._unseen = self.mem.unseen(self.hand, self.kitty if self.seat == self.dealer else ())
        return self._unseen

    def suit_info(self, suit: str) -> tuple[int, int, list[int], int]:
        """(count, highest single position, pair positions sorted, points) of unseen ``suit``."""
        got = self._suit_info.get(suit)
        if got is None:
            unseen = self.unseen
            pos = self.tab.pos
            count = 0
            top = -1
            pairs = set()
            points = 0
            for c in self.tab.by_suit[suit]:
                n = unseen[c]
                if n:
                    count += n
                    points += c.points * n
                    p = pos[c]
                    if p > top:
                        top = p
                    if n >= 2:
                        pairs.add(p)
            got = (count, top, sorted(pairs), points)
            self._suit_info[suit] = got
        return got

    def unseen_count(self, suit: str) -> int:
        return self.suit_info(suit)[0]

    def higher_unit_out(self, suit: str, pairs: int, top: int) -> bool:
        """Could a card still out form a unit of this kind above ``top`` in ``suit``?"""
        count, high, pair_pos, _ = self.suit_info(suit)
        if pairs == 0:
            return high > top
        if pairs == 1:
            return bool(pair_pos) and pair_pos[-1] > top
        run = 0
        prev = None
        for p in pair_pos:
            run = run + 1 if prev is not None and p == prev + 1 else 1
            prev = p
            if run >= pairs and p > top:
                return True
        return False

    def could_beat_in_suit(self, seats: Sequence[int], suit: str, pairs: int, top: int) -> bool:
        """Could one of ``seats`` (by its shown voids) beat a unit of ``suit`` in that suit?"""
        mem = self.mem
        for s in seats:
            if suit in mem.void[s]:
                continue
            if pairs == 1 and suit in mem.nopair[s]:
                continue
            if pairs >= 2 and suit in mem.notractor[s]:
                continue
            if self.hand_sizes[s] < max(1, 2 * pairs) and s != self.seat:
                continue
            return self.higher_unit_out(suit, pairs, top)
        return False

    def maybe_void(self, seat: int, suit: str) -> bool:
        """Shown void, or so few cards of the suit are out that it may well be."""
        if suit in self.mem.void[seat]:
            return True
        return suit != TRUMP and self.unseen_count(suit) <= 2

    def could_trump(self, seat: int, pairs: int, top: int = -1) -> bool:
        """Could ``seat`` hold a trump unit of this kind above ``top``?"""
        mem = self.mem
        if TRUMP in mem.void[seat]:
            return False
        if pairs == 1 and TRUMP in mem.nopair[seat]:
            return False
        if pairs >= 2 and TRUMP in mem.notractor[seat]:
            return False
        return self.higher_unit_out(TRUMP, pairs, top)

    def threatened(self, seats: Sequence[int], trick: TrickState, value: tuple[int, int],
                   cautious: bool = True) -> bool:
        """Could one of ``seats`` still take the trick from a play of ``value``?"""
        if not seats:
            return False
        suit = trick.suit
        pairs = trick.units[0].pairs if trick.single_unit else _lead_kind(trick.fmt)
        tier, v = value
        for s in seats:
            if tier == 0:
                if trick.single_unit and self.could_beat_in_suit((s,), suit, pairs, v):
                    return True
                if suit != TRUMP:
                    void = self.maybe_void(s, suit) if cautious else suit in self.mem.void[s]
                    if void and self.could_trump(s, pairs):
                        return True
            else:
                void = self.maybe_void(s, suit) if cautious else suit in self.mem.void[s]
                if void and self.could_trump(s, pairs, v):
                    return True
        return False


def _lead_kind(fmt: Format) -> int:
    return fmt.largest_unit_pairs


__all__ = ["View", "TrickState"]
