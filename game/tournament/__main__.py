"""A whole bots-only event, headless:

    python -m game.tournament --ruleset hebi-2010 --teams 16 --format knockout --seed 1 --json

The JSON holds the event's settings, the draw, the group tables, ``places`` (best first,
each with its team) and every match with its result; the same arguments give the same
JSON. A progress bar goes to standard error when the run takes more than a few seconds
(always with ``--progress``); ``--stats`` adds the wall time and memory there. Bots come
from ``--factory`` (default ``bots:make_bot``), in ``--workers`` background processes
(0: in this process).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
import json
from pathlib import Path
import random
import sys
import time
from typing import Any

from game.core import BUILTIN_IDS
from game.i18n import LANGUAGES, table

from .event import Tournament, TournamentError
from .field import LEVELS, MAX_TEAMS, MIN_TEAMS, STRENGTHS, Team, make_field, team_name
from .files import save
from .play import MatchOutcome
from .rules import FORMATS
from .runner import DEFAULT_FACTORY, BotRunner, load_factory, run_event


def names(team: Team) -> dict[str, str]:
    """The team's name in every language."""
    out = {}
    for language in LANGUAGES:
        strings = table(language)

        def tr(key: str, strings: Any = strings, **params: object) -> str:
            return str(strings[key]).format(**params)

        out[language] = team_name(team, tr)
    return out


class Bar:
    """A progress bar on standard error, shown once a run has taken ``after`` seconds."""

    def __init__(self, total: int, always: bool, never: bool, after: float = 3.0):
        self.total = max(1, total)
        self.start = time.monotonic()
        self.always, self.never, self.after = always, never, after
        self.shown = False

    def step(self, done: int, final: bool = False) -> None:
        if self.never or not (self.always or time.monotonic() - self.start >= self.after or self.shown):
            return
        if not (self.always or sys.stderr.isatty()):
            return
        width = 30
        filled = min(width, width * done // self.total)
        end = "\n" if final else ""
        print(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} matches "
            f"{time.monotonic() - self.start:6.1f} s",
            end=end,
            file=sys.stderr,
            flush=True,
        )
        self.shown = True


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.tournament", description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="hebi-2010", choices=BUILTIN_IDS)
    p.add_argument("--teams", type=int, default=8, help=f"the field: {MIN_TEAMS} to {MAX_TEAMS} teams")
    p.add_argument("--format", default=None, choices=FORMATS, help="default: the regulation's own")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--strength", default="mixed", choices=STRENGTHS)
    p.add_argument("--level", default=None, choices=LEVELS, help="every team this bot level")
    p.add_argument(
        "--preliminary",
        type=int,
        default=None,
        metavar="N",
        help="practice length of a preliminary match (hands or minutes, by the ruleset)",
    )
    p.add_argument("--final", type=int, default=None, metavar="N", help="practice length of the final")
    p.add_argument("--workers", type=int, default=1, help="background processes (0: play in this process)")
    p.add_argument("--factory", default=DEFAULT_FACTORY, help="the bot factory, module:function")
    p.add_argument("--replays", metavar="DIR", default=None, help="keep every hand as a replay file in DIR")
    p.add_argument("--save", metavar="FILE", default=None, help="write the finished event's file")
    p.add_argument("--json", action="store_true", help="print the event as one JSON object")
    p.add_argument("--progress", action="store_true", help="always show the progress bar")
    p.add_argument("--no-progress", action="store_true")
    p.add_argument("--stats", action="store_true", help="wall time and memory on standard error")
    args = p.parse_args(argv)
    if not MIN_TEAMS <= args.teams <= MAX_TEAMS:
        p.error(f"--teams must be {MIN_TEAMS} to {MAX_TEAMS}")
    if args.workers < 0:
        p.error("--workers must be 0 or more")
    start = time.monotonic()
    try:
        field = make_field(args.teams, random.Random(f"field:{args.seed}"), args.strength, level=args.level)
        lengths = None
        if args.preliminary is not None or args.final is not None:
            from .rules import tournament_rules

            rules = tournament_rules(args.ruleset)
            lengths = (args.preliminary or rules.preliminary, args.final or args.preliminary or rules.final)
        event = Tournament.new(args.ruleset, field, args.seed, args.format, lengths)
        factory = load_factory(args.factory)
    except (TournamentError, ValueError, ImportError, AttributeError) as e:
        p.error(str(e))
    english = {t.id: names(t)["en"] for t in event.teams}
    total = expected_matches(event)
    bar = Bar(total, args.progress, args.no_progress)
    played = [0]
    memory: list[int] = []
    worker_memory: list[int] = []

    def on_result(ev: Tournament, outcome: MatchOutcome) -> None:
        played[0] += 1
        bar.step(played[0])
        if args.stats:
            memory.append(_rss_kb())
            worker_memory.append(outcome.memory_kb)

    if args.replays:
        Path(args.replays).mkdir(parents=True, exist_ok=True)
    try:
        if args.workers == 0:
            run_event(event, names=english.__getitem__, on_result=on_result, factory=factory, replay_dir=args.replays)
        else:
            with BotRunner(args.replays, args.factory, args.workers) as runner:
                run_event(event, runner, names=english.__getitem__, on_result=on_result)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    bar.step(played[0], final=True)
    if args.save:
        save(event, args.save)
    summary = event.summary(names)
    if args.stats:
        print(f"wall {time.monotonic() - start:.2f} s; {played[0]} matches", file=sys.stderr)
        print(f"resident memory (kB) after each match, this process: {memory}", file=sys.stderr)
        if args.workers:
            print(f"resident memory (kB) after each match, the worker: {worker_memory}", file=sys.stderr)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, allow_nan=False))
    else:
        for place in summary["places"]:
            award = f"  ({place['award']})" if place["award"] else ""
            print(f"{place['place']:>3}. {place['team']['name']['en']}{award}")
    return 0


def expected_matches(event: Tournament) -> int:
    """The matches the event will play (byes left out), for the progress bar."""
    qualifiers = 2 * len(event.groups) if event.with_groups else len(event.teams)
    group_matches = sum(len(g) * (len(g) - 1) // 2 for g in event.groups)
    third = 1 if event.rules.third_place == "match" and qualifiers >= 4 else 0
    return group_matches + qualifiers - 1 + third


def _rss_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
