"""Run one hand to the end, asking bots at every decision point.

Shared by the arena, the tests and the game's autoplay. The driver is the referee's side of
the table: it deals card by card and, after each card, offers every seat that can declare
its options when they may have changed: the seat that just received the card is asked, and
after a declaration every seat is asked again (round the table from the receiver) so others
may overturn at once; after the last card every seat gets a last call. It then runs the
after-deal window (the defenders first), the bury and the tricks.

Bots only ever get ``observe(hand, seat)``. A bot's illegal move or exception does not stop
the hand: it is recorded and a legal default is played for it instead.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
import time
import traceback

from game.core import AFTER_DEAL, BURYING, DEALING, PLAYING, Card, Hand, IllegalActionError, legal_follows, observe

DECLARE, BURY, PLAY = "declare", "bury", "play"

OnDecision = Callable[[int, str, object, object, float], None]


@dataclass
class Incident:
    seat: int
    kind: str  # DECLARE, BURY or PLAY
    detail: str
    cards: tuple[Card, ...] = ()


@dataclass
class HandReport:
    hand: Hand
    illegal: list[Incident] = field(default_factory=list)
    errors: list[Incident] = field(default_factory=list)
    decisions: int = 0
    think_seconds: list[float] = field(default_factory=list)  # bury and play decisions

    @property
    def clean(self) -> bool:
        return not self.illegal and not self.errors


class HandDriver:
    """Steps one hand forward, asking the bots; ``play_hand`` runs it to the end.

    ``bots[seat]`` may be None for a seat the front end plays itself: ``step()`` then does
    nothing and returns ``"waiting"`` while that seat must bury or play (the front end
    applies the move to the hand, then calls ``step()`` again). A human seat declares by
    calling ``hand.declare`` between steps; the driver notices the bidding changed and offers
    the bots their answers at the next step. In the after-deal window only bots are asked.
    """

    def __init__(self, hand: Hand, bots: Sequence, on_decision: OnDecision | None = None,
                 timing: bool = True):
        self.hand = hand
        self.bots = bots
        self.on_decision = on_decision
        self.timing = timing
        self.report = HandReport(hand)
        self._options: dict[int, list] = {}
        self._shown = len(hand.bidding.shown)

    # ------------------------------------------------------------------ asking a bot

    def _ask(self, seat: int, kind: str, *args):
        hand, report = self.hand, self.report
        obs = observe(hand, seat)
        call = getattr(self.bots[seat], kind)
        start = time.perf_counter()
        try:
            choice = call(obs, *args)
        except Exception:  # a bot's bug must not end the hand
            report.errors.append(Incident(seat, kind, traceback.format_exc(limit=6)))
            choice = None
            failed = True
        else:
            failed = False
        elapsed = time.perf_counter() - start
        report.decisions += 1
        if kind != DECLARE and self.timing:
            report.think_seconds.append(elapsed)
        if self.on_decision is not None:
            self.on_decision(seat, kind, obs, choice, elapsed)
        return choice, failed

    def waiting_for(self) -> int | None:
        """The seat without a bot that must bury or play now, if any."""
        seat = self.hand.to_act()
        if seat is not None and self.bots[seat] is None:
            return seat
        return None

    # ------------------------------------------------------------------ stepping

    def step(self) -> str:
        """One step: ``"deal"`` (a card, then declarations), ``"finish_deal"``,
        ``"after_deal"``, ``"bury"``, ``"play"``, ``"waiting"`` or ``"finished"``."""
        hand = self.hand
        if hand.finished:
            return "finished"
        if len(hand.bidding.shown) != self._shown:  # someone declared outside the driver
            self._shown = len(hand.bidding.shown)
            self._options.clear()
            if hand.phase == DEALING:
                self._offer(hand.next_card_seat(), last_call=True)
        phase = hand.phase
        if phase == DEALING:
            if hand.dealt < hand.to_deal:
                receiver = hand.next_card_seat()
                hand.deal()
                self._options.pop(receiver, None)  # its cards changed
                self._offer(receiver, last_call=hand.dealt == hand.to_deal)
                return "deal"
            hand.finish_deal()
            return "finish_deal"
        if phase == AFTER_DEAL:
            dealer = hand.dealer
            for i in (1, 3, 2, 0):
                seat = (dealer + i) % 4
                if self.bots[seat] is None:
                    continue
                options = hand.declaration_options(seat)
                if options and self._declare(seat, options):
                    break
            hand.finish_deal()
            return "after_deal"
        if self.waiting_for() is not None:
            return "waiting"
        if phase == BURYING:
            self._bury(hand.dealer)
            return "bury"
        if phase == PLAYING:
            self._play(hand.to_act())
            return "play"
        raise RuntimeError(f"unexpected phase {phase}")  # pragma: no cover

    def run(self) -> HandReport:
        """Step to the end of the hand (every seat must have a bot)."""
        while self.step() not in ("finished", "waiting"):
            pass
        if not self.hand.finished:
            raise ValueError(f"seat {self.waiting_for()} has no bot")
        return self.report

    def _offer(self, first: int, last_call: bool = False) -> None:
        """Offer the seats whose options may have changed, the receiver of the last card
        first: a seat is asked after each card it receives and, when someone declares,
        everyone is asked again (to overturn at once). ``last_call`` asks every seat."""
        hand, cache = self.hand, self._options
        for _ in range(8):  # a declaration re-opens the round; bidding closes quickly
            declared = False
            for i in range(4):
                seat = (first + i) % 4
                if self.bots[seat] is None:
                    continue
                options = cache.get(seat)
                if options is None:
                    options = cache[seat] = hand.declaration_options(seat)
                elif not last_call:
                    continue  # nothing new for this seat since it was last asked
                if options and self._declare(seat, options):
                    declared = True
                    cache.clear()  # the bidding changed: everyone's options may have
            last_call = False
            if not declared:
                return

    def _declare(self, seat: int, options) -> bool:
        choice, failed = self._ask(seat, DECLARE, [list(o) for o in options])
        if failed or not choice:
            return False
        try:
            self.hand.declare(seat, list(choice))
        except (IllegalActionError, ValueError, TypeError) as e:
            self.report.illegal.append(Incident(seat, DECLARE, str(e), _as_tuple(choice)))
            return False
        self._shown = len(self.hand.bidding.shown)
        return True

    def _bury(self, seat: int) -> None:
        hand = self.hand
        cards, failed = self._ask(seat, BURY)
        refusal = None if failed else _bury_refusal(hand, seat, cards)
        if failed or refusal is not None:
            if not failed:
                self.report.illegal.append(Incident(seat, BURY, refusal, _as_tuple(cards)))
            cards = sorted(hand.hands[seat], key=hand.ctx.strength)[:hand.ruleset.kitty]
        hand.bury(seat, list(cards))

    def _play(self, seat: int) -> None:
        hand = self.hand
        cards, failed = self._ask(seat, PLAY)
        if not failed:
            # Hand.play checks the move itself (check_play) before applying it.
            refusal = _try_play(hand, seat, cards)
            if refusal is None:
                return
            self.report.illegal.append(Incident(seat, PLAY, refusal, _as_tuple(cards)))
        hand.play(seat, _default_play(hand, seat))


def play_hand(hand: Hand, bots: Sequence, on_decision: OnDecision | None = None,
              timing: bool = True) -> HandReport:
    """Play ``hand`` to its end (settled, or re-dealt) with ``bots[seat]`` deciding.

    ``on_decision(seat, kind, obs, choice, seconds)`` is called after every decision."""
    return HandDriver(hand, bots, on_decision, timing).run()


def _bury_refusal(hand: Hand, seat: int, cards) -> str | None:
    try:
        refusal = hand.check_bury(seat, list(cards))
    except (TypeError, AttributeError) as e:
        return f"not a list of cards: {e}"
    return None if refusal is None else refusal.english()


def _try_play(hand: Hand, seat: int, cards) -> str | None:
    """Play if the core accepts the move; else why not (nothing changes then)."""
    try:
        cards = list(cards)
        if not cards or not all(isinstance(c, Card) for c in cards):
            return "not a list of cards"
        hand.play(seat, cards)
    except IllegalActionError as e:
        return e.refusal.english()
    except (TypeError, AttributeError) as e:
        return f"not a list of cards: {e}"
    return None


def _as_tuple(cards) -> tuple:
    try:
        return tuple(cards)
    except TypeError:
        return ()


def _default_play(hand: Hand, seat: int) -> list[Card]:
    trick = hand.current_trick
    cards = hand.hands[seat]
    if trick is None:
        return [min(cards, key=hand.ctx.strength)]
    return list(next(iter(legal_follows(trick.lead, cards, hand.ctx))))


__all__ = ["BURY", "DECLARE", "PLAY", "HandDriver", "HandReport", "Incident", "play_hand"]
