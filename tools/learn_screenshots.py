"""Play through every lesson and the trainer headless, in both languages, and save the screens.

    SDL_VIDEODRIVER=dummy python tools/learn_screenshots.py --out /tmp/learn-shots

For every lesson: its text, then each position after a wrong move (the core's Why-not)
and after the right one, then the "complete" page; then one question of each kind for
each ruleset in the trainer. Moves are made by clicking the screen's buttons (cards are
raised as a click would). Exits non-zero if a right move is not accepted or a wrong one is.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.core import BUILTIN_IDS  # noqa: E402
from game.learn import CHOICE, LESSONS, answer  # noqa: E402
from game.learn.trainer import KINDS  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402


def click(app: App, pos) -> None:
    pos = (round(pos[0]), round(pos[1]))
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
    )


def settle(app: App, seconds: float = 0.6) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def move(app: App, board, chosen) -> None:
    """Make ``chosen`` through the screen: an option's button, or raise the cards and press."""
    if board.p.kind == CHOICE:
        click(app, board.options[list(board.p.options).index(chosen)].rect.center)
    else:
        board.hand.select_cards(chosen)
        settle(app, 0.2)
        click(app, board.act.rect.center)
    settle(app, 0.5)


def wrong_option(p):
    right = answer(p)
    return next(o for o in p.options if o != right)


def lessons(app: App, out: Path, lang: str, failures: list[str]) -> None:
    app.nav.start()
    settle(app, 0.2)
    shoot(app, out, f"{lang}-00-start")
    start = app.top
    learn_button = next(b for b in start.buttons if b.text == __import__("game.i18n").i18n.tr("learn.menu"))
    click(app, learn_button.rect.center)
    settle(app, 0.2)
    shoot(app, out, f"{lang}-01-learn")
    for n, lesson in enumerate(LESSONS, start=1):
        click(app, app.top.lessons[n - 1].rect.center)
        scene = app.top
        settle(app, 0.2)
        shoot(app, out, f"{lang}-{n + 1:02d}-{lesson.id}-0-intro")
        click(app, scene.start.rect.center)
        for i, p in enumerate(lesson.positions, start=1):
            board = scene.board
            wrong = wrong_option(p) if p.kind == CHOICE else p.wrong[0]
            move(app, board, wrong)
            if board.verdict is None or board.verdict.ok:
                failures.append(f"{lang} {p.id}: the wrong move {wrong} was accepted")
            shoot(app, out, f"{lang}-{n + 1:02d}-{lesson.id}-{i}a-wrong")
            move(app, board, answer(p) if p.kind == CHOICE else p.right)
            if board.verdict is None or not board.verdict.ok:
                failures.append(f"{lang} {p.id}: the right move was refused: {board.verdict}")
            shoot(app, out, f"{lang}-{n + 1:02d}-{lesson.id}-{i}b-right")
            click(app, scene.next.rect.center)
            settle(app, 0.3)
        shoot(app, out, f"{lang}-{n + 1:02d}-{lesson.id}-9-done")
        click(app, scene.back.rect.center)
        settle(app, 0.2)
    shoot(app, out, f"{lang}-20-learn-after")


def trainer(app: App, out: Path, lang: str, failures: list[str]) -> None:
    learn = app.top
    click(app, learn.trainer.rect.center)
    scene = app.top
    for ruleset in BUILTIN_IDS:
        scene._set_ruleset(ruleset)
        for kind in KINDS:
            scene._set_kind(kind)
            settle(app, 0.3)
            board = scene.board
            p = board.p
            move(app, board, wrong_option(p) if p.kind == CHOICE else p.right)
            shoot(app, out, f"{lang}-30-trainer-{ruleset}-{kind}")
            if p.kind != CHOICE and not board.verdict.ok:
                failures.append(f"{lang} trainer {kind}: a legal follow was refused")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("/tmp/learn-shots"))
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--lang", choices=("en", "zh", "both"), default="both")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    pygame.init()
    failures: list[str] = []
    for lang in ("en", "zh") if args.lang == "both" else (args.lang,):
        with tempfile.TemporaryDirectory() as data:
            surface = pygame.display.set_mode(size)
            app = make_app(Options(lang=lang, seed=7, data_dir=Path(data), size=size), surface)
            lessons(app, args.out, lang, failures)
            trainer(app, args.out, lang, failures)
    print("\n".join(failures) or f"every lesson played through; screenshots in {args.out}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
