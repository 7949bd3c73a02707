"""Screenshots of the post-hand review, in both languages (no display needed).

    SDL_VIDEODRIVER=dummy python tools/review_screenshots.py --out /tmp/review-shots

For each language: a hand played by ``normal`` bots is kept as a replay; the review opens
on it (the progress bar while the worker thread runs), then at the seat's worst decision,
at its first declaring decision (if any) and at the end (the chart), then once more from
the replay list's viewer (instant: the analysis was kept with the replay). Then duplicate
practice: the new-match choice, a hand played by hints with ``normal`` replaying it, the
end-of-hand panel (running, then both results), both reviews and the start screen's
statistics. Last, a hand bots alone played: the replay viewer's seat picker and the review
of the seat picked. ``--samples`` makes the analysis quicker for a look.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import shutil
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from bots.analysis import Settings  # noqa: E402
from bots.bench.analysis import played_hand  # noqa: E402
from game.app.records import Records  # noqa: E402
from game.ui.coach import review  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def run(lang: str, out: Path, size: tuple[int, int], samples: int, seed: int) -> None:
    data = out / f"data-{lang}"
    shutil.rmtree(data, ignore_errors=True)
    hand = played_hand("hebi-2010", seed, ["normal"] * 4)
    path = Records(data).add_replay(hand, 3, {}, humans=[0])
    app = make_app(Options(lang=lang, data_dir=data, size=size))
    app.nav.start()
    review.JOB_SETTINGS = Settings(samples=samples, curve_samples=samples)
    try:
        app.nav.review(Records.load(path), 0)
        scene = app.top
        for _ in range(20):
            app.step(1 / 60)
        shoot(app, out, f"{lang}-1-running")
        while scene.job is not None:
            app.step(1 / 60)
        worst = max((d for d in scene.analysis.decisions), key=lambda d: d.loss)
        scene.go(scene.replay.steps.index(worst.step))
        app.step(1 / 60)
        shoot(app, out, f"{lang}-2-worst-decision")
        declared = [d for d in scene.analysis.decisions if d.kind == "declare"]
        if declared:
            scene.go(scene.replay.steps.index(declared[0].step))
            app.step(1 / 60)
            shoot(app, out, f"{lang}-2b-declaration")
        scene.go(len(scene.replay.steps) - 1)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-3-end")
        app.pop()
        app.nav.replays()
        app.step(1 / 60)
        app.top.open(0)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-4-replay-viewer")
        app.top.open_review()
        app.step(1 / 60)
        assert app.top.job is None, "the kept analysis should open at once"
        app.top.jump(1)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-5-reopened")
    finally:
        review.JOB_SETTINGS = None


def bots_only(lang: str, out: Path, size: tuple[int, int], samples: int, seed: int) -> None:
    """A hand bots alone played: the replay viewer's seat picker, then North's review."""
    data = out / f"bots-data-{lang}"
    shutil.rmtree(data, ignore_errors=True)
    hand = played_hand("hebi-2010", seed, ["normal"] * 4)
    path = Records(data).add_replay(hand, 1, {}, humans=[])
    app = make_app(Options(lang=lang, data_dir=data, size=size))
    app.nav.start()
    app.nav.replays()
    app.step(1 / 60)
    app.top.open(0)
    app.step(1 / 60)
    viewer = app.top
    viewer.go(len(viewer.replay.steps) - 1)
    viewer.seat_choice.set(2)
    app.step(1 / 60)
    shoot(app, out, f"{lang}-12-bots-only-seat-picker")
    review.JOB_SETTINGS = Settings(samples=samples, curve_samples=samples)
    try:
        viewer.open_review()
        while app.top.job is not None:
            app.step(1 / 60)
        assert app.top.seat == 2, path
        app.top.jump(1)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-13-bots-only-review-north")
    finally:
        review.JOB_SETTINGS = None


def duplicate(lang: str, out: Path, size: tuple[int, int], samples: int) -> None:
    """The new-match screen with the duplicate choice, the end-of-hand panel with both
    results, both reviews, and the start screen's statistics."""
    import bots.hint
    from game.app.session import MatchChoice
    from game.table import WaitKind, hint_action
    from game.ui.table.table_scene import TableScene

    data = out / f"dup-data-{lang}"
    shutil.rmtree(data, ignore_errors=True)
    app = make_app(Options(lang=lang, data_dir=data, size=size, speed=20.0))
    app.nav.start()
    app.settings.last_duplicate = "hard"  # as if chosen in the last match: the screen opens with it
    app.nav.new_match()
    assert app.top.duplicate == "hard"
    shoot(app, out, f"{lang}-6-new-match")
    app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, 0, [0], "practice", 10, 4, {}, "normal"))
    table = app.top
    for _ in range(60000):
        if type(app.top).__name__ == "ModeHandEndScene":
            break
        if isinstance(app.top, TableScene):
            wait = None if table.busy else table.driver.waiting()
            if wait is not None and wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(0)
            elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                table.driver.submit(hint_action(table.driver.hand, 0, bots.hint.hint))
        app.step(1 / 30)
    end = app.top
    shoot(app, out, f"{lang}-7-duplicate-running")
    for job in end.duplicates:
        job.thread.join(120)
    for _ in range(90):
        app.step(1 / 30)
    shoot(app, out, f"{lang}-8-duplicate-done")
    review.JOB_SETTINGS = Settings(samples=samples, curve_samples=samples)
    try:
        app.nav.review_duplicate(end.duplicates[0])
        while app.top.job is not None:
            app.step(1 / 60)
        app.top.jump(1)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-9-review-yours")
        app.top.switch()
        while app.top.job is not None:
            app.step(1 / 60)
        app.top.jump(1)
        app.step(1 / 60)
        shoot(app, out, f"{lang}-10-review-bot")
    finally:
        review.JOB_SETTINGS = None
    app.nav.start()
    app.step(1 / 60)
    shoot(app, out, f"{lang}-11-start-statistics")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp/review-shots"))
    ap.add_argument("--samples", type=int, default=8)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--size", default="1280x800")
    args = ap.parse_args()
    size = tuple(int(x) for x in args.size.split("x"))
    pygame.init()
    for lang in ("en", "zh"):
        run(lang, args.out, size, args.samples, args.seed)
        bots_only(lang, args.out, size, args.samples, args.seed)
        duplicate(lang, args.out, size, args.samples)


if __name__ == "__main__":
    main()
