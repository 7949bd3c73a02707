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
from dataclasses import dataclass
import random
from typing import Any, Final, TypeGuard

from .actions import BURY, DEAL, DECLARE, FINISH_DEAL, PLAY, Action
from .bidding import Bidding, Declaration
from .cards import Card, Rank, holds, points_of, shuffled_deck
from .legal import LIMIT, NOTHING, LegalMoves, bury_moves, declare_moves
from .moves import check_bury_cards
from .phases import AFTER_DEAL, BURYING, DEALING, PLAYING, REDEAL, SETTLED, Phase
from .play import PlayState, Trick
from .refusal import IllegalActionError, Refusal
from .ruleset import Ruleset
from .settlement import Settlement
from .trump import TrumpContext


@dataclass(frozen=True)
class HandSetup:
    """Everything that fixes a hand before its first action."""

    seed: int
    first_hand: bool
    levels: tuple[Rank, Rank]
    dealer: int | None  # None in the first hand
    first_drawer: int

    def __reduce__(self) -> tuple[object, ...]:
        # By its fields: compiled by mypyc, a frozen dataclass cannot be refilled one by one.
        return (HandSetup, (self.seed, self.first_hand, self.levels, self.dealer, self.first_drawer))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "first_hand": self.first_hand,
            "levels": [r.label for r in self.levels],
            "dealer": self.dealer,
            "first_drawer": self.first_drawer,
        }

    @classmethod
    def from_dict(cls, data: object) -> HandSetup:
        """``to_dict`` read back; a ``ValueError`` names the field that is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a hand's setup must be an object")
        seed, first_hand, levels = data.get("seed"), data.get("first_hand"), data.get("levels")
        dealer, first_drawer = data.get("dealer"), data.get("first_drawer")
        if not _is_int(seed):
            raise ValueError(f"the setup's seed must be a whole number, not {seed!r}")
        if not isinstance(first_hand, bool):
            raise ValueError(f"the setup's first_hand must be true or false, not {first_hand!r}")
        if not isinstance(levels, list) or len(levels) != 2 or not all(isinstance(x, str) for x in levels):
            raise ValueError(f"the setup's levels must be two ranks, not {levels!r}")
        if dealer is not None and not (_is_int(dealer) and 0 <= dealer <= 3):
            raise ValueError(f"the setup's dealer must be a seat 0-3 or null, not {dealer!r}")
        if not (_is_int(first_drawer) and 0 <= first_drawer <= 3):
            raise ValueError(f"the setup's first_drawer must be a seat 0-3, not {first_drawer!r}")
        return cls(seed, first_hand, (Rank.parse(levels[0]), Rank.parse(levels[1])), dealer, first_drawer)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# Actions are values: the hundred deals of a hand can share one.
_DEAL: Final = Action(DEAL)


class Hand:
    """The full (hidden-information) state of one hand. Seats 0 and 2 are a team."""

    def __init__(self, ruleset: Ruleset, setup: HandSetup):
        self.ruleset = ruleset
        self.setup = setup
        self.deck = shuffled_deck(ruleset.decks, random.Random(setup.seed))
        self.to_deal = len(self.deck) - ruleset.kitty
        self.dealt = 0
        self.hands: list[list[Card]] = [[] for _ in range(4)]
        self.dealt_kitty: tuple[Card, ...] = tuple(self.deck[self.to_deal :])
        self.kitty: list[Card] = list(self.dealt_kitty)
        self.bidding = Bidding(ruleset, setup.first_hand, setup.dealer, setup.first_drawer, setup.levels)
        self.phase: Phase = DEALING
        self.dealer: int | None = setup.dealer
        self.rank: Rank | None = None
        self.ctx: TrumpContext | None = None
        self.trump_declared = False
        # The play phase, from the bury on: it shares ``hands`` and ``kitty`` with the hand.
        self.play_state: PlayState | None = None
        self.log: list[Action] = []
        # Each seat's cards as observations show them (``shown_hand``), with the list they
        # were sorted from: kept up to date through the plays, as an observation is made for
        # every decision and sorting the whole hand each time was most of its cost.
        self._shown: list[tuple[list[Card], list[Card]] | None] = [None, None, None, None]
        # The fields of each seat's observations that the plays cannot change, by
        # ``2 * seat + last_chance`` (``observation.observe``, interpreted).
        self.observed: dict[int, dict[str, object]] = {}

    # --------------------------------------------------------------------- queries

    @property
    def levels(self) -> tuple[Rank, Rank]:
        return self.setup.levels

    # The play phase's facts, read from the play state (empty before the bury).

    @property
    def tricks(self) -> list[Trick]:
        return self.play_state.tricks if self.play_state is not None else []

    @property
    def trick_points(self) -> int:
        """The defenders' points from tricks."""
        return self.play_state.trick_points if self.play_state is not None else 0

    @property
    def penalties(self) -> int:
        """Throw penalties, signed for the defenders."""
        return self.play_state.penalties if self.play_state is not None else 0

    @property
    def settlement(self) -> Settlement | None:
        return self.play_state.settlement if self.play_state is not None else None

    @property
    def current_trick(self) -> Trick | None:
        return self.play_state.current_trick if self.play_state is not None else None

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
        if self.phase == PLAYING and self.play_state is not None:
            return self.play_state.to_act()
        return None

    @property
    def finished(self) -> bool:
        return self.phase in (SETTLED, REDEAL)

    def shown_hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards in the order an observation shows them once the trump is known
        (``TrumpContext.sort_hand``)."""
        assert self.ctx is not None
        held = self.hands[seat]
        entry = self._shown[seat]
        # Sorted afresh when the cards changed other than by a play (the bury, or a caller
        # that replaced a seat's list): a play is the only change ``_apply_play`` follows.
        if entry is None or entry[0] is not held or len(entry[1]) != len(held):
            entry = self._shown[seat] = (held, self.ctx.sort_hand(held))
        return tuple(entry[1])

    def next_card_seat(self) -> int:
        return (self.setup.first_drawer + self.dealt) % 4

    def declaration_options(self, seat: int) -> list[list[Card]]:
        if self.phase == DEALING:
            return self.bidding.options(seat, self.hands[seat])
        if self.phase == AFTER_DEAL:
            return self.bidding.options(seat, self.hands[seat], after_deal=True)
        return []

    def legal_actions(self, seat: int, limit: int = LIMIT) -> LegalMoves:
        """What ``seat`` may do now, in every phase (OpenSpiel's ``legal_actions``): its
        declarations while the cards are dealt (passing is allowed too), the bury when it
        is the dealer, its leads or follows on its turn; ``NOTHING`` otherwise. The same
        answer as ``observe(hand, seat).legal_actions()``."""
        if self.phase in (DEALING, AFTER_DEAL):
            return declare_moves(self.declaration_options(seat))
        if self.phase == BURYING:
            return bury_moves(self.ruleset.kitty) if seat == self.dealer else NOTHING
        if self.phase == PLAYING and self.play_state is not None:
            return self.play_state.legal_actions(seat, limit)
        return NOTHING

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
        if self.phase != PLAYING or self.play_state is None:
            return Refusal("phase.wrong")
        return self.play_state.check(seat, cards)

    # --------------------------------------------------------------------- apply

    def apply(self, action: Action, checked: bool = False) -> None:
        """Make the move. ``checked``: the caller's ``check`` has just accepted this very
        action in this very position (the table checks a person's play once, not twice)."""
        refusal = None if checked else self.check(action)
        if refusal is not None:
            raise IllegalActionError(refusal)
        # A chain, not a table of methods: compiled by mypyc, a class body cannot name its
        # own methods as values.
        kind = action.kind
        if kind == PLAY:
            self._apply_play(action)
        elif kind == DEAL:
            self._apply_deal(action)
        elif kind == DECLARE:
            self._apply_declare(action)
        elif kind == FINISH_DEAL:
            self._apply_finish_deal(action)
        elif kind == BURY:
            self._apply_bury(action)
        else:
            raise ValueError(f"unknown action kind {kind!r}")
        self.log.append(action)

    def deal(self) -> Card:
        # ``apply(_DEAL)`` written out (its check, ``_apply_deal``, the log): the table deals
        # every card of a hand through here.
        dealt = self.dealt
        if self.phase != DEALING or dealt >= self.to_deal:
            raise IllegalActionError(Refusal("phase.wrong"))
        card = self.deck[dealt]
        self.hands[(self.setup.first_drawer + dealt) % 4].append(card)
        self.dealt = dealt + 1
        self.log.append(_DEAL)
        return card

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

    # The checks ran first: a declaring, burying or playing action names its seat, and the
    # bidding's result names a dealer and a rank.

    def _apply_declare(self, action: Action) -> None:
        assert action.seat is not None
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
        assert result.dealer is not None and result.rank is not None
        self.dealer, self.rank = result.dealer, result.rank
        self.trump_declared = result.declared
        self.ctx = TrumpContext.of(result.rank, result.trump)
        # The dealer picks up the kitty; only the dealer sees it.
        self.hands[result.dealer].extend(self.kitty)
        self.kitty = []
        self.phase = BURYING

    def _apply_bury(self, action: Action) -> None:
        assert action.seat is not None and self.ctx is not None
        hand = self.hands[action.seat]
        for card in action.cards:
            hand.remove(card)
        self.kitty = list(action.cards)
        self.play_state = PlayState(self.ruleset, self.ctx, action.seat, self.hands, self.kitty)
        self.phase = PLAYING

    def _apply_play(self, action: Action) -> None:
        state = self.play_state
        seat = action.seat
        assert state is not None and seat is not None
        trick = state.apply(seat, action.cards)
        entry = self._shown[seat]
        # Another list, or one whose length changed outside the plays, is sorted afresh by
        # ``shown_hand`` (a play takes as many cards from both, so their lengths stay apart).
        if entry is not None and entry[0] is self.hands[seat]:
            shown = entry[1]
            try:
                for card in trick.plays[-1][1]:  # a failed throw plays fewer than the action names
                    shown.remove(card)
            except ValueError:  # a card changed outside the plays
                self._shown[seat] = None
        if state.settlement is not None:
            self.phase = SETTLED

    # --------------------------------------------------------------------- helpers

    def points_in_play(self) -> int:
        """Points not yet captured by anyone: in hands, the kitty and the unfinished trick."""
        if self.play_state is not None:
            return self.play_state.points_in_play()
        return sum(points_of(h) for h in self.hands) + points_of(self.kitty)

    def dealer_side_points(self) -> int:
        return self.play_state.dealer_side_points() if self.play_state is not None else 0

    def to_dict(self) -> dict[str, Any]:
        """The setup and the log: enough to rebuild the hand exactly."""
        return {"setup": self.setup.to_dict(), "log": [a.to_dict() for a in self.log]}

    @classmethod
    def from_dict(cls, ruleset: Ruleset, data: Any) -> Hand:  # Any: a damaged save must reach the check below
        """``to_dict`` replayed; a ``ValueError`` says what is wrong (an illegal action in
        the log raises ``IllegalActionError``, a ``ValueError`` too)."""
        if not isinstance(data, dict) or not isinstance(data.get("log"), list):
            raise ValueError("a hand must be an object with a setup and a log (a list of actions)")
        hand = cls(ruleset, HandSetup.from_dict(data.get("setup")))
        for entry in data["log"]:
            if not isinstance(entry, dict):
                raise ValueError(f"an action in the hand's log must be an object, not {entry!r}")
            hand.apply(Action.from_dict(entry))
        return hand

    def __reduce__(self) -> tuple[object, ...]:
        # Copied and pickled as its setup and log, replayed: compiled by mypyc, the class has
        # no bare __new__ for copy and pickle to call. The log is the whole state (to_dict).
        return (_replayed, (self.ruleset, self.setup, list(self.log)))

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

    def digest(self) -> tuple[object, ...]:
        """A value that differs whenever the visible or hidden state differs."""
        return (
            self.phase,
            self.dealer,
            self.rank,
            self.ctx,
            tuple(map(tuple, self.hands)),
            tuple(self.kitty),
            self.dealt,
            self.trick_points,
            self.penalties,
            tuple((t.leader, tuple(t.plays), t.winner, t.points, t.attempted, t.penalty) for t in self.tricks),
            tuple(self.bidding.shown),
            self.settlement,
        )


def _replayed(ruleset: Ruleset, setup: HandSetup, log: list[Action]) -> Hand:
    hand = Hand(ruleset, setup)
    for action in log:
        hand.apply(action)
    return hand
