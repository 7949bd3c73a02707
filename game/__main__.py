"""``python -m game`` / ``shengji``: start the game (see ``--help`` for test and demo modes)."""

from __future__ import annotations

import argparse
from pathlib import Path
import sys
import time


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line, checked."""
    from game.core import BUILTIN_IDS  # late, like every import here: ``--help`` answers at once
    from game.table.seats import BOT_LEVELS

    p = argparse.ArgumentParser(prog="shengji", description="升级 Shengji (Tractor), an offline card game.")
    p.add_argument(
        "--version",
        action=_VersionAction,
        nargs=0,
        help="print the version and which search modules run compiled, then exit",
    )
    p.add_argument("--ruleset", choices=BUILTIN_IDS, help="the ruleset to preselect (or to autoplay)")
    p.add_argument("--seed", type=int, help="the match seed: the same seed deals the same cards")
    p.add_argument("--lang", choices=("zh", "en"), help="the language (overrides the setting)")
    p.add_argument("--autoplay", action="store_true", help="bots in all four seats")
    p.add_argument("--bot-level", default="normal", choices=BOT_LEVELS, help="the bots' level in --autoplay")
    p.add_argument("--hands", type=int, help="quit after this many hands")
    p.add_argument("--speed", type=float, help="animation speed factor (2 is twice as fast)")
    p.add_argument("--screenshot", type=Path, metavar="DIR", help="save a PNG at every phase change")
    p.add_argument("--monkey", type=int, default=0, metavar="N", help="feed N random clicks and keys")
    p.add_argument("--frame-stats", action="store_true", help="print frame-time percentiles at exit")
    p.add_argument("--data-dir", type=Path, help="keep settings and saves here")
    p.add_argument("--size", default="1280x800", help="the window size, WIDTHxHEIGHT")
    p.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar='N=external:"CMD"',
        help="seat N (0 South, 1 East, 2 North, 3 West) played by an outside program "
        "(docs/bot-protocol.md) or a bot level; repeat for several seats",
    )
    p.add_argument(
        "--external-ms",
        type=float,
        default=5000.0,
        metavar="MS",
        help="an outside program's time per decision, in milliseconds (default 5000)",
    )
    p.add_argument("--max-frames", type=int, help=argparse.SUPPRESS)
    # Tests only: --autoplay saves into --data-dir like a person's match, to be killed and resumed.
    p.add_argument("--autoplay-saves", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    seats = {}
    for text in args.seat:
        from bots.external import parse_seat_spec  # only when --seat is given

        try:
            seat, spec = parse_seat_spec(text)
        except ValueError as e:
            p.error(f"--seat: {e}")
        seats[seat] = spec
    args.seats = seats
    if args.external_ms <= 0:
        p.error("--external-ms must be above 0")
    try:
        w, h = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        p.error("--size must look like 1280x800")
    args.size = (max(1024, w), max(640, h))
    return args


class _VersionAction(argparse.Action):
    """``--version``: worked out only when asked (it imports the bots to see what is compiled)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from importlib.metadata import PackageNotFoundError, version

        from game.compiled import describe

        try:
            number = version("shengji")
        except PackageNotFoundError:  # a frozen executable carries no package metadata
            number = "(frozen)" if getattr(sys, "frozen", False) else "(not installed)"
        print(f"shengji {number}")
        print(describe())
        parser.exit()


def main(argv: list[str] | None = None) -> int:
    """Run the game; the exit status is 0 when all went well."""
    started = time.perf_counter()
    args = parse_args(argv)
    # pygame and the front end are imported only now: ``--help`` and a bad argument answer at
    # once, and pygame's greeting is hidden before pygame is first imported.
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.kit.scene import Options
    from game.ui.navigation import make_app
    from game.ui.table.table_scene import TableScene

    if not open_display(pygame):
        return 3
    pygame.font.init()
    release()
    options = Options(
        ruleset=args.ruleset,
        seed=args.seed,
        lang=args.lang,
        autoplay=args.autoplay,
        hands=args.hands,
        speed=args.speed,
        screenshot=args.screenshot,
        monkey=args.monkey,
        frame_stats=args.frame_stats,
        data_dir=args.data_dir,
        size=args.size,
        max_frames=args.max_frames,
        seats=args.seats,
        external_ms=args.external_ms,
        autoplay_saves=args.autoplay_saves,
    )
    app = make_app(options)
    first_scene(app, args.bot_level)
    app.step(0.0)
    pygame.display.flip()
    startup = time.perf_counter() - started
    code = app.run()
    for scene in app.stack:  # outside programs end with the game
        if isinstance(scene, TableScene):
            scene.driver.close()
    if args.frame_stats:
        print(f"startup to the first screen: {startup * 1000:.0f} ms")
        print(app.frame_report())
        if app.options.autoplay or app.options.monkey:
            print(f"hands played: {app.hands_done}")
        if app.options.monkey:
            print("screens seen: " + ", ".join(sorted(app.visited)))
    release()
    pygame.quit()
    return code


def open_display(pygame) -> bool:
    """Start SDL's video, or say on stderr that no display can be opened.

    SDL falls back on its invisible ``offscreen`` driver when no real display answers, and
    the game would then run for ever with no window; only the ``dummy`` driver, asked for by
    name (tests, headless autoplay), is a display chosen on purpose.
    """
    import os

    asked = os.environ.get("SDL_VIDEODRIVER", "").strip().lower()
    try:
        pygame.display.init()
        driver = pygame.display.get_driver()
    except pygame.error as e:
        driver, detail = "", str(e)
    else:
        detail = driver
        if (driver == "dummy" and asked == "dummy") or driver not in ("offscreen", "dummy"):
            return True
        pygame.display.quit()
    from game.i18n import table

    words = " / ".join(table(lang)["app.no_display"] for lang in ("en", "zh"))
    print(f"shengji: {words} ({detail})", file=sys.stderr)
    return False


def release() -> None:
    """Forget every cached font and image: they die with ``pygame.quit()``."""
    from game.ui.kit import (
        assets,  # the front end, imported late as in ``main``
        cardview,
        theme,
    )

    theme.clear_caches()
    cardview.forget_art()
    assets.clear_caches()


def first_scene(app, bot_level: str = "normal") -> None:
    """The start screen, or straight to a bots-only table with --autoplay."""
    app.nav.start()
    if app.options.autoplay:
        app.nav.autoplay(
            app.options.ruleset or "hebi-2010", app.options.seed if app.options.seed is not None else 1, bot_level
        )


if __name__ == "__main__":
    sys.exit(main())
