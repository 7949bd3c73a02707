"""Measure a tournament event in the game (issue 28). A benchmark, not a test.

    python tools/tournament_measure.py frames --seconds 60     # the table with and without the other tables
    python tools/tournament_measure.py memory                  # the game's memory over a whole 16-team event

``frames``: the player's match of a 16-team hebi-2010 event (all-strong field, so the
worker plays ``hard`` tables the whole time) at the real table, headless, the game's own
bots, the person answering at once (the first legal move), each frame stepped by the time
that really passed. Twice: with the other tables held, then with them running in the
worker (``BotRunner``, one process at nice 5). Prints each run's frame-time percentiles
(events, update, draw and the copy to the dummy display) and the player's table's bots'
decision times.

``memory``: a 16-team single-elimination hebi-2010 event of 10-hand matches at ``normal``,
bots only, played by the game's ``EventPlay`` and its worker exactly as the board plays
it (saved after every result); this process's resident memory after every result, the
worker's, and the wall time.
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

from game.app.event_play import new_event  # noqa: E402
from game.app.event_store import EventStore  # noqa: E402
from game.table import WaitKind, default_action  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402


def rss_kb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))] if values else 0.0


def table_run(seconds: float, background: bool, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as data:
        pygame.display.init()
        surface = pygame.display.set_mode((1280, 800))
        app = make_app(Options(lang="en", data_dir=Path(data), size=(1280, 800), seed=seed), surface)
        store = EventStore(app.storage)
        saved = new_event(store, "hebi-2010", 16, "knockout", "bot-partner", "strong", False, seed)
        app.nav.start_event(saved)
        app.top.skip_draw()  # type: ignore[union-attr]
        play = app.nav.event
        assert play is not None
        if not background:
            play.hold = True
        app.nav.play_event_match()
        table = app.top
        driver = table.driver  # type: ignore[union-attr]
        thinks: list[float] = []
        driver.on_decision = lambda seat, kind, obs, answer, secs: thinks.append(secs)
        frames: list[float] = []
        start = last = time.perf_counter()
        while time.perf_counter() - start < seconds and type(app.top).__name__ != "TournamentScene":
            now = time.perf_counter()
            dt, last = now - last, now
            top = app.top
            if type(top).__name__ == "ModeHandEndScene":
                top.proceed()  # type: ignore[union-attr]
            elif top is table:
                wait = None if table.busy else driver.waiting()  # type: ignore[union-attr]
                if wait is not None and wait.kind == WaitKind.DECLARE:
                    driver.pass_declaration(wait.seat)
                elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                    driver.submit(default_action(driver.hand, wait.seat))
            t0 = time.perf_counter()
            app.step(dt)
            if app.drawn:
                pygame.display.flip()
                frames.append(time.perf_counter() - t0)
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
        others = len(play.event.log)
        app.nav.end_event()
        return {
            "frames": len(frames),
            "p50": pct(frames, 50) * 1000,
            "p99": pct(frames, 99) * 1000,
            "max": max(frames, default=0) * 1000,
            "decisions": len(thinks),
            "think_median": statistics.median(thinks) * 1000 if thinks else 0.0,
            "think_p99": pct(thinks, 99) * 1000,
            "think_max": max(thinks, default=0) * 1000,
            "results_in": others,
        }


def frames_main(args: argparse.Namespace) -> None:
    for background in (False, True):
        r = table_run(args.seconds, background, args.seed)
        label = "with the other tables" if background else "without the other tables"
        print(
            f"{label}: {r['frames']} frames drawn, frame p50 {r['p50']:.2f} ms, p99 {r['p99']:.2f} ms, "
            f"max {r['max']:.2f} ms; the table's bots: {r['decisions']} decisions, median {r['think_median']:.1f} ms, "
            f"p99 {r['think_p99']:.1f} ms, max {r['think_max']:.1f} ms; background results recorded {r['results_in']}"
        )


def memory_main(args: argparse.Namespace) -> None:
    import random

    from game.tournament import Tournament, make_field

    with tempfile.TemporaryDirectory() as data:
        pygame.display.init()
        surface = pygame.display.set_mode((1280, 800))
        app = make_app(Options(lang="en", data_dir=Path(data), size=(1280, 800), seed=args.seed), surface)
        store = EventStore(app.storage)
        saved = new_event(store, "hebi-2010", 4, "knockout", "none", "mixed", False, args.seed)
        field = make_field(16, random.Random(f"field:{args.seed}"), level="normal")
        saved.event = Tournament.new("hebi-2010", field, args.seed, "knockout", (10, 10))
        start = time.monotonic()
        app.nav.start_event(saved)  # the board, the draw shown, then the worker plays every match
        play = app.nav.event
        assert play is not None
        memory = [rss_kb()]
        seen = 0
        while type(app.top).__name__ != "PrizeScene":
            app.step(1 / 60)
            if len(play.event.log) != seen:
                seen = len(play.event.log)
                memory.append(rss_kb())
            time.sleep(1 / 120)
        wall = time.monotonic() - start
        for _ in range(240):  # the prize-giving's confetti
            app.step(1 / 60)
        memory.append(rss_kb())
        places = [p.team for p in play.event.places()[:4]]
        app.nav.start()
        print(f"wall {wall:.1f} s (the draw's animation included); {seen} matches; first four: {places}")
        print(f"the game's resident memory (kB): at the start, after each result, after the prize-giving: {memory}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="what", required=True)
    f = sub.add_parser("frames")
    f.add_argument("--seconds", type=float, default=60.0)
    f.add_argument("--seed", type=int, default=3)
    m = sub.add_parser("memory")
    m.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    if args.what == "frames":
        frames_main(args)
    else:
        memory_main(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
