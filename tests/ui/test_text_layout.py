"""Every screen at three window sizes, in both languages, with long names: no drawn text may
overlap another or leave the window, and the table's top bar and info panels keep their
texts inside (issue 13, defect 4: "Score (Us) 0:0" ran into "Us Level 2").

Text drawing is instrumented: every ``blit_text`` of the game's screens records its rectangle
while one scene draws itself.
"""

from __future__ import annotations

import importlib
import pkgutil

import pygame
import pytest

from game.core import get_ruleset
from game.i18n import set_language
from game.table import WaitKind, hint_action
import game.ui
from game.ui import theme
from tests.ui_helpers import make_app, start_match

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]
LONG = {
    "seats": ["Alexandra Q.", "Bartholomew", "Christopher", "Dominique Z."],
    "teams": ["North–South Dragons", "East–West Tigers"],
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


class Recorder:
    def __init__(self):
        self.texts: list[tuple[str, pygame.Rect]] = []

    def install(self, monkeypatch):
        original = theme.blit_text

        def spy(surface, value, size, pos, colour=theme.INK, bold=False, anchor="topleft"):
            rect = original(surface, value, size, pos, colour, bold, anchor)
            if value.strip():
                self.texts.append((value, rect.copy()))
            return rect

        for info in pkgutil.iter_modules(game.ui.__path__):
            module = importlib.import_module(f"game.ui.{info.name}")
            if getattr(module, "blit_text", None) is original:
                monkeypatch.setattr(module, "blit_text", spy)
        monkeypatch.setattr(theme, "blit_text", spy)


@pytest.fixture
def recorder(monkeypatch):
    r = Recorder()
    r.install(monkeypatch)
    return r


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """A text's box without the font's line spacing above and below (a few pixels)."""
    pad = max(1, rect.h // 6)
    return rect.inflate(-2, -2 * pad)


def check_scene(recorder: Recorder, app, scene, where: str, panels=()) -> None:
    """Draw ``scene`` alone and check its texts."""
    surface = app.surface
    scene.layout(surface.get_size())
    recorder.texts.clear()
    scene.draw(surface)
    texts = list(recorder.texts)
    assert texts, f"{where}: no text was recorded"
    window = surface.get_rect()
    problems = []
    for text, rect in texts:
        if not window.contains(_ink(rect)):
            problems.append(f"{text!r} leaves the window: {rect}")
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1 :]:
            if a == b and abs(ra.x - rb.x) <= 2 and abs(ra.y - rb.y) <= 2:
                continue  # the same text drawn twice in place (an outline)
            if _ink(ra).colliderect(_ink(rb)):
                problems.append(f"{a!r} {ra} overlaps {b!r} {rb}")
    for name, panel in panels:
        for text, rect in texts:
            if panel.collidepoint(rect.center) and not panel.contains(_ink(rect)):
                problems.append(f"{text!r} {rect} leaves the {name} {panel}")
    assert not problems, f"{where}:\n" + "\n".join(problems[:12])


def _to_play(app, table, tricks=2, limit=60000):
    """Bots' moves for the person too, until a few tricks are played and the person must play."""
    for _ in range(limit):
        wait = None if table.busy else table.driver.waiting()
        hand = table.driver.hand
        if (
            wait is not None
            and wait.kind == WaitKind.PLAY
            and len(hand.tricks) >= tricks
            and hand.current_trick is not None
        ):
            return
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            table.driver.submit(hint_action(hand, wait.seat, table.driver.hint_provider))
        app.step(1 / 30)
    raise AssertionError("no play came")


def _table_panels(table):
    view = table.view
    bar = pygame.Rect(0, 0, table.lay.width, table.lay.bar_h)
    return [("top bar", bar), ("trump panel", view.info_rect(False)), ("points panel", view.info_rect(True))]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_menus_keep_their_texts_apart(tmp_path, recorder, size, lang):
    app = make_app(tmp_path, lang=lang, size=size, speed=8.0)
    app.settings.last_names = list(LONG["seats"])
    app.settings.last_teams = list(LONG["teams"])
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "tournament", 10, names=LONG)
    app.nav.leave(app.top)
    start_match(
        app, "lanzhou-2010", 4, 0, ["human", "normal", "human", "normal"], "practice", 60, humans=[0, 2], names=LONG
    )
    app.nav.leave(app.top)
    check_scene(recorder, app, app.top, f"start {lang} {size}")
    app.nav.saved_matches()
    check_scene(recorder, app, app.top, f"saved matches {lang} {size}")
    app.nav.start()
    for open_, name in (
        (app.nav.new_match, "new match"),
        (app.nav.edit_names, "names"),
        (app.nav.settings, "settings"),
        (app.nav.replays, "replays"),
    ):
        open_()
        check_scene(recorder, app, app.top, f"{name} {lang} {size}")
        app.nav.start()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(
    "ruleset_id, mode", [("hebi-2010", "practice"), ("lanzhou-2010", "tournament"), ("logistics-2015", "tournament")]
)
def test_the_table_keeps_its_texts_apart(tmp_path, recorder, size, lang, ruleset_id, mode):
    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    start_match(app, ruleset_id, 3, 0, ["normal"] * 4, mode, get_ruleset(ruleset_id).match_options[0], names=LONG)
    table = app.top
    check_scene(recorder, app, table, f"{ruleset_id} dealing {lang} {size}", _table_panels(table))
    _to_play(app, table)
    table.anim.banner = None  # a passing banner may lie over the felt's texts
    table.notice = None
    check_scene(recorder, app, table, f"{ruleset_id} playing {lang} {size}", _table_panels(table))
    if table.driver.aids.last_trick:
        app.nav.hand_record(table, True)
        check_scene(recorder, app, app.top, f"last trick {lang} {size}")
        app.pop()
    if table.driver.aids.undo:
        app.nav.ask_deal_again(*table.driver.deal(), table.driver.settings, 0)
        check_scene(recorder, app, app.top, f"replay this deal {lang} {size}")
        app.pop()
    app.nav.ask_leave(table)
    check_scene(recorder, app, app.top, f"leave dialog {lang} {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_hotseat_privacy_screen_keeps_its_texts_apart(tmp_path, recorder, size, lang):
    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    start_match(
        app, "hebi-2010", 3, 0, ["human", "human", "normal", "normal"], "practice", 10, humans=[0, 1], names=LONG
    )
    for _ in range(20000):
        if type(app.top).__name__ == "PrivacyScene":
            break
        app.step(1 / 30)
    check_scene(recorder, app, app.top, f"privacy {lang} {size}")


def _to_hand_end(app, table, limit=60000):
    """Hints for the person until the end-of-hand panel shows."""
    for _ in range(limit):
        if type(app.top).__name__ == "ModeHandEndScene":
            return app.top
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            table.driver.submit(hint_action(table.driver.hand, wait.seat, table.driver.hint_provider))
        app.step(1 / 30)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_end_panels_rules_and_lessons_keep_their_texts_apart(tmp_path, recorder, size, lang):
    from game.table import make_controllers
    from game.ui.results import MatchEndScene
    from tests.standin_bots import standin_factory

    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    start_match(app, "logistics-2015", 5, 0, ["normal"] * 4, "practice", 60, names=LONG)
    end = _to_hand_end(app, app.top)
    end.update(3.0)  # the level tween and the kitty shown
    check_scene(recorder, app, end, f"hand end {lang} {size}")
    table = end.table
    app.nav.hand_record(table, False)
    check_scene(recorder, app, app.top, f"hand so far {lang} {size}")
    from game.records import Records
    from game.ui.replays import ReplayScene

    ((path, _),) = Records(tmp_path).list_replays()
    viewer = ReplayScene(app, Records.load(path))
    app.push(viewer)
    for step in (0, len(viewer.replay.steps) // 2, len(viewer.replay.steps) - 1):
        viewer.go(step)
        check_scene(recorder, app, viewer, f"replay step {step} {lang} {size}")
    bots_only = Records.load(path)
    bots_only.meta["humans"] = []  # as the arena's recordings: the seat picker for the review
    picker = ReplayScene(app, bots_only)
    app.push(picker)
    assert picker.seat_choice is not None
    picker.go(len(picker.replay.steps) - 1)
    check_scene(recorder, app, picker, f"bots-only replay {lang} {size}")
    app.nav.rules("lanzhou-2010")
    check_scene(recorder, app, app.top, f"rules {lang} {size}")
    app.nav.learn()
    check_scene(recorder, app, app.top, f"learn {lang} {size}")
    app.nav.trainer()
    check_scene(recorder, app, app.top, f"trainer {lang} {size}")
    from game.core import Match
    from game.session import build_driver

    match = Match(get_ruleset("hebi-2010"), 9, 3)
    driver = build_driver(
        match, make_controllers([], ["normal"] * 4, match.ruleset, 9, standin_factory, threaded=False)
    )
    while not match.over:
        driver.run_until_wait()
        driver.next_hand()
    scene = MatchEndScene(app, match, 0)
    app.reset(scene)
    scene.update(4.0)
    check_scene(recorder, app, scene, f"match end {lang} {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tournament_screens_keep_their_texts_apart(tmp_path, recorder, size, lang):
    """Issue 28: the setup (with an event to continue), the draw, the group tables, the
    bracket with results in, the prize-giving with its certificate."""
    from tests.ui.test_tournament_ui import board_until_ready, play_match

    app = make_app(tmp_path, lang=lang, size=size, speed=20.0, seed=5)
    app.nav.tournament()
    app.top.value.update(ruleset="hebi-2010", size=16, format="groups", practice=True)
    app.top.begin()
    board = app.top
    board.update(2.0)  # the draw half done
    check_scene(recorder, app, board, f"tournament draw {lang} {size}")
    board.skip_draw()
    for _ in range(30):
        app.step(1 / 30)
    check_scene(recorder, app, board, f"tournament groups {lang} {size}")
    app.nav.start()
    app.nav.tournament()
    check_scene(recorder, app, app.top, f"tournament setup {lang} {size}")
    app.top.value.update(ruleset="hebi-2010", size=8, format="knockout", practice=True)
    app.top.begin()
    app.top.skip_draw()
    for _ in range(4):
        board_until_ready(app)
        if type(app.top).__name__ == "PrizeScene":
            break
        check_scene(recorder, app, app.top, f"tournament bracket {lang} {size}")
        app.nav.play_event_match()
        play_match(app)
    for _ in range(2000):
        if type(app.top).__name__ == "PrizeScene":
            break
        app.step(1 / 30)
    check_scene(recorder, app, app.top, f"tournament prizes {lang} {size}")
