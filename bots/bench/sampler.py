"""A stand-in for an outside sampling searcher: many candidate plays, a confidence bound.

The outside bot ``hard`` meets is a plain Monte Carlo searcher: at each play it takes
8–14 candidate plays, plays each out in about 30 sampled deals and chooses by a lower
confidence bound, about 0.3 s of CPU a decision, with no hand-written play rules.
``SamplerBot`` is that style written by us, so ``bots.bench.phases`` can find where
``hard`` loses levels to it without the outside program:

* candidates: the legal plays as the core lists them (``Observation.legal_actions``), each
  distinct multiset once, up to ``max_candidates`` (14). A broad, unpruned set, not
  ``hard``'s few sensible moves. When there are more, a lead takes the first ones in the
  core's order (``game.core.legal.LEAD_ORDER``: the units of each suit's decomposition, each
  suit's whole holding, then the other singles, pairs and tractors) — a uniform sample of
  all leads would be mostly throws of arbitrary cards that fail; a follow takes a uniform
  sample (the bot's rng) of the first ``FOLLOW_LIST`` follows, since the core lists them
  in combination order and its first few differ by one low card. Neither rule looks at
  what a card is worth.
* worlds: ``worlds`` (30) deals of the unseen cards consistent with the hard facts
  observed (``sim.sample_hands`` with no kitty model: voids, hand sizes, cards shown), no
  steering towards the others' plays.
* values: each candidate played out in each world with ``normal`` at all four seats
  (``sim.rollout``, valued by ``sim.utility``), all candidates on the same worlds.
* choice: the highest lower confidence bound, mean − ``z``·se (se of the candidate's own
  mean over the worlds), ``z`` 1; under two worlds the best mean.
* time: a box of ``think_ms`` (300 ms) per decision, the clock checked before every world
  (``paired.paired_search``); None: exactly ``worlds`` worlds, reproducible from the seed.

Declaring and burying are ``normal``'s (the base class): the outside bot's play search is
what is imitated, and the post-hand analysis charges those decisions separately. Like every
bot it sees only its observation, and all its randomness comes from the injected
``random.Random``. A benchmark only: nothing the game runs imports it.
"""

from __future__ import annotations

import itertools
import math
import random
import time

from bots.base import Reason
from bots.budget import Budget, quiet_gc
from bots.candidates import card_key
from bots.memory import MemoryTracker
from bots.normal import NormalBot, NormalPolicy
from bots.paired import Values, mean_se, paired_search
from bots.sim import play_state_of, rollout, sample_hands
from bots.view import View
from game.core import Card, Observation, legal_follows

DEFAULT_MS = 300.0
WORLDS = 30
MAX_CANDIDATES = 14
Z = 1.0
#: A follow's candidates are sampled from this many of the core's follows (a void hand's
#: discards can run to thousands; listing them all would cost more than the search).
FOLLOW_LIST = 400


def lower_bound_choice(values: Values, z: float = Z) -> int:
    """The candidate with the highest mean − ``z``·se over its worlds (ties: the first);
    with fewer than two worlds the highest mean (the bound is unknown)."""
    worlds = min((len(v) for v in values), default=0)
    if worlds == 0:
        return 0

    def bound(i: int) -> float:
        m, se = mean_se(values[i][:worlds])
        return m - z * se if math.isfinite(se) else m

    return max(range(len(values)), key=lambda i: (bound(i), -i))


class SamplerBot(NormalBot):
    """The sampling searcher's plays (see the module's doc); ``normal``'s declaring and bury."""

    level = "sampler"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        ruleset,
        memory: MemoryTracker | None = None,
        think_ms: float | None = DEFAULT_MS,
        worlds: int = WORLDS,
        max_candidates: int = MAX_CANDIDATES,
        z: float = Z,
    ):
        super().__init__(seat, rng, ruleset, memory)
        self.think_ms = think_ms
        self.worlds = worlds
        self.max_candidates = max_candidates
        self.z = z
        self.rollout_policy = NormalPolicy()
        self.last_worlds = 0
        self.last_candidates = 0

    def decide_play(self, obs: Observation):
        start = time.perf_counter()
        # As ``hard``: a due full garbage collection runs now, inside the budget, not in a
        # play-out past the clock checks.
        with quiet_gc():
            return self._decide_play(obs, Budget.of(start, self.think_ms))

    def candidates(self, v: View, obs: Observation) -> list[list[Card]]:
        """Up to ``max_candidates`` distinct legal plays (the module's doc says which)."""
        k = self.max_candidates
        tr = v.trick
        if tr is None:
            # Every single, pair and tractor is listed whatever the limit: cut here.
            return [list(m) for m in obs.legal_actions(limit=k).moves[:k]]
        follows: list[list[Card]] = []
        seen: set[tuple[str, ...]] = set()
        for f in itertools.islice(legal_follows(tr.lead, v.hand, v.ctx), FOLLOW_LIST):
            key = card_key(f)
            if key not in seen:
                seen.add(key)
                follows.append(list(f))
        if len(follows) > k:
            follows = self.rng.sample(follows, k)
        return follows

    def _decide_play(self, obs: Observation, budget: Budget):
        v = self.view(obs)
        cands = self.candidates(v, obs)
        self.last_worlds, self.last_candidates = 0, len(cands)
        if len(cands) < 2:
            return cands[0], Reason("follow.only" if v.plays else "lead.random", {"cards": cands[0]})
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        known_kitty = list(v.kitty) if v.seat == v.dealer else None
        unseen, sizes, sort_hand = v.unseen, v.hand_sizes, v.ctx.sort_hand

        def play_world(alive) -> list[float] | None:
            # Hard facts only (no kitty model, no steering): the outside bot's plain sampling.
            dealt = sample_hands(self.rng, unseen, sizes, v.seat, v.mem, kitty_size, v.tab, bury_model=False)
            if dealt is None:
                return None
            hands, kitty = dealt
            hands[v.seat] = list(v.hand)
            # Sorted as observations sort hands: the roll-out policy breaks ties by the order.
            world = play_state_of(v, [sort_hand(h) for h in hands], known_kitty if known_kitty is not None else kitty)
            values: list[float] = []
            for i in alive:
                if values and budget.hard_stop is not None and time.perf_counter() > budget.hard_stop:
                    return None  # a slow world: dropped, the decision keeps its budget
                values.append(
                    rollout(world.copy(), v.mem.copy(), v.tab, self.rollout_policy, v.seat, cands[i], v.tricks_done)
                )
            return values

        best, worlds = paired_search(
            play_world,
            len(cands),
            lambda values, _worlds: lower_bound_choice(values, self.z),
            samples=self.worlds,
            deadline=budget.deadline,
            at_least=1,  # one world at least, however short the box: else the choice is blind
        )
        self.last_worlds = worlds
        play = cands[best]
        return play, Reason("search.best", {"worlds": worlds, "cards": play})


__all__ = ["DEFAULT_MS", "MAX_CANDIDATES", "WORLDS", "SamplerBot", "Z", "lower_bound_choice"]
