"""The play modes on top of the table's driver: practice, tournament and hot-seat (no pygame).

* ``ModeDriver`` is the ``TableDriver`` of a match with modes. It adds
  - **declaring in rounds**: after every card dealt, the seats that may declare are asked in
    deal order starting from the seat that just received the card (priority goes to whoever
    could declare first). Bots answer at once; an outside program is asked in the worker
    thread (the deal waits, the screen does not); with several people at one computer
    (hot-seat) the deal pauses only when a person *newly* gains a declaration option, and
    that person alone is asked. When the deal is over, everyone who still may declare gets
    one last round (every person is asked once, whatever he declined before);
  - **undo** of a person's last play or bury, with every reply after it (``Hand.undo``);
  - **playing for a seat** whose clock ran out: the hint's move (``play_for``);
  - hooks when a hand is over (replays, statistics, outside programs) and ``close``.
* ``hint`` is the ``normal`` bot's move and reason for a seat (practice mode's Hint).
* ``TurnClock`` counts down one decision, fed with the frame time (fake time in tests).
* ``cards_out`` is the card counter: the cards a seat has not seen yet.
"""
from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
import math
import random

from game.controllers import PENDING, _pool
from game.core import (
    AFTER_DEAL,
    BURY,
    BURYING,
    DEALING,
    DECLARE,
    PLAY,
    PLAYING,
    REDEAL,
    Action,
    Card,
    Hand,
    HandSummary,
    Observation,
    make_deck,
    observe,
    points_of,
)
from game.driver import Declared, TableDriver, Wait, fallback_bury, fallback_play

PRACTICE, TOURNAMENT = "practice", "tournament"


@dataclass(frozen=True)
class Features:
    """What a mode offers the people at the table."""

    hint: bool
    undo: bool
    counter: bool
    history: bool  # the whole hand so far (the last trick is always there)
    why_not: bool  # refusals name the section of the rules
    clocks: bool


def features(mode: str) -> Features:
    """Practice: every aid, no clocks. Tournament: clocks; no hints, no undo, no counter."""
    if mode == TOURNAMENT:
        return Features(hint=False, undo=False, counter=False, history=False, why_not=False, clocks=True)
    return Features(hint=True, undo=True, counter=True, history=True, why_not=True, clocks=False)


# ---------------------------------------------------------------------------- the hint

def hint(hand: Hand, seat: int, options: Sequence[Sequence[Card]] | None = None):
    """The ``normal`` bot's move for ``seat`` now, with its ``Reason`` (``bots.base``):
    cards to play or bury, a declaration (or None to pass) while the cards are dealt.

    The bot is seeded by the position, so the same position always gets the same hint."""
    from bots import make_bot
    rng = random.Random(hand.setup.seed * 1009 + len(hand.log) * 4 + seat)
    bot = make_bot("normal", seat, rng, hand.ruleset)
    obs = observe(hand, seat)
    if hand.phase in (DEALING, AFTER_DEAL):
        options = [list(o) for o in (options if options is not None else hand.declaration_options(seat))]
        return bot.explain(obs, options)
    return bot.explain(obs)


def hint_action(hand: Hand, seat: int) -> Action:
    """The hint as an action the rules accept (a legal fallback if the bot errs)."""
    kind = BURY if hand.phase == BURYING else PLAY
    try:
        cards, _ = hint(hand, seat)
        action = Action(kind, seat, tuple(cards or ()))
        if hand.check(action) is None:
            return action
    except Exception:
        pass
    obs = observe(hand, seat)
    return Action(kind, seat, tuple(fallback_bury(obs) if kind == BURY else fallback_play(obs)))


# ---------------------------------------------------------------------------- clocks

def clock_seconds(ruleset, kind: str) -> int:
    """The ruleset's time for a bury or a play (0: no clock)."""
    return ruleset.bury_seconds if kind == BURY else ruleset.play_seconds


class TurnClock:
    """A countdown for one decision, identified by ``key`` (so it starts once per decision)."""

    def __init__(self) -> None:
        self.key = None
        self.total = 0.0
        self.left = 0.0
        self.expired = False

    def start(self, key, seconds: float) -> None:
        if key != self.key:
            self.key, self.total, self.left, self.expired = key, float(seconds), float(seconds), False

    def stop(self) -> None:
        self.key, self.left, self.expired = None, 0.0, False

    @property
    def running(self) -> bool:
        return self.key is not None and not self.expired

    @property
    def seconds_left(self) -> int:
        """Whole seconds left, as the countdown shows them."""
        return max(0, math.ceil(self.left - 1e-9))

    def tick(self, dt: float) -> bool:
        """Advance; True once, on the frame the time runs out."""
        if not self.running:
            return False
        self.left -= dt
        if self.left <= 0:
            self.left = 0.0
            self.expired = True
            return True
        return False


# ---------------------------------------------------------------------------- the card counter

def cards_out(obs: Observation) -> Counter:
    """The cards ``obs.seat`` has not seen: the decks less its hand, every card played and,
    for the dealer after the bury, the kitty it buried."""
    out = Counter(make_deck(obs.ruleset.decks))
    out.subtract(obs.hand)
    for trick in list(obs.tricks) + ([obs.current] if obs.current else []):
        for _, cards in trick.plays:
            out.subtract(cards)
    if obs.phase not in (BURYING,) and obs.kitty:
        out.subtract(obs.kitty)
    return +out


def points_out(obs: Observation) -> tuple[int, int]:
    """(points not played yet, of which in this seat's hand)."""
    played = sum(points_of(cards) for trick in obs.tricks for _, cards in trick.plays)
    if obs.current:
        played += sum(points_of(cards) for _, cards in obs.current.plays)
    return obs.ruleset.total_points - played, points_of(obs.hand)


# ---------------------------------------------------------------------------- the driver

def _key(option: Sequence[Card]) -> tuple:
    return tuple(sorted(option, key=str))


def is_external(controller) -> bool:
    return str(getattr(controller, "level", "")).startswith("external:")


class ModeDriver(TableDriver):
    """A ``TableDriver`` with declaring rounds, hot-seat asks, undo, timeouts and hooks."""

    def __init__(self, match, controllers, config: dict | None = None, on_save=None, announce: bool = True,
                 on_hand_over: Callable[[Hand, HandSummary | None], None] | None = None):
        super().__init__(match, controllers, config, on_save, announce)
        self.on_hand_over = on_hand_over
        self.mode = self.config.get("mode", PRACTICE)
        self.features = features(self.mode)
        self.round: deque[int] = deque()  # seats still to be asked about declaring
        self.final_round = False
        self._final_stage = None  # the phase of this hand whose last round was started
        self.offered: dict[int, set] = {s: set() for s in range(4)}
        self._declaring = None  # (key, future) of an outside program's declaration
        self.closed = False

    # ------------------------------------------------------------------ who is who

    @property
    def hotseat(self) -> bool:
        """Several people share the screen: their hands are shown one at a time."""
        return len(self.humans()) >= 2

    def bots(self) -> list:
        return [getattr(c, "bot", None) for c in self.controllers]

    # ------------------------------------------------------------------ declaring rounds

    def _bot_declarations(self) -> None:
        """After a card is dealt: a round in deal order from the seat that just received it."""
        hand = self.hand
        start = (hand.next_card_seat() - 1) % 4 if hand.phase == DEALING else (hand.dealer + 1) % 4
        self._start_round(start, final=False)
        self._run_round()

    def _start_round(self, start: int, final: bool) -> None:
        self.round = deque((start + i) % 4 for i in range(4))
        self.final_round = final

    def _asks_person(self, seat: int) -> list[list[Card]] | None:
        """The options a person at ``seat`` is asked about now, or None to skip him."""
        if not self.controllers[seat].human:
            return None
        options = self.hand.declaration_options(seat)
        if not options:
            return None
        if self.final_round:
            return options
        if not self.hotseat:
            return None  # one person: the declare buttons stay up during the deal
        if all(_key(o) in self.offered[seat] for o in options):
            return None
        return options

    def _run_round(self) -> None:
        """Ask the seats in turn until one must wait (a person, an outside program)."""
        hand = self.hand
        while self.round:
            seat = self.round[0]
            controller = self.controllers[seat]
            if controller.human:
                if self._asks_person(seat) is not None:
                    return
                self.round.popleft()
                continue
            options = hand.declaration_options(seat)
            if not options:
                self.round.popleft()
                continue
            choice = self._bot_choice(seat, controller, options)
            if choice is PENDING:
                return
            self.round.popleft()
            if choice and hand.check(Action(DECLARE, seat, tuple(choice))) is None:
                self.queue.append(Declared(hand.declare(seat, choice)))

    def _bot_choice(self, seat: int, controller, options):
        obs = observe(self.hand, seat)
        if not is_external(controller):
            return controller.declare(obs, options)
        key = (id(self.hand), len(self.hand.log), seat)
        if self._declaring is None or self._declaring[0] != key:
            self._declaring = (key, _pool().submit(controller.declare, obs, options))
            return PENDING
        future = self._declaring[1]
        if not future.done():
            return PENDING
        self._declaring = None
        try:
            return future.result()
        except Exception:
            return None

    def waiting(self) -> Wait | None:
        if self.queue or self.match.over:
            return None
        hand = self.hand
        if hand.phase in (DEALING, AFTER_DEAL):
            if self.round:
                options = self._asks_person(self.round[0])
                if options is not None:
                    return Wait("declare", self.round[0], tuple(tuple(o) for o in options))
            return None
        return super().waiting()

    def advance(self):
        if self.queue:
            return self.queue.popleft()
        hand = self.hand
        if hand.phase in (DEALING, AFTER_DEAL) and not self.match.over:
            if self.round:
                self._run_round()
                if self.round:
                    return None
                if self.queue:
                    return self.queue.popleft()
            if self._deal_done():
                stage = hand.phase
                if self._final_stage != stage:
                    # The last chance: everyone who may declare, in deal order.
                    self._final_stage = stage
                    start = (hand.next_card_seat() - 1) % 4 if hand.phase == DEALING else (hand.dealer + 1) % 4
                    self._start_round(start, final=True)
                    return self.advance()
                return self._finish_deal()
        if hand.phase == REDEAL:
            self._hand_over(hand, None)
        return super().advance()

    def declare(self, seat: int, cards: Sequence[Card]):
        refusal = super().declare(seat, cards)
        if refusal is None:
            self._answered(seat)
        return refusal

    def pass_declaration(self, seat: int) -> None:
        self._answered(seat)

    def _answered(self, seat: int) -> None:
        """The person asked has declared or passed: the round goes on."""
        for option in self.hand.declaration_options(seat):
            self.offered[seat].add(_key(option))
        if self.round and self.round[0] == seat:
            self.round.popleft()

    def bot_thinking(self) -> bool:
        pending = self._declaring is not None and not self._declaring[1].done()
        return pending or super().bot_thinking()

    def _new_hand(self) -> None:
        super()._new_hand()
        self.round.clear()
        self.final_round = False
        self._final_stage = None
        self._declaring = None
        self.offered = {s: set() for s in range(4)}

    # ------------------------------------------------------------------ undo

    def undo_point(self, seat: int) -> int | None:
        """Where undo would take the hand back to for ``seat`` (None: nothing to undo)."""
        hand = self.hand
        if not self.features.undo or hand.phase not in (BURYING, PLAYING) or self.match.over:
            return None
        point = hand.undo_point(seat)
        if point is None:
            return None
        # Never take back another person's move (hot-seat).
        if any(a.seat != seat and a.seat is not None and self.controllers[a.seat].human
               for a in hand.log[point:]):
            return None
        return point

    def undo(self, seat: int) -> bool:
        """Take back ``seat``'s last play or bury and everything after it."""
        point = self.undo_point(seat)
        if point is None:
            return False
        for controller in self.controllers:
            controller.cancel()
        self._asked = None
        self.queue.clear()
        self.match.hand = self.hand.replay(point)
        self.save()
        return True

    # ------------------------------------------------------------------ clocks

    def play_for(self, seat: int) -> Action | None:
        """The clock ran out: play (or bury) the hint's move for ``seat``."""
        hand = self.hand
        if hand.to_act() != seat or hand.phase not in (BURYING, PLAYING):
            return None
        action = hint_action(hand, seat)
        refusal = self.submit(action)
        return action if refusal is None else None

    # ------------------------------------------------------------------ hands over

    def next_hand(self) -> None:
        hand = self.hand
        if hand.phase != "settled":
            return
        self._send_results(hand)
        super().next_hand()
        summary = self.match.history[-1] if self.match.history else None
        if self.on_hand_over is not None:
            self.on_hand_over(hand, summary)

    def _hand_over(self, hand: Hand, summary) -> None:
        self._send_results(hand)

    def _send_results(self, hand: Hand) -> None:
        if any(is_external(c) for c in self.controllers):
            from bots.external import hand_over
            hand_over([b for b in self.bots() if b is not None], hand)

    def close(self) -> None:
        """End the outside programs (at the end of the match, or when the table is left)."""
        if self.closed:
            return
        self.closed = True
        for controller in self.controllers:
            controller.cancel()
        if any(is_external(c) for c in self.controllers):
            from bots.external import close_all
            close_all([b for b in self.bots() if b is not None])
