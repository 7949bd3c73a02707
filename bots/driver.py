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

from game.core import (AFTER_DEAL, BURYING, DEALING, PLAYING, Card, Hand, IllegalActionError,
                       legal_follows, observe)

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


def play_hand(hand: Hand, bots: Sequence, on_decision: OnDecision | None = None,
              timing: bool = True) -> HandReport:
    """Play ``hand`` to its end (settled, or re-dealt) with ``bots[seat]`` deciding."""
    report = HandReport(hand)
    clock = time.perf_counter

    def ask(seat: int, kind: str, call, *args):
        obs = observe(hand, seat)
        start = clock()
        try:
            choice = call(obs, *args)
        except Exception:  # a bot's bug must not end the hand
            report.errors.append(Incident(seat, kind, traceback.format_exc(limit=6)))
            choice = None
            failed = True
        else:
            failed = False
        elapsed = clock() - start
        report.decisions += 1
        if kind != DECLARE and timing:
            report.think_seconds.append(elapsed)
        if on_decision is not None:
            on_decision(seat, kind, obs, choice, elapsed)
        return choice, failed

    options_cache: dict[int, list] = {}
    while not hand.finished:
        phase = hand.phase
        if phase == DEALING:
            if hand.dealt < hand.to_deal:
                receiver = hand.next_card_seat()
                hand.deal()
                options_cache.pop(receiver, None)  # its cards changed
                _offer_declarations(hand, bots, ask, report, receiver, options_cache,
                                    last_call=hand.dealt == hand.to_deal)
            else:
                hand.finish_deal()
        elif phase == AFTER_DEAL:
            dealer = hand.bidding.dealer
            for i in (1, 3, 2, 0):
                seat = (dealer + i) % 4
                options = hand.declaration_options(seat)
                if options and _declare(hand, bots, ask, report, seat, options):
                    break
            hand.finish_deal()
        elif phase == BURYING:
            seat = hand.dealer
            cards, failed = ask(seat, BURY, bots[seat].bury)
            refusal = None if failed else _bury_refusal(hand, seat, cards)
            if failed or refusal is not None:
                if not failed:
                    report.illegal.append(Incident(seat, BURY, refusal, tuple(cards or ())))
                cards = sorted(hand.hands[seat], key=hand.ctx.strength)[:hand.ruleset.kitty]
            hand.bury(seat, cards)
        elif phase == PLAYING:
            seat = hand.to_act()
            cards, failed = ask(seat, PLAY, bots[seat].play)
            if not failed:
                # Hand.play checks the move itself (check_play) before applying it.
                refusal = _try_play(hand, seat, cards)
                if refusal is None:
                    continue
                report.illegal.append(Incident(seat, PLAY, refusal, _as_tuple(cards)))
            hand.play(seat, _default_play(hand, seat))
        else:  # pragma: no cover - the core has no other live phase
            raise RuntimeError(f"unexpected phase {phase}")
    return report


def _offer_declarations(hand: Hand, bots, ask, report: HandReport, first: int,
                        cache: dict[int, list], last_call: bool = False) -> None:
    """Offer the seats whose situation changed their options, the receiver of the last card
    first: a seat is asked after each card it receives and, when someone declares, everyone
    is asked again (to overturn at once). ``last_call`` asks every seat once more."""
    for _ in range(8):  # a declaration re-opens the round; bidding closes quickly
        declared = False
        for i in range(4):
            seat = (first + i) % 4
            options = cache.get(seat)
            if options is None:
                options = cache[seat] = hand.declaration_options(seat)
            elif not last_call:
                continue  # nothing new for this seat since it was last asked
            if options and _declare(hand, bots, ask, report, seat, options):
                declared = True
                cache.clear()  # the bidding changed: everyone's options may have
        last_call = False
        if not declared:
            return


def _declare(hand: Hand, bots, ask, report: HandReport, seat: int, options) -> bool:
    choice, failed = ask(seat, DECLARE, bots[seat].declare, [list(o) for o in options])
    if failed or not choice:
        return False
    try:
        hand.declare(seat, list(choice))
    except (IllegalActionError, ValueError, TypeError) as e:
        report.illegal.append(Incident(seat, DECLARE, str(e), tuple(choice)))
        return False
    return True


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


__all__ = ["play_hand", "HandReport", "Incident", "DECLARE", "BURY", "PLAY"]
