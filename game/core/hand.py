"""One hand of Shengji as a sequence of phases: deal and declare → bury → tricks → settled.

Every action has a pure check (``check_*`` returns a ``Refusal`` or None) and an apply step
that changes the state and appends an immutable ``Action`` to the log. A hand is fully
described by its setup (ruleset, seed, levels, dealer) and its log: ``Hand.from_dict``
replays the log, so saves, replays and undo need nothing else.

The deal is a seeded shuffle; the last kitty-size cards stay face down. Cards go one at a
time counter-clockwise from the first drawer (the dealer, or a random seat in the first hand).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
import random

from .actions import BURY, DEAL, DECLARE, FINISH_DEAL, PLAY, Action
from .bidding import Bidding, Declaration
from .cards import Card, Rank, holds, points_of, shuffled_deck
from .moves import check_bury_cards, check_play_cards
from .phases import AFTER_DEAL, BURYING, DEALING, PLAYING, REDEAL, SETTLED, Phase
from .refusal import IllegalActionError, Refusal
from .ruleset import Ruleset
from .settlement import Settlement, settle
from .tricks import throw_outcome, trick_winner
from .trump import TrumpContext
from .units import Format, decompose


@dataclass
class Trick:
    leader: int
    plays: list[tuple[int, tuple[Card, ...]]] = field(default_factory=list)
    winner: int | None = None
    points: int = 0
    # A failed throw: what the leader tried, and the penalty it cost (signed for defenders).
    attempted: tuple[Card, ...] = ()
    penalty: int = 0

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0][1]

    @property
    def complete(self) -> bool:
        return len(self.plays) == 4

    def cards_of(self, seat: int) -> tuple[Card, ...] | None:
        for s, cards in self.plays:
            if s == seat:
                return cards
        return None

    def to_dict(self) -> dict:
        from .cards import format_cards
        return {"leader": self.leader, "plays": [[s, format_cards(c)] for s, c in self.plays],
                "winner": self.winner, "points": self.points,
                "attempted": format_cards(self.attempted), "penalty": self.penalty}


@dataclass(frozen=True)
class HandSetup:
    """Everything that fixes a hand before its first action."""

    seed: int
    first_hand: bool
    levels: tuple[Rank, Rank]
    dealer: int | None  # None in the first hand
    first_drawer: int

    def to_dict(self) -> dict:
        return {"seed": self.seed, "first_hand": self.first_hand,
                "levels": [r.label for r in self.levels], "dealer": self.dealer,
                "first_drawer": self.first_drawer}

    @classmethod
    def from_dict(cls, data: dict) -> HandSetup:
        return cls(int(data["seed"]), bool(data["first_hand"]),
                   (Rank.parse(data["levels"][0]), Rank.parse(data["levels"][1])),
                   data["dealer"], int(data["first_drawer"]))


class Hand:
    """The full (hidden-information) state of one hand. Seats 0 and 2 are a team."""

    def __init__(self, ruleset: Ruleset, setup: HandSetup):
        self.ruleset = ruleset
        self.setup = setup
        self.deck = shuffled_deck(ruleset.decks, random.Random(setup.seed))
        self.to_deal = len(self.deck) - ruleset.kitty
        self.dealt = 0
        self.hands: list[list[Card]] = [[] for _ in range(4)]
        self.dealt_kitty: tuple[Card, ...] = tuple(self.deck[self.to_deal:])
        self.kitty: list[Card] = list(self.dealt_kitty)
        self.bidding = Bidding(ruleset, setup.first_hand, setup.dealer, setup.first_drawer,
                               setup.levels)
        self.phase: Phase = DEALING
        self.dealer: int | None = setup.dealer
        self.rank: Rank | None = None
        self.ctx: TrumpContext | None = None
        self.trump_declared = False
        self.tricks: list[Trick] = []
        self.trick_points = 0  # the defenders' points from tricks
        self.penalties = 0  # throw penalties, signed for the defenders
        self.settlement: Settlement | None = None
        self.log: list[Action] = []

    # --------------------------------------------------------------------- queries

    @property
    def levels(self) -> tuple[Rank, Rank]:
        return self.setup.levels

    @property
    def current_trick(self) -> Trick | None:
        if self.tricks and not self.tricks[-1].complete:
            return self.tricks[-1]
        return None

    @property
    def defender_points(self) -> int:
        """Trick points with throw penalties, as the settlement counts them (before the kitty)."""
        return self.trick_points + self.penalties

    def is_dealer_side(self, seat: int) -> bool:
        return self.dealer is not None and seat % 2 == self.dealer % 2

    def to_act(self) -> int | None:
        """The seat whose decision the hand waits for; None while dealing (a chance step)."""
        if self.phase == BURYING:
            return self.dealer
        if self.phase == PLAYING:
            trick = self.current_trick
            if trick is None:
                return self.tricks[-1].winner if self.tricks else self.dealer
            return (trick.leader + len(trick.plays)) % 4
        return None

    @property
    def finished(self) -> bool:
        return self.phase in (SETTLED, REDEAL)

    def next_card_seat(self) -> int:
        return (self.setup.first_drawer + self.dealt) % 4

    def declaration_options(self, seat: int) -> list[list[Card]]:
        if self.phase == DEALING:
            return self.bidding.options(seat, self.hands[seat])
        if self.phase == AFTER_DEAL:
            return self.bidding.options(seat, self.hands[seat], after_deal=True)
        return []

    # --------------------------------------------------------------------- checks

    def check(self, action: Action) -> Refusal | None:
        kind = action.kind
        if kind == DEAL:
            if self.phase != DEALING or self.dealt >= self.to_deal:
                return Refusal("phase.wrong")
            return None
        if kind == DECLARE:
            if self.phase not in (DEALING, AFTER_DEAL) or action.seat is None:
                return Refusal("phase.wrong")
            if not holds(self.hands[action.seat], action.cards):
                return Refusal("declare.not_held")
            return self.bidding.check(action.seat, action.cards, self.phase == AFTER_DEAL)
        if kind == FINISH_DEAL:
            if (self.phase == DEALING and self.dealt == self.to_deal) or self.phase == AFTER_DEAL:
                return None
            return Refusal("phase.wrong")
        if kind == BURY:
            return self.check_bury(action.seat, action.cards)
        if kind == PLAY:
            return self.check_play(action.seat, action.cards)
        return Refusal("phase.wrong")

    def check_bury(self, seat: int | None, cards: Sequence[Card]) -> Refusal | None:
        if self.phase != BURYING:
            return Refusal("phase.wrong")
        if seat is None or seat != self.dealer:
            return Refusal("turn.not_yours")
        return check_bury_cards(self.hands[seat], cards, self.ruleset.kitty)

    def check_play(self, seat: int | None, cards: Sequence[Card]) -> Refusal | None:
        if self.phase != PLAYING:
            return Refusal("phase.wrong")
        if seat != self.to_act():
            return Refusal("turn.not_yours")
        trick = self.current_trick
        return check_play_cards(self.hands[seat], trick.lead if trick else None, cards, self.ctx)

    # --------------------------------------------------------------------- apply

    def apply(self, action: Action) -> None:
        refusal = self.check(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        getattr(self, "_apply_" + action.kind)(action)
        self.log.append(action)

    def deal(self) -> Card:
        self.apply(Action(DEAL))
        return self.hands[(self.setup.first_drawer + self.dealt - 1) % 4][-1]

    def declare(self, seat: int, cards: Sequence[Card]) -> Declaration:
        self.apply(Action(DECLARE, seat, tuple(cards)))
        return self.bidding.shown[-1]

    def finish_deal(self) -> None:
        self.apply(Action(FINISH_DEAL))

    def bury(self, seat: int, cards: Sequence[Card]) -> None:
        self.apply(Action(BURY, seat, tuple(cards)))

    def play(self, seat: int, cards: Sequence[Card]) -> Trick:
        self.apply(Action(PLAY, seat, tuple(cards)))
        return self.tricks[-1]

    def _apply_deal(self, action: Action) -> None:
        seat = self.next_card_seat()
        self.hands[seat].append(self.deck[self.dealt])
        self.dealt += 1

    def _apply_declare(self, action: Action) -> None:
        self.bidding.apply(action.seat, action.cards, self.phase == AFTER_DEAL)

    def _apply_finish_deal(self, action: Action) -> None:
        if self.phase == DEALING:
            self.bidding.end_deal()
            if self.bidding.after_deal_window():
                self.phase = AFTER_DEAL
                return
        result = self.bidding.resolve(self.dealt_kitty)
        if result.redeal:
            self.phase = REDEAL
            return
        self.dealer, self.rank = result.dealer, result.rank
        self.trump_declared = result.declared
        self.ctx = TrumpContext(result.rank, result.trump)
        # The dealer picks up the kitty; only the dealer sees it.
        self.hands[self.dealer].extend(self.kitty)
        self.kitty = []
        self.phase = BURYING

    def _apply_bury(self, action: Action) -> None:
        hand = self.hands[action.seat]
        for card in action.cards:
            hand.remove(card)
        self.kitty = list(action.cards)
        self.phase = PLAYING

    def _apply_play(self, action: Action) -> None:
        seat, cards = action.seat, action.cards
        trick = self.current_trick
        if trick is None:
            trick = Trick(leader=seat)
            self.tricks.append(trick)
            others = [self.hands[s] for s in range(4) if s != seat]
            outcome = throw_outcome(cards, others, self.ctx)
            if not outcome.ok:
                trick.attempted = tuple(cards)
                penalty = outcome.blocked * self.ruleset.throw_penalty
                # 卡住庄家一张则给得分方加10分；卡住得分方一张则自扣10分。
                trick.penalty = penalty if self.is_dealer_side(seat) else -penalty
                self.penalties += trick.penalty
                cards = outcome.played
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        trick.plays.append((seat, tuple(cards)))
        if trick.complete:
            self._finish_trick(trick)

    def _finish_trick(self, trick: Trick) -> None:
        plays = [cards for _, cards in trick.plays]
        trick.winner = trick.plays[trick_winner(plays, self.ctx)][0]
        trick.points = sum(points_of(c) for c in plays)
        if not self.is_dealer_side(trick.winner):
            self.trick_points += trick.points
        if not any(self.hands):
            self._settle(trick)

    def _settle(self, last: Trick) -> None:
        dug = None
        if not self.is_dealer_side(last.winner):
            dug = Format.of(decompose(last.lead, self.ctx)).largest_unit_pairs
        self.settlement = settle(self.ruleset, self.defender_points, points_of(self.kitty), dug)
        self.phase = SETTLED

    # --------------------------------------------------------------------- helpers

    def points_in_play(self) -> int:
        """Points not yet captured by anyone: in hands, the kitty and the unfinished trick."""
        in_hands = sum(points_of(h) for h in self.hands)
        trick = self.current_trick
        on_table = sum(points_of(c) for _, c in trick.plays) if trick else 0
        return in_hands + points_of(self.kitty) + on_table

    def dealer_side_points(self) -> int:
        return sum(t.points for t in self.tricks if t.complete and self.is_dealer_side(t.winner))

    def to_dict(self) -> dict:
        """The setup and the log: enough to rebuild the hand exactly."""
        return {"setup": self.setup.to_dict(), "log": [a.to_dict() for a in self.log]}

    @classmethod
    def from_dict(cls, ruleset: Ruleset, data: dict) -> Hand:
        hand = cls(ruleset, HandSetup.from_dict(data["setup"]))
        for entry in data["log"]:
            hand.apply(Action.from_dict(entry))
        return hand

    def replay(self, upto: int | None = None) -> Hand:
        """A fresh hand with the first ``upto`` actions of this one's log (undo, replays)."""
        hand = Hand(self.ruleset, self.setup)
        for action in self.log[:upto]:
            hand.apply(action)
        return hand

    def undo_point(self, seat: int) -> int | None:
        """Where the log goes back to so that ``seat``'s last play or bury is taken back, with
        every action after it (the other seats' replies); None if it has none this hand."""
        for index in range(len(self.log) - 1, -1, -1):
            action = self.log[index]
            if action.seat == seat and action.kind in (PLAY, BURY):
                return index
        return None

    def undo(self, seat: int) -> Hand:
        """A copy of this hand as it was just before ``seat``'s last play or bury."""
        point = self.undo_point(seat)
        if point is None:
            raise ValueError("nothing to take back")
        return self.replay(point)

    def digest(self) -> tuple:
        """A value that differs whenever the visible or hidden state differs."""
        return (self.phase, self.dealer, self.rank, self.ctx, tuple(map(tuple, self.hands)),
                tuple(self.kitty), self.dealt, self.trick_points, self.penalties,
                tuple((t.leader, tuple(t.plays), t.winner, t.points, t.attempted, t.penalty)
                      for t in self.tricks),
                tuple(self.bidding.shown), self.settlement)
