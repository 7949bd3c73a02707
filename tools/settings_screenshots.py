"""Screenshots of the settings and what they change, in both languages at three window
sizes: the start screen's statistics, the settings (defaults, and four colours with
large cards), the table's menu, a table in four colours with large cards (a raised pair and
a finished trick with its winner marked), the end of a hand with its celebration.

    SDL_VIDEODRIVER=dummy python tools/settings_screenshots.py --out /tmp/settings-shots

The bots are the tests' stand-in (quick and seeded), the statistics made up by a seeded
random record of 40 hands, written to a data folder under ``--out``.
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

from game.app.session import MatchChoice, build_driver  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

SIZES = ((1024, 640), (1280, 800), (1920, 1080))


def frames(app: App, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.dirty = True
    app.step(1 / 60)
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def key(app: App, k: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def made_up_record(folder: Path) -> None:
    """A seeded record of hands in two rulesets (statistics are per data folder)."""
    from types import SimpleNamespace

    from game.app.records import Records
    from game.core import HandSummary, Rank

    records = Records(folder)
    rng = random.Random(13)
    for i in range(40):
        ruleset = "hebi-2010" if i % 3 else "lanzhou-2010"
        dealer, up = rng.randrange(4), rng.randrange(2)
        levels = rng.choice((1, 1, 1, 2, 3))
        hand = SimpleNamespace(dealer=dealer, levels=(Rank.TWO, Rank.TWO))
        after = ["2", "2"]
        after[up] = Rank(2 + levels).label
        summary = HandSummary(
            i + 1, i, dealer, "2", "S", rng.randrange(0, 41) * 5, 200, 1, up, levels, (after[0], after[1])
        )
        records.record_hand(ruleset, 0, hand, summary)
        if i % 9 == 8:
            records.record_match(ruleset, 0, rng.randrange(2))


def screens(app: App, out: Path) -> None:
    from game.table import WaitKind
    from game.ui.menus.menus import SettingsScene

    app.nav.start()
    frames(app, 0.1)
    shoot(app, out, "01-start-statistics")
    app.reset(SettingsScene(app))
    frames(app, 0.1)
    shoot(app, out, "02-settings")
    st = app.settings
    st.card_colours, st.card_size = "four", "large"
    app.save_settings()
    frames(app, 0.1)
    shoot(app, out, "03-settings-four-large")
    app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, 0, length=10, seed=11))
    table = app.top
    from game.table import default_action

    shots = set()

    def step_game() -> None:
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            trick = table.driver.hand.current_trick
            if (
                "pair" not in shots
                and wait.kind == WaitKind.PLAY
                and trick is not None
                and trick.plays
                and len(trick.lead) == 2
                and trick.lead[0] == trick.lead[1]
            ):
                action = default_action(table.driver.hand, 0)
                if len(action.cards) == 2 and action.cards[0] == action.cards[1]:
                    view = table.hand_view
                    i = next(i for i, e in enumerate(view.entries) if e.card == action.cards[0])
                    r = view.rect_of(i)
                    pos = (r.x + 4, r.y + r.h // 2)
                    # One click: the whole pair rises.
                    app.step(
                        1 / 60,
                        [
                            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
                        ],
                    )
                    frames(app, 0.4)
                    shoot(app, out, "04-table-pair-raised-by-one-click")
                    shots.add("pair")
            table.driver.submit(default_action(table.driver.hand, 0))
        app.step(1 / 60)

    for _ in range(60 * 600):
        if type(app.top).__name__ in ("ModeHandEndScene", "HandEndScene"):
            break
        step_game()
        anim = table.anim
        if "trick" not in shots and anim.trick_number >= 6 and anim.winning_pile is not None and not anim.flights:
            shoot(app, out, "05-table-trick-won")
            key(app, pygame.K_ESCAPE)
            frames(app, 0.1)
            shoot(app, out, "06-table-menu")
            key(app, pygame.K_ESCAPE)
            shots.add("trick")
    frames(app, 0.3)
    shoot(app, out, "07-hand-end-kitty-turning")
    frames(app, 0.6)
    shoot(app, out, "08-hand-end")
    match_end(app, out)


def match_end(app: App, out: Path) -> None:
    from game.core import Match, get_ruleset
    from game.table import make_controllers
    from game.ui.table.results import MatchEndScene
    from tests.standin_bots import standin_factory

    match = Match(get_ruleset("hebi-2010"), 9, 2)
    driver = build_driver(
        match, make_controllers([], ["normal"] * 4, match.ruleset, 9, standin_factory, threaded=False)
    )
    while not match.over:
        driver.run_until_wait()
        driver.next_hand()
    app.reset(MatchEndScene(app, match, None))
    frames(app, 1.2)
    shoot(app, out, "09-match-end-confetti")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/settings-shots"))
    p.add_argument("--only", help="one size, WIDTHxHEIGHT")
    p.add_argument("--lang", choices=("en", "zh"), help="one language")
    args = p.parse_args()
    from tests.standin_bots import standin_factory

    pygame.display.init()
    pygame.font.init()
    sizes = SIZES if not args.only else (tuple(int(x) for x in args.only.split("x")),)
    for lang in (args.lang,) if args.lang else ("en", "zh"):
        for size in sizes:
            out = args.out / f"{lang}-{size[0]}x{size[1]}"
            data = args.out / "data" / f"{lang}-{size[0]}x{size[1]}"
            shutil.rmtree(data, ignore_errors=True)
            made_up_record(data)
            opts = Options(lang=lang, speed=4.0, data_dir=data, size=size, bot_factory=standin_factory)
            pygame.display.set_mode(size)
            app = make_app(opts, pygame.display.get_surface())
            screens(app, out)
            print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
