"""Screenshots of a tournament event's screens, in both languages at three window sizes: the
start screen with its Tournament entry, the setup (with an event under way to continue),
the draw half done, the group tables and the bracket with results in, the player's match at
the table, the prize-giving with its certificate, a bots-only match's hand in the replay
viewer (with the match's other hands), the statistics with the finished event.

    SDL_VIDEODRIVER=dummy python tools/tournament_screenshots.py --out /tmp/tournament-shots

The bots are the tests' stand-in (quick and seeded); the person's moves come from the hint.
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

from game.table import WaitKind, hint_action  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402
from tests.standin_bots import standin_factory  # noqa: E402

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.dirty = True
    app.step(1 / 60)
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def person(app: App) -> None:
    table = app.top
    wait = None if table.busy else table.driver.waiting()  # type: ignore[union-attr]
    if wait is not None and wait.kind == WaitKind.DECLARE:
        table.driver.pass_declaration(wait.seat)  # type: ignore[union-attr]
    elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
        driver = table.driver  # type: ignore[union-attr]
        driver.submit(hint_action(driver.hand, wait.seat, driver.hint_provider))


def play_out(app: App) -> None:
    """The player's match to its end (hints for the person), back to the board."""
    for _ in range(300_000):
        name = type(app.top).__name__
        if name in ("TournamentScene", "PrizeScene"):
            return
        if name == "ModeHandEndScene":
            app.top.proceed()  # type: ignore[union-attr]
            continue
        if name == "TableScene":
            person(app)
        app.step(1 / 30)


def until_ready(app: App) -> None:
    for _ in range(20_000):
        top = app.top
        if type(top).__name__ == "PrizeScene" or (type(top).__name__ == "TournamentScene" and top._can_play()):  # type: ignore[union-attr]
            return
        app.step(1 / 30)


def shots(out: Path, size: tuple[int, int], lang: str) -> None:
    data = out / f"data-{lang}-{size[0]}"
    shutil.rmtree(data, ignore_errors=True)
    pygame.display.init()
    surface = pygame.display.set_mode(size)
    app = make_app(
        Options(lang=lang, data_dir=data, size=size, bot_factory=standin_factory, speed=20.0, seed=7), surface
    )
    tag = f"{lang}-{size[0]}x{size[1]}"
    app.nav.start()
    app.nav.tournament()
    setup = app.top
    setup.value.update(ruleset="hebi-2010", size=16, format="groups", practice=True)
    setup.begin()
    for _ in range(12):
        app.step(1 / 10)
    shoot(app, out, f"{tag}-1-draw")
    app.top.skip_draw()  # type: ignore[union-attr]
    for _ in range(60):
        app.step(1 / 30)
    shoot(app, out, f"{tag}-2-groups")
    app.nav.play_event_match()
    for _ in range(400):
        if type(app.top).__name__ != "TableScene" or len(app.top.driver.hand.tricks) >= 3:  # type: ignore[attr-defined]
            break  # mid-hand: the table's pace is fast enough to end the hand in 400 frames
        person(app)
        app.step(1 / 30)
    shoot(app, out, f"{tag}-3-table")
    while type(app.top).__name__ != "TableScene":  # a hand's end panel over the table
        app.pop()
    app.nav.leave(app.top)  # type: ignore[arg-type]
    shoot(app, out, f"{tag}-0-start")
    app.nav.tournament()
    setup = app.top
    setup.value.update(ruleset="hebi-2010", size=16, format="knockout", practice=True)
    shoot(app, out, f"{tag}-4-setup")
    setup.begin()
    app.top.skip_draw()  # type: ignore[union-attr]
    for _ in range(5):
        until_ready(app)
        if type(app.top).__name__ == "PrizeScene":
            break
        shoot(app, out, f"{tag}-5-bracket")
        app.nav.play_event_match()
        play_out(app)
    for _ in range(20_000):
        if type(app.top).__name__ == "PrizeScene":
            break
        app.step(1 / 30)
    app.step(0.4)
    shoot(app, out, f"{tag}-6-prizes")
    play = app.nav.event
    assert play is not None
    several = [p for p in play.event.pairings if p.result is not None and len(p.result.replays) > 1]
    if several:  # a bots-only match's second hand: the viewer steps through the match
        app.nav.event_replay([play.replay_dir / name for name in several[0].result.replays], 1)  # type: ignore[union-attr]
        shoot(app, out, f"{tag}-7-replay")
    app.nav.start()
    app.nav.statistics()
    shoot(app, out, f"{tag}-8-statistics")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/tournament-shots"))
    p.add_argument("--sizes", default="all", help="all, or one as 1280x800")
    p.add_argument("--langs", default="en,zh")
    args = p.parse_args()
    sizes = SIZES if args.sizes == "all" else (tuple(int(n) for n in args.sizes.split("x")),)
    for lang in args.langs.split(","):
        for size in sizes:
            shots(args.out, size, lang)  # type: ignore[arg-type]
    print(f"screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
