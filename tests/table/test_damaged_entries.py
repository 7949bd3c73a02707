"""Files holding what the game never writes are never rewritten in silence (issue 40, item
5): the statistics' history and reviews, a save on a ruleset the game does not know. The
file is set aside (renamed, never deleted) with a notice, and what can be kept is kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.records import Records
from game.app.session import MatchChoice, Session, UnreadableSave
from game.app.storage import Storage
from game.i18n import set_language
from tests.standin_bots import standin_factory


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def session(folder: Path) -> Session:
    return Session(Storage(folder), bot_factory=standin_factory)


GOOD_HISTORY = {"ruleset": "hebi-2010", "won": True, "levels": 2, "defending": False, "points": 0}
GOOD_REVIEW = {"accuracy": 0.75, "mean_loss": 0.05, "decisions": 8}


@pytest.mark.parametrize(
    "key, junk",
    [
        ("history", [1, "x", None]),
        ("history", "not a list"),
        ("history", [{"ruleset": 5, "won": True, "levels": 2, "defending": False, "points": 0}]),
        ("reviews", {"a": 5}),
        ("reviews", ["not", "a", "table"]),
        ("reviews", {"hebi-2010": [{"accuracy": 7, "mean_loss": 0.1, "decisions": 3}]}),
    ],
)
def test_statistics_with_junk_entries_are_set_aside_and_the_good_ones_kept(tmp_path, key, junk):
    good: dict = {"history": [GOOD_HISTORY], "reviews": {"lanzhou-2010": [GOOD_REVIEW]}}
    if isinstance(junk, list) and key == "history":
        junk = good[key] + junk
    elif isinstance(junk, dict):
        junk = {**good[key], **junk}
    data = {"version": 1, "rulesets": {"hebi-2010": {"hands": 4, "hands_won": 3}}, **good, key: junk}
    path = tmp_path / "stats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    records = Records(tmp_path)
    assert records.stats()["hebi-2010"]["hands"] == 4
    (aside,) = tmp_path.glob("stats.json.broken-*")
    assert json.loads(aside.read_text(encoding="utf-8")) == data  # kept as it was
    assert len(records.notices) == 1 and "stats.json" in str(records.notices[0])
    # The good entries are kept, and written back: the next read finds nothing to say.
    again = Records(tmp_path)
    assert again.stats()["hebi-2010"] == records.stats()["hebi-2010"]
    assert again.history() == ([GOOD_HISTORY] if isinstance(data["history"], list) else [])
    assert again.review_history().get("lanzhou-2010") == ([GOOD_REVIEW] if isinstance(data["reviews"], dict) else None)
    assert again.notices == [] and len(list(tmp_path.glob("stats.json.broken-*"))) == 1


def test_statistics_the_game_wrote_are_read_without_a_word(tmp_path):
    records = Records(tmp_path)
    records.record_review("hebi-2010", 10, 7, 0.5)
    data = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    data["history"] = [GOOD_HISTORY]
    (tmp_path / "stats.json").write_text(json.dumps(data), encoding="utf-8")
    assert Records(tmp_path).history() == [GOOD_HISTORY]
    assert not list(tmp_path.glob("stats.json.broken-*"))
    del data["history"], data["reviews"]  # a file older than both
    (tmp_path / "stats.json").write_text(json.dumps(data), encoding="utf-8")
    older = Records(tmp_path)
    assert older.history() == [] and older.notices == [] and not list(tmp_path.glob("stats.json.broken-*"))


@pytest.mark.parametrize("place", [("match", "ruleset", "id"), ("table", "ruleset")])
def test_a_save_on_a_ruleset_the_game_does_not_know_is_set_aside_with_a_message(tmp_path, place):
    s = session(tmp_path)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0))
    for _ in range(150):  # the deal and the first tricks
        started.driver.advance()
    data = started.driver.save_data()
    node = data
    for part in place[:-1]:
        node = node[part]
    node[place[-1]] = "no-such-ruleset"
    s.storage.write_save(data)
    with pytest.raises(UnreadableSave) as refused:
        s.check_saved_match()
    assert "ruleset" in str(refused.value)
    message = s.set_aside(refused.value)
    assert "match.json.broken-" in message and not (tmp_path / "match.json").exists()
    assert list(tmp_path.glob("match.json.broken-*"))
