"""Measure the table's pace as a player lives it: the deal's length and the time between two
of the player's turns, for every bot level (issue 26 item 1). A benchmark, not a test.

    python tools/pace_bench.py                          # hebi-2010 and lanzhou-2010, every level
    python tools/pace_bench.py --ruleset hebi-2010 --levels normal expert --turns 10 --speed fast

The real table runs headless (SDL's dummy driver): the practice table with a person in South
and three bots of one level, the game's own bots in their worker thread, the real animations
at the chosen speed (``normal`` by default, as a new player has it). Time is the wall clock:
each frame steps the scene by the time that really passed, as the game's frame loop does, so
the bots' thinking counts as it does at a real table. The person answers at once: a declaring
stop is passed, a bury or a play is the first legal one, so every second measured is the
table's own. Figures vary with the machine's load; compare runs made on the same machine.

- ``deal``: from the table's first frame until the last card of the deal has landed (the
  person's declaring stops are answered at once, so they add almost nothing).
- ``turn``: from the person's card leaving to the moment the table next waits for the person's
  card (animations done), over ``--turns`` turns; its median, mean and maximum.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app.session import MatchChoice  # noqa: E402
from game.app.settings import SPEEDS  # noqa: E402
from game.core import DEALING  # noqa: E402
from game.table import WaitKind, default_action  # noqa: E402
from game.table.seats import BOT_LEVELS  # noqa: E402
from game.ui.kit import scene  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

FPS = 60
PERSON = 0  # South


def measure(ruleset_id: str, level: str, seed: int, turns: int, speed: str, limit: float) -> dict[str, float]:
    """One table: the deal's length and the gaps between the person's turns, in seconds."""
    with tempfile.TemporaryDirectory() as data:
        app = make_app(Options(lang="en", data_dir=Path(data), size=(1280, 800)))
        app.settings.speed = speed
        levels = [level] * 4
        levels[PERSON] = "human"
        app.nav.start_match(MatchChoice(ruleset_id, levels, PERSON, [], "practice", None, seed))
        table = app.top
        driver = table.driver
        started = last = time.perf_counter()
        deal = None
        gaps: list[float] = []
        played_at: float | None = None
        frame = getattr(app, "frame", None)
        while len(gaps) < turns:
            now = time.perf_counter()
            if now - started > limit:
                raise RuntimeError(f"{ruleset_id} {level}: no result after {limit:.0f} s")
            if frame is not None:
                frame(now - last, (), now)  # the game's own frame: its gate held, the copy made
            else:
                app.step(now - last)
            last = now
            if app.top is not table:  # the hand's end, say: ask for fewer turns
                raise RuntimeError(f"{ruleset_id} {level}: {type(app.top).__name__} came before {turns} turns")
            hand = driver.hand
            if deal is None and hand.phase != DEALING and table.anim.deck_left <= 0 and not table.anim.flights:
                deal = now - started
            wait = None if table.busy else driver.waiting()
            if wait is not None and wait.seat == PERSON:
                if wait.kind == WaitKind.DECLARE:
                    driver.pass_declaration(PERSON)
                elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                    if wait.kind == WaitKind.PLAY and played_at is not None:
                        gaps.append(now - played_at)
                    driver.submit(default_action(hand, PERSON))
                    played_at = time.perf_counter() if wait.kind == WaitKind.PLAY else None
            time.sleep(max(0.0, 1 / FPS - (time.perf_counter() - now)))
        for scene in app.stack:
            close = getattr(getattr(scene, "driver", None), "close", None)
            if close is not None:
                close()
    return {
        "deal": deal if deal is not None else float("nan"),
        "median": statistics.median(gaps),
        "mean": statistics.fmean(gaps),
        "max": max(gaps),
        "turns": len(gaps),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--ruleset",
        action="append",
        choices=("hebi-2010", "lanzhou-2010", "logistics-2015"),
        help="repeat for several (default: hebi-2010 and lanzhou-2010)",
    )
    p.add_argument("--levels", nargs="+", default=list(BOT_LEVELS), choices=BOT_LEVELS)
    p.add_argument("--turns", type=int, default=8, help="the person's turns measured per table")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--speed", default="normal", choices=list(SPEEDS))
    p.add_argument("--limit", type=float, default=600.0, help="seconds allowed per table")
    args = p.parse_args(argv)
    if args.turns < 2:
        p.error("--turns must be 2 or more")
    pygame.display.init()
    pygame.font.init()
    switch = getattr(scene, "use_switch_interval", None)
    if switch is not None:
        switch()  # as the game's frame loop does
    rulesets = args.ruleset or ["hebi-2010", "lanzhou-2010"]
    print(f"speed {args.speed}, seed {args.seed}, {args.turns} turns per table, wall-clock seconds")
    print(f"{'ruleset':<15} {'level':<8} {'deal':>6} {'turn median':>12} {'turn mean':>10} {'turn max':>9}")
    for ruleset_id in rulesets:
        for level in args.levels:
            r = measure(ruleset_id, level, args.seed, args.turns, args.speed, args.limit)
            print(
                f"{ruleset_id:<15} {level:<8} {r['deal']:6.1f} {r['median']:12.2f} {r['mean']:10.2f} {r['max']:9.2f}",
                flush=True,
            )
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
