"""Speed and validity of the post-hand analysis: ``python -m bots.bench.analysis``.

``speed``: plays one seeded hebi-2010 hand with ``normal`` bots and times the analysis of
the dealer's seat (its declaring decisions, the bury and every play) at the default
settings (the review screen's: with the chart; ``--no-curve`` for ``game.app.analyse``'s). A
hand has 25 plays only when every trick is a single card; ``--plays 25`` searches the deals
from ``--seed`` for one (quick: the hands are played, not analysed). The whole-hand
figure of issue 12 (25 plays and a bury, target 30 s on one core)::

    python -m bots.bench.analysis speed --seed 3094          # 25 plays (the first from seed 0)
    python -m bots.bench.analysis speed --plays 25 --seed 0  # the same, found by searching

``validity``: on the same seeded deals, puts a ``random``, a ``normal`` and a ``hard`` bot
in turn in seat 0 (the other seats ``normal``), analyses seat 0's decisions and prints the
mean loss per decision of each level. A sound analysis charges ``random`` far more than
``normal``, and ``normal`` more than ``hard``.

``declarations``: as ``validity`` for seat 0's declaring decisions alone (a few a hand;
cheap, so many deals): ``python -m bots.bench.analysis declarations --deals 30``.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
import random
import time
from typing import Any

from bots import make_bot
from bots.analysis import Analysis, Settings, analyse_hand, label_of
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand


def played_hand(
    ruleset_id: str,
    seed: int,
    levels: list[str],
    dealer: int = 0,
    think_ms: float | None = None,
    first_hand: bool = False,
) -> Hand:
    """A finished hand: deal ``seed``, ``levels[seat]`` at each seat (seeded bots); in a
    first hand nobody deals yet (``dealer`` draws first) and the declarer takes the deal."""
    ruleset = get_ruleset(ruleset_id)
    while True:
        hand = Hand(ruleset, HandSetup(seed, first_hand, (Rank.TWO, Rank.TWO), None if first_hand else dealer, dealer))
        options: dict[str, Any] = {} if think_ms is not None else {"samples": 12}
        bots = [
            make_bot(
                level,
                s,
                random.Random(seed * 10 + s),
                ruleset,
                think_ms=think_ms,
                **(options if level == "hard" else {}),
            )
            for s, level in enumerate(levels)
        ]
        play_hand(hand, bots, timing=False)
        if hand.settlement is not None:
            return hand
        seed += 1000  # re-dealt: try the next deal


def speed(args: argparse.Namespace) -> None:
    seed = args.seed
    while True:
        hand = played_hand(args.ruleset, seed, ["normal"] * 4)
        if len(hand.tricks) >= args.plays:
            break
        seed += 1
    seat = hand.dealer if args.seat is None else args.seat
    assert seat is not None
    start, cpu = time.perf_counter(), time.process_time()
    report = analyse_hand(hand, seat, Settings(think_ms=args.think_ms, curve=not args.no_curve))
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    plays = sum(1 for d in report.decisions if d.kind == "play")
    bury = sum(1 for d in report.decisions if d.kind == "bury")
    declare = sum(1 for d in report.decisions if d.kind == "declare")
    print(
        f"{args.ruleset} seed {seed}, seat {seat}: {declare} declaring + {bury} bury + {plays} plays "
        f"analysed in {took:.1f} s ({cpu:.1f} s of CPU; chart {'off' if args.no_curve else 'on'}; "
        f"total loss {report.total_loss:.3f}, accuracy {report.accuracy:.0%})"
    )


def validity(args: argparse.Namespace) -> None:
    levels = args.levels.split(",")
    losses: dict[str, list[float]] = {lv: [] for lv in levels}
    by_kind: dict[tuple[str, str], list[float]] = {}
    gaps: dict[str, list[tuple[float, float]]] = {lv: [] for lv in levels}
    settings = Settings(curve=False)
    for k in range(args.deals):
        seed = args.seed + k
        for level in levels:
            hand = played_hand(args.ruleset, seed, [level, "normal", "normal", "normal"], dealer=k % 4)
            report: Analysis = analyse_hand(hand, 0, settings)
            rated = [d for d in report.rated if not d.forced]
            losses[level] += [d.loss for d in rated]
            for d in rated:
                by_kind.setdefault((level, d.kind), []).append(d.loss)
            gaps[level] += [(d.gap, d.se) for d in rated]
            if args.verbose:
                print(
                    f"deal {seed} {level}: {len(rated)} decisions, loss "
                    f"{report.total_loss:.3f}, accuracy {report.accuracy:.0%}",
                    flush=True,
                )
    for level in levels:
        xs = losses[level]
        mean = sum(xs) / len(xs) if xs else 0.0
        kinds = ", ".join(
            f"{kind} {len(ys)} × {sum(ys) / len(ys):.4f}" for (lv, kind), ys in sorted(by_kind.items()) if lv == level
        )
        print(f"{level:>7}: {len(xs)} unforced decisions, mean loss {mean:.4f} levels ({kinds})")
    if args.verbose:  # what other margins (standard errors) would have charged
        for z in (0.0, 0.5, 1.0, 1.5, 2.0):
            row = []
            for level in levels:
                g = gaps[level]
                row.append(f"{level} {sum(max(0.0, m - z * se) for m, se in g) / max(1, len(g)):.4f}")
            print(f"  margin {z} SE: " + ", ".join(row))


def declarations(args: argparse.Namespace) -> None:
    """Only the declaring decisions of seat 0, played by each level (the others normal)."""
    from bots.analysis import declare_decision
    from bots.declare_analysis import declaring_moments
    from bots.normal import NormalPolicy

    levels = args.levels.split(",")
    settings = Settings(curve=False)
    start = time.perf_counter()
    for level in levels:
        xs: list[float] = []
        labels: dict[str, int] = {}
        for k in range(args.deals):
            seed = args.seed + k
            hand = played_hand(
                args.ruleset, seed, [level, "normal", "normal", "normal"], dealer=k % 4, first_hand=args.first_hand
            )
            for m in declaring_moments(hand, 0):
                d = declare_decision(hand, 0, m, random.Random(f"{seed}/{m.upto}"), settings, NormalPolicy())
                if not d.forced:
                    xs.append(d.loss)
                    labels[d.label] = labels.get(d.label, 0) + 1
        mean = sum(xs) / len(xs) if xs else 0.0
        print(f"{level:>7}: {len(xs)} declaring decisions, mean loss {mean:.4f} levels, labels {labels}", flush=True)
    print(f"{time.perf_counter() - start:.0f} s")


# ------------------------------------------------------------------------------ precision

KINDS = ("play", "bury", "declare")


def _precision_deal(k: int, args: argparse.Namespace) -> tuple[Hand, int, str, str]:
    """Deal ``args.seed + k``: the ruleset and the level round-robin, the level in the seat
    analysed. Two deals in three are later hands with the level dealing (it buries); the
    third a first hand (declarations that take the deal) with the level in seat 0."""
    rulesets, levels = args.rulesets.split(","), args.levels.split(",")
    ruleset_id = rulesets[k % len(rulesets)]
    level = levels[(k // len(rulesets)) % len(levels)]
    seed = args.seed + k
    first = k % 3 == 2
    seat = 0 if first else k % 4
    seats = ["normal"] * 4
    seats[seat] = level
    hand = played_hand(ruleset_id, seed, seats, dealer=seat, first_hand=first)
    return hand, seat, ruleset_id, level


def precision_steps(hand: Hand, seat: int, pick: random.Random, plays: int, kinds: list[str]) -> set[int]:
    """The decisions of ``seat`` the benchmark analyses, of the ``kinds`` asked: every bury
    and declaring decision, a sample of ``plays`` plays (a hand has one bury and a few
    declaring chances but twenty-odd plays). ``--kinds declare`` gathers declarations
    alone, the rarest kind, at a fraction of the cost."""
    from bots.declare_analysis import declaring_moments

    play_steps = [i + 1 for i, a in enumerate(hand.log) if a.seat == seat and a.kind == "play"]
    steps = set(pick.sample(play_steps, min(plays, len(play_steps)))) if "play" in kinds else set()
    if "bury" in kinds:
        steps |= {i + 1 for i, a in enumerate(hand.log) if a.seat == seat and a.kind == "bury"}
    if "declare" in kinds:
        steps |= {m.step for m in declaring_moments(hand, seat)}
    return steps


def precision(args: argparse.Namespace) -> None:
    """Analyse recorded hands at the default settings, re-analyse a sample of the decisions
    independently (other seeds, ``--factor`` times the worlds) and write one JSON line per
    re-analysed decision to ``--out``; ``--summary`` reads such files and prints each
    label's precision for every margin ``z`` (``analysis.confident_label``)."""
    import json

    if args.summary:
        precision_summary(args.out)
        return
    base = Settings(curve=False)
    again = Settings(curve=False, samples=base.samples * args.factor, seed=base.seed + 7919)
    start = time.perf_counter()
    analysed = dict.fromkeys(KINDS, 0)
    with open(args.out, "a", encoding="utf-8") as out:
        for k in range(args.deals):
            hand, seat, ruleset_id, level = _precision_deal(k, args)
            pick = random.Random(f"precision/{args.seed + k}")
            t0 = time.perf_counter()
            if args.whole:  # the time to analyse the whole hand for the seat, as the review does
                analyse_hand(hand, seat, Settings())
                out.write(
                    json.dumps(
                        {"whole": args.seed + k, "ruleset": ruleset_id, "seconds": round(time.perf_counter() - t0, 2)}
                    )
                    + "\n"
                )
            steps = precision_steps(hand, seat, pick, args.plays_per_hand, args.kinds.split(","))
            t0 = time.perf_counter()
            whole = analyse_hand(hand, seat, base, only=steps)
            default_s = time.perf_counter() - t0
            chosen = []
            for d in whole.decisions:
                if d.forced or d.kind not in KINDS:
                    continue
                analysed[d.kind] += 1
                flagged = label_of(d.loss) not in ("best", "good")
                if flagged or pick.random() < args.good_share:
                    chosen.append(d)
            steps = {d.step for d in chosen}
            t1 = time.perf_counter()
            redo = {d.step: d for d in analyse_hand(hand, seat, again, only=steps).decisions}
            for d in chosen:
                r = redo.get(d.step)
                if r is None:
                    continue
                out.write(
                    json.dumps(
                        {
                            "deal": args.seed + k,
                            "ruleset": ruleset_id,
                            "level": level,
                            "kind": d.kind,
                            "step": d.step,
                            "hinted": d.hinted,
                            "loss": d.loss,
                            "gap": d.gap,
                            "se": d.se if d.se != float("inf") else None,
                            "worlds": d.worlds,
                            "re_loss": r.loss,
                            "re_gap": r.gap,
                            "re_se": r.se if r.se != float("inf") else None,
                            "re_worlds": r.worlds,
                            "same_best": r.best == d.best,
                        }
                    )
                    + "\n"
                )
            kinds = {kind: sum(1 for d in whole.decisions if d.kind == kind and not d.forced) for kind in KINDS}
            out.write(
                json.dumps(
                    {
                        "hand": args.seed + k,
                        "ruleset": ruleset_id,
                        "level": level,
                        "seconds": round(default_s, 2),
                        **kinds,
                        "re_seconds": round(time.perf_counter() - t1, 2),
                    }
                )
                + "\n"
            )
            out.flush()
            print(
                f"deal {args.seed + k} {ruleset_id} {level}: {len(whole.decisions)} decisions in "
                f"{default_s:.1f} s, {len(chosen)} re-analysed; so far {analysed}, "
                f"{time.perf_counter() - start:.0f} s",
                flush=True,
            )


def precision_summary(path: str) -> None:
    """Each label's precision, per kind, for several margins ``z``: of the decisions the
    default analysis labels X (with margin z), the share whose re-analysis (point label,
    ``label_of``) is X or worse; for best/good, the share the re-analysis calls a mistake
    or a blunder."""
    import json

    from bots.analysis import BAD_LABELS, LABEL_ORDER, UNCLEAR, confident_label

    rows: list[dict] = []
    hands: list[dict] = []
    wholes: list[float] = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            data = json.loads(line)
            if "whole" in data:
                wholes.append(data["seconds"])
            else:
                (hands if "hand" in data else rows).append(data)
    inf = float("inf")
    from bots.analysis import CONFIDENCE_Z, HINT_Z

    for kind in KINDS:
        mine = [r for r in rows if r["kind"] == kind]
        print(
            f"{kind}: {len(mine)} re-analysed decisions (z 1.0 is the labels before issue 27; "
            f"the analysis uses z {CONFIDENCE_Z[kind]}, and {HINT_Z} for the Hint's move)"
        )
        for z in (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, None):
            counts: dict[str, list[int]] = {}
            for r in mine:
                se = inf if r["se"] is None else r["se"]
                if z is None:
                    use = HINT_Z if r.get("hinted") else CONFIDENCE_Z[kind]
                else:
                    use = z
                label = confident_label(r["loss"], r["gap"], se, use)
                truth = label_of(r["re_loss"])
                group = "best/good" if label in ("best", "good") else label
                kept = counts.setdefault(group, [0, 0])
                kept[1] += 1
                if group == "best/good":
                    kept[0] += truth not in BAD_LABELS
                elif label != UNCLEAR:
                    kept[0] += LABEL_ORDER.index(truth) >= LABEL_ORDER.index(label)
            parts = []
            for group in ("best/good", "inaccuracy", "mistake", "blunder", UNCLEAR):
                if group in counts:
                    ok, n = counts[group]
                    parts.append(f"{group} {n}" if group == UNCLEAR else f"{group} {ok}/{n} = {ok / n:.0%}")
            print(f"  {'as analysed' if z is None else f'z {z}'}: " + ", ".join(parts))
    if hands:
        done = {kind: 0 for kind in KINDS}
        for h in hands:
            for kind in KINDS:
                done[kind] += h.get(kind, 0)
        print(f"{len(hands)} hands; decisions analysed at the default settings: {done}")
    if wholes:
        print(
            f"whole hand, one seat, review settings: {sum(wholes) / len(wholes):.1f} s "
            f"(min {min(wholes):.1f}, max {max(wholes):.1f}, {len(wholes)} hands)"
        )


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="what", required=True)
    sp = sub.add_parser(
        "speed",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Time the analysis of one seat's hand (the dealer's by default) at the default settings.\n"
            "A whole hebi-2010 hand (25 plays and a bury; issue 12's target is 30 s on one core):\n"
            "  python -m bots.bench.analysis speed --seed 3094\n"
            "  python -m bots.bench.analysis speed --plays 25 --seed 0   (finds seed 3094)"
        ),
    )
    sp.add_argument("--ruleset", default="hebi-2010")
    sp.add_argument("--seed", type=int, default=3)
    sp.add_argument("--think-ms", type=float, default=None)
    sp.add_argument(
        "--plays",
        type=int,
        default=0,
        help="search the deals from --seed for one with at least this many plays "
        "(25: a whole hebi-2010 hand, every trick a single card)",
    )
    sp.add_argument(
        "--seat", type=int, default=None, choices=range(4), help="the seat analysed (default: the dealer, who buries)"
    )
    sp.add_argument(
        "--no-curve", action="store_true", help="without the chart's roll-outs (as python -m game.app.analyse)"
    )
    sp.set_defaults(run=speed)
    vp = sub.add_parser("validity")
    vp.add_argument("--ruleset", default="hebi-2010")
    vp.add_argument("--seed", type=int, default=100)
    vp.add_argument("--deals", type=int, default=4)
    vp.add_argument("--levels", default="random,normal,hard")
    vp.add_argument("-v", "--verbose", action="store_true")
    vp.set_defaults(run=validity)
    dp = sub.add_parser("declarations", help="the declaring decisions alone, per level, over many deals")
    dp.add_argument("--ruleset", default="hebi-2010")
    dp.add_argument("--seed", type=int, default=100)
    dp.add_argument("--deals", type=int, default=30)
    dp.add_argument("--levels", default="random,normal")
    dp.add_argument("--first-hand", action="store_true", help="first hands of a match: the declarer takes the deal")
    dp.set_defaults(run=declarations)
    pp = sub.add_parser(
        "precision",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description=(
            "Label precision: analyse hands of every level at the default settings, re-analyse the\n"
            "decisions labelled inaccuracy or worse (and a share of best/good) with other seeds and\n"
            "--factor times the worlds; one JSON line each to --out (appended). Then --summary:\n"
            "  python -m bots.bench.analysis precision --deals 60 --out /tmp/precision.jsonl\n"
            "  python -m bots.bench.analysis precision --summary --out /tmp/precision.jsonl"
        ),
    )
    pp.add_argument("--rulesets", default="hebi-2010,lanzhou-2010,logistics-2015")
    pp.add_argument("--levels", default="random,easy,normal,hard")
    pp.add_argument("--seed", type=int, default=5000)
    pp.add_argument("--deals", type=int, default=24)
    pp.add_argument("--factor", type=int, default=4, help="the re-analysis's worlds, times the default's")
    pp.add_argument("--good-share", type=float, default=0.2, help="the share of best/good decisions re-analysed")
    pp.add_argument("--out", default="precision.jsonl")
    pp.add_argument("--plays-per-hand", type=int, default=4, help="plays sampled from each hand")
    pp.add_argument("--kinds", default="play,bury,declare", help="the kinds of decision analysed (comma-separated)")
    pp.add_argument(
        "--whole", action="store_true", help="also time the whole hand's analysis for the seat (review settings)"
    )
    pp.add_argument("--summary", action="store_true", help="print the precision of the lines in --out")
    pp.set_defaults(run=precision)
    args = ap.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
