"""The new-match screen offers ``expert`` only on the rulesets where it measurably beats
``hard`` (``game.app.session.EXPERT_RULESETS``, from the arena's figures in bots/NOTES.md)."""

from __future__ import annotations

import pytest

from game.app import session
from game.app.session import BOT_LEVELS, offered_levels
from game.core import all_rulesets
from game.ui.menus.new_match import NewMatchScene
from tests.ui_helpers import make_app

WITHOUT_EXPERT = ("random", "easy", "normal", "hard")


def _index(scene: NewMatchScene, ruleset_id: str) -> int:
    return [r.id for r in scene.rulesets].index(ruleset_id)


def test_expert_is_offered_exactly_on_the_rulesets_listed():
    ids = {r.id for r in all_rulesets()}
    assert not session.EXPERT_RULESETS - ids  # no misspelt id
    for ruleset_id in ids:
        wanted = BOT_LEVELS if ruleset_id in session.EXPERT_RULESETS else WITHOUT_EXPERT
        assert offered_levels(ruleset_id) == wanted


def test_choosing_a_ruleset_without_expert_seats_hard_in_its_place(tmp_path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(session, "EXPERT_RULESETS", frozenset({"hebi-2010", "lanzhou-2010"}))
    scene = NewMatchScene(make_app(tmp_path))
    scene.select(_index(scene, "hebi-2010"))
    assert "expert" in scene.level_choices[1].options
    scene.levels = ["normal", "expert", "human", "expert"]
    scene.select(_index(scene, "logistics-2015"))
    assert all("expert" not in c.options for c in scene.level_choices)
    assert scene.levels == ["normal", "hard", "human", "hard"]
    scene.select(_index(scene, "lanzhou-2010"))
    assert all("expert" in c.options for c in scene.level_choices)
    assert scene.levels == ["normal", "hard", "human", "hard"]  # not changed back behind the player's back


def test_a_remembered_expert_seat_opens_as_hard_where_expert_is_not_offered(tmp_path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(session, "EXPERT_RULESETS", frozenset())
    app = make_app(tmp_path)
    app.settings.last_ruleset = "logistics-2015"
    app.settings.last_bots = ["normal", "expert", "expert", "human"]
    scene = NewMatchScene(app)
    assert scene.ruleset.id == "logistics-2015"
    assert scene.levels == ["normal", "hard", "hard", "human"]
    assert scene.level_choices[1].options == ["human", *WITHOUT_EXPERT]
