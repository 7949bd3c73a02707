"""The table's engine: drives a ``Match`` through actions and reports what happened.

``TableDriver.advance()`` makes the next step the hand is waiting for (deal a card, ask a
bot, close the deal) and returns one ``Event`` for the front end to animate, or None while
a decision is pending. The front end calls it only when its animations are done, so the
pace of the game is the pace of the screen, and tests can run a whole match by calling it
in a loop. People answer through ``submit`` and ``declare``.

The match is saved (``save_data``) after every trick and every hand through ``on_save``.
No pygame here.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.controllers import PENDING, Controller
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
    Card,
    Declaration,
    Match,
    Observation,
    Refusal,
    TrickView,
    legal_follows,
    observe,
)

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


@dataclass(frozen=True)
class TrickWon(Event):
    """The trick is complete; ``number`` is its place in the hand."""
    trick: TrickView
    number: int


@dataclass(frozen=True)
class HandSettled(Event):
    """The last trick is played and the hand is scored."""


@dataclass(frozen=True)
class MatchOver(Event):
    """The match has a winner (team 0 or 1)."""
    winner: int | None


# ---------------------------------------------------------------------------- waits


@dataclass(frozen=True)
class Wait:
    """What the table waits for from a person: ``kind`` is declare, bury, play or continue."""
    kind: str
    seat: int
    options: tuple = field(default=())


def fallback_bury(obs: Observation) -> list[Card]:
    """The weakest cards: what a timed-out or broken player buries."""
    order = obs.ctx.sort_hand(obs.hand)
    return order[-obs.ruleset.kitty:]


def fallback_play(obs: Observation) -> list[Card]:
    """A legal play: the lowest single to lead, else the first legal follow."""
    if obs.current is None:
        return [obs.ctx.sort_hand(obs.hand)[-1]]
    return list(next(iter(legal_follows(obs.current.lead, obs.hand, obs.ctx))))


class TableDriver:
    """Runs one match at one table; the front end and tests drive it with ``advance``."""

    def __init__(self, match: Match, controllers: Sequence[Controller], config: dict | None = None,
                 on_save: Callable[[dict], None] | None = None, announce: bool = True):
        """``announce``: start with a HandStarted event (False when a saved hand resumes)."""
        self.match = match
        self.controllers = list(controllers)
        self.config = dict(config or {})
        self.on_save = on_save
        self.queue: deque[Event] = deque()
        self.passed: set[int] = set()  # people who declined to declare at the end of the deal
        self._asked: tuple | None = None  # (hand id, log length, seat) of the decision asked
        self._announced_settled = False
        self._announced_over = False
        self.bot_fixes = 0  # bot answers the rules refused (replaced by a legal move)
        if announce:
            self.queue.append(HandStarted(match.hands_played + 1))

    # ------------------------------------------------------------------ queries

    @property
    def hand(self):
        """The hand being played."""
        return self.match.hand

    def humans(self) -> list[int]:
        """The seats people play."""
        return [s for s, c in enumerate(self.controllers) if c.human]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see now."""
        return observe(self.hand, seat)

    def declaration_options(self, seat: int) -> list[list[Card]]:
        """What ``seat`` may show to declare now."""
        return self.hand.declaration_options(seat)

    def waiting(self) -> Wait | None:
        """The decision the table waits for from a person, if any."""
        if self.queue:
            return None
        if self.match.over:
            return None
        hand = self.hand
        if hand.phase == SETTLED:
            return Wait("continue", self.humans()[0] if self.humans() else 0)
        if hand.phase in (DEALING, AFTER_DEAL) and self._deal_done():
            for seat in self.humans():
                options = hand.declaration_options(seat)
                if options and seat not in self.passed:
                    return Wait("declare", seat, tuple(tuple(o) for o in options))
            return None
        seat = hand.to_act()
        if seat is not None and self.controllers[seat].human:
            return Wait("bury" if hand.phase == BURYING else "play", seat)
        return None

    def _deal_done(self) -> bool:
        hand = self.hand
        return hand.phase == AFTER_DEAL or hand.dealt >= hand.to_deal

    # ------------------------------------------------------------------ stepping

    def advance(self) -> Event | None:
        """Do the next step; one event to show, or None while waiting for a decision."""
        if self.queue:
            return self.queue.popleft()
        match, hand = self.match, self.hand
        if match.over:
            if not self._announced_over:
                self._announced_over = True
                return MatchOver(match.winner)
            return None
        if hand.phase == DEALING and hand.dealt < hand.to_deal:
            seat = hand.next_card_seat()
            card = hand.deal()
            self._bot_declarations()
            return Dealt(seat, card)
        if hand.phase in (DEALING, AFTER_DEAL):
            if self.waiting() is not None:
                return None
            if hand.phase == AFTER_DEAL:
                self._bot_declarations()
                if self.queue:
                    return self.queue.popleft()  # show the declaration before the deal closes
            return self._finish_deal()
        if hand.phase == REDEAL:
            match.next_hand()
            self._new_hand()
            return Redealt()
        if hand.phase == SETTLED:
            if not self._announced_settled:
                self._announced_settled = True
                self.save()
                return HandSettled()
            return None
        if hand.phase in (BURYING, PLAYING):
            return self._ask(hand.to_act())
        return None

    def _finish_deal(self) -> Event:
        hand = self.hand
        hand.finish_deal()
        if hand.phase == AFTER_DEAL:
            self.passed.clear()
            return AfterDealWindow()
        if hand.phase == REDEAL:
            return self.advance()
        return DealClosed(hand.dealer, hand.trump_declared, hand.ruleset.kitty)

    def _bot_declarations(self) -> None:
        hand = self.hand
        for seat, controller in enumerate(self.controllers):
            if controller.human:
                continue
            options = hand.declaration_options(seat)
            if not options:
                continue
            choice = controller.declare(observe(hand, seat), options)
            if choice and hand.check(Action(DECLARE, seat, tuple(choice))) is None:
                self.queue.append(Declared(hand.declare(seat, choice)))

    def _ask(self, seat: int) -> Event | None:
        hand = self.hand
        controller = self.controllers[seat]
        key = (id(hand), len(hand.log), seat)
        kind = BURY if hand.phase == BURYING else PLAY
        if self._asked != key:
            self._asked = key
            controller.begin(kind, observe(hand, seat))
        answer = controller.result()
        if answer is PENDING:
            return None
        self._asked = None
        if controller.human:
            controller.cancel()
        action = Action(kind, seat, tuple(answer or ()))
        if answer is None or hand.check(action) is not None:
            if controller.human:
                return None
            self.bot_fixes += 1
            obs = observe(hand, seat)
            cards = fallback_bury(obs) if kind == BURY else fallback_play(obs)
            action = Action(kind, seat, tuple(cards))
        return self._apply(action)

    # ------------------------------------------------------------------ people

    def submit(self, action: Action) -> Refusal | None:
        """A person's bury or play; None when accepted (its events are queued)."""
        hand = self.hand
        if action.kind not in (BURY, PLAY) or action.seat is None \
                or not self.controllers[action.seat].human:
            return Refusal("turn.not_yours")
        refusal = hand.check(action)
        if refusal is not None:
            return refusal
        self._asked = None
        self.controllers[action.seat].cancel()
        event = self._apply(action)
        self.queue.appendleft(event)
        return None

    def declare(self, seat: int, cards: Sequence[Card]) -> Refusal | None:
        """A person shows cards to declare, overturn or protect."""
        action = Action(DECLARE, seat, tuple(cards))
        refusal = self.hand.check(action)
        if refusal is None:
            self.queue.append(Declared(self.hand.declare(seat, cards)))
        return refusal

    def pass_declaration(self, seat: int) -> None:
        """A person declines to declare at the end of the deal (or in the after-deal window)."""
        self.passed.add(seat)

    def next_hand(self) -> None:
        """After the end-of-hand screen: record the hand and deal the next one."""
        if self.hand.phase != SETTLED:
            return
        self.match.next_hand()
        if not self.match.over:
            self._new_hand()
        self.save()

    def _new_hand(self) -> None:
        self.passed.clear()
        self._asked = None
        self._announced_settled = False
        self.queue.append(HandStarted(self.match.hands_played + 1))

    # ------------------------------------------------------------------ applying

    def _apply(self, action: Action) -> Event:
        hand = self.hand
        if action.kind == BURY:
            hand.bury(action.seat, action.cards)
            return Buried(action.seat, len(action.cards))
        trick = hand.play(action.seat, action.cards)
        cards = trick.plays[-1][1]
        event = Played(action.seat, cards, trick.attempted if len(trick.plays) == 1 else (),
                       trick.penalty if len(trick.plays) == 1 else 0)
        if trick.complete:
            self.queue.append(TrickWon(TrickView.of(trick), len(hand.tricks)))
            self.save()
        return event

    def add_time(self, seconds: float) -> None:
        """Feed the match clock (minute-limited matches only). When time runs out mid-hand
        the hand does not count: the match ends, or a tie deals one more hand."""
        hand = self.match.hand
        self.match.add_time(seconds)
        if self.match.hand is not hand and not self.match.over:
            self.queue.clear()
            self._new_hand()

    # ------------------------------------------------------------------ saving

    def save_data(self) -> dict:
        """The match and the table's settings, as saved."""
        return {"match": self.match.to_dict(), "table": self.config}

    def save(self) -> None:
        """Hand the save data to ``on_save``."""
        if self.on_save is not None:
            self.on_save(self.save_data())

    def bot_thinking(self) -> bool:
        """A bot has been asked and has not answered yet."""
        return self._asked is not None and not self.controllers[self._asked[2]].human

    def run_until_wait(self, limit: int = 100000) -> list[Event]:
        """Advance until a person must act or the match ends (tests and tools)."""
        import time
        events: list[Event] = []
        for _ in range(limit):
            event = self.advance()
            if event is not None:
                events.append(event)
            elif self.bot_thinking():
                time.sleep(0.0005)
            else:
                break
        return events
