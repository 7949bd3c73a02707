"""Run one hand to the end, asking bots at every decision point.

Shared by the arena, the tests and the game's autoplay. The driver is the referee's side of
the table: it deals card by card and, after each card, offers every seat that can declare
its options — the seat that just received the card first, then on round the table; after a
declaration the round is offered again so others may overturn at once. It then runs the
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

    while not hand.finished:
        phase = hand.phase
        if phase == DEALING:
            if hand.dealt < hand.to_deal:
                receiver = hand.next_card_seat()
                hand.deal()
                _offer_declarations(hand, bots, ask, report, receiver)
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
            refusal = None if failed else _play_refusal(hand, seat, cards)
            if failed or refusal is not None:
                if not failed:
                    report.illegal.append(Incident(seat, PLAY, refusal, tuple(cards or ())))
                cards = _default_play(hand, seat)
            hand.play(seat, cards)
        else:  # pragma: no cover - the core has no other live phase
            raise RuntimeError(f"unexpected phase {phase}")
    return report


def _offer_declarations(hand: Hand, bots, ask, report: HandReport, first: int) -> None:
    for _ in range(8):  # a declaration re-opens the round; bidding closes quickly
        declared = False
        for i in range(4):
            seat = (first + i) % 4
            options = hand.declaration_options(seat)
            if options and _declare(hand, bots, ask, report, seat, options):
                declared = True
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


def _play_refusal(hand: Hand, seat: int, cards) -> str | None:
    try:
        cards = list(cards)
        if not all(isinstance(c, Card) for c in cards):
            return "not a list of cards"
        refusal = hand.check_play(seat, cards)
    except (TypeError, AttributeError) as e:
        return f"not a list of cards: {e}"
    return None if refusal is None else refusal.english()


def _default_play(hand: Hand, seat: int) -> list[Card]:
    trick = hand.current_trick
    cards = hand.hands[seat]
    if trick is None:
        return [min(cards, key=hand.ctx.strength)]
    return list(next(iter(legal_follows(trick.lead, cards, hand.ctx))))


__all__ = ["play_hand", "HandReport", "Incident", "DECLARE", "BURY", "PLAY"]
