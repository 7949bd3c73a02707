"""Time the ``hard`` bot's roll-outs: ``python -m bots.bench.rollouts [--worlds N]``.

Plays one seeded hand with ``normal`` bots into its middle, then, from the position of the
seat to act, samples worlds as the ``hard`` bot does and plays each out with the ``normal``
policy at every seat. Prints roll-outs per second (best of ``--repeat`` runs).

It also runs from an older tree whose ``bots.sim`` still has the ``World`` class (commit
fefa3f5 and before): run ``python /path/to/this/file.py`` with that tree's interpreter and
working directory, and it times the old ``World`` roll-out on the same position.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
import random
import time
from typing import TYPE_CHECKING

from bots import make_bot, sim
from bots.base import step_hand
from bots.normal import NormalBot, NormalPolicy
from game.core import PLAYING, Card, Hand, HandSetup, Rank, get_ruleset, observe

if TYPE_CHECKING:  # only for annotations: the older trees this also runs from need no View
    from bots.view import View

Dealt = list[tuple[list[list[Card]], list[Card]]]


def position(ruleset_id: str, seed: int, tricks: int) -> View:
    """A hand after ``tricks`` tricks, with ``normal`` bots, and the view of the seat to act."""
    ruleset = get_ruleset(ruleset_id)
    hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), 0, 0))
    bots = [make_bot("normal", s, random.Random(seed + s), ruleset) for s in range(4)]
    while not hand.finished and not (
        hand.phase == PLAYING and len(hand.tricks) >= tricks and hand.current_trick is None
    ):
        step_hand(hand, bots)
    seat = hand.to_act()
    assert seat is not None, "the hand ended before the position"
    searcher = make_bot("hard", seat, random.Random(seed), ruleset, think_ms=None, samples=1)
    assert isinstance(searcher, NormalBot)  # hard is a normal bot that searches
    return searcher.view(observe(hand, seat))


def worlds(v: View, count: int, seed: int) -> Dealt:
    rng = random.Random(seed)
    kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
    out: Dealt = []
    while len(out) < count:
        dealt = sim.sample_hands(rng, v.unseen, v.hand_sizes, v.seat, v.mem, kitty_size, v.tab)
        assert dealt is not None, "no deal respects what the seat knows"
        hands, kitty = dealt
        hands[v.seat] = list(v.hand)
        out.append((hands, list(v.kitty) if v.seat == v.dealer else kitty))
    return out


def run(v: View, dealt: Dealt, first: list[Card]) -> float:
    policy = NormalPolicy()
    start = time.perf_counter()
    if hasattr(sim, "World"):  # the tree before the core's PlayState
        leader = v.seat if not v.plays else v.plays[0][0]
        for hands, kitty in dealt:
            world = sim.World(
                v.ruleset,
                v.tab,
                v.dealer,
                [list(h) for h in hands],
                kitty,
                list(v.plays),
                v.defender_points,
                0,
                v.mem.copy(),
                v.tricks_done,
            )
            # the older tree's signature
            sim.rollout(world.copy(), leader, policy, v.seat, first)  # type: ignore[call-arg, arg-type]
    else:
        for hands, kitty in dealt:
            state = sim.play_state_of(v, [list(h) for h in hands], kitty)
            sim.rollout(state.copy(), v.mem.copy(), v.tab, policy, v.seat, first, v.tricks_done)
    return len(dealt) / (time.perf_counter() - start)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hebi-2010")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--tricks", type=int, default=3, help="tricks played before the search")
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    v = position(args.ruleset, args.seed, args.tricks)
    dealt = worlds(v, args.worlds, args.seed)
    first = NormalPolicy().play(v)[0]
    best = max(run(v, dealt, first) for _ in range(args.repeat))
    kind = "World" if hasattr(sim, "World") else "PlayState"
    print(
        f"{best:.0f} roll-outs/s ({kind}, {args.ruleset}, seed {args.seed}, "
        f"{args.worlds} worlds from trick {args.tricks + 1})"
    )


if __name__ == "__main__":
    main()
