"""Where ``hard`` loses levels against a sampling searcher: ``python -m bots.bench.phases``.

Plays ``--deals`` of the arena's duplicate deals (``arena.deal_setup``, its bot seeds; each
deal twice, the teams swapping seats) with ``hard`` (``make_bot``, ``--think-ms``, and
``--samples`` to fix its worlds) on one team and the stand-in sampling searcher
(``bench.sampler.SamplerBot``) on the other, in one process. It reports

* the levels per deal of ``hard``'s team less the searcher's, with a 95% interval over deals;
* for each side, the post-hand analysis (``analysis.analyse_hand``: every decision replayed
  as the seat saw it with ``--analysis-samples`` worlds, more than ``hard`` used) of its
  seats' decisions, the loss summed by phase: ``declaring`` (kind declare), ``burying``,
  ``leading`` and ``following`` (plays that lead or follow a trick) and ``last tricks``
  (plays in the last ``--last`` tricks of the hand, whether they lead or follow). The loss
  is in ``sim.utility`` levels (the deal changing hands half a level, the defenders'
  points a level per settlement step), charged less one standard error
  (``analysis.SHRINK_SE``), so small losses read as 0 and the totals are conservative.
  From ``--exact-cards`` cards in hand down (``hard``'s ``endgame_cards`` unless set; 0
  never) a play is judged by the exact solver in each world, as ``hard`` plays it, not by
  roll-outs of the ``normal`` policy that would charge the solver's moves for differing.

The analysis is the cost: ``--analyse-every k`` analyses every k-th deal only, ``--side``
one side's seats only, and ``--analysis-samples`` caps the worlds a decision gets.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
import json
import random
import time

from bots import make_bot
from bots.analysis import UNRATED, Decision, Settings, analyse_hand
from bots.arena import bot_seed, deal_setup
from bots.arena_io import mean_ci
from bots.bench.sampler import DEFAULT_MS, MAX_CANDIDATES, WORLDS, SamplerBot
from bots.settings import HARD
from game.core import REDEAL, Hand, Side, fresh_seed, get_ruleset
from game.table import play_hand

PHASES = ("declaring", "burying", "leading", "following", "last tricks")
SIDES = ("hard", "sampler")
LAST_TRICKS = 3


def phase_of(d: Decision, hand: Hand, seat: int, last: int = LAST_TRICKS) -> str:
    """The phase of one of ``seat``'s decisions in the finished ``hand``: a play in the last
    ``last`` tricks is ``last tricks`` whether it leads or follows."""
    if d.kind == "declare":
        return "declaring"
    if d.kind == "bury":
        return "burying"
    assert d.kind == "play" and d.trick is not None  # analyse_hand sets a play's trick
    if d.trick >= len(hand.tricks) - last:
        return "last tricks"
    return "leading" if hand.tricks[d.trick].leader == seat else "following"


@dataclass
class Tally:
    """One side's analysed losses: per phase the decisions, and the loss in each analysed
    deal (for the mean per deal and its interval)."""

    decisions: dict[str, int] = field(default_factory=lambda: dict.fromkeys(PHASES, 0))
    per_deal: list[dict[str, float]] = field(default_factory=list)

    def start_deal(self) -> None:
        self.per_deal.append(dict.fromkeys(PHASES, 0.0))

    def add(self, decisions: Iterable[Decision], hand: Hand, seat: int, last: int) -> None:
        row = self.per_deal[-1]
        for d in decisions:
            if d.forced or d.label == UNRATED:
                continue  # never charged: not a choice
            phase = phase_of(d, hand, seat, last)
            self.decisions[phase] += 1
            row[phase] += d.loss

    def rows(self) -> list[dict]:
        totals = {p: sum(r[p] for r in self.per_deal) for p in PHASES}
        whole = sum(totals.values())
        out = []
        for p in [*PHASES, "all"]:
            xs = [sum(r.values()) if p == "all" else r[p] for r in self.per_deal]
            mean, ci = mean_ci(xs)
            out.append(
                {
                    "phase": p,
                    "decisions": sum(self.decisions.values()) if p == "all" else self.decisions[p],
                    "levels_lost": round(whole if p == "all" else totals[p], 4),
                    "per_deal": round(mean, 4),
                    "ci95": ci,
                    "share": round((whole if p == "all" else totals[p]) / whole, 4) if whole > 0 else None,
                }
            )
        return out


def table(title: str, rows: Sequence[dict], deals: int) -> str:
    lines = [
        f"{title} ({deals} analysed deals, both plays)",
        f"{'phase':<12} {'decisions':>9} {'levels lost':>11} {'per deal':>9} {'95% CI per deal':>17} {'share':>6}",
    ]
    for r in rows:
        ci = f"[{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}]" if r["ci95"] else "-"
        share = f"{100 * r['share']:.0f}%" if r["share"] is not None else "-"
        lines.append(
            f"{r['phase']:<12} {r['decisions']:>9} {r['levels_lost']:>11.3f} {r['per_deal']:>9.3f} {ci:>17} {share:>6}"
        )
    return "\n".join(lines)


def _bots(args: argparse.Namespace, ruleset, index: int, play: int, attempt: int) -> list:
    """Hard's team at the even seats in the first play, the odd ones in the second."""
    bots = []
    for seat in range(4):
        rng = random.Random(bot_seed(args.seed, index, play, attempt, seat))
        if seat % 2 == play:
            options = {} if args.samples is None else {"samples": args.samples}
            bots.append(make_bot("hard", seat, rng, ruleset, think_ms=args.think_ms, **options))
        else:
            bots.append(
                SamplerBot(
                    seat,
                    rng,
                    ruleset,
                    think_ms=args.sampler_ms,
                    worlds=args.sampler_worlds,
                    max_candidates=args.sampler_candidates,
                )
            )
    return bots


def _play(args: argparse.Namespace, ruleset, index: int, play: int) -> tuple[Hand, int]:
    """One play of deal ``index`` (re-dealt as the arena re-deals), and the incidents."""
    for attempt in range(50):
        report = play_hand(
            Hand(ruleset, deal_setup(args.seed, index, attempt)), _bots(args, ruleset, index, play, attempt)
        )
        if report.hand.phase != REDEAL:
            return report.hand, len(report.illegal) + len(report.errors)
    raise RuntimeError(f"deal {index}: fifty re-deals")  # pragma: no cover


def _hard_levels(hand: Hand, play: int) -> int:
    """The levels ``hard``'s team (seats of parity ``play``) went up, less the other's."""
    s = hand.settlement
    assert s is not None and hand.dealer is not None  # a played hand is settled
    dealer_team = hand.dealer % 2
    up = dealer_team if s.up_side == Side.DEALERS else 1 - dealer_team
    return s.up_levels if up == play else -s.up_levels


def run(args: argparse.Namespace) -> dict:
    ruleset = get_ruleset(args.ruleset)
    settings = Settings(samples=args.analysis_samples, curve=False, confirm=0, exact_cards=args.exact_cards)
    tallies = {side: Tally() for side in SIDES}
    sides = SIDES if args.side == "both" else (args.side,)
    diffs: list[float] = []
    incidents = 0
    started = time.perf_counter()
    analysis_s = 0.0
    for k, index in enumerate(range(args.start, args.start + args.deals)):
        analyse = k % args.analyse_every == 0
        if analyse:
            for side in sides:
                tallies[side].start_deal()
        diff = 0
        for play in (0, 1):
            hand, bad = _play(args, ruleset, index, play)
            incidents += bad
            diff += _hard_levels(hand, play)
            if not analyse:
                continue
            t0 = time.perf_counter()
            for seat in range(4):
                side = "hard" if seat % 2 == play else "sampler"
                if side in sides:
                    tallies[side].add(analyse_hand(hand, seat, settings).decisions, hand, seat, args.last)
            analysis_s += time.perf_counter() - t0
        diffs.append(diff)
        if args.progress:
            mean, ci = mean_ci(diffs)
            lost = {s: round(sum(tallies[s].per_deal[-1].values()), 3) for s in sides} if analyse else {}
            print(
                f"deal {index}: hard {diff:+d}, so far {mean:+.3f} per deal (95% CI {ci}); "
                f"analysed loss this deal {lost}; {time.perf_counter() - started:.0f} s",
                flush=True,
            )
    mean, ci = mean_ci(diffs)
    return {
        "ruleset": args.ruleset,
        "seed": args.seed,
        "start": args.start,
        "deals": len(diffs),
        "think_ms": args.think_ms,
        "samples": args.samples,
        "sampler": {"think_ms": args.sampler_ms, "worlds": args.sampler_worlds, "candidates": args.sampler_candidates},
        "analysis_samples": args.analysis_samples,
        "analyse_every": args.analyse_every,
        "last_tricks": args.last,
        "exact_cards": args.exact_cards,
        "hard_levels_per_deal": round(mean, 4),
        "ci95": ci,
        "incidents": incidents,
        "phases": {side: tallies[side].rows() for side in sides},
        "analysed_deals": {side: len(tallies[side].per_deal) for side in sides},
        "analysis_s": round(analysis_s, 1),
        "elapsed_s": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ruleset", default="hebi-2010", help="hebi-2010, logistics-2015, ...")
    ap.add_argument("--seed", type=int, default=None, help="the run's seed (default: a fresh one, printed)")
    ap.add_argument("--start", type=int, default=0, help="the first deal's index")
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--think-ms", type=float, default=100.0, help="hard's think time per decision")
    ap.add_argument("--samples", type=int, default=None, help="hard's worlds per search, at most (with --think-ms)")
    ap.add_argument("--sampler-ms", type=float, default=DEFAULT_MS, help="the stand-in's think time (0: no box)")
    ap.add_argument("--sampler-worlds", type=int, default=WORLDS)
    ap.add_argument("--sampler-candidates", type=int, default=MAX_CANDIDATES)
    ap.add_argument("--analysis-samples", type=int, default=48, help="the analysis' worlds per decision")
    ap.add_argument("--analyse-every", type=int, default=1, help="analyse every k-th deal only")
    ap.add_argument("--side", choices=("both", *SIDES), default="both", help="whose seats are analysed")
    ap.add_argument(
        "--exact-cards",
        type=int,
        default=HARD.endgame_cards,
        help="judge plays exactly from this many cards in hand down (hard's endgame; 0: roll-outs only)",
    )
    ap.add_argument("--last", type=int, default=LAST_TRICKS, help="the last tricks: this many")
    ap.add_argument("--progress", action="store_true", help="a line per deal")
    ap.add_argument("--json", action="store_true", help="the summary as one JSON line too")
    args = ap.parse_args(argv)
    if args.seed is None:
        args.seed = fresh_seed()
    if args.sampler_ms is not None and args.sampler_ms <= 0:
        args.sampler_ms = None
    if args.analyse_every < 1:
        ap.error("--analyse-every must be at least 1")
    out = run(args)
    ci = out["ci95"]
    print(
        f"{out['ruleset']} seed {out['seed']}: {out['deals']} deals, hard - sampler "
        f"{out['hard_levels_per_deal']:+.3f} levels per deal (95% CI {ci}); incidents {out['incidents']}; "
        f"{out['elapsed_s']:.0f} s ({out['analysis_s']:.0f} s analysing)"
    )
    for side, rows in out["phases"].items():
        print(table(f"levels lost by {side}'s seats", rows, out["analysed_deals"][side]))
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
