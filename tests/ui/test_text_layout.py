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
from game.ui.kit import theme, widgets
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
    """Every text drawn (``blit_text``), every panel (``theme.panel``) and every button, in
    the order drawn: a text under a panel drawn later is hidden, a text half in a panel runs
    out of it (or into it), a label must stay inside its button."""

    def __init__(self):
        self.texts: list[tuple[str, pygame.Rect]] = []
        self.drawn: list[tuple[str, object, pygame.Rect]] = []  # ("text" | "panel", what, rect)
        self.labels: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # a button's label, its box

    def clear(self) -> None:
        self.texts.clear()
        self.drawn.clear()
        self.labels.clear()

    def install(self, monkeypatch):
        original = theme.blit_text
        original_panel = theme.panel
        original_button = widgets.Button.draw
        button: list[pygame.Rect] = []

        def spy(surface, value, size, pos, colour=theme.INK, bold=False, anchor="topleft"):
            rect = original(surface, value, size, pos, colour, bold, anchor)
            if value.strip():
                self.texts.append((value, rect.copy()))
                # What shows of it: a scrolled page clips its lines to the page.
                seen = rect.clip(surface.get_clip())
                if seen.h >= rect.h // 2:
                    self.drawn.append(("text", value, seen))
                if button:
                    self.labels.append((value, rect.copy(), button[-1]))
            return rect

        def panel_spy(surface, rect, *args, **kwargs):
            original_panel(surface, rect, *args, **kwargs)
            self.drawn.append(("panel", None, pygame.Rect(rect)))

        def button_spy(widget, surface):
            if widget.visible and widget.rect.w > 0:
                self.drawn.append(("panel", widget, widget.rect.copy()))
            button.append(widget.rect.copy())
            try:
                original_button(widget, surface)
            finally:
                button.pop()

        for info in pkgutil.walk_packages(game.ui.__path__, "game.ui."):
            module = importlib.import_module(info.name)
            if getattr(module, "blit_text", None) is original:
                monkeypatch.setattr(module, "blit_text", spy)
        monkeypatch.setattr(theme, "blit_text", spy)
        monkeypatch.setattr(theme, "panel", panel_spy)
        monkeypatch.setattr(widgets.Button, "draw", button_spy)


@pytest.fixture
def recorder(monkeypatch):
    r = Recorder()
    r.install(monkeypatch)
    return r


def _ink(rect: pygame.Rect) -> pygame.Rect:
    """A text's box without the font's line spacing above and below (a few pixels)."""
    pad = max(1, rect.h // 6)
    return rect.inflate(-2, -2 * pad)


def _panel_problems(recorder: Recorder) -> list[str]:
    """Texts hidden under a panel drawn after them, texts across a panel's edge, labels out
    of their buttons (issue 26, items 10 to 12)."""
    problems = []
    drawn = recorder.drawn
    for i, (kind, what, rect) in enumerate(drawn):
        if kind != "text":
            continue
        ink = _ink(rect)
        for later_kind, _, box in drawn[i + 1 :]:
            if later_kind == "panel" and ink.colliderect(box):
                problems.append(f"{what!r} {rect} is hidden under a panel {box}")
                break
        for earlier_kind, _, box in drawn[:i]:
            # A panel under the text: the text lies wholly in it, or wholly outside.
            if earlier_kind == "panel" and ink.colliderect(box) and not box.contains(ink):
                problems.append(f"{what!r} {rect} runs across the edge of a panel {box}")
                break
    for label, rect, box in recorder.labels:
        # A button lower than its label's line clips the letters (Large cards squashed the tools).
        if not box.contains(_ink(rect)) or box.h < rect.h:
            problems.append(f"the label {label!r} {rect} leaves its button {box}")
    return problems


def check_scene(recorder: Recorder, app, scene, where: str, panels=()) -> None:
    """Draw ``scene`` alone and check its texts."""
    surface = app.surface
    scene.layout(surface.get_size())
    recorder.clear()
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
    problems += _panel_problems(recorder)
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
    from game.ui.table.results import MatchEndScene
    from tests.standin_bots import standin_factory

    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    start_match(app, "logistics-2015", 5, 0, ["normal"] * 4, "practice", 60, names=LONG)
    end = _to_hand_end(app, app.top)
    end.update(3.0)  # the level tween and the kitty shown
    check_scene(recorder, app, end, f"hand end {lang} {size}")
    table = end.table
    app.nav.hand_record(table, False)
    check_scene(recorder, app, app.top, f"hand so far {lang} {size}")
    from game.app.records import Records
    from game.ui.coach.replays import ReplayScene

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
    from game.app.session import build_driver
    from game.core import Match

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


def _refused_follow(table):
    """A card of the person's the rules refuse now, with the why-not words (None: all may go)."""
    for entry in table.hand_view.entries:
        refusal = table.driver.check(0, (entry.card,))
        if refusal is not None:
            return table.person.words(refusal)
    return None


def _shown(recorder: Recorder, words: str) -> bool:
    """Were ``words`` drawn whole, on one line or wrapped over several?"""
    drawn = "".join(text for text, _ in recorder.texts).replace(" ", "")
    return words.replace(" ", "") in drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_open_panels_keep_clear_of_the_texts(tmp_path, recorder, size, lang):
    """Issue 26, items 10 and 11: the why-not line under the open card counter, the declaring
    refusal over the person's plate, the practice tools squashed with Large cards."""
    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    app.settings.card_size = "large"
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 60, names=LONG)
    table = app.top
    for _ in range(3000):
        if len(table.driver.hand.hands[0]) >= 8 and not table.busy:
            break
        app.step(1 / 30)
    # A pair of side cards cannot open the bidding: the refusal's long words, with the section.
    plain = [c for c in table.driver.hand.hands[0] if not c.is_joker and c.rank not in table.driver.hand.levels][:2]
    refusal = table.driver.declare(0, tuple(plain))
    assert refusal is not None
    table.error = table.person.words(refusal)
    table.anim.banner = None
    check_scene(recorder, app, table, f"declaring refused {lang} {size}", _table_panels(table))
    assert _shown(recorder, table.error)
    table.error = ""
    _to_play(app, table)
    table.anim.banner = None
    table.notice = None
    table.practice.show_counter = True
    words = _refused_follow(table)
    if words is not None:
        table.error = words
    table.practice.hint_line = "x " * 80
    check_scene(recorder, app, table, f"counter and why-not {lang} {size}", _table_panels(table))
    assert words is None or _shown(recorder, words)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_review_header_keeps_its_texts_in(tmp_path, recorder, size, lang, monkeypatch):
    """Issue 26, item 12: the header box of the review ("Trump: Not declared ye…", the teams'
    levels under North's box, "1 cards")."""
    from bots.analysis import Settings
    from bots.bench.analysis import played_hand
    from game.app.records import Records
    from game.ui.coach import review
    from game.ui.coach.review import ReviewScene

    monkeypatch.setattr(review, "JOB_SETTINGS", Settings(samples=3, curve_samples=3))
    hand = played_hand("hebi-2010", 5, ["normal"] * 4)
    path = Records(tmp_path).add_replay(hand, 1, LONG, humans=[1])
    app = make_app(tmp_path, lang=lang, size=size)
    scene = ReviewScene(app, Records.load(path), 1)
    app.push(scene)
    for step in (0, 1, len(scene.replay.steps) - 2, len(scene.replay.steps) - 1):
        scene.go(step)
        check_scene(recorder, app, scene, f"review step {step} {lang} {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_coach_screens_keep_their_texts_apart(tmp_path, recorder, size, lang):
    """Issue 27: the Puzzles screen, a puzzle of each kind before and after its answer, the
    statistics with charts, the start screen with its Puzzles entry."""
    from bots.bench.analysis import played_hand
    from game.app.records import Records
    from game.learn.puzzles import Puzzle, PuzzleStore
    from game.ui.learning.puzzle_board import parse
    from game.ui.learning.puzzle_scenes import PuzzleRunScene
    from tests.coach_helpers import hand_and_puzzles

    store = PuzzleStore.load(tmp_path)
    shown: dict[str, Puzzle] = {}
    for ruleset, seed, first in (("hebi-2010", 350, False), ("lanzhou-2010", 351, True)):
        for item in hand_and_puzzles(ruleset, seed, first_hand=first, every=4)[2]:
            p = store.add(item)
            if p is not None:
                shown.setdefault(p.kind, p)
    store.save()
    assert set(shown) == {"lead", "follow", "bury", "declare"}, set(shown)
    records = Records(tmp_path)
    for i in range(12):
        records.record_review("hebi-2010", 20, 10 + i // 2, 8.0 - i / 2, (10 + i // 2) / 20)
    app = make_app(tmp_path, lang=lang, size=size)
    app.nav.start()
    check_scene(recorder, app, app.top, f"start {lang} {size}")
    app.nav.puzzles()
    check_scene(recorder, app, app.top, f"puzzles {lang} {size}")
    for kind, p in shown.items():
        scene = PuzzleRunScene(app, [p, p])
        app.push(scene)
        check_scene(recorder, app, scene, f"puzzle {kind} {lang} {size}")
        scene.board.answer(parse(p.played))
        check_scene(recorder, app, scene, f"puzzle {kind} answered {lang} {size}")
        app.pop()
    app.nav.statistics()
    check_scene(recorder, app, app.top, f"statistics {lang} {size}")
    # The review with Try again and the engine's view, on a kept analysis (no search here).
    from bots.analysis import Analysis
    from tests.coach_helpers import fake_decisions

    hand = played_hand("hebi-2010", 41, ["random", "normal", "normal", "normal"])
    path = Records(tmp_path).add_replay(hand, 1, {}, humans=[0])
    decisions = fake_decisions(hand, 0, every=4)
    Records.save_analysis(path, 0, Analysis(0, decisions, curve=[0.0] * (len(hand.tricks) + 1)).to_json())
    app.nav.review(Records.load(path), 0)
    review = app.top
    review.go(review.replay.steps.index(decisions[0].step))
    check_scene(recorder, app, review, f"review {lang} {size}")
    review.toggle_engine()
    check_scene(recorder, app, review, f"engine's view {lang} {size}")


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


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_tournament_board_score_keeps_its_texts_apart(tmp_path, recorder, size, lang):
    """Issue 28: a person's duplicate board scored, both tables' results and the match's."""
    from tests.ui.test_tournament_ui import board_until_ready, play_board

    app = make_app(tmp_path, lang=lang, size=size, speed=20.0, seed=5)
    app.nav.tournament()
    app.top.value.update(ruleset="hebi-2010", size=4, format="duplicate", player="bot-partner", practice=True)
    app.top.begin()
    app.top.skip_draw()
    board_until_ready(app)
    app.nav.play_event_match()
    panel = play_board(app)
    check_scene(recorder, app, panel, f"tournament board score {lang} {size}")
