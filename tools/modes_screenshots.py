"""Screenshots of the play modes' screens, in both languages (no display needed).

    SDL_VIDEODRIVER=dummy python tools/modes_screenshots.py --out /tmp/modes-shots [--only 1280x800]

Hot-seat (the privacy screen while dealing, a person's private declaration, the privacy
screen before a play, the table turned to that person), practice (hint, a refused play
and a refused declaration naming the rules' section, the card counter, the last trick,
the hand so far, undo, replay this deal), tournament (the clocks, a clock running out),
the start screen (statistics, a save set aside), the names screen, the replay list and
the replay viewer at several steps. People play by scripted clicks; bots are ``bots``.
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

from game.app.session import MatchChoice, build_driver  # noqa: E402
from game.ui.kit.scene import App, Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

SIZES = ((1280, 800), (1024, 640), (1920, 1080))


def key(app: App, k: int) -> None:
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def shoot(app: App, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.draw()
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def until(app: App, test, limit: float = 120.0) -> bool:
    for _ in range(round(limit * 60)):
        if test():
            return True
        app.step(1 / 60)
    return False


def pick(app: App, scene, card) -> bool:
    for i, entry in enumerate(scene.hand_view.entries):
        if entry.card == card and not entry.selected:
            rect = scene.hand_view.rect_of(i)
            click(app, (rect.x + 6, rect.y + rect.h // 2))
            return True
    return False


def button(scene, label: str):
    return next((b for b in list(scene.controls) + list(getattr(scene, "tools", [])) if b.text == label), None)


def top_name(app) -> str:
    return type(app.top).__name__


# ---------------------------------------------------------------------------- hot-seat


def hotseat(app: App, out: Path) -> None:
    """South and East are people (opponents), North and West bots; hebi-2010, seed 21."""
    from game.core import PLAYING
    from game.table import WaitKind, hint_action

    app.nav.start_match(
        MatchChoice(
            "hebi-2010",
            ["human", "human", "normal", "normal"],
            0,
            [0, 1],
            "practice",
            10,
            21,
            {"seats": ["", "", "", ""], "teams": ["", ""]},
        )
    )
    table = app.top
    taken = set()
    for _ in range(40000):
        name = top_name(app)
        if name == "PrivacyScene":
            privacy = app.top
            kind = privacy.kind
            tag = f"privacy-{kind}"
            if tag not in taken:
                taken.add(tag)
                frames(app, 0.2)
                shoot(app, out, f"50-hotseat-{kind}-privacy")
            click(app, (app.size[0] // 2, app.size[1] // 2))
            frames(app, 0.5)
            continue
        if name in ("ModeHandEndScene", "HandEndScene"):
            frames(app, 1.5)
            shoot(app, out, "59-hotseat-hand-end")
            break
        wait = None if table.busy else table.driver.waiting()
        if wait is None or table.locked:
            app.step(1 / 60)
            if (
                table.locked
                and table.driver.hand.phase == PLAYING
                and "locked" not in taken
                and table.driver.hand.current_trick is not None
                and not table.busy
            ):
                taken.add("locked")
                shoot(app, out, "56-hotseat-locked-between-turns")
            continue
        if wait.kind == WaitKind.DECLARE:
            if "declare" not in taken:
                taken.add("declare")
                frames(app, 0.3)
                shoot(app, out, "51-hotseat-private-declare")
            pass_button = table.controls[-1]
            if table.driver.hand.dealt > 60 and "declared" not in taken:
                taken.add("declared")
                click(app, table.controls[0].rect.center)
            else:
                click(app, pass_button.rect.center)
            continue
        hand = table.driver.hand
        action = hint_action(hand, wait.seat, table.driver.hint_provider)
        if wait.kind == WaitKind.BURY:
            frames(app, 0.5)
            shoot(app, out, "52-hotseat-bury")
        for card in action.cards:
            pick(app, table, card)
        frames(app, 0.2)
        if wait.kind == WaitKind.PLAY and "play" not in taken and len(hand.tricks) >= 2:
            taken.add("play")
            shoot(app, out, f"53-hotseat-play-seat{wait.seat}")
        click(app, table.controls[-1].rect.center)
        if len(hand.tricks) >= 4 and "stop" not in taken:
            break
    frames(app, 0.3)


# ---------------------------------------------------------------------------- practice


def practice(app: App, out: Path) -> None:
    """One person at South; hints, why-not, counter, records, undo, replay the deal."""
    from game.core import DEALING, DECLARE, PLAY, Action
    from game.i18n import tr
    from game.table import WaitKind, hint_action

    app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, 0, length=10, seed=5))
    table = app.top
    taken = set()
    for _ in range(40000):
        if top_name(app) in ("ModeHandEndScene", "HandEndScene"):
            frames(app, 2.0)
            shoot(app, out, "69-practice-hand-end")
            again = app.top.again
            click(app, again.rect.center)
            frames(app, 0.2)
            shoot(app, out, "70-practice-replay-deal-dialog")
            click(app, app.top.seats[2].rect.center)  # from North this time
            frames(app, 1.0)
            shoot(app, out, "71-practice-replayed-deal-from-north")
            return
        hand = table.driver.hand
        if hand.phase == DEALING and hand.dealt > 40 and "try-declare" not in taken:
            # Raise two cards that cannot declare: the refusal names §8.
            taken.add("try-declare")
            obs = table.driver.observation(0)
            for card in obs.hand[:2]:
                pick(app, table, card)
            frames(app, 0.1)
            b = button(table, tr("practice.declare_selected"))
            if b is not None and hand.check(Action(DECLARE, 0, tuple(table.hand_view.selected))) is not None:
                click(app, b.rect.center)
                frames(app, 0.1)
                shoot(app, out, "60-practice-why-not-declare")
            table.hand_view.clear_selection()
            table.error = ""
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is None:
            app.step(1 / 60)
            continue
        if wait.kind == WaitKind.DECLARE:
            click(app, table.controls[-1].rect.center)
            continue
        obs = table.driver.observation(0)
        if wait.kind == WaitKind.BURY:
            key(app, pygame.K_h)
            frames(app, 0.3)
            shoot(app, out, "61-practice-hint-bury")
            click(app, table.controls[-1].rect.center)
            continue
        if obs.current is not None and "why" not in taken and len(obs.current.lead) == 1 and len(obs.tricks) >= 1:
            action = hint_action(hand, 0, table.driver.hint_provider)
            wrong = [c for c in obs.hand if hand.check(Action(PLAY, 0, (c,))) is not None][:1]
            if wrong:
                taken.add("why")
                pick(app, table, wrong[0])
                frames(app, 0.2)
                shoot(app, out, "62-practice-why-not-play")
                table.hand_view.clear_selection()
        if len(obs.tricks) >= 3 and "hint" not in taken:
            taken.add("hint")
            key(app, pygame.K_h)
            frames(app, 0.3)
            shoot(app, out, "63-practice-hint-play")
            counter = table.tools[1]
            click(app, counter.rect.center)
            frames(app, 0.2)
            shoot(app, out, "64-practice-card-counter")
            click(app, counter.rect.center)
            table.practice.open_last_trick()
            frames(app, 0.2)
            shoot(app, out, "65-practice-last-trick")
            key(app, pygame.K_ESCAPE)
            table.practice.open_hand_so_far()
            frames(app, 0.2)
            shoot(app, out, "66-practice-hand-so-far")
            key(app, pygame.K_ESCAPE)
            frames(app, 0.1)
        action = hint_action(hand, 0, table.driver.hint_provider)
        table.hand_view.clear_selection()
        for card in action.cards:
            pick(app, table, card)
        frames(app, 0.1)
        click(app, table.controls[-1].rect.center)
        if len(obs.tricks) == 5 and "undo" not in taken:
            until(app, lambda: not table.busy and table.driver.waiting() is not None, 20)
            taken.add("undo")
            shoot(app, out, "67-practice-before-undo")
            click(app, table.tools[0].rect.center)
            frames(app, 0.3)
            shoot(app, out, "68-practice-after-undo")


# ---------------------------------------------------------------------------- tournament


def tournament(app: App, out: Path, ruleset: str = "hebi-2010", seed: int = 8) -> None:
    from game.table import WaitKind, hint_action

    app.nav.start_match(MatchChoice(ruleset, ["normal"] * 4, 0, mode="tournament", seed=seed))
    table = app.top
    taken = set()
    for _ in range(40000):
        if top_name(app) in ("ModeHandEndScene", "HandEndScene"):
            return
        wait = None if table.busy else table.driver.waiting()
        if wait is None:
            app.step(1 / 60)
            continue
        if wait.kind == WaitKind.DECLARE:
            click(app, table.controls[-1].rect.center)
            continue
        if wait.kind == WaitKind.BURY:
            frames(app, 1.0)
            shoot(app, out, f"80-tournament-{ruleset}-bury-clock")
        if wait.kind == WaitKind.PLAY and "clock" not in taken:
            taken.add("clock")
            frames(app, 21.5)  # let the clock run down into its last seconds
            shoot(app, out, f"81-tournament-{ruleset}-play-clock")
            frames(app, 9.0)
            frames(app, 0.3)
            shoot(app, out, f"82-tournament-{ruleset}-timed-out")
            return
        action = hint_action(table.driver.hand, 0, table.driver.hint_provider)
        for card in action.cards:
            pick(app, table, card)
        click(app, table.controls[-1].rect.center)


# ---------------------------------------------------------------------------- menus, replays


def menus(app: App, out: Path) -> None:
    from game.ui.menus.menus import StartScene
    from game.ui.menus.names_scene import NamesScene
    from game.ui.menus.new_match import NewMatchScene

    app.reset(StartScene(app))
    frames(app, 0.1)
    shoot(app, out, "90-start-with-stats")
    # A save that cannot be read: moved aside, a message, the game goes on.
    app.storage.save_path.write_text('{"match": {"version": 7}}', encoding="utf-8")
    app.message = None
    app.reset(StartScene(app))
    frames(app, 0.1)
    shoot(app, out, "91-start-save-set-aside")
    app.message = None
    app.reset(StartScene(app))
    nm = NewMatchScene(app)
    app.push(nm)
    nm.levels[1] = "human"
    nm.levels[2] = "human"
    frames(app, 0.1)
    shoot(app, out, "92-new-match-hotseat")
    app.push(NamesScene(app))
    names = app.top
    field = names.fields[1][1]
    click(app, field.rect.center)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="老王")])
    click(app, names.fields[4][1].rect.center)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Tigers")])
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="龘")])
    frames(app, 0.1)
    shoot(app, out, "93-names")
    app.top.leave()
    nm.levels[1] = nm.levels[2] = "normal"


def replays(app: App, out: Path) -> None:
    from game.core import BURY, DECLARE, FINISH_DEAL
    from game.ui.coach.replays import ReplayListScene
    from game.ui.menus.menus import StartScene

    app.reset(StartScene(app))
    app.push(ReplayListScene(app))
    frames(app, 0.1)
    shoot(app, out, "94-replay-list")
    scene = app.top
    if not scene.items:
        return
    scene.open(0)
    viewer = app.top
    steps = viewer.replay.steps
    log = viewer.replay.hand.log
    marks = {"a-start": 0}
    for i, upto in enumerate(steps):
        kind = log[upto - 1].kind if upto else None
        if kind == DECLARE and "b-declared" not in marks:
            marks["b-declared"] = i
        if kind == FINISH_DEAL and "c-kitty" not in marks:
            marks["c-kitty"] = i
        if kind == BURY and "d-buried" not in marks:
            marks["d-buried"] = i
    marks["e-mid-trick"] = min(len(steps) - 1, marks.get("d-buried", 0) + 22)
    marks["f-end"] = len(steps) - 1
    for name, i in marks.items():
        viewer.go(i)
        frames(app, 0.05)
        shoot(app, out, f"95-replay-{name}")
    key(app, pygame.K_LEFT)
    frames(app, 0.05)
    shoot(app, out, "95-replay-g-one-back")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/modes-shots"))
    p.add_argument("--only", help="one size, WIDTHxHEIGHT")
    p.add_argument("--lang", help="one language")
    p.add_argument("--part", action="append", help="hotseat, practice, tournament, menus, replays")
    args = p.parse_args()
    pygame.display.init()
    pygame.font.init()
    sizes = SIZES[:1] if not args.only else (tuple(int(x) for x in args.only.split("x")),)
    parts = args.part or ["hotseat", "practice", "tournament", "menus", "replays"]
    for lang in [args.lang] if args.lang else ["en", "zh"]:
        for size in sizes:
            out = args.out / f"{lang}-{size[0]}x{size[1]}"
            data = args.out / f"data-{lang}-{size[0]}"
            shutil.rmtree(data, ignore_errors=True)
            opts = Options(lang=lang, speed=6.0, data_dir=data, size=size)
            pygame.display.set_mode(size)
            app = make_app(opts, pygame.display.get_surface())
            if "hotseat" in parts:
                hotseat(app, out)
            if "practice" in parts:
                practice(app, out)
            if "tournament" in parts:
                tournament(app, out)
                tournament(app, out, "lanzhou-2010", 3)
            if "replays" in parts or "menus" in parts:
                _stats(app)
            if "menus" in parts:
                menus(app, out)
            if "replays" in parts:
                replays(app, out)
            print(out)
    return 0


def _stats(app: App) -> None:
    """A finished hand or two, so statistics and replays have something to show."""
    from bots import make_bot
    from game.app.records import Records
    from game.core import Match, get_ruleset
    from game.table import make_controllers

    records = Records(app.storage.folder)
    for ruleset, seed in (("hebi-2010", 3), ("lanzhou-2010", 4)):
        match = Match(get_ruleset(ruleset), seed, 2)

        def over(h, s, seed=seed):
            records.add_replay(h, s.number, {}, "match", seed, [0])
            records.record_hand(h.ruleset.id, 0, h, s)

        controllers = make_controllers([], ["normal"] * 4, match.ruleset, seed, make_bot, threaded=False)
        driver = build_driver(match, controllers, on_hand_over=over)
        while not match.over and match.hands_played < 3:
            driver.run_until_wait()
            driver.next_hand()
        records.record_match(ruleset, 0, match.winner)


if __name__ == "__main__":
    sys.exit(main())
