"""Speed and validity of the post-hand analysis: ``python -m bots.bench_analysis``.

``speed``: plays one seeded hebi-2010 hand with ``normal`` bots and times the analysis of
the dealer's seat (a bury and 25 plays) at the default settings.

``validity``: on the same seeded deals, puts a ``random``, a ``normal`` and a ``hard`` bot
in turn in seat 0 (the other seats ``normal``), analyses seat 0's decisions and prints the
mean loss per decision of each level. A sound analysis charges ``random`` far more than
``normal``, and ``normal`` more than ``hard``.
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence
import random
import time

from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

from . import make_bot
from .analysis import Analysis, Settings, analyse_hand


def played_hand(ruleset_id: str, seed: int, levels: list[str], dealer: int = 0,
                think_ms: float | None = None) -> Hand:
    """A finished hand: deal ``seed``, ``levels[seat]`` at each seat (seeded bots)."""
    ruleset = get_ruleset(ruleset_id)
    while True:
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), dealer, dealer))
        options = {} if think_ms is not None else {"samples": 12}
        bots = [make_bot(level, s, random.Random(seed * 10 + s), ruleset, think_ms=think_ms,
                         **(options if level == "hard" else {}))
                for s, level in enumerate(levels)]
        play_hand(hand, bots, timing=False)
        if hand.settlement is not None:
            return hand
        seed += 1000  # re-dealt: try the next deal


def speed(args: argparse.Namespace) -> None:
    hand = played_hand(args.ruleset, args.seed, ["normal"] * 4)
    seat = hand.dealer
    assert seat is not None
    start, cpu = time.perf_counter(), time.process_time()
    report = analyse_hand(hand, seat, Settings(think_ms=args.think_ms))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    plays = sum(1 for d in report.decisions if d.kind == "play")
    bury = sum(1 for d in report.decisions if d.kind == "bury")
    print(f"{args.ruleset} seed {args.seed}, seat {seat}: {bury} bury + {plays} plays "
          f"analysed in {took:.1f} s ({cpu:.1f} s of CPU; total loss {report.total_loss:.3f}, "
          f"accuracy {report.accuracy:.0%})")


def validity(args: argparse.Namespace) -> None:
    levels = args.levels.split(",")
    losses: dict[str, list[float]] = {lv: [] for lv in levels}
    gaps: dict[str, list[tuple[float, float]]] = {lv: [] for lv in levels}
    settings = Settings(curve=False)
    for k in range(args.deals):
        seed = args.seed + k
        for level in levels:
            hand = played_hand(args.ruleset, seed, [level, "normal", "normal", "normal"],
                               dealer=k % 4)
            report: Analysis = analyse_hand(hand, 0, settings)
            rated = [d for d in report.rated if not d.forced]
            losses[level] += [d.loss for d in rated]
            gaps[level] += [(d.gap, d.se) for d in rated]
            if args.verbose:
                print(f"deal {seed} {level}: {len(rated)} decisions, loss "
                      f"{report.total_loss:.3f}, accuracy {report.accuracy:.0%}", flush=True)
    for level in levels:
        xs = losses[level]
        mean = sum(xs) / len(xs) if xs else 0.0
        print(f"{level:>7}: {len(xs)} unforced decisions, mean loss {mean:.4f} levels")
    if args.verbose:  # what other margins (standard errors) would have charged
        for z in (0.0, 0.5, 1.0, 1.5, 2.0):
            row = []
            for level in levels:
                g = gaps[level]
                row.append(f"{level} {sum(max(0.0, m - z * se) for m, se in g) / max(1, len(g)):.4f}")
            print(f"  margin {z} SE: " + ", ".join(row))


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser("speed")
    sp.add_argument("--ruleset", default="hebi-2010")
    sp.add_argument("--seed", type=int, default=3)
    sp.add_argument("--think-ms", type=float, default=None)
    sp.set_defaults(run=speed)
    vp = sub.add_parser("validity")
    vp.add_argument("--ruleset", default="hebi-2010")
    vp.add_argument("--seed", type=int, default=100)
    vp.add_argument("--deals", type=int, default=4)
    vp.add_argument("--levels", default="random,normal,hard")
    vp.add_argument("-v", "--verbose", action="store_true")
    vp.set_defaults(run=validity)
    args = ap.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
