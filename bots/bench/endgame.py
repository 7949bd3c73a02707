"""The exact endgame's cost: ``python -m bots.bench.endgame``.

For ``--positions`` seeded hands played by ``normal`` bots up to the first decision where
the seat to act holds ``--cards`` cards or fewer (a lead, or with ``--follows`` the first
follow), every distinct legal move of that seat is solved in the true deal with one
``endgame.Solver`` for the position, as ``HardBot.evaluate`` solves the candidates of one
world. Prints, per cards left, the milliseconds and nodes a position costs (median / p90 /
max).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bots import make_bot
from bots.base import step_hand
from bots.endgame import Solver
from game.core import PLAYING, Hand, HandSetup, PlayState, Rank, get_ruleset


def position(ruleset_id: str, seed: int, cards: int, follow: bool) -> tuple[PlayState, int] | None:
    """The first decision of a ``normal`` hand where the seat to act holds ``cards`` or
    fewer (a lead, or a follow), its state and seat; None when the deal was void."""
    ruleset = get_ruleset(ruleset_id)
    hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.FIVE), seed % 4, seed % 4))
    bots = [make_bot("normal", s, random.Random(seed * 4 + s), ruleset) for s in range(4)]
    while not hand.finished:
        if hand.phase == PLAYING:
            who = hand.to_act()
            trick = hand.current_trick
            at = (trick is not None and 0 < len(trick.plays) < 4) if follow else trick is None
            if who is not None and len(hand.hands[who]) <= cards and at:
                state = hand.play_state
                assert state is not None
                return state.copy(), who
        step_hand(hand, bots)
    return None


def cost(state: PlayState, seat: int) -> tuple[float, int, list[float]]:
    """Seconds and nodes to solve every distinct move of ``seat`` with one solver."""
    moves = state.legal_follows() if state.current_trick is not None else state.legal_leads()
    distinct = {tuple(sorted(m)): m for m in moves}
    solver = Solver(seat, 1.0)
    values = []
    started = time.perf_counter()
    for move in distinct.values():
        child = state.copy()
        child.apply(seat, move)
        values.append(solver.value(child))
    return time.perf_counter() - started, solver.nodes, values


def _q(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="logistics-2015")
    ap.add_argument("--cards", type=int, action="append", help="cards left (repeatable; default 4 5 6)")
    ap.add_argument("--positions", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1, help="the first hand's shuffle")
    ap.add_argument("--follows", action="store_true", help="the first follow, not the first lead")
    args = ap.parse_args(argv)
    variants = ["plain"]
    for cards in args.cards or [4, 5, 6]:
        ms: dict[str, list[float]] = {v: [] for v in variants}
        nodes: dict[str, list[float]] = {v: [] for v in variants}
        for k in range(args.positions):
            got = position(args.ruleset, args.seed + k, cards, args.follows)
            if got is None:
                continue
            state, seat = got
            answers = []
            for v in variants:
                spent, n, values = cost(state, seat)
                ms[v].append(1000 * spent)
                nodes[v].append(n)
                answers.append(values)
            assert all(a == answers[0] for a in answers), answers
        for v in variants:
            if not ms[v]:
                continue
            print(
                f"{args.ruleset} {cards} cards {v:8s} positions {len(ms[v])}: ms median "
                f"{statistics.median(ms[v]):.1f} p90 {_q(ms[v], 0.9):.1f} max {max(ms[v]):.1f}; "
                f"nodes median {statistics.median(nodes[v]):.0f} max {max(nodes[v]):.0f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
