"""Duplicate practice at the table: the choice, both results side by side, the score, both reviews."""

import pytest

from bots.analysis import Settings
from game.app.records import Records
from game.app.session import MatchChoice
from game.ui.coach import review
from game.ui.coach.review import ReviewScene
from game.ui.menus.new_match import NewMatchScene
from tests.ui.test_review import play_to_hand_end
from tests.ui_helpers import click, make_app


@pytest.fixture
def quick(monkeypatch):
    monkeypatch.setattr(review, "JOB_SETTINGS", Settings(samples=2, curve_samples=2))


def test_new_match_offers_duplicate_practice(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    app.nav.start()
    app.nav.new_match()
    scene = app.top
    assert isinstance(scene, NewMatchScene) and scene.duplicate == "off"
    chosen = []
    monkeypatch.setattr(app.nav, "start_match", chosen.append)
    click(app, scene.duplicate_choice._segments()[1].center)
    assert scene.duplicate == "hard"
    scene.begin()
    assert chosen[0].duplicate == "hard"
    # The next new-match screen, and the next start of the game, open with that choice.
    assert app.settings.last_duplicate == "hard"
    app.nav.new_match()
    assert app.top.duplicate == "hard"
    again = make_app(tmp_path)
    again.nav.start()
    again.nav.new_match()
    assert again.top.duplicate == "hard"
    monkeypatch.setattr(again.nav, "start_match", chosen.append)
    click(again, again.top.duplicate_choice._segments()[0].center)
    again.top.begin()
    assert chosen[-1].duplicate is None and again.settings.last_duplicate == "off"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_duplicate_deal_side_by_side(tmp_path, quick, lang):
    app = make_app(tmp_path, size=(1024, 640), speed=20.0, lang=lang)
    app.nav.start_match(MatchChoice("logistics-2015", ["normal"] * 4, 0, [0], "practice", 60, 9, {}, "normal"))
    table = app.top
    end = play_to_hand_end(app, table)
    assert end.duplicates and end.both is not None
    job = end.duplicates[0]
    job.thread.join(60)
    app.step(1 / 30)
    c = job.comparison
    assert c is not None and job.replay is not None
    assert job.hand.setup == end.hand.setup and job.hand.log[0] == end.hand.log[0]
    lines = [text for text, _ in end.duplicate_lines()]
    assert str(c.bot.points) in lines[0] and len(lines) == 2
    row = Records(tmp_path).stats()["logistics-2015"]
    assert row["duplicate_deals"] == 1 and row["duplicate_levels"] == c.levels
    assert table.driver.settings.extra["duplicate_score"]["0"] == [1, c.levels, c.points]
    click(app, end.both.rect.center)
    mine = app.top
    assert isinstance(mine, ReviewScene) and mine.companion is not None
    click(app, mine.other.rect.center)
    bots = app.top
    assert isinstance(bots, ReviewScene) and bots.replay.path == job.replay and bots.seat == 0
    click(app, bots.back.rect.center)
    assert app.top is end
