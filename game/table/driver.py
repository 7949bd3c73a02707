"""The table's engine: drives a ``Match`` (or one ``Hand``) through actions (no pygame).

``TableDriver.advance()`` makes the next step the hand is waiting for (deal a card, ask a
bot, close the deal) and returns one ``Event`` to show, or None while a decision is
pending. The front end calls it when its animations are done; the arena, the tests and
the tools call it in a loop (``run_until_wait``, ``run_hand``, ``play_hand``). People answer
through ``submit``, ``declare`` and ``pass_declaration``; ``waiting()`` says whom the table
waits for.

**Declaring** follows the one protocol of ``declaring.DeclaringRounds`` (the game's, hot-seat
included).

A bot's exception or illegal answer never stops the hand: it is recorded in ``report``
(an ``Incident``) and the core's fallback is played. The match is saved (``save_data``)
after every trick and every hand through ``on_save``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
import time
import traceback
from typing import Any

from game.core import (
    AFTER_DEAL,
    BURY,
    BURYING,
    DEALING,
    DECLARE,
    PLAY,
    PLAYING,
    REDEAL,
    SETTLED,
    Action,
    ActionKind,
    Card,
    Hand,
    HandSetup,
    HandSummary,
    IllegalActionError,
    Match,
    Observation,
    Phase,
    Refusal,
    Ruleset,
    Trick,
    TrickView,
    observe,
)

from .aids import HintProvider, TurnClock, clock_seconds, default_action, hint_action
from .controllers import PENDING, BotController, Controller, bot_controllers
from .declaring import HOTSEAT_STOPS, DeclaringRounds, OnDecision, hotseat_checkpoints
from .events import (
    AfterDealWindow,
    Buried,
    DealClosed,
    Dealt,
    Declared,
    Event,
    HandReport,
    HandSettled,
    HandStarted,
    Incident,
    MatchOver,
    Played,
    Redealt,
    TimedOut,
    TrickWon,
    Wait,
    WaitKind,
)
from .follow import follow_group
from .privacy import Privacy, hotseat_privacy
from .settings import Aids, TableSettings, aids_for
from .throws import throw_blocker

OnHandOver = Callable[[Hand, HandSummary | None], None]


class OneHandMatch(Match):
    """A single hand standing in for a match (the arena, tests): a ``Match`` that never
    moves on, so the driver and the screens read one kind of match."""

    def __init__(self, hand: Hand):
        self._given = hand  # before ``Match.__init__``, whose first hand is this one
        super().__init__(hand.ruleset, hand.setup.seed, start_levels=hand.setup.levels)

    def _new_hand(self) -> Hand:
        # The hand given, not one dealt afresh: a second deck shuffled per arena hand only
        # to be thrown away cost pure self-play 2 % of its time.
        return self._given

    def next_hand(self) -> Hand:
        return self.hand

    def add_time(self, seconds: float) -> None:
        pass

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand.to_dict()}


class TableDriver:
    """Runs one match (or one hand) at one table."""

    def __init__(
        self,
        match: Match,
        controllers: Sequence[Controller],
        settings: TableSettings | None = None,
        on_save: Callable[[dict[str, Any]], None] | None = None,
        announce: bool = True,
        on_hand_over: OnHandOver | None = None,
        hint: HintProvider | None = None,
        on_decision: OnDecision | None = None,
        timing: bool = True,
        moves_on: bool = False,
    ):
        """``announce``: start with a HandStarted event (False when a saved hand resumes);
        ``hint``: the practice Hint (also the move played when a clock runs out);
        ``timing``: record the bots' think times in ``report``;
        ``moves_on``: deal the next hand as soon as the settlement is announced (the game's
        table: ``HandSettled`` carries the hand and its summary), rather than on ``next_hand``."""
        self.match = match
        self.controllers = list(controllers)
        self.settings = settings or TableSettings()
        self.aids: Aids = aids_for(self.settings.mode, match.ruleset.review_played)
        self.on_save = on_save
        self.on_hand_over = on_hand_over
        self.hint_provider = hint
        self.on_decision = on_decision
        self.timing = timing
        self.moves_on = moves_on
        self.queue: deque[Event] = deque()
        self.bot_fixes = 0  # bot answers refused or failed, over the whole match
        self.closed = False
        self._asked: tuple[int, int, int] | None = None  # (hand id, log length, seat) of the decision asked
        self._asked_obs: Observation | None = None
        self._announced_over = False
        # A person's turn clock as it stands (log length, seat, seconds left): the front end
        # keeps it here so the save carries it, and a continued match goes on from it.
        self.clock_left: tuple[int, int, float] | None = None
        self.clock = TurnClock()  # the person's turn clock (tournament), ticked by ``tick``
        self._serial = 0  # counts the hands this driver has held (a new hand, an undo)
        self._checked: tuple[tuple[Any, ...], Refusal | None] | None = None  # the last ``check``
        self._reset_hand()
        if announce:
            self.queue.append(HandStarted(match.hands_played + 1))

    @classmethod
    def for_hand(cls, hand: Hand, controllers: Sequence[Controller], **options: Any) -> TableDriver:
        """A driver for one hand on its own (the arena, tests): no match around it."""
        options.setdefault("announce", False)
        return cls(OneHandMatch(hand), controllers, **options)

    def _reset_hand(self) -> None:
        self._serial += 1
        self.clock = TurnClock()
        self.report = HandReport(self.match.hand)
        self.rounds = DeclaringRounds(self, self.hotseat)
        self._announced_settled = False

    # ------------------------------------------------------------------ queries

    @property
    def hand(self) -> Hand:
        """The hand being played."""
        return self.match.hand

    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, c in enumerate(self.controllers) if c.human]

    @property
    def hotseat(self) -> bool:
        """Several people share the screen: their hands are shown one at a time."""
        return len(self.humans()) >= 2

    def bots(self) -> list[Any]:
        return [c.bot for c in self.controllers]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        return observe(self.hand, seat)

    @property
    def phase(self) -> Phase:
        """The phase of the hand being played."""
        return self.hand.phase

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the hand waits for (None while dealing, or when it is over)."""
        return self.hand.to_act()

    @property
    def position(self) -> tuple[int, int]:
        """Identifies the position as it stands: changes with every move, a new hand, an undo."""
        return self._serial, len(self.hand.log)

    @property
    def moment(self) -> tuple[Any, ...]:
        """What a refusal answers: this hand, its phase, the bidding and every move but the
        cards dealt (a deal alone does not change it)."""
        hand = self.hand
        return self._serial, hand.phase, len(hand.bidding.shown), len(hand.log) - hand.dealt

    def check(self, seat: int, cards: Sequence[Card], kind: ActionKind | None = None) -> Refusal | None:
        """The rules' verdict on ``seat`` burying or playing ``cards`` now (None: allowed);
        ``kind`` defaults to what the phase asks for. The verdict is kept for the position:
        ``submit`` of the same move does not check it again."""
        hand = self.hand
        if kind is None:
            kind = BURY if hand.phase == BURYING else PLAY
        key = (self.position, kind, seat, tuple(cards))
        if self._checked is None or self._checked[0] != key:
            self._checked = (key, hand.check(Action(kind, seat, tuple(cards))))
        return self._checked[1]

    def follow_group(self, seat: int, card: Card, raised: Sequence[Card] = ()) -> list[Card]:
        """The cards a click on ``card`` raises when ``seat`` follows: its pair or tractor
        when the lead asks for one (``card`` alone otherwise, or when leading)."""
        hand = self.hand
        trick = hand.current_trick
        if trick is None or hand.ctx is None or not trick.plays:
            return [card]
        return follow_group(hand.hands[seat], card, trick.lead, hand.ctx, raised)

    def privacy(self, shown: tuple[int, int] | None, unlocked: int | None, locked: bool, wait: Wait | None) -> Privacy:
        """The hot-seat privacy rule now (``game.table.privacy``); ``shown`` is the ``position``
        when the hand was shown to ``unlocked``."""
        hand = self.hand
        if shown is not None and shown[0] != self._serial:  # the hand was replaced: cover it
            rule = hotseat_privacy(hand, None, unlocked, True, wait, self.humans())
            return Privacy(rule.cover or not locked, rule.call)
        mark = (hand, shown[1]) if shown is not None else None
        return hotseat_privacy(hand, mark, unlocked, locked, wait, self.humans())

    def deal(self) -> tuple[Ruleset, HandSetup]:
        """This hand's ruleset and deal (seed, dealer, levels): what *Replay this deal* plays again."""
        return self.hand.ruleset, self.hand.setup

    def declaration_options(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may show to declare now."""
        return self.rounds.options(seat)

    @property
    def final_round(self) -> bool:
        """The declaring round under way is a last chance (the deal or the window is over)."""
        return self.rounds.final

    def waiting(self) -> Wait | None:
        """The decision the table waits for from a person, if any."""
        if self.queue or self.match.over:
            return None
        hand = self.hand
        phase = hand.phase
        if phase == SETTLED:
            humans = self.humans()
            return Wait(WaitKind.CONTINUE, humans[0] if humans else 0)
        if phase.declaring:
            pending = self.rounds.pending
            if pending:
                options = self.rounds.asks_person(pending[0])
                if options is not None:
                    return Wait(WaitKind.DECLARE, pending[0], tuple(tuple(o) for o in options))
            return None
        seat = hand.to_act()
        if seat is not None and self.controllers[seat].human:
            return Wait(WaitKind.BURY if phase == BURYING else WaitKind.PLAY, seat)
        return None

    def bot_thinking(self) -> bool:
        """A bot has been asked in the worker thread and has not answered yet."""
        return any(isinstance(c, BotController) and c.threaded and c.thinking() for c in self.controllers)

    # ------------------------------------------------------------------ stepping

    def advance(self) -> Event | None:
        """Do the next step; one event to show, or None while waiting for a decision."""
        if self.queue:
            return self.queue.popleft()
        match, hand = self.match, self.hand
        if match.winner is not None:  # ``over``, read without a Python call at every step
            if not self._announced_over:
                self._announced_over = True
                return MatchOver(match.winner)
            return None
        phase = hand.phase
        if phase is DEALING or phase is AFTER_DEAL:
            rounds = self.rounds
            if rounds.pending:
                rounds.run()
                if rounds.pending:  # a person or an outside program is deciding
                    return self.queue.popleft() if self.queue else None
                if self.queue:
                    return self.queue.popleft()
            if phase == DEALING and hand.dealt < hand.to_deal:
                seat = hand.next_card_seat()
                card = hand.deal()
                rounds.dealt(seat, card)
                return Dealt(seat, card)
            if rounds.start_last():  # everyone who may declare, in deal order
                return self.advance()
            return self._finish_deal()
        if phase == REDEAL:
            self._results(hand)
            match.next_hand()
            self._new_hand()
            return Redealt()
        if phase == SETTLED:
            if not self._announced_settled:
                self._announced_settled = True
                self.save()
                if self.moves_on:
                    self.next_hand()
                    summary = self.match.history[-1] if self.match.history else None
                    return HandSettled(hand, summary)
                return HandSettled(hand)
            return None
        if phase in (BURYING, PLAYING):
            actor = hand.to_act()
            assert actor is not None
            return self._ask(actor)
        return None

    def run_until_wait(self, limit: int = 1_000_000) -> list[Event]:
        """Advance until a person must act or the match ends; the events on the way."""
        events: list[Event] = []
        for _ in range(limit):
            event = self.advance()
            if event is not None:
                events.append(event)
            elif self.bot_thinking():
                time.sleep(0.0005)  # a bot in the worker thread (the game); inline bots never wait
            else:
                break
        return events

    def run_hand(self) -> HandReport:
        """Advance until this hand is over (settled or re-dealt) or a person must act."""
        hand = self.hand
        advance, queue = self.advance, self.queue
        quick = self.rounds.inline_only and self.rounds.stops is None
        while not hand.finished:
            if quick and not queue and self.match.winner is None:
                self._run_inline(hand)
                if hand.finished:
                    break
            if advance() is None and not queue:
                if not self.bot_thinking():
                    break
                time.sleep(0.0005)
        return self.report

    def _run_inline(self, hand: Hand) -> None:
        """The steps ``advance`` takes while every seat answers at once (the arena, tests),
        without the events nobody reads here: a dealt card's ``Dealt``, a bot's play
        returned to be shown. What is queued (declarations, a trick won) stays for
        ``advance``. Pure self-play spent a tenth of its time in the dispatch."""
        rounds = self.rounds
        first_drawer = hand.setup.first_drawer
        while hand.phase is DEALING and not rounds.pending and hand.dealt < hand.to_deal:
            seat = (first_drawer + hand.dealt) % 4  # ``next_card_seat``, without its call
            rounds.dealt(seat, hand.deal())
            if self.queue:
                return
        ask = self._ask
        while (hand.phase is PLAYING or hand.phase is BURYING) and not self.queue:
            state = hand.play_state  # ``hand.to_act()``: the dealer buries, then the state says
            actor = hand.dealer if state is None else state.to_act()
            assert actor is not None
            ask(actor, True, hand)

    def _finish_deal(self) -> Event:
        hand = self.hand
        hand.finish_deal()
        if hand.phase == AFTER_DEAL:
            return AfterDealWindow()
        if hand.phase == REDEAL:
            return self.advance() or Redealt()
        assert hand.dealer is not None
        return DealClosed(hand.dealer, hand.trump_declared, hand.ruleset.kitty)

    # ------------------------------------------------------------------ asking for a bury or a play

    def _ask(self, seat: int, quiet: bool = False, hand: Hand | None = None) -> Event | None:
        """Ask ``seat``'s bot for its bury or play and play it. ``quiet`` (``_run_inline``):
        an inline bot's move is played without building the event nobody reads there.
        ``hand``: ``self.hand`` when the caller has it (a property, a Python call)."""
        if hand is None:
            hand = self.hand
        controller = self.controllers[seat]
        kind = BURY if hand.phase == BURYING else PLAY
        if controller.inline:  # answers at once: no bookkeeping of a pending question
            obs = observe(hand, seat)
            try:
                answer = controller.decide(kind, obs)
            except Exception:  # a bot's bug must not stop the hand
                self.incident(self.report.errors, seat, kind, traceback.format_exc(limit=6))
                return self._bot_answer(seat, kind, obs, None, controller.seconds, failed=True)
            if quiet:
                self._bot_answer_quietly(hand, seat, kind, obs, answer, controller.seconds)
                return None
            return self._bot_answer(seat, kind, obs, answer, controller.seconds)
        self._begin(seat, kind)
        failed = False
        try:
            answer = controller.result()
        except Exception:  # a bot's bug must not stop the hand
            self.incident(self.report.errors, seat, kind, traceback.format_exc(limit=6))
            answer, failed = None, True
        if answer is PENDING:
            return None
        self._asked = None
        asked_obs = self._asked_obs
        assert asked_obs is not None
        return self._bot_answer(seat, kind, asked_obs, answer, controller.seconds, failed)

    def _begin(self, seat: int, kind: ActionKind) -> None:
        """Ask ``seat``'s controller for this position's move, unless it was asked already."""
        hand = self.hand
        key = (id(hand), len(hand.log), seat)
        if self._asked != key:
            self._asked = key
            self._asked_obs = observe(hand, seat)
            self.controllers[seat].begin(kind, self._asked_obs)

    def think_ahead(self) -> None:
        """Let a bot in the worker start its bury or play now, while the front end still
        shows the events before it: its observation is already known (the events waiting
        in ``queue`` only show moves made), so a search runs while the cards fly rather
        than after they land. ``advance`` collects the answer when its turn is shown."""
        hand = self.hand
        if self.closed or self.match.over or hand.phase not in (BURYING, PLAYING):
            return
        seat = hand.to_act()
        if seat is None:
            return
        controller = self.controllers[seat]
        if controller.human or controller.inline:
            return
        self._begin(seat, BURY if hand.phase == BURYING else PLAY)

    def thinking_seat(self) -> int | None:
        """The seat of a bot asked in the worker whose answer has not been read yet."""
        if self._asked is None:
            return None
        seat = self._asked[2]
        controller = self.controllers[seat]
        if isinstance(controller, BotController) and controller.threaded and controller.thinking():
            return seat
        return None

    def _bot_answer(
        self, seat: int, kind: ActionKind, obs: Observation, answer: Any, seconds: float, failed: bool = False
    ) -> Event:
        """Play a bot's answer; an illegal one is recorded and the core's fallback played."""
        report = self.report
        report.decisions += 1
        if self.timing:
            report.think_seconds.append(seconds)
        if self.on_decision is not None:
            self.on_decision(seat, kind, obs, answer, seconds)
        if not failed:
            cards = _cards(answer)
            if cards is None:
                self.incident(report.illegal, seat, kind, "not a list of cards", answer)
            else:
                try:
                    return self._apply(Action(kind, seat, cards))  # the core checks the move
                except IllegalActionError as e:
                    self.incident(report.illegal, seat, kind, e.refusal.english(), cards)
        return self._apply(default_action(self.hand, seat))

    def _bot_answer_quietly(
        self, hand: Hand, seat: int, kind: ActionKind, obs: Observation, answer: Any, seconds: float
    ) -> None:
        """``_bot_answer`` without its event, for a legal list of cards (anything else goes
        the long way, which records it). ``hand`` is ``self.hand``, read once by the caller
        (a property, a Python call)."""
        if (
            self.on_decision is None
            and type(answer) is list
            and answer
            # A single card, most answers, without the generator.
            and (type(answer[0]) is Card if len(answer) == 1 else all(type(c) is Card for c in answer))
        ):
            cards = tuple(answer)
            # ``Hand.check`` of the action, asked of the one check it would dispatch to: the
            # action is made only for a move that is played.
            refusal = hand.check_play(seat, cards) if kind == PLAY else hand.check_bury(seat, cards)
            if refusal is None:
                report = self.report
                report.decisions += 1
                if self.timing:
                    report.think_seconds.append(seconds)
                self._play_checked(hand, Action(kind, seat, cards))
                return
        self._bot_answer(seat, kind, obs, answer, seconds)

    def incident(self, into: list[Incident], seat: int, kind: ActionKind, detail: str, cards: Any = ()) -> None:
        self.bot_fixes += 1
        into.append(Incident(seat, kind, detail, _as_tuple(cards)))

    # ------------------------------------------------------------------ people

    def submit(self, action: Action) -> Refusal | None:
        """A person's bury or play; None when accepted (its events are queued)."""
        if action.kind not in (BURY, PLAY) or action.seat is None or not self.controllers[action.seat].human:
            return Refusal("turn.not_yours")
        refusal = self.check(action.seat, action.cards, action.kind)
        if refusal is not None:
            return refusal
        self._asked = None
        self.controllers[action.seat].cancel()
        event = self._apply(action, checked=True)
        self.queue.appendleft(event)
        return None

    def declare(self, seat: int, cards: Sequence[Card]) -> Refusal | None:
        """A person shows cards to declare, overturn or protect."""
        refusal = self.hand.check(Action(DECLARE, seat, tuple(cards)))
        if refusal is None:
            self.queue.append(Declared(self.hand.declare(seat, cards)))
            self.rounds.answered(seat)
        return refusal

    def pass_declaration(self, seat: int) -> None:
        """A person declines to declare now (the round goes on)."""
        self.rounds.answered(seat)

    def next_hand(self) -> None:
        """After the end-of-hand screen: record the hand and deal the next one."""
        hand = self.hand
        if hand.phase != SETTLED:
            return
        self._results(hand)
        self.match.next_hand()
        if not self.match.over:
            self._new_hand()
        self.save()
        summary = self.match.history[-1] if self.match.history else None
        if self.on_hand_over is not None:
            self.on_hand_over(hand, summary)

    def _new_hand(self) -> None:
        self._asked = None
        self.clock_left = None
        self._reset_hand()
        self.queue.append(HandStarted(self.match.hands_played + 1))

    def _results(self, hand: Hand) -> None:
        for controller in self.controllers:
            controller.hand_over(hand)

    # ------------------------------------------------------------------ aids

    def hint(self, seat: int, options: Sequence[Sequence[Card]] | None = None) -> tuple[Any, Any]:
        """The hint's move for ``seat`` now and its reason (raises without a hint provider)."""
        if self.hint_provider is None:
            raise LookupError("no hint at this table")
        return self.hint_provider(self.hand, seat, options)

    def undo_point(self, seat: int) -> int | None:
        """Where undo would take the hand back to for ``seat`` (None: nothing to undo)."""
        hand = self.hand
        if not self.aids.undo or hand.phase not in (BURYING, PLAYING) or self.match.over:
            return None
        point = hand.undo_point(seat)
        if point is None:
            return None
        # Never take back another person's move (hot-seat).
        if any(a.seat != seat and a.seat is not None and self.controllers[a.seat].human for a in hand.log[point:]):
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
        self._serial += 1
        self.clock = TurnClock()
        self.report = HandReport(self.match.hand)
        self.rounds = DeclaringRounds(self, self.hotseat)  # of the replayed hand (in its play)
        self.save()
        return True

    def play_for(self, seat: int) -> Action | None:
        """The clock ran out: play (or bury) the hint's move for ``seat``."""
        hand = self.hand
        if hand.to_act() != seat or hand.phase not in (BURYING, PLAYING):
            return None
        action = hint_action(hand, seat, self.hint_provider)
        return action if self.submit(action) is None else None

    def tick(self, dt: float, shown: bool = True) -> TimedOut | None:
        """Time passes: the match clock (minute-limited matches) and, in a tournament, the
        turn clock of the person the table waits for. ``shown``: the front end has shown
        every event, so the person sees the decision (a turn clock starts only then). When a
        turn clock runs out the hint's move is played (its event queued) and the ``TimedOut``
        returned: the screen says so at once, even under an overlay."""
        self.add_time(dt)
        if not self.aids.clocks:
            return None
        wait = self.waiting() if shown else None
        hand = self.hand
        if wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY) and self.controllers[wait.seat].human:
            kind = BURY if wait.kind == WaitKind.BURY else PLAY
            seconds = clock_seconds(hand.ruleset, kind)
            if seconds > 0:
                key = (self._serial, len(hand.log), wait.seat)
                fresh = key != self.clock.key
                self.clock = self.clock.start(key, seconds)
                left = self.clock_left
                if fresh and left is not None and left[:2] == (len(hand.log), wait.seat):
                    # A continued match: the clock goes on from where it stood when it was left.
                    self.clock = replace(self.clock, left=min(float(seconds), max(0.5, left[2])))
        elif self.clock.key is not None and shown:
            self.clock = self.clock.stop()
        self.clock, expired = self.clock.tick(dt)
        running = self.clock.key
        self.clock_left = (
            (running[1], running[2], self.clock.left) if self.clock.running and isinstance(running, tuple) else None
        )
        if not expired or not isinstance(running, tuple):
            return None
        seat = running[2]
        self.clock = self.clock.stop()
        action = self.play_for(seat)
        return TimedOut(seat, action.kind, action.cards) if action is not None else None

    def add_time(self, seconds: float) -> None:
        """Feed the match clock (minute-limited matches only). When time runs out mid-hand
        the hand does not count: the match ends, or a tie deals one more hand."""
        hand = self.match.hand
        self.match.add_time(seconds)
        if self.match.hand is not hand and not self.match.over:
            self.queue.clear()
            self._new_hand()

    # ------------------------------------------------------------------ applying

    def _play_checked(self, hand: Hand, action: Action) -> None:
        """A bury or play the core has just accepted (``Hand.check``), without its event;
        ``hand`` is ``self.hand``."""
        hand.apply(action, True)
        state = hand.play_state
        if action.kind == BURY or state is None:
            return
        trick = state.tricks[-1]
        if len(trick.plays) == 4:  # complete
            self._trick_won(trick)

    def _trick_won(self, trick: Trick) -> None:
        hand = self.hand
        state = hand.play_state
        view = state.views[-1] if state is not None else TrickView.of(trick)  # made as it closed
        scored = view.winner is not None and not hand.is_dealer_side(view.winner)
        self.queue.append(TrickWon(view, len(hand.tricks), scored))
        self.save()

    def _apply(self, action: Action, checked: bool = False) -> Event:
        hand = self.hand
        seat = action.seat
        assert seat is not None
        hand.apply(action, checked)  # the core checks the move, unless ``check`` just did
        if action.kind == BURY:
            return Buried(seat, len(action.cards))
        trick = hand.tricks[-1]
        first = len(trick.plays) == 1
        failed = first and bool(trick.attempted)
        event = Played(
            seat,
            trick.plays[-1][1],
            trick.attempted if first else (),
            trick.penalty if first else 0,
            throw_blocker(hand, seat, trick.plays[-1][1]) if failed else None,
        )
        if trick.complete:
            self._trick_won(trick)
        return event

    # ------------------------------------------------------------------ saving and closing

    def save_data(self) -> dict[str, Any]:
        """The match and the table's settings, as saved."""
        data: dict[str, Any] = {"match": self.match.to_dict(), "table": self.settings.to_dict()}
        if self.clock_left is not None:
            data["clock"] = list(self.clock_left)
        return data

    def save(self) -> None:
        """Hand the save data to ``on_save``."""
        if self.on_save is not None:
            self.on_save(self.save_data())

    def close(self) -> None:
        """End the outside programs (at the end of the match, or when the table is left)."""
        if self.closed:
            return
        self.closed = True
        for controller in self.controllers:
            controller.close()


def _cards(answer: Any) -> tuple[Card, ...] | None:
    """The answer as cards, or None when it is not a sequence of cards."""
    try:
        cards = tuple(answer)
    except TypeError:
        return None
    if not cards or not all(isinstance(c, Card) for c in cards):
        return None
    return cards


def _as_tuple(cards: Any) -> tuple[Card, ...]:
    try:
        return tuple(cards)
    except TypeError:
        return ()


def play_hand(
    hand: Hand, bots: Sequence[Any], on_decision: OnDecision | None = None, timing: bool = True
) -> HandReport:
    """Play ``hand`` to its end (settled, or re-dealt) with ``bots[seat]`` deciding, inline.

    ``on_decision(seat, kind, obs, choice, seconds)`` is called after every decision."""
    driver = TableDriver.for_hand(hand, bot_controllers(bots, threaded=False), on_decision=on_decision, timing=timing)
    report = driver.run_hand()
    if not hand.finished:
        waiting = driver.waiting()
        raise ValueError(f"seat {waiting.seat if waiting else '?'} has no bot")
    return report


__all__ = [
    "HOTSEAT_STOPS",
    "OnDecision",
    "OnHandOver",
    "OneHandMatch",
    "TableDriver",
    "hotseat_checkpoints",
    "play_hand",
]
