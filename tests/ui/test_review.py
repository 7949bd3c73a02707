"""The review screen: the analysis runs beside the frames, is kept with the replay and counted."""

import json

import pytest

from bots.analysis import Settings
from bots.bench.analysis import played_hand
from game.app.records import Records
from game.ui.coach import review
from game.ui.coach.review import ReviewScene
from tests.ui_helpers import key, make_app


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(review, "JOB_SETTINGS", Settings(samples=3, curve_samples=3))


def finish(app, scene, limit=4000):
    for _ in range(limit):
        app.step(1 / 60)
        if scene.job is None:
            return
    raise AssertionError("the analysis did not finish")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_review_runs_in_the_background_and_is_kept(tmp_path, quick, lang):
    hand = played_hand("hebi-2010", 5, ["normal"] * 4)
    path = Records(tmp_path).add_replay(hand, 1, {}, humans=[1])
    app = make_app(tmp_path, lang=lang)
    app.nav.start()
    app.nav.replays()
    app.top.open(0)
    app.top.open_review()
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 1
    app.step(1 / 60)  # a frame while the thread works
    assert scene.animating()
    finish(app, scene)
    assert scene.analysis is not None and scene.error is None
    kept = json.loads(path.read_text(encoding="utf-8"))["analysis"]["1"]
    assert kept["seat"] == 1 and kept["decisions"]
    stats = Records(tmp_path).stats()["hebi-2010"]
    assert stats["reviews"] == 1 and stats["review_decisions"] == len(scene.analysis.rated)
    # Stepping to the decisions; every one is drawn.
    key_n = __import__("pygame").K_n
    for _ in range(len(scene.analysis.decisions)):
        key(app, key_n)
        assert scene.decision_here() is not None
    # Reopened: instant, and not counted twice.
    app.pop()
    app.top.open_review()
    again = app.top
    assert again.job is None and again.analysis.to_json()["decisions"] == kept["decisions"]
    app.step(1 / 60)
    assert Records(tmp_path).stats()["hebi-2010"]["reviews"] == 1


def test_leaving_the_review_stops_the_thread(tmp_path, quick):
    hand = played_hand("hebi-2010", 6, ["normal"] * 4)
    Records(tmp_path).add_replay(hand, 1, {}, humans=[0])
    app = make_app(tmp_path)
    app.nav.start()
    app.nav.replays()
    app.top.open(0)
    app.top.open_review()
    scene = app.top
    key(app, __import__("pygame").K_ESCAPE)
    assert app.top is not scene
    if scene.job is not None:
        scene.job.thread.join(30)
        assert not scene.job.thread.is_alive() and scene.job.result is None


def play_to_hand_end(app, table, seat=0, limit=40000):
    import bots.hint
    from game.table import WaitKind, hint_action
    from game.ui.table.table_scene import TableScene

    for _ in range(limit):
        if type(app.top).__name__ == "ModeHandEndScene":
            return app.top
        if isinstance(app.top, TableScene):
            wait = None if table.busy else table.driver.waiting()
            if wait is not None and wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(seat)
            elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                table.driver.submit(hint_action(table.driver.hand, seat, bots.hint.hint))
        app.step(1 / 30)
    raise AssertionError("the hand did not end")


def test_review_button_on_the_end_of_hand_panel(tmp_path, quick):
    from tests.ui_helpers import click, start_match

    app = make_app(tmp_path, size=(1024, 640), speed=20.0)
    start_match(app, "logistics-2015", 9, 0, ["normal"] * 4, "practice", 60)
    end = play_to_hand_end(app, app.top)
    assert end.review is not None
    click(app, end.review.rect.center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 0
    assert scene.replay.path == app.session.last_replay
    finish(app, scene)
    assert scene.analysis is not None
    click(app, scene.back.rect.center)
    assert app.top is end


def test_match_end_sums_the_reviews_of_the_match(tmp_path):
    from game.core import Match, get_ruleset
    from game.ui.table.results import MatchEndScene

    hand = played_hand("hebi-2010", 8, ["normal"] * 4)
    records = Records(tmp_path)
    for seed, labels in ((7, ["best", "mistake", "unrated"]), (8, ["blunder"])):
        path = records.add_replay(hand, 1, {}, match_seed=seed, humans=[0])
        decisions = [
            {
                "kind": "play",
                "trick": 0,
                "played": ["3S"],
                "best": ["3S"],
                "loss": 0.5,
                "points_loss": 1,
                "label": label,
            }
            for label in labels
        ]
        assert Records.save_analysis(path, 0, {"seat": 0, "decisions": decisions})
    assert records.match_reviews(7, 0) == (1, 2, 1, 1.0)
    assert records.match_reviews(7, 1) == (0, 0, 0, 0.0)
    app = make_app(tmp_path)
    scene = MatchEndScene(app, Match(get_ruleset("hebi-2010"), 7, 10), 0)
    app.push(scene)
    app.step(1 / 60)
    assert scene.reviews == (1, 2, 1, 1.0)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_bots_only_replay_lets_the_player_pick_the_seat(tmp_path, quick, lang):
    from tests.ui_helpers import click

    hand = played_hand("hebi-2010", 5, ["normal"] * 4)
    Records(tmp_path).add_replay(hand, 1, {}, humans=[])
    Records(tmp_path).add_replay(hand, 2, {}, humans=[3])
    app = make_app(tmp_path, lang=lang)
    app.nav.start()
    app.nav.replays()
    app.top.open(1)  # the list shows the newest first: the bots-only hand is second
    viewer = app.top
    assert viewer.replay.meta.get("humans") == [] and viewer.seat_choice is not None
    app.step(1 / 60)
    click(app, viewer.seat_choice._segments()[2].center)
    assert viewer.review_seat == 2
    click(app, viewer.review.rect.center)
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.seat == 2
    app.step(1 / 60)  # the picker is not drawn over the review's panel
    scene.leave()
    app.pop()
    app.top.open(0)  # a person played this one: his seat, no picker
    assert app.top.seat_choice is None
    app.top.open_review()
    assert app.top.seat == 3
    app.top.leave()
