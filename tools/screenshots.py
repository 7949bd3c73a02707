"""Save a screenshot of every screen, in both languages, at three window sizes.

    SDL_VIDEODRIVER=dummy python tools/screenshots.py --out /tmp/shots

Start, new match, settings, rules, the table while dealing (with the declare buttons),
burying, playing (a legal and an illegal choice), a failed throw when one comes up, the
end of a hand and the end of a match. A person sits at the bottom and plays by scripted
clicks; the bots are ``bots.make_bot`` (or the tests' stand-in with ``--standin``).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
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


def frames(app: App, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def until(app: App, test, limit: float = 120.0) -> bool:
    for _ in range(round(limit * 60)):
        if test():
            return True
        app.step(1 / 60)
    return False


def menus(app: App, out: Path) -> None:
    from game.ui.learning.rules_scene import RulesScene
    from game.ui.menus.menus import SettingsScene

    app.nav.start()
    frames(app, 0.1)
    shoot(app, out, "01-start")
    app.nav.new_match()
    frames(app, 0.1)
    shoot(app, out, "02-new-match")
    app.top.select(1)
    frames(app, 0.1)
    shoot(app, out, "03-new-match-lanzhou")
    app.reset(SettingsScene(app))
    frames(app, 0.1)
    shoot(app, out, "04-settings")
    app.reset(RulesScene(app, "hebi-2010"))
    frames(app, 0.1)
    shoot(app, out, "05-rules")
    for _ in range(12):
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)])
    shoot(app, out, "06-rules-scrolled")


def table(app: App, out: Path, ruleset: str, seed: int, prefix: str) -> None:
    """A person at seat 0 plays one hand by clicks; shots at each phase."""
    from game.core import DEALING, PLAY, Action, get_ruleset
    from game.table import WaitKind, default_action
    from game.ui.table.table_scene import TableScene

    app.nav.start_match(
        MatchChoice(ruleset, ["normal"] * 4, 0, length=get_ruleset(ruleset).match_options[0], seed=seed)
    )
    scene: TableScene = app.top
    taken = set()
    for _ in range(3000):
        if not app.running or not isinstance(app.top, TableScene):
            break
        wait = None if scene.busy else scene.driver.waiting()
        if scene.controls and "declare" not in taken and scene.driver.hand.phase == DEALING:
            taken.add("declare")
            shoot(app, out, f"{prefix}-a-declare-buttons")
            # Declaring first makes the person the dealer of the first hand: the kitty shows.
            click(app, scene.controls[0].rect.center)
            frames(app, 0.2)
            shoot(app, out, f"{prefix}-a-declared")
            continue
        if wait is None:
            app.step(1 / 60)
            if scene.driver.hand.phase == DEALING and "deal" not in taken and scene.anim.deck_left < 40:
                taken.add("deal")
                shoot(app, out, f"{prefix}-b-dealing")
            continue
        obs = scene.driver.observation(0)
        if wait.kind == WaitKind.DECLARE:
            if "declare-end" not in taken:
                taken.add("declare-end")
                shoot(app, out, f"{prefix}-c-declare-or-pass")
            click(app, scene.controls[0].rect.center)
        elif wait.kind == WaitKind.BURY:
            frames(app, 0.8)
            shoot(app, out, f"{prefix}-d-kitty-picked-up")
            for card in default_action(scene.driver.hand, 0).cards:
                pick(app, scene, card)
            frames(app, 0.3)
            shoot(app, out, f"{prefix}-e-bury-chosen")
            click(app, scene.controls[-1].rect.center)
        elif wait.kind == WaitKind.PLAY:
            cards = list(default_action(scene.driver.hand, 0).cards)
            throw = failing_throw(scene) if obs.current is None and "throw" not in taken else None
            if throw:
                taken.add("throw")
                for card in throw:
                    pick(app, scene, card)
                frames(app, 0.2)
                shoot(app, out, f"{prefix}-j-throw-chosen")
                click(app, scene.controls[-1].rect.center)
                frames(app, 0.9)
                shoot(app, out, f"{prefix}-k-throw-failed")
                frames(app, 1.2)
                shoot(app, out, f"{prefix}-l-throw-forced")
                continue
            if obs.current is not None and "illegal" not in taken and len(obs.current.lead) == 1:
                wrong = [c for c in obs.hand if c not in cards][:1]
                if wrong and scene.driver.hand.check(Action(PLAY, 0, tuple(wrong))) is not None:
                    taken.add("illegal")
                    pick(app, scene, wrong[0])
                    frames(app, 0.3)
                    shoot(app, out, f"{prefix}-f-illegal-choice")
                    scene.hand_view.clear_selection()
            for card in cards:
                pick(app, scene, card)
            # A click may raise a card's pair or tractor with it (following one): keep to the choice.
            scene.hand_view.select_cards(cards)
            frames(app, 0.3)
            if "legal" not in taken:
                taken.add("legal")
                shoot(app, out, f"{prefix}-g-legal-choice")
            click(app, scene.controls[-1].rect.center)
            if len(obs.tricks) == 3 and "trick" not in taken:
                until(app, lambda: len(scene.anim.flights) == 0 and any(scene.anim.piles), 5)
                frames(app, 0.5)
                taken.add("trick")
                shoot(app, out, f"{prefix}-h-trick")
        else:
            break
    frames(app, 2.5)
    shoot(app, out, f"{prefix}-i-hand-end")


def failing_throw(scene):
    """A lead of a whole suit that another hand can beat (the tool peeks; the game never does)."""
    from game.core import decompose, throw_outcome

    hand = scene.driver.hand
    mine = hand.hands[0]
    others = [hand.hands[s] for s in (1, 2, 3)]
    for suit in {hand.ctx.suit_of(c) for c in mine}:
        cards = [c for c in mine if hand.ctx.suit_of(c) == suit]
        if len(decompose(cards, hand.ctx)) > 1 and not throw_outcome(cards, others, hand.ctx).ok:
            return cards
    return None


def pick(app: App, scene, card) -> None:
    for i, entry in enumerate(scene.hand_view.entries):
        if entry.card == card and not entry.selected:
            rect = scene.hand_view.rect_of(i)
            click(app, (rect.x + 6, rect.y + rect.h // 2))
            return


def match_end(app: App, out: Path, name: str) -> None:
    from bots import make_bot
    from game.core import Match, get_ruleset
    from game.table import make_controllers
    from game.ui.table.results import MatchEndScene

    match = Match(get_ruleset("hebi-2010"), 9, 3)
    factory = app.options.bot_factory or make_bot
    driver = build_driver(match, make_controllers([], ["normal"] * 4, match.ruleset, 9, factory, threaded=False))
    while not match.over:
        driver.run_until_wait()
        driver.next_hand()
    app.reset(MatchEndScene(app, match, 0))
    frames(app, 1.5)
    shoot(app, out, name)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/shengji-shots"))
    p.add_argument("--standin", action="store_true", help="use the tests' stand-in bots")
    p.add_argument("--only", help="one size, WIDTHxHEIGHT")
    args = p.parse_args()
    factory = None
    if args.standin:
        from tests.standin_bots import standin_factory

        factory = standin_factory
    pygame.display.init()
    pygame.font.init()
    sizes = SIZES if not args.only else (tuple(int(x) for x in args.only.split("x")),)
    for lang in ("en", "zh"):
        for size in sizes:
            out = args.out / f"{lang}-{size[0]}x{size[1]}"
            opts = Options(lang=lang, speed=4.0, data_dir=args.out / "data", size=size, bot_factory=factory)
            pygame.display.set_mode(size)
            app = make_app(opts, pygame.display.get_surface())
            menus(app, out)
            table(app, out, "hebi-2010", 5, "10-hebi")
            table(app, out, "logistics-2015", 4, "30-logistics")
            if size == (1280, 800):
                table(app, out, "lanzhou-2010", 3, "20-lanzhou")
            match_end(app, out, "40-match-end")
            print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
