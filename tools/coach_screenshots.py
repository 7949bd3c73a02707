"""Screenshots of the coach's screens (issue 27), in both languages (no display needed).

    SDL_VIDEODRIVER=dummy python tools/coach_screenshots.py --out /tmp/coach-shots

For each language and window size: a hand in which seat 0 played at random is reviewed
(the analysis runs once per language and is kept with the replay); the review at the worst
decision, then with the engine's view; "Try again" at its first puzzle, after a wrong and
after a right answer; the start screen with its Puzzles entry; the Puzzles screen and its
first due puzzle (each kind shown when the hand has one); the statistics screen with a few
reviewed hands' points.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import random
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
from game.ui.learning.puzzle_board import parse  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def run(lang: str, out: Path, size: tuple[int, int], samples: int, seed: int) -> None:
    data = out / f"data-{lang}"
    tag = f"{lang}-{size[0]}"
    first = not data.exists()
    if first:
        hand = played_hand("hebi-2010", seed, ["random", "normal", "normal", "normal"], dealer=0, first_hand=False)
        Records(data).add_replay(hand, 3, {}, humans=[0])
        rng = random.Random(1)
        for i in range(14):  # a few reviewed hands for the statistics' charts
            records = Records(data)
            accuracy = min(1.0, 0.55 + 0.025 * i + rng.uniform(-0.08, 0.08))
            records.record_review("hebi-2010", 20, round(20 * accuracy), rng.uniform(0.3, 2.5) / (1 + i / 6), accuracy)
            if i % 2:
                records.record_review("lanzhou-2010", 18, round(18 * accuracy), rng.uniform(0.5, 2.0), accuracy)
    ((path, _),) = Records(data).list_replays()
    app = make_app(Options(lang=lang, data_dir=data, size=size))
    app.nav.start()
    review.JOB_SETTINGS = Settings(samples=samples, curve_samples=samples)
    app.nav.review(Records.load(path), 0)
    scene = app.top
    while scene.job is not None:
        app.step(1 / 60)
    worst = max(scene.analysis.decisions, key=lambda d: d.loss)
    scene.go(scene.replay.steps.index(worst.step))
    app.step(1 / 60)
    shoot(app, out, f"{tag}-1-review-worst")
    scene.toggle_engine()
    app.step(1 / 60)
    shoot(app, out, f"{tag}-2-engine-view")
    scene.toggle_engine()
    scene.try_again()
    run_scene = app.top
    app.step(1 / 60)
    shoot(app, out, f"{tag}-3-try-again")
    board = run_scene.board
    board.answer(parse(board.p.played))
    app.step(1 / 60)
    shoot(app, out, f"{tag}-4-try-again-wrong")
    if len(run_scene.puzzles) > 1:
        run_scene.advance()
        board = run_scene.board
        board.answer(parse(board.p.accepted[0]))
        app.step(1 / 60)
        shoot(app, out, f"{tag}-5-try-again-right")
    app.nav.start()
    app.step(1 / 60)
    shoot(app, out, f"{tag}-6-start")
    app.nav.puzzles()
    app.step(1 / 60)
    shoot(app, out, f"{tag}-7-puzzles")
    home = app.top
    kinds: set[str] = set()
    for p in home.store.due(1e18):
        if p.kind in kinds:
            continue
        kinds.add(p.kind)
        from game.ui.learning.puzzle_scenes import PuzzleRunScene

        app.push(PuzzleRunScene(app, [p], home.store))
        app.step(1 / 60)
        shoot(app, out, f"{tag}-8-puzzle-{p.kind}")
        app.pop()
    app.nav.statistics()
    app.step(1 / 60)
    shoot(app, out, f"{tag}-9-statistics")
    if not first:
        return


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=Path("/tmp/coach-shots"))
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--sizes", default="1024x640,1280x800,1920x1080")
    ap.add_argument("--langs", default="en,zh")
    args = ap.parse_args()
    for lang in args.langs.split(","):
        shutil.rmtree(args.out / f"data-{lang}", ignore_errors=True)
        for size in args.sizes.split(","):
            w, h = (int(v) for v in size.split("x"))
            pygame.display.init()
            pygame.display.set_mode((w, h))
            run(lang, args.out, (w, h), args.samples, args.seed)
    pygame.quit()


if __name__ == "__main__":
    main()
