"""Measure a frame's time at the real table while the bots think (issue 26, "Frame time").
A benchmark, not a test.

    python tools/frame_bench.py                               # normal and expert, hebi-2010
    python tools/frame_bench.py --levels expert --seconds 60 --ruleset lanzhou-2010

The practice table runs headless (SDL's dummy driver) as ``tools/pace_bench.py`` runs it: a
person in South who answers at once, three bots of one level in the game's own worker, the
real animations at the default speed, 60 frames a second on the wall clock. For every frame
drawn it times

- ``own``: the game's own work (events, update, draw: ``App.step``), and
- ``frame``: that and the copy to the screen (``display.update`` / ``flip``),

and prints p50, p99 and max of both, and of the main thread's processor time in ``own``
(``cpu``: what the machine's load does not stretch), over all frames drawn and over the
frames during which a bot was thinking (a search running in the worker). Wall-clock figures
vary with the machine's load (the load average is printed); compare runs made on the same
machine, and read ``cpu`` against ``own``: the difference is time spent waiting (for the
processor, or for the interpreter lock the worker holds).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
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
from game.table import WaitKind, default_action  # noqa: E402
from game.table.seats import BOT_LEVELS  # noqa: E402
from game.ui.kit import scene  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

FPS = 60
PERSON = 0  # South


def percentiles(times: list[float]) -> dict[str, float]:
    """p50, p99 and max of ``times`` (seconds), in milliseconds."""
    if not times:
        return {"p50": float("nan"), "p99": float("nan"), "max": float("nan"), "n": 0}
    s = sorted(times)

    def pct(p: float) -> float:
        return s[min(len(s) - 1, int(p / 100 * len(s)))] * 1000

    return {"p50": pct(50), "p99": pct(99), "max": s[-1] * 1000, "n": len(s)}


def measure(ruleset_id: str, level: str, seed: int, seconds: float, speed: str | None = None) -> dict[str, dict]:
    """One table for ``seconds`` of wall time: the frame-time figures (see the module doc)."""
    with tempfile.TemporaryDirectory() as data:
        app = make_app(Options(lang="en", data_dir=Path(data), size=(1280, 800)))
        if speed is not None:
            app.settings.speed = speed
        levels = [level] * 4
        levels[PERSON] = "human"
        app.nav.start_match(MatchChoice(ruleset_id, levels, PERSON, [], "practice", None, seed))
        table = app.top
        driver = table.driver
        own: dict[str, list[float]] = {"all": [], "thinking": []}
        cpu: dict[str, list[float]] = {"all": [], "thinking": []}
        whole: dict[str, list[float]] = {"all": [], "thinking": []}
        started = last = time.perf_counter()
        frame = getattr(app, "frame", None)  # the game's own frame (its gate held), where it has one
        while time.perf_counter() - started < seconds and app.top is table:
            now = time.perf_counter()
            thinking = driver.bot_thinking()
            cpu_start = time.thread_time()
            if frame is not None:
                frame(now - last, (), now)
                if app.drawn:
                    whole_s, own_s = app.frame_times[-1]
                    stepped, done = now + own_s, now + whole_s
            else:
                app.step(now - last)
                stepped = time.perf_counter()
                if app.drawn:
                    if app.update_rects is None:
                        pygame.display.flip()
                    elif app.update_rects:
                        pygame.display.update(app.update_rects)
                done = time.perf_counter()
            cpu_used = time.thread_time() - cpu_start
            last = now
            if app.drawn:
                for key in ("all", "thinking") if thinking or driver.bot_thinking() else ("all",):
                    own[key].append(stepped - now)
                    cpu[key].append(cpu_used)
                    whole[key].append(done - now)
            wait = None if table.busy else driver.waiting()
            if wait is not None and wait.seat == PERSON:
                if wait.kind == WaitKind.DECLARE:
                    driver.pass_declaration(PERSON)
                elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                    driver.submit(default_action(driver.hand, PERSON))
            time.sleep(max(0.0, 1 / FPS - (time.perf_counter() - now)))
        for scene in app.stack:
            close = getattr(getattr(scene, "driver", None), "close", None)
            if close is not None:
                close()
    return {
        f"{part} {name}": percentiles(times[part])
        for part in ("all", "thinking")
        for name, times in (("own", own), ("cpu", cpu), ("frame", whole))
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="hebi-2010", choices=("hebi-2010", "lanzhou-2010", "logistics-2015"))
    p.add_argument("--levels", nargs="+", default=["normal", "expert"], choices=BOT_LEVELS)
    p.add_argument("--seconds", type=float, default=40.0, help="wall-clock seconds per table")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    switch = getattr(scene, "use_switch_interval", None)
    if switch is not None:
        switch()  # as the game's frame loop does
    print(f"{args.ruleset}, seed {args.seed}, {args.seconds:.0f} s per table, milliseconds per frame drawn")
    print("own: the game's work (wall clock); cpu: the main thread's processor time in it; frame: with the copy")
    head = " ".join(f"{part + ' ' + q:>9}" for part in ("own", "cpu", "frame") for q in ("p50", "p99", "max"))
    print(f"{'level':<8} {'frames':<15} {'n':>5} {head}")
    for level in args.levels:
        r = measure(args.ruleset, level, args.seed, args.seconds)
        for part in ("all", "thinking"):
            label = "all" if part == "all" else "a bot thinking"
            cells = " ".join(
                f"{r[f'{part} {name}'][q]:9.2f}" for name in ("own", "cpu", "frame") for q in ("p50", "p99", "max")
            )
            print(f"{level:<8} {label:<15} {r[f'{part} own']['n']:>5} {cells}", flush=True)
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
