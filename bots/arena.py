"""The arena: two bot levels play seeded duplicate deals.

    python -m bots.arena --ruleset hebi-2010 --deals 400 --seed 1 --a normal --b easy --json

Each deal is played twice with the same cards, the teams swapping seats (team A sits at
seats 0 and 2 in the first play, at 1 and 3 in the second), so the luck of the cards
cancels. Each deal starts from seed-chosen team levels and dealer; the dealer team's level
cycles through every rank from 2 to A. The score of a deal is team A's levels gained minus
team B's over its two plays; the summary gives its mean with a 95% confidence interval
clustered by deal (the two plays of a deal are not independent).

``--seat N=external:"COMMAND"`` (repeatable) seats an outside program speaking the bot
protocol (docs/bot-protocol.md); ``--seat N=LEVEL`` a bot of another level. A ``--seat``
player sits at seat N in the first play of each deal and moves with its team to seat
(N+1) mod 4 in the second, so it always plays for the same team. ``external_refusals`` in
the JSON summary counts the program's answers that were refused (the ``easy`` bot's move
was played instead).
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
import json
import math
import random
import statistics
import sys
import time

from game.core import BUILTIN_IDS, BURY, PLAY, REDEAL, Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

from . import BOT_LEVELS, make_bot
from .external import DEFAULT_EXTERNAL_MS, ArenaSeats, ExternalProgramError, parse_seat_spec
from .hard import DEFAULT_THINK_MS

RANKS = [r for r in Rank if r <= Rank.ACE]


@dataclass
class DealResult:
    index: int
    diff: int = 0  # A's levels gained minus B's, both plays
    hands: int = 0
    redeals: int = 0
    illegal: int = 0
    errors: int = 0
    a_def_points: list[int] = field(default_factory=list)
    b_def_points: list[int] = field(default_factory=list)
    a_times: list[float] = field(default_factory=list)
    b_times: list[float] = field(default_factory=list)
    a_dealer_wins: int = 0
    messages: list[str] = field(default_factory=list)
    external_refusals: int = 0


def deal_setup(seed: int, index: int, attempt: int = 0) -> HandSetup:
    """The seed-chosen start of a deal: levels, dealer and the shuffle."""
    rng = random.Random(f"arena:{seed}:{index}")
    dealer = rng.randrange(4)
    dealer_level = RANKS[(index + seed) % len(RANKS)]
    other_level = rng.choice(RANKS)
    levels = [other_level, other_level]
    levels[dealer % 2] = dealer_level
    shuffle = random.Random(f"arena:{seed}:{index}:{attempt}").getrandbits(48)
    return HandSetup(shuffle, False, (levels[0], levels[1]), dealer, dealer)


def play_deal(ruleset_id: str, seed: int, index: int, level_a: str, level_b: str,
              think_ms: float | None = None, seats: ArenaSeats | None = None) -> DealResult:
    ruleset = get_ruleset(ruleset_id)
    out = DealResult(index)
    for play in (0, 1):
        a_parity = play  # team A's seats are the even ones in the first play
        for attempt in range(50):
            setup = deal_setup(seed, index, attempt)
            bots = []
            for seat in range(4):
                level = level_a if seat % 2 == a_parity else level_b
                rng = random.Random(f"bot:{seed}:{index}:{play}:{attempt}:{seat}")
                bot = seats.bot(seat, play, rng, ruleset, think_ms) if seats else None
                bots.append(bot or make_bot(level, seat, rng, ruleset, think_ms=think_ms))
            refused = len(seats.refusals) if seats else 0
            report = play_hand(Hand(ruleset, setup), bots, on_decision=None)
            if seats:
                seats.end_hand(bots, report.hand)
                out.external_refusals += len(seats.refusals) - refused
            out.illegal += len(report.illegal)
            out.errors += len(report.errors)
            for inc in report.illegal + report.errors:
                out.messages.append(f"deal {index} play {play} seat {inc.seat} {inc.kind}: "
                                    f"{inc.detail.strip().splitlines()[-1]}")
            hand = report.hand
            if hand.phase == REDEAL:
                out.redeals += 1
                continue
            break
        else:  # pragma: no cover - fifty re-deals in a row
            continue
        _times(hand, report, a_parity, out)
        s = hand.settlement
        dealer_team = hand.dealer % 2
        up_team = dealer_team if s.up_side == "dealers" else 1 - dealer_team
        out.diff += s.up_levels if up_team == a_parity else -s.up_levels
        out.hands += 1
        if dealer_team == a_parity:
            out.b_def_points.append(s.total)
            if s.deal_to == "dealers":
                out.a_dealer_wins += 1
        else:
            out.a_def_points.append(s.total)
    return out


def _times(hand, report, a_parity, out: DealResult) -> None:
    # The driver records think times in decision order; split them by seat via the log.
    seats = [a.seat for a in hand.log if a.kind in (BURY, PLAY)]
    for seat, t in zip(seats, report.think_seconds):
        (out.a_times if seat % 2 == a_parity else out.b_times).append(t)


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    v = sorted(values)

    def q(p):
        return v[min(len(v) - 1, round(p * (len(v) - 1)))] * 1000
    return {"p50": round(q(0.5), 3), "p95": round(q(0.95), 3), "max": round(v[-1] * 1000, 3)}


def summarise(results: list[DealResult], args, elapsed: float) -> dict:
    diffs = [r.diff for r in results]
    n = len(diffs)
    mean = statistics.fmean(diffs) if diffs else 0.0
    sd = statistics.stdev(diffs) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n) if n > 1 else float("inf")
    hands = sum(r.hands for r in results)
    a_def = [p for r in results for p in r.a_def_points]
    b_def = [p for r in results for p in r.b_def_points]
    a_t = [t for r in results for t in r.a_times]
    b_t = [t for r in results for t in r.b_times]
    return {
        "ruleset": args.ruleset, "a": args.a, "b": args.b, "seed": args.seed,
        "think_ms": (args.think_ms if args.think_ms is not None else DEFAULT_THINK_MS)
        if "hard" in (args.a, args.b, *(getattr(args, "seat_specs", None) or {}).values())
        else None,
        "deals": n, "hands": hands, "redeals": sum(r.redeals for r in results),
        "illegal": sum(r.illegal for r in results), "errors": sum(r.errors for r in results),
        "a_levels_per_deal": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "a_points_as_defenders": round(statistics.fmean(a_def), 2) if a_def else None,
        "b_points_as_defenders": round(statistics.fmean(b_def), 2) if b_def else None,
        "a_dealer_keeps": round(sum(r.a_dealer_wins for r in results) / max(1, len(b_def)), 4),
        "hands_per_s": round(hands / elapsed, 2) if elapsed > 0 else None,
        "elapsed_s": round(elapsed, 2),
        "decision_ms": _percentiles(a_t + b_t),
        "decision_ms_a": _percentiles(a_t),
        "decision_ms_b": _percentiles(b_t),
        "incidents": [m for r in results for m in r.messages][:20],
        "seats": dict(getattr(args, "seat_specs", None) or {}),
        "external_refusals": sum(r.external_refusals for r in results),
        "external": getattr(args, "external_summary", None) or [],
    }


class Progress:
    """A one-line progress bar on standard error."""

    def __init__(self, total: int, enabled: bool):
        self.total = total
        self.enabled = enabled
        self.done = 0
        self.start = time.perf_counter()
        self.last = 0.0

    def step(self, diff_sum: float) -> None:
        self.done += 1
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < 0.5 and self.done < self.total:
            return
        self.last = now
        width = 30
        filled = int(width * self.done / self.total)
        rate = self.done / max(now - self.start, 1e-9)
        eta = (self.total - self.done) / rate if rate else 0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} deals"
                         f"  A {diff_sum / self.done:+.3f}/deal  eta {eta:.0f}s ")
        sys.stderr.flush()
        if self.done >= self.total:
            sys.stderr.write("\n")


def _worker(job):
    return play_deal(*job)


def run(args) -> dict:
    specs = getattr(args, "seat_specs", None)
    if specs:  # the programs live in this process: play the deals here, one by one
        with ArenaSeats(specs, get_ruleset(args.ruleset),
                        getattr(args, "external_ms", DEFAULT_EXTERNAL_MS)) as seats:
            jobs = [(args.ruleset, args.seed, i, args.a, args.b, args.think_ms, seats)
                    for i in range(args.deals)]
            summary = _run_jobs(args, jobs, 1)
            args.external_summary = seats.summary()
        summary["external"] = args.external_summary
        return summary
    jobs = [(args.ruleset, args.seed, i, args.a, args.b, args.think_ms) for i in range(args.deals)]
    return _run_jobs(args, jobs, args.jobs)


def _run_jobs(args, jobs, workers: int) -> dict:
    progress = Progress(args.deals, not args.no_progress and args.deals >= 5)
    results: list[DealResult] = []
    total = 0.0
    start = time.perf_counter()
    if workers > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for r in pool.imap_unordered(_worker, jobs, chunksize=1):
                results.append(r)
                total += r.diff
                progress.step(total)
    else:
        for job in jobs:
            r = _worker(job)
            results.append(r)
            total += r.diff
            progress.step(total)
    elapsed = time.perf_counter() - start
    results.sort(key=lambda r: r.index)
    return summarise(results, args, elapsed)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bots.arena", description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="hebi-2010", choices=BUILTIN_IDS)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--a", default="normal", choices=sorted(BOT_LEVELS))
    p.add_argument("--b", default="easy", choices=sorted(BOT_LEVELS))
    p.add_argument("--think-ms", type=float, default=None,
                   help="the hard level's think budget per decision (default 300)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--seat", action="append", default=[], metavar="N=external:COMMAND",
                   help="seat N (in the first play; it moves with its team) is played by an "
                        "outside program speaking the bot protocol, or N=LEVEL by that bot "
                        "level; repeatable (with --seat, deals are played in this process)")
    p.add_argument("--external-ms", type=float, default=DEFAULT_EXTERNAL_MS, metavar="MS",
                   help=f"an outside program's time limit per answer (default "
                        f"{DEFAULT_EXTERNAL_MS})")
    args = p.parse_args(argv)
    args.seat_specs = {}
    for text in args.seat:
        try:
            seat, spec = parse_seat_spec(text)
        except ValueError as e:
            p.error(str(e))
        args.seat_specs[seat] = spec
    if args.external_ms <= 0:
        p.error("--external-ms must be positive")
    try:
        summary = run(args)
    except ExternalProgramError as e:
        p.error(str(e))
    if args.json:
        print(json.dumps(summary))
    else:
        print(_text(summary))
    return 0 if summary["illegal"] == 0 and summary["errors"] == 0 else 1


def _text(s: dict) -> str:
    lines = [
        f"{s['a']} (A) vs {s['b']} (B) on {s['ruleset']}: {s['deals']} duplicate deals, "
        f"{s['hands']} hands ({s['redeals']} re-deals), seed {s['seed']}",
        f"A levels per deal: {s['a_levels_per_deal']:+.3f}  95% CI [{s['ci95'][0]:+.3f}, "
        f"{s['ci95'][1]:+.3f}]",
        f"points as defenders: A {s['a_points_as_defenders']}  B {s['b_points_as_defenders']}",
        f"illegal moves: {s['illegal']}  errors: {s['errors']}",
        f"speed: {s['hands_per_s']} hands/s; decision ms p50 {s['decision_ms']['p50']} "
        f"p95 {s['decision_ms']['p95']} max {s['decision_ms']['max']}",
    ]
    lines += ["  " + m for m in s["incidents"]]
    for ext in s.get("external", []):
        lines.append(f"seat {ext['seat']} (team {ext['team']}) {ext['command']!r}: "
                     f"{ext['refusals']} refused answers"
                     + ("" if ext["running"] or ext["stopped"] == "closed"
                        else f"; {ext['stopped']}"))
        lines += ["  " + m for m in ext["first_refusals"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
