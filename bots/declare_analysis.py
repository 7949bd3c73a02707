"""Rating a seat's declaring decisions: declare what it showed, another option, or pass.

**Which decisions.** The log keeps the declarations shown, not the passes, so a seat's
declaring decisions are read off the replay: every declaration (or overturn, protection) it
showed, and every *missed chance* — a stretch of the deal in which it could have declared
(its options not empty) and did not, ended by another seat's declaration or by the close of
the deal (or of the after-deal window). Waiting while the cards arrive is not charged by
itself: a chance is judged at its last moment, just before the event that ended it, when
passing was final for that bidding state. A seat with no option is never asked, so it has
no declaring decision (a forced pass is never charged).

**How it is valued.** At that moment the seat knows its own cards (in the order they came),
how many cards each seat holds, the cards shown in declarations and the deal's order; the
rest is unseen. Each world deals the unseen cards afresh consistently with that (a rigged
deck: the seat's cards in their places, every declarer holding what it showed), replays the
log up to the moment on it, applies the candidate (a declaration, or a pass: the seat is
not asked again until its cards or the bidding change, or the last round), and completes
the hand with the ``normal`` policy at every seat, as the table engine asks bots: after
every card the seats whose cards or bidding changed, in deal order from the receiver; a
last round when the deal closes, the after-deal window, the ``normal`` bury, then the play
(``sim.rollout``). Every candidate meets the same worlds, and ``analysis._compare`` (the
paired half-split less one standard error) turns the means into a loss, so the luck of the
deal is not charged. A re-deal counts as nothing won or lost.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
import random

from game.core import (
    AFTER_DEAL,
    BURYING,
    DEALING,
    DECLARE,
    FINISH_DEAL,
    Card,
    Hand,
    make_deck,
    observe,
)

from .memory import CardMemory
from .normal import NormalPolicy
from .sim import rollout, utility
from .tables import tables


def rigged_deck(
    rng: random.Random,
    pool: Sequence[Card],
    seat: int,
    mine: Sequence[Card],
    known: dict[int, Counter],
    sizes: Sequence[int],
    first: int,
    dealt: int,
) -> list[Card]:
    """A deck that deals ``seat`` its cards ``mine`` and every other seat what it showed
    (``known``, first, so that its declarations were legal when made) and its share of the
    shuffled ``pool`` (``sizes`` cards in all), in deal order from ``first`` for the ``dealt``
    cards dealt so far; the rest of the pool follows."""
    cards = list(pool)
    rng.shuffle(cards)
    held: dict[int, list[Card]] = {}
    for s in range(4):
        if s == seat:
            held[s] = list(mine)
            continue
        shown = sorted(known[s].elements())
        held[s] = shown + [cards.pop() for _ in range(sizes[s] - len(shown))]
    deck: list[Card] = []
    taken = [0, 0, 0, 0]
    for i in range(dealt):
        s = (first + i) % 4
        deck.append(held[s][taken[s]])
        taken[s] += 1
    return deck + cards


@dataclass(frozen=True)
class Moment:
    """A declaring decision of ``seat``: the state after ``upto`` actions of the log."""

    upto: int
    played: tuple[Card, ...]  # () for a pass
    options: tuple[tuple[Card, ...], ...]  # what the seat could show then
    step: int  # the replay position the review shows it at (just after the ending event)
    final: bool  # the deal is fully dealt (a last round) or in the after-deal window
    window: bool  # in the after-deal window


def declaring_moments(hand: Hand, seat: int) -> list[Moment]:
    """The seat's declarations and missed chances in ``hand`` (see the module's doc)."""
    fresh = Hand(hand.ruleset, hand.setup)
    out: list[Moment] = []
    for i, action in enumerate(hand.log):
        phase = fresh.phase
        if phase in (DEALING, AFTER_DEAL):
            mine = action.kind == DECLARE and action.seat == seat
            ends = (action.kind == DECLARE and action.seat != seat) or action.kind == FINISH_DEAL
            if mine or ends:
                options = fresh.declaration_options(seat)
                if mine or options:
                    final = phase == AFTER_DEAL or fresh.dealt == fresh.to_deal
                    out.append(
                        Moment(
                            i,
                            tuple(action.cards) if mine else (),
                            tuple(tuple(o) for o in options),
                            i + 1,
                            final,
                            phase == AFTER_DEAL,
                        )
                    )
        fresh.apply(action)
    return out


def _known(hand_log, upto: int) -> dict[int, Counter]:
    """The cards each seat has shown in declarations so far (it still holds them)."""
    known: dict[int, Counter] = {s: Counter() for s in range(4)}
    for action in hand_log[:upto]:
        if action.kind == DECLARE and action.seat is not None:
            known[action.seat] |= Counter(action.cards)
    return known


class World:
    """Sampled decks for one moment, consistent with what ``seat`` had seen."""

    def __init__(self, hand: Hand, seat: int, moment: Moment):
        self.hand, self.seat, self.moment = hand, seat, moment
        state = hand.replay(moment.upto)
        self.mine = list(state.hands[seat])  # in the order the cards came
        self.sizes = [len(h) for h in state.hands]
        self.dealt = state.dealt
        self.known = _known(hand.log, moment.upto)
        self.known[seat] = Counter()
        pool = Counter(make_deck(hand.ruleset.decks))
        pool.subtract(self.mine)
        for s in range(4):
            pool.subtract(self.known[s])
        self.pool = sorted(pool.elements())

    def deck(self, rng: random.Random) -> list[Card]:
        return rigged_deck(
            rng, self.pool, self.seat, self.mine, self.known, self.sizes, self.hand.setup.first_drawer, self.dealt
        )

    def play(self, deck: list[Card], choice: tuple[Card, ...], policy: NormalPolicy) -> tuple[float, float]:
        """The candidate ``choice`` (() passes) played out on ``deck``: the seat's team's
        utility and its points (the defenders' points, signed for the team)."""
        hand, moment = self.hand, self.moment
        h = Hand(hand.ruleset, hand.setup)
        h.deck = deck
        h.dealt_kitty = tuple(deck[h.to_deal :])
        h.kitty = list(h.dealt_kitty)
        for action in hand.log[: moment.upto]:
            h.apply(action)
        return play_out(h, self.seat, choice, policy, moment.final, moment.window)


def play_out(
    h: Hand, seat: int, choice: Sequence[Card], policy: NormalPolicy, final: bool, window: bool
) -> tuple[float, float]:
    """``seat`` declares ``choice`` (or passes: ``()``) in ``h`` (a hand in its deal or
    after-deal window, asked in a round of the table's declaring protocol), and the hand is
    completed by ``policy`` at every seat, asked as the table engine asks bots (see the
    module's doc); ``final``: the deal is fully dealt (a last round), ``window``: in the
    after-deal window. Returns the seat's team's utility and its points (the defenders'
    points, signed for the team); a re-deal is ``(0, 0)``. ``h`` is changed."""
    asked: dict[int, tuple] = {}

    def stamp(s: int) -> tuple:
        return (len(h.hands[s]), len(h.bidding.shown), h.phase)

    def ask(s: int, final: bool) -> None:
        st = stamp(s)
        if not final and asked.get(s) == st:
            return
        asked[s] = st
        options = h.declaration_options(s)
        if options:
            choice, _ = policy.declare(observe(h, s), options)
            if choice:
                h.declare(s, choice)

    if choice:
        h.declare(seat, choice)
    asked[seat] = stamp(seat)
    for k in (1, 2, 3):  # the rest of the round the seat was asked in
        ask((seat + k) % 4, final)
    while h.phase == DEALING and h.dealt < h.to_deal:
        receiver = h.next_card_seat()
        h.deal()
        for k in range(4):
            ask((receiver + k) % 4, False)
    if h.phase == DEALING:
        if not final:
            last = (h.next_card_seat() - 1) % 4
            for k in range(4):
                ask((last + k) % 4, True)
        h.finish_deal()
    if h.phase == AFTER_DEAL:
        if not window:
            start = ((h.dealer or 0) + 1) % 4
            for k in range(4):
                ask((start + k) % 4, True)
        h.finish_deal()
    if h.phase != BURYING:
        return 0.0, 0.0  # re-dealt: nothing won or lost
    dealer, ctx = h.dealer, h.ctx
    assert dealer is not None and ctx is not None
    bury, _ = policy.bury(observe(h, dealer))
    h.bury(dealer, bury)
    state = h.play_state
    assert state is not None
    tab = tables(ctx)
    mem = CardMemory(tab, h.ruleset.decks, dealer)
    for decl in h.bidding.shown:
        mem.add_declared(decl.seat, decl.cards)
    u = rollout(state, mem, tab, policy, seat, None, 0)
    settled = state.settlement
    assert settled is not None
    sign = 1 if seat % 2 != dealer % 2 else -1
    return u, float(sign * settled.total)


def candidates(moment: Moment, limit: int) -> list[tuple[Card, ...]]:
    """What was shown (or the pass) first, then the other options and the pass."""
    out: list[tuple[Card, ...]] = [moment.played]
    keys = {tuple(sorted(moment.played))}
    for option in (*moment.options, ()):
        key = tuple(sorted(option))
        if key not in keys and len(out) < limit:
            keys.add(key)
            out.append(tuple(option))
    if () not in out:  # the pass is always compared
        out[-1] = ()
    return out


__all__ = ["Moment", "World", "candidates", "declaring_moments", "play_out", "rigged_deck", "utility"]
