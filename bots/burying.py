"""``hard``'s bury: a few sensible buries compared by play-outs in sampled deals.

The dealer knows its own cards (the kitty picked up) and the cards shown in declarations;
the other three hands are dealt at random under that (``sim.sample_hands``). Each candidate
bury (``normal``'s first, then ``bidding.bury_options``: keep or bury points, void other
suits) is played out from the first lead with the ``normal`` policy at all seats, in the
same deals, and ``normal``'s bury stands unless another beats it by a clear paired margin.
"""

from __future__ import annotations

from collections import Counter
import random
import time

from game.core import Card, Observation, PlayState

from .memory import CardMemory
from .paired import keep_base, paired_search
from .sim import rollout, sample_hands
from .tables import tables


def search_bury(
    rng: random.Random,
    obs: Observation,
    candidates: list[list[Card]],
    policy,
    deadline: float | None,
    samples: int | None,
    z: float = 1.5,
    min_gain: float = 0.05,
    min_worlds: int = 4,
    hard_stop: float | None = None,
) -> tuple[int, int]:
    """The index of the best candidate (0 unless another is clearly better in at least
    ``min_worlds`` deals: fewer make a standard error a guess) and the number of deals
    played. A deal is started only when it should end by ``deadline`` (judged by the deals
    so far) and dropped past ``hard_stop`` (default: the deadline)."""
    stop = hard_stop if hard_stop is not None else deadline
    assert obs.ctx is not None and obs.dealer is not None  # burying: trump is known
    ctx = obs.ctx
    tab = tables(obs.ctx)
    seat, dealer = obs.seat, obs.dealer
    mem = CardMemory(tab, obs.ruleset.decks, dealer)
    for decl in obs.declarations:
        mem.add_declared(decl.seat, decl.cards)
    hand = list(obs.hand)
    unseen = mem.unseen(hand)
    sizes = list(obs.hand_sizes)
    sort_hand = obs.ctx.sort_hand
    kept = []
    for bury in candidates:
        left = Counter(hand)
        left.subtract(bury)
        kept.append(sort_hand(list(left.elements())))

    def world_values(alive) -> list[float] | None:
        dealt = sample_hands(rng, unseen, sizes, seat, mem, 0, tab)
        if dealt is None:
            return None
        hands = [sort_hand(h) for h in dealt[0]]
        values: list[float] = []
        for i in alive:
            bury, mine = candidates[i], kept[i]
            if stop is not None and values and time.perf_counter() > stop:
                return None  # past the hard stop: the deal is dropped
            world = [list(h) for h in hands]
            world[seat] = list(mine)
            state = PlayState(obs.ruleset, ctx, dealer, world, list(bury), leader=dealer)
            values.append(rollout(state, mem.copy(), tab, policy, seat, None, 0))
        return values

    limit = samples if samples is not None else min_worlds
    return paired_search(
        world_values,
        len(candidates),
        keep_base(min(min_worlds, limit), z, min_gain),
        samples=samples,
        deadline=deadline,
    )


__all__ = ["search_bury"]
