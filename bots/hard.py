"""``hard``: ``normal`` plus determinized look-ahead.

For a play decision with more than one sensible move, the bot deals the cards it has not
seen in many ways consistent with everything observed (``sim.sample_hands``), plays each
candidate move out in every sampled world with the ``normal`` heuristics at all four seats,
and picks the move with the best mean outcome — levels won or lost plus a little for the
points (``sim.utility``). All candidates meet the same worlds, so their differences are
measured, not their luck. Candidates that fall clearly behind are dropped as the worlds
accumulate, so the budget goes to the close calls.

The search is time-boxed: ``think_ms`` per decision (default 300 ms on a 2-core machine). A
fixed number of worlds (``samples``) makes decisions reproducible from the seed whatever
the machine's speed; the time box still caps it when ``think_ms`` is set too.
"""
from __future__ import annotations

import time

from game.core import TRUMP, Card, Observation

from .base import Reason
from .normal import NormalBot, NormalPolicy, checked
from .plays import cheap_key, feed_key, follow, legal_follow_list, winning_plays
from .sim import World, rollout, sample_hands
from .view import View

DEFAULT_THINK_MS = 300.0


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seat, rng, ruleset, think_ms: float | None = DEFAULT_THINK_MS,
                 samples: int | None = None, max_candidates: int = 6, **_):
        super().__init__(seat, rng, ruleset)
        if think_ms is None and samples is None:
            samples = 16
        self.think_ms = think_ms
        self.samples = samples
        self.max_candidates = max_candidates
        self.rollout_policy = NormalPolicy()
        self.last_worlds = 0

    # ------------------------------------------------------------------ decisions

    def decide_play(self, obs: Observation):
        start = time.perf_counter()
        v = self.view(obs)
        if v.plays and len(v.hand) == v.trick.n:
            return list(v.hand), Reason("follow.only")
        base = checked(v, self.policy.play(v))
        candidates = self.candidates(v, base[0])
        self.last_worlds = 0
        if len(candidates) < 2:
            return base
        deadline = None if self.think_ms is None else start + self.think_ms / 1000.0
        best, worlds = self.search(v, candidates, deadline)
        if best is None or best == 0:
            return base
        play = candidates[best]
        return checked(v, (play, Reason("search.best", {"worlds": worlds, "cards": play})))

    # ------------------------------------------------------------------ candidates

    def candidates(self, v: View, base: list[Card]) -> list[list[Card]]:
        """The moves worth comparing, the normal policy's choice first."""
        out: list[list[Card]] = [list(base)]
        seen = {_key(base)}

        def add(play):
            k = _key(play)
            if k not in seen and len(out) < self.max_candidates:
                seen.add(k)
                out.append(list(play))

        tab = v.tab
        mine = v.mine()
        if v.plays:
            tr = v.trick
            few = legal_follow_list(tr.lead, v.hand, tab, cap=self.max_candidates + 1) \
                if len(v.hand) <= 3 * tr.n + 2 or tr.n == 1 and len(mine[tr.suit]) <= 8 else []
            if few and len(few) <= self.max_candidates:
                for play in few:
                    add(play)
                return out
            lengths = {s: len(mine[s]) for s in tab.side_suits}
            ck = cheap_key(tab, lengths)
            wins = winning_plays(mine, tr, tab, ck)
            add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, ck, ck))
            if wins:
                add(wins[0])
                add(wins[-1])
            fk = feed_key(tab)
            add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, fk, fk))
            for play in wins[1:-1]:
                add(play)
            return out
        for _, cards, _ in self.policy.lead_options(v):
            add(cards)
        # The lowest card of each suit, as a quiet alternative.
        lengths = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        for suit in tab.suits:
            if mine[suit]:
                add([min(mine[suit], key=ck)])
        return out

    # ------------------------------------------------------------------ search

    def search(self, v: View, candidates: list[list[Card]], deadline: float | None):
        n = len(candidates)
        totals = [0.0] * n
        counts = [0] * n
        alive = list(range(n))
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        unseen = v.unseen
        sizes = v.hand_sizes
        leader = v.seat if not v.plays else v.plays[0][0]
        worlds = 0
        limit = self.samples if self.samples is not None else 10_000
        mem = v.mem
        known_kitty = list(v.kitty) if v.seat == v.dealer else None
        while worlds < limit:
            if deadline is not None and worlds >= 2 and time.perf_counter() > deadline:
                break
            dealt = sample_hands(self.rng, unseen, sizes, v.seat, mem, kitty_size, v.tab)
            if dealt is None:
                break
            hands, kitty = dealt
            hands[v.seat] = list(v.hand)
            world = World(v.ruleset, v.tab, v.dealer, hands,
                          known_kitty if known_kitty is not None else kitty,
                          list(v.plays), v.defender_points, 0, mem.copy(), v.tricks_done)
            for i in alive:
                u = rollout(world.copy(), leader, self.rollout_policy, v.seat, candidates[i])
                totals[i] += u
                counts[i] += 1
            worlds += 1
            if worlds >= 4 and len(alive) > 2:
                means = {i: totals[i] / counts[i] for i in alive}
                top = max(means.values())
                margin = 1.2 / worlds ** 0.5
                alive = [i for i in alive if means[i] >= top - margin or i == 0]
        self.last_worlds = worlds
        if worlds == 0:
            return None, 0
        means = [totals[i] / counts[i] if counts[i] == worlds else float("-inf")
                 for i in range(n)]
        best = max(range(n), key=lambda i: (means[i] > means[0] + 0.02 * (i != 0), means[i]))
        if means[best] <= means[0] + 0.02:
            best = 0
        return best, worlds


def _key(play) -> tuple:
    return tuple(sorted(map(str, play)))


__all__ = ["HardBot", "DEFAULT_THINK_MS", "TRUMP"]
