"""Who is asked to declare, and when: the rounds of the table's one declaring protocol.

After every card dealt, the seats that may declare are asked in deal order starting from the
seat that just received the card. A bot is asked when its cards or the bidding changed since
it last answered (its answer could not differ otherwise); an outside program is asked in the
worker thread. A single person declares with the buttons while the cards fly. With several
people at one screen (hot-seat) whether and when a person is called must not depend on his
cards, so the deal stops only at fixed points (``hotseat_checkpoints``: after each quarter of
the deal) and every seat, people and bots alike, is asked there, in deal order from the seat
that has just received the card; every person is called, whether he may declare or not.
When the deal is over, and again at the end of the after-deal window, everyone who may
declare gets one last round in deal order (at a hot-seat table every person, as at the
fixed points).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
import traceback
from typing import Any, Protocol

from game.core import DEALING, DECLARE, ActionKind, Card, Hand, IllegalActionError, Observation, observe

from .controllers import PENDING, Controller
from .events import Declared, Event, HandReport, Incident

OnDecision = Callable[[int, str, Observation, Any, float], None]
"""``on_decision(seat, kind, obs, choice, seconds)`` after every bot decision."""

HOTSEAT_STOPS = 4
"""A hot-seat deal stops after each quarter of the cards (the last stop is the end of the deal)."""

_ROUNDS = tuple(tuple((start + i) % 4 for i in range(4)) for start in range(4))

Stamp = tuple[int, int, str]
"""(cards held, declarations shown, phase): what a seat's declaring answer depends on."""


def hotseat_checkpoints(to_deal: int, stops: int = HOTSEAT_STOPS) -> frozenset[int]:
    """The numbers of cards dealt after which a hot-seat deal stops for every seat
    (the end of the deal, which always stops, is not among them).

    >>> sorted(hotseat_checkpoints(100))
    [25, 50, 75]
    """
    return frozenset(to_deal * k // stops for k in range(1, stops)) - {0, to_deal}


class RoundsHost(Protocol):
    """What the rounds need of the table they run at (the ``TableDriver``)."""

    queue: deque[Event]
    report: HandReport
    on_decision: OnDecision | None
    controllers: list[Controller]

    @property
    def hand(self) -> Hand: ...

    def incident(self, into: list[Incident], seat: int, kind: ActionKind, detail: str, cards: Any = ()) -> None: ...


class DeclaringRounds:
    """The declaring rounds of one hand at one table."""

    def __init__(self, host: RoundsHost, hotseat: bool):
        """For the host's hand as it is now (a new hand, or an undo, makes new rounds)."""
        self.host = host
        # Kept, not looked up through the host: read after every card dealt.
        self.hand = host.hand
        self.controllers = host.controllers
        self.inline_only = all(c.inline for c in host.controllers)
        self.pending: deque[int] = deque()  # seats still to be asked in the current round
        self.final = False  # the current round is a last chance
        self.final_stage: str | None = None  # the phase whose last round was started
        self.stops = hotseat_checkpoints(host.hand.to_deal) if hotseat else None
        self._options: dict[int, tuple[Stamp, list[list[Card]]]] = {}
        self._bot_stamp: dict[int, Stamp] = {}

    # ------------------------------------------------------------------ options

    def options(self, seat: int, stamp: Stamp | None = None) -> list[list[Card]]:
        """What ``seat`` may show to declare now (kept until its cards or the bidding change:
        the core's query is the dear part of a deal)."""
        hand = self.hand
        if stamp is None:
            stamp = (len(hand.hands[seat]), len(hand.bidding.shown), hand.phase)
        cached = self._options.get(seat)
        if cached is None or cached[0] != stamp:
            cached = self._options[seat] = (stamp, hand.declaration_options(seat))
        return cached[1]

    def dealt(self, seat: int, card: Card) -> None:
        """``seat`` has just received ``card``: ask whoever must be asked now."""
        hand = self.hand
        if (
            not hand.bidding.declares_with(card, seat)
            and self._options_unchanged(seat)
            and self.stops is None
            and self.inline_only
        ):
            return  # it could declare nothing before this card, nor now: nobody to ask
        if self.stops is None and self.inline_only:
            self._ask_receiver(seat)
        elif self.stops is None or hand.dealt in self.stops:
            self.start(seat, final=False)
            self.run()

    def _options_unchanged(self, seat: int) -> bool:
        """``seat`` received a card that declares nothing: what it may declare is what it could
        just before. True when that is known to be nothing."""
        cached = self._options.get(seat)
        if cached is None:
            return False
        hand = self.hand
        size, shown, phase = cached[0]
        if size == len(hand.hands[seat]) - 1 and shown == len(hand.bidding.shown) and phase == hand.phase:
            self._options[seat] = ((size + 1, shown, phase), cached[1])
            return not cached[1]
        return False

    # ------------------------------------------------------------------ rounds

    def start(self, first: int, final: bool) -> None:
        """A round of every seat in deal order from ``first``."""
        self.pending = deque(_ROUNDS[first])
        self.final = final

    def start_last(self) -> bool:
        """Start the last round of this phase (the deal, the after-deal window) unless it was;
        False when it was started already."""
        hand = self.hand
        if self.final_stage == hand.phase:
            return False
        self.final_stage = hand.phase
        first = (hand.next_card_seat() - 1) % 4 if hand.phase == DEALING else ((hand.dealer or 0) + 1) % 4
        self.start(first, final=True)
        return True

    def _ask_receiver(self, seat: int) -> None:
        """The round after a card, for inline bots only (the arena, the tests): a seat's cards
        and the bidding are all a bot's answer depends on, so only the seat that received the
        card has anything new to answer — the others only once it declares, in round order."""
        shown = len(self.hand.bidding.shown)
        self.final = False
        self.pending.append(seat)
        self.run()
        if len(self.hand.bidding.shown) != shown:
            self.pending.extend(_ROUNDS[seat][1:])
            self.run()

    def asks_person(self, seat: int) -> list[list[Card]] | None:
        """The options a person at ``seat`` is asked about now, or None to skip him."""
        if not self.controllers[seat].human:
            return None
        options = self.options(seat)
        if self.stops is not None:
            return options  # hot-seat: every person is called at every stop, options or not
        if not options:
            return None
        if self.final:
            return options
        return None  # one person: the declare buttons stay up during the deal

    def answered(self, seat: int) -> None:
        """A person declared or passed: the round goes on."""
        if self.pending and self.pending[0] == seat:
            self.pending.popleft()

    def run(self) -> None:
        """Ask the seats in turn until one must wait (a person, an outside program)."""
        hand, pending, controllers, asked = self.hand, self.pending, self.controllers, self._bot_stamp
        final, phase = self.final, hand.phase
        shown = len(hand.bidding.shown)
        while pending:
            seat = pending[0]
            controller = controllers[seat]
            if controller.human:
                if self.asks_person(seat) is not None:
                    return
                pending.popleft()
                continue
            # A bot's answer depends on its cards and the bidding: ask again only when they changed.
            stamp = (len(hand.hands[seat]), shown, phase)
            if not final and asked.get(seat) == stamp:
                pending.popleft()
                continue
            options = self.options(seat, stamp)
            if not options:
                asked[seat] = stamp
                pending.popleft()
                continue
            choice = self._bot_declaration(seat, controller, options)
            if choice is PENDING:
                return
            pending.popleft()
            asked[seat] = stamp
            if choice:
                try:
                    self.host.queue.append(Declared(hand.declare(seat, list(choice))))
                except (IllegalActionError, ValueError, TypeError) as e:
                    self.host.incident(self.host.report.illegal, seat, DECLARE, str(e), choice)
                shown = len(hand.bidding.shown)

    def _last_chance(self, seat: int) -> bool:
        """Will this seat never be asked to declare again in this hand? Only in a last round;
        in the deal's last round a defender may still get the after-deal window (its own
        level) if nobody declares."""
        if not self.final:
            return False
        hand = self.hand
        return not (
            hand.phase == DEALING
            and hand.ruleset.defenders_after_deal
            and not hand.setup.first_hand
            and not hand.bidding.shown
            and hand.dealer is not None
            and (seat - hand.dealer) % 2 == 1
        )

    def _bot_declaration(self, seat: int, controller: Controller, options: list[list[Card]]) -> Any:
        host = self.host
        obs = observe(self.hand, seat, last_chance=self._last_chance(seat))
        try:
            choice = controller.declare(obs, options)
        except Exception:  # a bot's bug must not stop the deal
            host.incident(host.report.errors, seat, DECLARE, traceback.format_exc(limit=6))
            choice = None
        if choice is not PENDING:
            host.report.decisions += 1
            if host.on_decision is not None:
                host.on_decision(seat, DECLARE, obs, choice, 0.0)
        return choice


__all__ = ["HOTSEAT_STOPS", "DeclaringRounds", "OnDecision", "hotseat_checkpoints"]
