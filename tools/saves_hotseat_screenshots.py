"""Screenshots of the saved-match lists, the hot-seat stops, the header and the names, in both
languages and three sizes.

    SDL_VIDEODRIVER=dummy python tools/saves_hotseat_screenshots.py --out /tmp/saves-hotseat-shots \
        [--only 1280x800] [--lang zh] [--part saves]

Parts: ``saves`` (the start screen with two saved matches, the Continue list), ``hotseat``
(a stop in the deal: the privacy screen, the table behind it with and without an option),
``header`` (lanzhou-2010 tournament with long team names; the tie drawn by lot), ``table``
(practice: the bottom seat's declaration beside the tools, a finished trick left on the
table, a three-deck hand), ``names`` (a name cut to its length, with the note).
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
from screenshots import click, frames  # noqa: E402  (tools/ is this script's folder)

from game.app.session import MatchChoice  # noqa: E402
from game.core import DEALING  # noqa: E402
from game.table import WaitKind, hint_action  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def shoot(app: App, out: Path, name: str) -> None:
    """The whole screen drawn now (not the last partial update)."""
    out.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(out / f"{name}.png"))


LONG = {
    "seats": ["Alexandra Q.", "Bartholomew", "Christopher", "Dominique Z."],
    "teams": ["North–South Dragons", "East–West Tigers"],
}


def _answer(table, wait) -> None:
    if wait.kind == WaitKind.DECLARE:
        table.driver.pass_declaration(wait.seat)
    elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
        table.driver.submit(hint_action(table.driver.hand, wait.seat, table.driver.hint_provider))


def saves(app: App, out: Path) -> None:
    app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, 0, [], "tournament", 10, 3, LONG))
    frames(app, 0.3)
    app.nav.leave(app.top)
    app.nav.start_match(
        MatchChoice("lanzhou-2010", ["human", "normal", "human", "normal"], 0, [0, 2], "practice", 60, 4, {})
    )
    frames(app, 0.3)
    app.nav.leave(app.top)
    frames(app, 0.2)
    shoot(app, out, "10-start-two-saves")
    app.top.resume()
    frames(app, 0.2)
    shoot(app, out, "11-continue-list")
    app.top.armed = 0
    app.dirty = True
    frames(app, 0.1)
    shoot(app, out, "12-continue-list-delete-asked")
    app.nav.start()


def hotseat(app: App, out: Path) -> None:
    app.nav.start_match(
        MatchChoice("hebi-2010", ["human", "human", "normal", "normal"], 0, [0, 1], "practice", 10, 21, {})
    )
    table = app.top
    shot = set()
    for _ in range(30000):
        name = type(app.top).__name__
        if name == "PrivacyScene":
            if "privacy" not in shot:
                shot.add("privacy")
                frames(app, 0.2)
                shoot(app, out, "20-hotseat-stop-privacy")
            click(app, (app.size[0] // 2, app.size[1] // 2))
            frames(app, 0.4)
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is None or table.locked or app.top is not table:
            app.step(1 / 60)
            continue
        if wait.kind != WaitKind.DECLARE or table.driver.hand.phase != DEALING:
            break
        tag = "with" if wait.options else "without"
        if tag not in shot:
            shot.add(tag)
            frames(app, 0.2)
            shoot(app, out, f"21-hotseat-stop-{tag}-option")
        click(app, table.controls[-1].rect.center)  # Pass
        if {"with", "without"} <= shot:
            break
    app.nav.start()


def header(app: App, out: Path) -> None:
    app.nav.start_match(MatchChoice("lanzhou-2010", ["normal"] * 4, 0, [], "tournament", 60, 3, LONG))
    table = app.top
    frames(app, 1.0)
    shoot(app, out, "30-lanzhou-header-long-names")
    table.driver.add_time(60 * 60)  # time up with the score tied: the dealer is drawn by lot
    for _ in range(600):
        banner = table.anim.banner
        if (banner is not None and "Extra" in banner[0]) or "加赛" in (banner or ("",))[0]:
            break
        app.step(1 / 60)
    frames(app, 0.2)
    shoot(app, out, "31-lanzhou-tie-drawn-by-lot")
    app.nav.start()


def table_part(app: App, out: Path) -> None:
    app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, 0, [], "practice", 10, 5, {}))
    table = app.top
    for _ in range(30000):
        anim = table.anim
        if (anim.declarations and any(d.seat == 0 for d in anim.declarations)) or anim.ctx is not None:
            break
        options = table.driver.declaration_options(0) if table.driver.hand.phase == DEALING else []
        if options:
            table.driver.declare(0, options[0])
        wait = None if table.busy else table.driver.waiting()
        if wait is not None:
            _answer(table, wait)
        app.step(1 / 60)
    frames(app, 0.3)
    shoot(app, out, "40-practice-bottom-declaration")
    for _ in range(40000):
        wait = None if table.busy else table.driver.waiting()
        if table.anim.lingering is not None and not table.anim.flights:
            break
        if wait is not None:
            _answer(table, wait)
        app.step(1 / 60)
    shoot(app, out, "41-practice-finished-trick-stays")
    app.nav.start()
    app.nav.start_match(MatchChoice("lanzhou-2010", ["normal"] * 4, 0, [], "practice", 60, 6, {}))
    table = app.top
    for _ in range(60000):
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY and len(table.driver.hand.tricks) <= 1:
            break
        if wait is not None:
            _answer(table, wait)
        app.step(1 / 60)
    frames(app, 0.5)
    shoot(app, out, "42-three-deck-hand")
    app.nav.start()


def names(app: App, out: Path) -> None:
    app.nav.edit_names()
    scene = app.top
    field = scene.fields[0][1]
    field.focus(True)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Bob the Very Long Name")])
    frames(app, 0.1)
    shoot(app, out, "50-names-cut")
    field.focus(False)
    app.nav.start()


PARTS = {"saves": saves, "hotseat": hotseat, "header": header, "table": table_part, "names": names}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/saves-hotseat-shots"))
    p.add_argument("--only", help="one size, WIDTHxHEIGHT")
    p.add_argument("--lang", help="one language")
    p.add_argument("--part", action="append", choices=sorted(PARTS))
    args = p.parse_args()
    pygame.display.init()
    pygame.font.init()
    sizes = SIZES if not args.only else (tuple(int(x) for x in args.only.split("x")),)
    for lang in [args.lang] if args.lang else ["en", "zh"]:
        for size in sizes:
            out = args.out / f"{lang}-{size[0]}x{size[1]}"
            data = args.out / f"data-{lang}-{size[0]}"
            shutil.rmtree(data, ignore_errors=True)
            pygame.display.set_mode(size)
            app = make_app(Options(lang=lang, speed=8.0, data_dir=data, size=size), pygame.display.get_surface())
            for part in args.part or list(PARTS):
                PARTS[part](app, out)
            print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
