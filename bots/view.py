"""A policy's view of one play decision, built from an Observation or from a simulation.

``View`` gathers what a playing policy reads: the seat's hand, the trick on the table, the
card memory, the points, the kitty (dealer only). It answers the memory questions the
heuristics ask ("could anyone after me beat this?") with small caches, so a decision costs
well under a millisecond. The trick on the table is a ``trick_state.TrickState``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from game.core import TRUMP, Card, Format, Observation, Ruleset

from .memory import CardMemory
from .tables import POINTS, Tables, tables
from .trick_state import TrickState


class View:
    """Everything one play decision may look at (no hidden card of another seat)."""

    __slots__ = (
        "_beat",
        "_held_counts",
        "_mine",
        "_tops",
        "_unseen",
        "ctx",
        "dealer",
        "dealer_side",
        "defender_points",
        "hand",
        "hand_sizes",
        "kitty",
        "mem",
        "partner",
        "plays",
        "quiet",
        "ruleset",
        "seat",
        "tab",
        "trick",
        "tricks_done",
    )

    def __init__(
        self,
        seat: int,
        ruleset: Ruleset,
        tab: Tables,
        dealer: int,
        hand: Sequence[Card],
        plays: Sequence[tuple[int, Sequence[Card]]],
        mem: CardMemory,
        kitty: Sequence[Card],
        hand_sizes: Sequence[int],
        defender_points: int,
        tricks_done: int,
        trick: TrickState | None = None,
        mine: dict[str, list[Card]] | None = None,
        quiet: bool = False,
    ) -> None:
        self.seat = seat
        self.ruleset = ruleset
        self.tab = tab
        self.ctx = tab.ctx
        self.dealer = dealer
        self.hand = hand if isinstance(hand, list) else list(hand)
        self.plays = plays
        self.mem = mem
        self.kitty = kitty
        # A list (an observation's is a tuple): compiled, a ``Sequence`` index is a generic call.
        self.hand_sizes: list[int] = hand_sizes if isinstance(hand_sizes, list) else list(hand_sizes)
        self.defender_points = defender_points
        self.tricks_done = tricks_done
        self._unseen: Counter[Card] | None = None
        # Stored, not properties: interpreted, a property is a Python call from C at every
        # read, and the policy reads these at every decision. The trick is made here when the
        # caller keeps none (a play-phase view with plays always reads it).
        self.partner = (seat + 2) % 4
        self.dealer_side = seat % 2 == dealer % 2
        self.trick: TrickState | None = TrickState(plays, tab) if trick is None and plays else trick
        # ``mine``: the hand already split by suit (a roll-out keeps each seat's split up to
        # date, play by play), which ``mine()`` would otherwise make.
        self._mine = mine
        # A roll-out's view: nobody reads the reasons of its decisions (``normal._why``).
        self.quiet = quiet
        # Keyed by small ints, not tuples (views are built per simulated play, and a key tuple
        # is built and hashed per question): top_out's answers at 4 * suit number + 0
        # (singles) or + 1 (pairs), the pairs out at + 2; beat_threshold's as it says.
        self._tops: dict[int, Any] = {}
        self._beat: dict[int, int] = {}
        self._held_counts: list[int] | None = None

    @classmethod
    def of(cls, obs: Observation, mem: CardMemory | None, quiet: bool = False, trick: TrickState | None = None) -> View:
        """The view of a play-phase observation. ``mem`` is None only for a policy that
        never asks a memory question (``easy``): it gets an empty memory, so the attribute's
        type is true (compiled code checks it) and the hot queries carry no None checks.
        ``trick``: the state of the observation's trick, where the caller keeps one
        (``MemoryTracker.trick``); else it is made here."""
        assert obs.ctx is not None and obs.dealer is not None, "a view is of the play phase"
        plays = obs.current.plays if obs.current is not None else ()
        if mem is None:
            tab = tables(obs.ctx)
            mem = CardMemory(tab, obs.ruleset.decks, obs.dealer)
        else:
            # The memory's tables are this hand's: no look-up of the context (a call, a hash).
            tab = mem.tab if mem.tab.ctx is obs.ctx else tables(obs.ctx)
        if not _COMPILED:
            # Interpreted, the fields stored here as ``__init__`` stores them: its frame and
            # fourteen arguments cost more than the stores (a view per decision).
            v = object.__new__(cls)
            v.seat = obs.seat
            v.ruleset = obs.ruleset
            v.tab = tab
            v.ctx = tab.ctx
            v.dealer = obs.dealer
            # Copied by unpacking, tested by class: a type's call and isinstance() are dear.
            hand = obs.hand
            v.hand = hand if hand.__class__ is list else [*hand]
            v.plays = plays
            v.mem = mem
            v.kitty = obs.kitty
            sizes = obs.hand_sizes
            v.hand_sizes = sizes if sizes.__class__ is list else [*sizes]
            v.defender_points = obs.defender_points
            v.tricks_done = len(obs.tricks)
            v._unseen = None
            seat, dealer = obs.seat, obs.dealer
            v.partner = (seat + 2) % 4
            v.dealer_side = seat % 2 == dealer % 2
            v.trick = (trick if trick is not None else TrickState(plays, tab)) if plays else None
            v._mine = None
            v.quiet = quiet
            v._tops = {}
            v._beat = {}
            v._held_counts = None
            return v
        return cls(
            obs.seat,
            obs.ruleset,
            tab,
            obs.dealer,
            obs.hand,
            plays,
            mem,
            obs.kitty,
            obs.hand_sizes,
            obs.defender_points,
            len(obs.tricks),
            trick if plays else None,
            quiet=quiet,
        )

    # ------------------------------------------------------------------ basics

    def is_partner(self, seat: int) -> bool:
        return seat % 2 == self.seat % 2

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
    def unseen(self) -> Counter[Card]:
        """Cards this seat has not seen: other hands (and the kitty, unless dealer)."""
        if self._unseen is None:
            self._unseen = self.mem.unseen(self.hand, self.kitty if self.seat == self.dealer else ())
        return self._unseen

    def _held(self, card: int) -> int:
        """How many of ``card`` this seat knows are not out: in its hand, and in the kitty for
        the dealer. Interpreted, ``list.count`` in C beats any count of the hand for the few
        cards a question looks at; compiled, one count of the hand by card code does."""
        if _COMPILED:
            counts = self._held_counts
            if counts is None:
                # A variable of its own, typed: through the Optional attribute mypyc reads
                # the items as objects and adds one by a generic Python addition.
                fresh: list[int] = [0] * len(POINTS)
                for c in self.hand:
                    code: int = c  # unboxed: an array index
                    fresh[code] = fresh[code] + 1  # not +=: a generic addition compiled
                if self.kitty and self.seat == self.dealer:
                    for c in self.kitty:
                        buried: int = c  # declared: ``code = c`` would narrow it to ``Card``
                        fresh[buried] = fresh[buried] + 1
                self._held_counts = counts = fresh
            return counts[card]
        n = self.hand.count(card)
        if self.kitty and self.seat == self.dealer:
            n += self.kitty.count(card)
        return n

    def unseen_count(self, suit: str) -> int:
        """How many cards of ``suit`` this seat has not seen: what is left of it less what
        this seat holds (a decision asks about a suit or two, so no table of every suit)."""
        n = self.mem.suit_left[suit] - len(self.mine()[suit])
        if self.kitty and self.seat == self.dealer:
            suit_of = self.tab.suit
            for c in self.kitty:
                code: int = c
                if suit_of[code] == suit:
                    n -= 1
        return n

    def top_out(self, suit: str, pairs: int) -> int:
        """The highest position of an unseen single (``pairs`` 0) or pair (1) of ``suit``."""
        key = 4 * self.tab.suit_no[suit] + pairs
        got = self._tops.get(key)
        if got is None:
            got = -1
            need = 2 if pairs else 1
            remaining = self.mem.remaining
            if _COMPILED:
                for c in self.tab.by_suit[suit]:  # highest first
                    r = remaining[c]
                    if r >= need and r - self._held(c) >= need:
                        got = self.tab.pos[c]
                        break
            else:
                # ``_held`` written out: interpreted, its call costs more than its counts.
                hand = self.hand
                kitty = self.kitty if self.seat == self.dealer else ()
                for c in self.tab.by_suit[suit]:  # highest first
                    r = remaining[c]
                    if r >= need and r - hand.count(c) - (kitty.count(c) if kitty else 0) >= need:
                        got = self.tab.pos[c]
                        break
            self._tops[key] = got
        return got

    def pair_positions_out(self, suit: str) -> list[int]:
        key = 4 * self.tab.suit_no[suit] + 2
        got = self._tops.get(key)
        if got is None:
            remaining = self.mem.remaining
            pos = self.tab.pos
            got = sorted(
                {pos[c] for c in self.tab.by_suit[suit] if remaining[c] >= 2 and remaining[c] - self._held(c) >= 2}
            )
            self._tops[key] = got
        return got

    def higher_unit_out(self, suit: str, pairs: int, top: int) -> bool:
        """Could a card still out form a unit of this kind above ``top`` in ``suit``?"""
        if pairs <= 1:
            return self.top_out(suit, pairs) > top
        run = 0
        prev = None
        for p in self.pair_positions_out(suit):
            run = run + 1 if prev is not None and p == prev + 1 else 1
            prev = p
            if run >= pairs and p > top:
                return True
        return False

    def could_beat_in_suit(self, seats: tuple[int, ...], suit: str, pairs: int, top: int) -> bool:
        """Could one of ``seats`` (by its shown voids) beat a unit of ``suit`` in that suit?"""
        if pairs <= 1:
            return self.beat_threshold(seats, suit, pairs) > top
        if not self._may_hold(seats, suit, pairs):
            return False
        return self.higher_unit_out(suit, pairs, top)

    def beat_threshold(self, seats: tuple[int, ...], suit: str, pairs: int) -> int:
        """A single (``pairs`` 0) or pair (1) of ``suit`` topped above the returned position
        may be beaten by one of ``seats``; -1 when none of them can beat any."""
        key = 2 * self.tab.suit_no[suit] + pairs  # 0 to 9: suit and kind; the seats as bits above
        if len(seats) == 3:  # the other three (a lead's question): no loop
            a, b, c = seats
            key |= (16 << a) | (16 << b) | (16 << c)
        else:
            for s in seats:
                key |= 16 << s  # at most 249: Python's cached small ints, no int made per question
        threshold = self._beat.get(key)
        if threshold is None:
            threshold = self._beat[key] = self.top_out(suit, pairs) if self._may_hold(seats, suit, pairs) else -1
        return threshold

    def _may_hold(self, seats: tuple[int, ...], suit: str, pairs: int) -> bool:
        """Has one of ``seats`` not shown it lacks a unit of this kind in ``suit``?"""
        mem = self.mem
        for s in seats:
            if suit in mem.void[s]:
                continue
            if pairs == 1 and suit in mem.nopair[s]:
                continue
            if pairs >= 2 and suit in mem.notractor[s]:
                continue
            # ``2 * pairs or 1`` is max(1, 2 * pairs): a builtin's call is dear, interpreted.
            if self.hand_sizes[s] < (2 * pairs or 1) and s != self.seat:
                continue
            return True
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

    def threatened(
        self, seats: Sequence[int], trick: TrickState, value: tuple[int, int], cautious: bool = True
    ) -> bool:
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


__all__ = ["View"]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(_lead_kind, "__code__")  # Final: compiled, a C static
