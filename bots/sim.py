"""A light simulation of the play phase, for the ``hard`` level's look-ahead.

A ``World`` is one full deal of the unseen cards (a *determinization*): every hand, the
buried kitty, the trick on the table and the points so far. Copying a ``Hand`` and building
observations for every play of a roll-out would be too slow, so the world keeps just what
the play needs and asks the core's pure functions for every rule: ``throw_outcome`` for a
lead, ``trick_winner`` for a trick, ``settle`` for the end. The roll-out policy is the
``normal`` heuristics, each seat seeing only its own hand and the public card memory.

``sample_worlds`` deals the cards a seat has not seen consistently with everything
observed: hand sizes, shown voids, the pairs and tractors a seat showed not to hold (where
possible), the cards shown in declarations and failed throws, and — for the dealer — the
kitty it buried.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
import random

from game.core import Card, Format, Ruleset, settle, throw_outcome

from .memory import CardMemory
from .tables import Tables
from .view import TrickState, View


class World:
    __slots__ = (
        "dealer",
        "hands",
        "kitty",
        "last_lead",
        "lead_fmt",
        "leader",
        "mem",
        "penalties",
        "plays",
        "ruleset",
        "tab",
        "trick",
        "trick_points",
        "tricks_done",
    )

    def __init__(self, ruleset: Ruleset, tab: Tables, dealer: int, hands: list[list[Card]],
                 kitty: list[Card], plays: list[tuple[int, tuple[Card, ...]]],
                 trick_points: int, penalties: int, mem: CardMemory, tricks_done: int):
        self.ruleset = ruleset
        self.tab = tab
        self.dealer = dealer
        self.hands = hands
        self.kitty = kitty
        self.plays = plays
        self.leader = plays[0][0] if plays else None
        self.trick_points = trick_points
        self.penalties = penalties
        self.mem = mem
        self.tricks_done = tricks_done
        self.last_lead: tuple[Card, ...] | None = None
        self.lead_fmt = None
        self.trick: TrickState | None = None
        if plays:
            lead = plays[0][1]
            self.lead_fmt = Format.of(tab.units(lead)) if len(lead) > 1 else None
            self.trick = TrickState(self.plays, tab)

    def copy(self) -> World:
        w = World.__new__(World)
        w.ruleset, w.tab, w.dealer = self.ruleset, self.tab, self.dealer
        w.hands = [list(h) for h in self.hands]
        w.kitty = self.kitty
        w.plays = list(self.plays)
        w.leader = self.leader
        w.trick_points, w.penalties = self.trick_points, self.penalties
        w.mem = self.mem.copy()
        w.tricks_done = self.tricks_done
        w.last_lead = self.last_lead
        w.lead_fmt = self.lead_fmt
        w.trick = TrickState(w.plays, self.tab) if w.plays else None
        return w

    @property
    def finished(self) -> bool:
        return not self.plays and not any(self.hands)

    def to_act(self, next_leader: int) -> int:
        if self.plays:
            return (self.plays[0][0] + len(self.plays)) % 4
        return next_leader

    def view(self, seat: int) -> View:
        return View(seat, self.ruleset, self.tab, self.dealer, self.hands[seat], self.plays,
                    self.mem, self.kitty if seat == self.dealer else (),
                    [len(h) for h in self.hands], self.trick_points + self.penalties,
                    self.tricks_done, self.trick)

    def apply(self, seat: int, cards: Sequence[Card]) -> int | None:
        """Play; returns the trick's winner when the play completes a trick."""
        cards = tuple(cards)
        hand = self.hands[seat]
        tab = self.tab
        if not self.plays:
            if len(cards) > 1 and len(tab.units(cards)) > 1:
                others = [self.hands[s] for s in range(4) if s != seat]
                outcome = throw_outcome(cards, others, tab.ctx)
                if not outcome.ok:
                    penalty = outcome.blocked * self.ruleset.throw_penalty
                    self.penalties += penalty if seat % 2 == self.dealer % 2 else -penalty
                    attempted = cards
                    cards = tuple(outcome.played)
                    self.mem.on_play(seat, cards, None, attempted=attempted)
                else:
                    self.mem.on_play(seat, cards, None)
            else:
                self.mem.on_play(seat, cards, None)
            self.lead_fmt = Format.of(tab.units(cards)) if len(cards) > 1 else None
        else:
            self.mem.on_play(seat, cards, self.plays[0][1], self.lead_fmt)
        for c in cards:
            hand.remove(c)
        self.plays.append((seat, cards))
        if len(self.plays) == 1:
            self.trick = TrickState(self.plays, tab)
        else:
            self.trick.add(seat, cards, tab)
        if len(self.plays) < 4:
            return None
        # The winner by the core's play_value, as trick_winner would find it.
        winner = self.trick.winner
        if winner % 2 != self.dealer % 2:
            self.trick_points += self.trick.points
        self.last_lead = self.plays[0][1]
        self.plays = []
        self.trick = None
        self.tricks_done += 1
        return winner

    def outcome(self, last_winner: int) -> tuple[int, int, str, int]:
        """(defenders' total P, levels, rising side, multiplier) at the end."""
        dug = None
        if last_winner % 2 != self.dealer % 2:
            dug = Format.of(self.tab.units(self.last_lead)).largest_unit_pairs
        s = settle(self.ruleset, self.trick_points + self.penalties,
                   sum(c.points for c in self.kitty), dug)
        return s.total, s.up_levels, s.up_side, s.multiplier


def utility(ruleset: Ruleset, seat: int, dealer: int, total: int, levels: int, side: str,
            point_weight: float = 1.0) -> float:
    """The hand's value for ``seat``'s team: levels won minus lost, the deal changing hands
    as half a level, and the defenders' points at a level per settlement step — a smooth
    companion of the level table that makes few samples tell moves apart."""
    defenders = seat % 2 != dealer % 2
    value = levels if side == "defenders" else -levels
    if side == "defenders":
        value += 0.5  # the deal changes hands
    value += point_weight * total / ruleset.step
    return value if defenders else -value


def rollout(world: World, next_leader: int, policy, seat: int, first: Sequence[Card] | None
            ) -> float:
    """Play the world out (``first`` is ``seat``'s move now) and score it for ``seat``."""
    w = world
    leader = next_leader
    last = None
    to_move = w.to_act(leader)
    if first is not None:
        won = w.apply(to_move, first)
        if won is not None:
            leader = last = won
    while any(w.hands):
        s = w.to_act(leader)
        hand = w.hands[s]
        if w.plays and len(hand) == w.trick.n:
            cards = list(hand)  # the last cards: nothing to choose
        else:
            cards, _ = policy.play(w.view(s))
        won = w.apply(s, cards)
        if won is not None:
            leader = last = won
    total, levels, side, _ = w.outcome(last)
    return utility(w.ruleset, seat, w.dealer, total, levels, side)


# ------------------------------------------------------------------------------ sampling

def sample_hands(rng: random.Random, unseen: Counter, sizes: Sequence[int], seat: int,
                 mem: CardMemory, kitty_size: int, tab: Tables, tries: int = 30
                 ) -> tuple[list[list[Card]], list[Card]] | None:
    """Deal ``unseen`` to the other seats (``sizes``) and, if ``kitty_size``, the kitty,
    respecting voids and known cards; nopair/notractor are kept when a few tries allow."""
    others = [s for s in range(4) if s != seat]
    suit = tab.suit
    best = None
    for _attempt in range(tries):
        pool = list(unseen.elements())
        hands: dict[int, list[Card]] = {s: [] for s in others}
        cap = {s: sizes[s] for s in others}
        for s in others:
            for card, n in mem.known[s].items():
                for _ in range(n):
                    if card in pool and cap[s] > 0:
                        pool.remove(card)
                        hands[s].append(card)
                        cap[s] -= 1
        kitty: list[Card] = []
        kcap = kitty_size
        rng.shuffle(pool)
        # Cards that fewer seats may hold go first.
        elig = {}
        for s_ in tab.suits:
            elig[s_] = [s for s in others if s_ not in mem.void[s]]
        pool.sort(key=lambda c: len(elig[suit[c]]))
        ok = True
        for card in pool:
            seats = [s for s in elig[suit[card]] if cap[s] > 0]
            total = sum(cap[s] for s in seats) + kcap
            if total == 0:
                ok = False
                # Relax: any seat with room (a void was mis-read); keeps sizes right.
                seats = [s for s in others if cap[s] > 0]
                total = sum(cap[s] for s in seats) + kcap
                if total == 0:
                    return None
            r = rng.random() * total
            placed = False
            for s in seats:
                r -= cap[s]
                if r < 0:
                    hands[s].append(card)
                    cap[s] -= 1
                    placed = True
                    break
            if not placed:
                kitty.append(card)
                kcap -= 1
        violations = 0 if ok else 100
        for s in others:
            for s_ in mem.nopair[s]:
                cnt = Counter(c for c in hands[s] if suit[c] == s_)
                if any(n >= 2 for n in cnt.values()):
                    violations += 1
        if best is None or violations < best[0]:
            best = (violations, hands, kitty)
        if violations == 0:
            break
    _, hands, kitty = best
    out = [[] for _ in range(4)]
    for s in others:
        out[s] = hands[s]
    return out, kitty


__all__ = ["World", "rollout", "sample_hands", "utility"]
