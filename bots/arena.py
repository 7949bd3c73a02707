"""The arena: two bot levels play seeded duplicate deals.

    python -m bots.arena --ruleset hebi-2010 --deals 400 --a normal --b easy --json

The deals follow from the run's seed (``--seed``; by default a fresh 128-bit one, given in
the summary so the run can be repeated with ``--seed``) through a keyed hash, and so do the
seeds the bots — and the seated programs — get: a program cannot compute the hidden cards.

Each deal is played twice with the same cards, the teams swapping seats (team A sits at
seats 0 and 2 in the first play, at 1 and 3 in the second), so the luck of the cards
cancels. Each deal starts from seed-chosen team levels and dealer; the dealer team's level
cycles through every rank from 2 to A. The score of a deal is team A's levels gained minus
team B's over its two plays; the summary gives its mean with a 95% confidence interval
clustered by deal (the two plays of a deal are not independent), and per team what it did
(hands as dealer, declarations, overturns, failed throws and their penalties).

``--seat N=external:"COMMAND"`` (repeatable) seats an outside program speaking the bot
protocol (docs/bot-protocol.md); ``--seat N=LEVEL`` a bot of another level. A ``--seat``
player sits at seat N in the first play of each deal and moves with its team to seat
(N+1) mod 4 in the second, so it always plays for the same team. ``external_refusals`` in
the JSON summary counts the program's answers that were refused (the ``easy`` bot's move
was played instead). Each hand is played by a fresh process of the program, closed when the
hand is over: in the second play of a deal a program is dealt the cards it watched the next
seat play in the first, which one kept from the first play would remember.

Long runs: ``--minutes M`` starts no deal after M minutes; ``--out FILE.jsonl`` writes one
line per finished deal as it finishes, and ``--resume`` goes on with such a file (the deals
in it are not played again and count in the summary); ``--record DIR`` keeps every hand as
a replay file (``DIR/deal-0001-play-0.json``) the game's replay viewer opens.

While a run goes on, nothing a seated program can read holds the run's seed: a program can
find the ``--out`` and ``--record`` paths on its parent's command line. An ``--out`` line
holds its sha256 (``seed_sha256``), which tells the run's file from another's; a replay
holds its hand's own shuffle seed, and a deal's two replays are written once both its plays
are over (the first play's shows the hands the second deals again). The seed is said when
the run is over: in the summary and as the ``--out`` file's last line (``finished``), which
``--resume`` reads back; a run stopped with Ctrl-C prints it on standard error with the
command that goes on (``--resume --seed S``), and ``--resume`` of such a file needs
``--seed``. A seed given with ``--seed`` is on the command line, where a seated program can
read it: the arena warns of that.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field, fields
import json
import random
import shlex
import shutil
import statistics
import sys
import time

from game.core import (
    BUILTIN_IDS,
    BURY,
    PLAY,
    REDEAL,
    WIDE,
    DeclarationKind,
    Hand,
    HandSetup,
    Rank,
    Side,
    derive,
    fresh_seed,
    get_ruleset,
)
from game.table import HandReport, play_hand

from . import BOT_LEVELS, make_bot
from .arena_io import DealLog, Progress, finished_seed, has_deals, legacy_seed, mean_ci, record_hand, seed_digest
from .external import (
    CLOSED,
    DEFAULT_EXTERNAL_MS,
    ArenaSeats,
    ExternalProgramError,
    external_command,
    parse_seat_spec,
    split_command,
)
from .hard import DEFAULT_THINK_MS
from .memory import MemoryTracker

RANKS = [r for r in Rank if r <= Rank.ACE]
Job = tuple[str, int, int, str, str, float | None]  # play_deal's first six arguments
TEAM_COUNTS = ("hands_as_dealer", "declarations", "overturns", "failed_throws", "throw_penalty_points")


def _counts() -> dict[str, int]:
    return dict.fromkeys(TEAM_COUNTS, 0)


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
    a_counts: dict[str, int] = field(default_factory=_counts)
    b_counts: dict[str, int] = field(default_factory=_counts)
    # The --seat programs: [first-play seat, decision, refusal] and why one stopped.
    refusals: list[list] = field(default_factory=list)
    stopped: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict:
        data = {"deal": self.index + 1, **asdict(self)}
        data["a_times"] = [round(t, 6) for t in self.a_times]
        data["b_times"] = [round(t, 6) for t in self.b_times]
        return data

    @classmethod
    def from_json(cls, data: dict) -> DealResult:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


def deal_setup(seed: int, index: int, attempt: int = 0) -> HandSetup:
    """The seed-chosen start of a deal: levels, dealer and the shuffle. Each is a keyed hash
    of the run's seed (``game.core.derive``), so a seated program that knows its own cards,
    or the ``seed`` it is sent, cannot search its way back to the run's seed or the deal."""
    dealer = derive(seed, "arena-dealer", index) % 4
    dealer_level = RANKS[(index + derive(seed, "arena-cycle")) % len(RANKS)]
    other_level = RANKS[derive(seed, "arena-level", index) % len(RANKS)]
    levels = [other_level, other_level]
    levels[dealer % 2] = dealer_level
    shuffle = derive(seed, "arena-deal", index, attempt)
    return HandSetup(shuffle, False, (levels[0], levels[1]), dealer, dealer)


def bot_seed(seed: int, index: int, play: int, attempt: int, seat: int) -> int:
    """The seed of one seat's bot in one hand: 64 bits, a keyed hash in its own domain, so
    it says nothing about the deal. An outside program gets it as ``seed``, so
    ``bots.engine`` plays as the in-process bot does."""
    return derive(seed, "arena-bot", index, play, attempt, seat, bits=64)


def play_deal(
    ruleset_id: str,
    seed: int,
    index: int,
    level_a: str,
    level_b: str,
    think_ms: float | None = None,
    seats: ArenaSeats | None = None,
    record_dir: str | None = None,
) -> DealResult:
    ruleset = get_ruleset(ruleset_id)
    out = DealResult(index)
    # Written when both plays are over: the first play's replay shows the hands the second
    # deals again, to a seated program that reads it.
    records: list[tuple[Hand, int, list[str]]] = []
    for play in (0, 1):
        a_parity = play  # team A's seats are the even ones in the first play
        for attempt in range(50):
            setup = deal_setup(seed, index, attempt)
            bots, seat_levels = [], []
            memory = MemoryTracker()  # public: one for the four seats of this hand
            for seat in range(4):
                level = level_a if seat % 2 == a_parity else level_b
                n = bot_seed(seed, index, play, attempt, seat)
                rng = random.Random(n)
                bot = seats.bot(seat, play, rng, ruleset, think_ms, seed=n) if seats else None
                bots.append(bot or make_bot(level, seat, rng, ruleset, think_ms=think_ms, memory=memory))
                seat_levels.append(seats.specs.get(ArenaSeats.first_play_seat(seat, play), level) if seats else level)
            refused = len(seats.refusals) if seats else 0
            report = play_hand(Hand(ruleset, setup), bots, on_decision=None)
            if seats:
                seats.end_hand(bots, report.hand)
                out.external_refusals += len(seats.refusals) - refused
            out.illegal += len(report.illegal)
            out.errors += len(report.errors)
            for inc in report.illegal + report.errors:
                out.messages.append(
                    f"deal {index + 1} play {play} seat {inc.seat} {inc.kind}: {inc.detail.strip().splitlines()[-1]}"
                )
            hand = report.hand
            if hand.phase == REDEAL:
                out.redeals += 1
                continue
            break
        else:  # pragma: no cover - fifty re-deals in a row
            continue
        _times(hand, report, a_parity, out)
        _team_counts(hand, a_parity, out)
        if record_dir is not None:
            records.append((hand, play, seat_levels))
        s = hand.settlement
        assert s is not None and hand.dealer is not None  # a played hand is settled
        dealer_team = hand.dealer % 2
        up_team = dealer_team if s.up_side == Side.DEALERS else 1 - dealer_team
        out.diff += s.up_levels if up_team == a_parity else -s.up_levels
        out.hands += 1
        if dealer_team == a_parity:
            out.b_def_points.append(s.total)
            if s.deal_to == Side.DEALERS:
                out.a_dealer_wins += 1
        else:
            out.a_def_points.append(s.total)
    if seats:
        for n, program in sorted(seats.programs.items()):
            if program.stopped is not None and program.stopped != CLOSED:
                out.stopped[str(n)] = program.stopped
    for hand, play, seat_levels in records:
        assert record_dir is not None  # records are kept only to be written there
        record_hand(record_dir, hand, index, play, seat_levels, (level_a, level_b))
    return out


def _times(hand: Hand, report: HandReport, a_parity: int, out: DealResult) -> None:
    # The driver records think times in decision order; split them by seat via the log.
    seats = [a.seat for a in hand.log if a.kind in (BURY, PLAY) and a.seat is not None]
    for seat, t in zip(seats, report.think_seconds):
        (out.a_times if seat % 2 == a_parity else out.b_times).append(t)


def _team_counts(hand: Hand, a_parity: int, out: DealResult) -> None:
    """What each team did in a played hand (its seats' declarations, failed throws …)."""

    def counts(seat: int) -> dict[str, int]:
        return out.a_counts if seat % 2 == a_parity else out.b_counts

    assert hand.dealer is not None  # a played hand has a dealer
    counts(hand.dealer)["hands_as_dealer"] += 1
    for d in hand.bidding.shown:
        overturn = d.kind in (DeclarationKind.OVERTURN, DeclarationKind.NO_TRUMP)
        counts(d.seat)["overturns" if overturn else "declarations"] += 1
    for trick in hand.tricks:
        if trick.attempted:
            counts(trick.leader)["failed_throws"] += 1
            counts(trick.leader)["throw_penalty_points"] += abs(trick.penalty)


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"p50": 0.0, "p95": 0.0, "max": 0.0}
    v = sorted(values)

    def q(p: float) -> float:
        return v[min(len(v) - 1, round(p * (len(v) - 1)))] * 1000

    return {"p50": round(q(0.5), 3), "p95": round(q(0.95), 3), "max": round(v[-1] * 1000, 3)}


def _external_summary(results: list[DealResult], specs: dict[int, str]) -> list[dict]:
    out = []
    for n, spec in sorted(specs.items()):
        command = external_command(spec)
        if command is None:
            continue
        mine = [r for res in results for r in res.refusals if r[0] == n]
        reasons: dict[str, int] = {}
        for _, decision, _text in mine:
            reasons[decision] = reasons.get(decision, 0) + 1
        stopped = next((res.stopped[str(n)] for res in results if str(n) in res.stopped), None)
        out.append(
            {
                "seat": n,
                "team": "A" if n % 2 == 0 else "B",
                "command": command,
                "refusals": len(mine),
                "by_decision": reasons,
                "running": stopped is None,
                "stopped": stopped,
                "first_refusals": [text for _, _, text in mine[:5]],
            }
        )
    return out


def summarise(results: list[DealResult], args: argparse.Namespace, elapsed: float) -> dict:
    """The run's summary; strict JSON (``ci95`` is null with fewer than two deals)."""
    diffs = [r.diff for r in results]
    mean, ci = mean_ci(diffs)
    hands = sum(r.hands for r in results)
    a_def = [p for r in results for p in r.a_def_points]
    b_def = [p for r in results for p in r.b_def_points]
    a_t = [t for r in results for t in r.a_times]
    b_t = [t for r in results for t in r.b_times]
    specs = dict(getattr(args, "seat_specs", None) or {})
    teams = {}
    for team, key in (("A", "a_counts"), ("B", "b_counts")):
        teams[team] = {k: sum(getattr(r, key).get(k, 0) for r in results) for k in TEAM_COUNTS}
    return {
        "ruleset": args.ruleset,
        "a": args.a,
        "b": args.b,
        "seed": args.seed,
        "think_ms": (args.think_ms if args.think_ms is not None else DEFAULT_THINK_MS)
        if "hard" in (args.a, args.b, *specs.values())
        else None,
        "deals": len(results),
        "hands": hands,
        "redeals": sum(r.redeals for r in results),
        "illegal": sum(r.illegal for r in results),
        "errors": sum(r.errors for r in results),
        "a_levels_per_deal": round(mean, 4),
        "ci95": ci,
        "a_points_as_defenders": round(statistics.fmean(a_def), 2) if a_def else None,
        "b_points_as_defenders": round(statistics.fmean(b_def), 2) if b_def else None,
        "a_dealer_keeps": round(sum(r.a_dealer_wins for r in results) / max(1, len(b_def)), 4),
        "teams": teams,
        "hands_per_s": round(hands / elapsed, 2) if elapsed > 0 else None,
        "elapsed_s": round(elapsed, 2),
        "stopped_by_time": bool(getattr(args, "stopped_by_time", False)),
        "decision_ms": _percentiles(a_t + b_t),
        "decision_ms_a": _percentiles(a_t),
        "decision_ms_b": _percentiles(b_t),
        "incidents": [m for r in results for m in r.messages][:20],
        "seats": specs,
        "external_refusals": sum(r.external_refusals for r in results),
        "external": _external_summary(results, specs),
    }


# ------------------------------------------------------------------------------ running

_WORKER: dict = {}  # one worker process's --seat programs (started once, by _start_worker)


def _start_worker(specs: dict[int, str], ruleset_id: str, external_ms: float) -> None:
    from multiprocessing import util

    seats = ArenaSeats(specs, get_ruleset(ruleset_id), external_ms)
    _WORKER["seats"] = seats
    util.Finalize(seats, seats.close, exitpriority=10)  # the programs end with the worker


def _refusal_rows(seats: ArenaSeats, before: dict[int, int]) -> list[list]:
    return [
        [n, r.decision, str(r)]
        for n, program in sorted(seats.programs.items())
        for r in program.refusals[before.get(n, 0) :]
    ]


def _pending(args: argparse.Namespace, done: set[int]) -> Iterator[int]:
    i = 0
    while args.deals is None or i < args.deals:
        if i not in done:
            yield i
        i += 1


def run(
    args: argparse.Namespace,
    on_result: Callable[[DealResult], None] | None = None,
    previous: list[DealResult] | None = None,
) -> dict:
    """Play the deals (in this process, or in ``args.jobs`` workers) and summarise them with
    ``previous`` (a resumed run's deals). ``on_result`` sees each deal as it finishes."""
    results = list(previous or [])
    done = {r.index for r in results}
    specs = dict(getattr(args, "seat_specs", None) or {})
    minutes = getattr(args, "minutes", None)
    start = time.monotonic()
    deadline = start + minutes * 60 if minutes is not None else None
    progress = Progress(args.deals, deadline, getattr(args, "progress", False), initial=len(results))
    record = getattr(args, "record", None)

    def job_of(i: int) -> Job:
        return (args.ruleset, args.seed, i, args.a, args.b, args.think_ms)

    pending = _pending(args, done)
    args.stopped_by_time = False

    def finished(r: DealResult) -> None:
        results.append(r)
        if on_result is not None:
            on_result(r)
        progress.step(len(results), [x.diff for x in results])

    def more() -> bool:
        if deadline is not None and time.monotonic() >= deadline:
            args.stopped_by_time = True
            return False
        return True

    if args.jobs <= 1:
        seats = ArenaSeats(specs, get_ruleset(args.ruleset), args.external_ms) if specs else None
        try:
            for i in pending:
                if not more():
                    break
                before = {n: len(p.refusals) for n, p in seats.programs.items()} if seats else {}
                r = play_deal(*job_of(i), seats=seats, record_dir=record)
                if seats:
                    r.refusals = _refusal_rows(seats, before)
                finished(r)
        finally:
            if seats:
                seats.close()
    else:
        _run_parallel(args, specs, pending, job_of, record, more, finished)
    progress.step(len(results), [x.diff for x in results], final=True)
    results.sort(key=lambda r: r.index)
    elapsed = time.monotonic() - start
    summary = summarise(results, args, elapsed)
    if done and elapsed > 0:  # the speed of this run, not of the deals resumed
        summary["hands_per_s"] = round(sum(r.hands for r in results if r.index not in done) / elapsed, 2)
    return summary


def _worker_job(job: Job, record: str | None) -> DealResult:
    seats = _WORKER.get("seats")
    before = {n: len(p.refusals) for n, p in seats.programs.items()} if seats else {}
    r = play_deal(*job, seats=seats, record_dir=record)
    if seats:
        r.refusals = _refusal_rows(seats, before)
    return r


def _run_parallel(
    args: argparse.Namespace,
    specs: dict[int, str],
    pending: Iterator[int],
    job_of: Callable[[int], Job],
    record: str | None,
    more: Callable[[], bool],
    finished: Callable[[DealResult], None],
) -> None:
    import multiprocessing

    context = multiprocessing.get_context("spawn")
    if specs:
        pool = ProcessPoolExecutor(
            args.jobs, mp_context=context, initializer=_start_worker, initargs=(specs, args.ruleset, args.external_ms)
        )
    else:
        pool = ProcessPoolExecutor(args.jobs, mp_context=context)
    with pool:
        running: set[Future[DealResult]] = set()
        exhausted = False
        while True:
            # Keep each worker busy with one deal and one waiting; start none after the cap.
            while not exhausted and len(running) < 2 * args.jobs:
                i = next(pending, None)
                if i is None or not more():
                    exhausted = True
                    break
                running.add(pool.submit(_worker_job, job_of(i), record))
            if not running:
                break
            finished_now, running = wait(running, return_when=FIRST_COMPLETED)
            for future in finished_now:
                finished(future.result())


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m bots.arena",
        description=__doc__.split("\n\n")[0],
        epilog="The JSON summary (--json) is strict JSON: ci95 is null when fewer than two "
        "deals were played (the interval is unbounded).",
    )
    p.add_argument("--ruleset", default="hebi-2010", choices=BUILTIN_IDS)
    p.add_argument(
        "--deals", type=int, default=None, help="duplicate deals to play (default 100, or no limit with --minutes)"
    )
    p.add_argument(
        "--minutes",
        type=float,
        default=None,
        metavar="M",
        help="start no deal after M minutes, then summarise what was played",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=None,
        help="the run's seed: the deals and the bots' seeds follow from it (default: "
        "a fresh 128-bit seed, or that of the finished run of the --resume file; the "
        "summary gives it, so the run can be repeated). A seated program can read "
        "this process's command line, so a seed given here is no secret to it",
    )
    p.add_argument("--a", default="normal", choices=sorted(BOT_LEVELS))
    p.add_argument("--b", default="easy", choices=sorted(BOT_LEVELS))
    p.add_argument(
        "--think-ms", type=float, default=None, help="the hard level's think budget per decision (default 300)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="worker processes (default 1); each starts the --seat programs of the hands it plays",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object (strict JSON: ci95 is null for one deal)")
    p.add_argument(
        "--out", metavar="FILE.jsonl", default=None, help="write one JSON line per finished deal as it finishes"
    )
    p.add_argument(
        "--resume",
        action="store_true",
        help="go on with the --out file: its deals are kept, not played again (the file holds "
        "only a digest of the seed: give --seed, unless the run finished)",
    )
    p.add_argument(
        "--record",
        metavar="DIR",
        default=None,
        help="write every hand as a replay file DIR/deal-0001-play-0.json (play 0: "
        "team A at seats 0 and 2; play 1: at 1 and 3), with each seat's level",
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="always show the progress bar on standard error (by default it shows "
        "for runs longer than a few seconds, except with --json when standard "
        "error is not a terminal)",
    )
    p.add_argument("--no-progress", action="store_true")
    p.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="N=external:COMMAND",
        help="seat N (in the first play; it moves with its team) is played by an "
        "outside program speaking the bot protocol, or N=LEVEL by that bot "
        "level; repeatable",
    )
    p.add_argument(
        "--external-ms",
        type=float,
        default=DEFAULT_EXTERNAL_MS,
        metavar="MS",
        help=f"an outside program's time limit per answer (default {DEFAULT_EXTERNAL_MS})",
    )
    args = p.parse_args(argv)
    args.seat_specs = {}
    for text in args.seat:
        try:
            seat, spec = parse_seat_spec(text)
        except ValueError as e:
            p.error(str(e))
        args.seat_specs[seat] = spec
        command = external_command(spec)
        if command is not None and args.jobs > 1:
            argv0 = split_command(command)
            name = argv0[0] if isinstance(argv0, list) and argv0 else str(argv0)
            if shutil.which(name) is None:
                p.error(f"cannot start {command!r}: {name!r} is not an executable program")
    if args.external_ms <= 0:
        p.error("--external-ms must be positive")
    if args.deals is None and args.minutes is None:
        args.deals = 100
    if args.resume and not args.out:
        p.error("--resume goes on with an --out file: give it")
    args.progress = not args.no_progress and (args.progress or not args.json or sys.stderr.isatty())
    seated = any(external_command(v) for v in args.seat_specs.values())
    seed_given = args.seed is not None
    if args.seed is None and args.resume and args.out:
        args.seed = legacy_seed(args.out)
        if args.seed is None:
            args.seed = finished_seed(args.out)
        if args.seed is None and has_deals(args.out):
            p.error(
                f"--resume needs the run's seed: add --seed S ({args.out} holds only its digest, "
                f"seed_sha256; the seed was printed when the run was stopped)"
            )
    if args.seed is None:
        args.seed = fresh_seed()
    elif seed_given and seated:
        # /proc/PID/cmdline, ps: any program of the same user reads them.
        print(
            f"warning: a seated program can read this process's command line, --seed {args.seed} "
            f"included, and from it deal every hand; without --seed a fresh 128-bit seed is "
            f"drawn and kept out of everything a seat can read until the run is over",
            file=sys.stderr,
        )
        if args.seed < WIDE:
            print(
                f"warning: --seed {args.seed} is small enough to search for: a seated program "
                f"could find it from its own cards and know every hand",
                file=sys.stderr,
            )
    log, previous = None, []
    if args.out:
        # "deals": 2, the keyed-hash deals: a file of the older deals is not resumed with these.
        settings = {
            "ruleset": args.ruleset,
            "deals": 2,
            "a": args.a,
            "b": args.b,
            "think_ms": args.think_ms,
            "seats": {str(k): v for k, v in sorted(args.seat_specs.items())},
        }
        run_key = {"seed_sha256": seed_digest(args.seed), **settings}
        legacy_key = {"ruleset": args.ruleset, "seed": args.seed, **settings}  # a file of before
        try:
            log = DealLog(args.out, run_key, args.resume, legacy_key)
        except (OSError, ValueError) as e:
            p.error(str(e))
        previous = [DealResult.from_json(d) for d in log.done]
    try:
        summary = run(args, (lambda r: log.write(r.to_json())) if log else None, previous)
        if log:
            log.finish(args.seed)
    except ExternalProgramError as e:
        p.error(str(e))
    except BrokenProcessPool:
        p.error("a worker process died (could an outside program not be started?)")
    except KeyboardInterrupt:
        if log:
            again = _resume_command(sys.argv[1:] if argv is None else list(argv), args.seed)
            print(
                f"stopped; the deals finished so far are in {args.out}; the run's seed is {args.seed}; "
                f"to go on: {again}",
                file=sys.stderr,
            )
        else:
            print(f"stopped; the run's seed is {args.seed}", file=sys.stderr)
        return 130
    finally:
        if log:
            log.close()
    if args.json:
        print(json.dumps(summary, allow_nan=False))
    else:
        print(_text(summary))
    return 0 if summary["illegal"] == 0 and summary["errors"] == 0 else 1


def _resume_command(argv: list[str], seed: int) -> str:
    """The command that goes on with a stopped run: its own options, with --resume and its seed."""
    kept, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--seed":
            skip = True
        elif arg != "--resume" and not arg.startswith("--seed="):
            kept.append(arg)
    return shlex.join(["python", "-m", "bots.arena", *kept, "--resume", "--seed", str(seed)])


def _text(s: dict) -> str:
    ci = s["ci95"]
    ci_text = f"[{ci[0]:+.3f}, {ci[1]:+.3f}]" if ci else "unknown (one deal)"
    lines = [
        f"{s['a']} (A) vs {s['b']} (B) on {s['ruleset']}: {s['deals']} duplicate deals, "
        f"{s['hands']} hands ({s['redeals']} re-deals), seed {s['seed']}"
        + (" (stopped by --minutes)" if s.get("stopped_by_time") else ""),
        f"A levels per deal: {s['a_levels_per_deal']:+.3f}  95% CI {ci_text}",
        f"points as defenders: A {s['a_points_as_defenders']}  B {s['b_points_as_defenders']}",
    ]
    for team, c in s["teams"].items():
        lines.append(
            f"team {team}: dealer in {c['hands_as_dealer']} hands, "
            f"{c['declarations']} declarations, {c['overturns']} overturns, "
            f"{c['failed_throws']} failed throws ({c['throw_penalty_points']} "
            f"penalty points)"
        )
    lines += [
        f"illegal moves: {s['illegal']}  errors: {s['errors']}",
        f"speed: {s['hands_per_s']} hands/s; decision ms p50 {s['decision_ms']['p50']} "
        f"p95 {s['decision_ms']['p95']} max {s['decision_ms']['max']}",
    ]
    lines += ["  " + m for m in s["incidents"]]
    for ext in s.get("external", []):
        lines.append(
            f"seat {ext['seat']} (team {ext['team']}) {ext['command']!r}: "
            f"{ext['refusals']} refused answers" + ("" if ext["running"] else f"; {ext['stopped']}")
        )
        lines += ["  " + m for m in ext["first_refusals"]]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
