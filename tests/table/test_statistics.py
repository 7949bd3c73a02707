"""Statistics: per ruleset, matches and hands played and won, levels per hand, points as
defenders, and the last hands for a chart (no pygame)."""

import json
from types import SimpleNamespace

import pytest

from game.app.records import MAX_HISTORY, Records
from game.core import HandSummary, Rank


def hand_and_summary(dealer: int, up_team: int, up_levels: int, points: int, before=("2", "2")):
    levels = tuple(Rank.parse(x) for x in before)
    after = list(before)
    after[up_team] = Rank(int(levels[up_team]) + up_levels).label
    hand = SimpleNamespace(dealer=dealer, levels=levels)
    summary = HandSummary(1, 7, dealer, before[dealer % 2], "S", points, 200, 1, up_team, up_levels, tuple(after))
    return hand, summary


def test_hands_matches_levels_and_defence_add_up(tmp_path):
    records = Records(tmp_path)
    # We deal and go up 2; they deal and we defend with 85 and go up 1; we defend with 20, they go up 1.
    for dealer, up, levels, points in ((0, 0, 2, 10), (1, 0, 1, 85), (3, 1, 1, 20)):
        records.record_hand("hebi-2010", 0, *hand_and_summary(dealer, up, levels, points))
    records.record_hand("lanzhou-2010", 0, *hand_and_summary(0, 1, 3, 160))
    records.record_match("hebi-2010", 0, 0)
    records.record_match("hebi-2010", 0, 1)
    hebi = records.stats()["hebi-2010"]
    assert hebi == {
        "matches": 2,
        "matches_won": 1,
        "hands": 3,
        "hands_won": 2,
        "levels": 3,
        "defended": 2,
        "defender_points": 105,
    } | {k: 0 for k in hebi if k.startswith(("review", "duplicate"))}
    lines = records.lines()
    assert [line.ruleset for line in lines] == ["hebi-2010", "lanzhou-2010"]
    assert lines[0].levels_per_hand == pytest.approx(1.0)
    assert lines[0].points_per_defence == pytest.approx(52.5)
    assert lines[0].hand_rate == pytest.approx(2 / 3)
    assert lines[1].defended == 0 and lines[1].points_per_defence == 0.0  # they defended, not us
    history = records.history()
    assert [h["levels"] for h in history] == [2, 1, -1, -3]
    assert [h["defending"] for h in history] == [False, True, True, False]
    assert [h["ruleset"] for h in history][-1] == "lanzhou-2010"


def test_history_keeps_the_last_hands_only(tmp_path):
    records = Records(tmp_path)
    for i in range(MAX_HISTORY + 5):
        records.record_hand("hebi-2010", 0, *hand_and_summary(0, i % 2, 1, 40))
    assert len(records.history()) == MAX_HISTORY
    assert records.stats()["hebi-2010"]["hands"] == MAX_HISTORY + 5


def test_old_and_damaged_files_read_as_zeros(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text(json.dumps({"version": 1, "rulesets": {"hebi-2010": {"matches": 3, "hands": 9, "levels": 4}}}))
    records = Records(tmp_path)
    assert records.stats()["hebi-2010"]["defended"] == 0 and records.history() == []
    # A damaged entry of the history is skipped; the counts are kept.
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "rulesets": {"hebi-2010": {"hands": 4}},
                "history": [{"ruleset": "x", "levels": "up"}, 5, {"ruleset": "y", "levels": 2}],
            }
        )
    )
    assert records.stats()["hebi-2010"]["hands"] == 4
    assert [h["ruleset"] for h in records.history()] == ["y"]
    # Counts that cannot be used: the file is set aside (issue 14), and reads as nothing.
    path.write_text(json.dumps({"version": 1, "rulesets": {"hebi-2010": {"hands": -4, "levels": True}}}))
    assert records.stats() == {} and records.history() == [] and records.lines() == []
    assert list(tmp_path.glob("stats.json.broken-*"))
    path.write_text("[")
    assert records.stats() == {} and records.history() == [] and records.lines() == []


def test_writers_in_several_threads_lose_nothing(tmp_path, monkeypatch):
    """Duplicate practice and the review count from worker threads while the table counts
    from the main one: every update lands, and replays kept in memory are written once."""
    import threading

    import game.app.records as records_module

    records = Records(tmp_path)
    real_write = records_module.atomic_write_json

    def slow_write(path, data):  # widen the window a lost update needs
        threading.Event().wait(0.001)
        real_write(path, data)

    monkeypatch.setattr(records_module, "atomic_write_json", slow_write)
    records.pending.extend((tmp_path / f"kept-{i}.json", {"n": i}) for i in range(20))

    def count(n: int) -> None:
        for _ in range(n):
            records.record_duplicate("hebi-2010", 1, 5)
            records.flush()

    threads = [threading.Thread(target=count, args=(15,)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    row = records.stats()["hebi-2010"]
    assert (row["duplicate_deals"], row["duplicate_levels"], row["duplicate_points"]) == (60, 60, 300)
    assert not records.pending
    assert sorted(p.name for p in tmp_path.glob("kept-*.json")) == sorted(f"kept-{i}.json" for i in range(20))


def test_reviewed_hands_keep_accuracy_and_mean_loss_per_ruleset(tmp_path):
    """Issue 27 item 6: the data of the accuracy chart, per ruleset, the newest last."""
    from game.app.records import MAX_REVIEWS

    rec = Records(tmp_path)
    rec.record_review("hebi-2010", 10, 7, 0.5)
    rec.record_review("hebi-2010", 20, 18, 0.4, accuracy=0.95)
    rec.record_review("lanzhou-2010", 0, 0, 0.0)
    hist = Records(tmp_path).review_history()
    assert hist["hebi-2010"] == [
        {"accuracy": 0.7, "mean_loss": 0.05, "decisions": 10},
        {"accuracy": 0.95, "mean_loss": 0.02, "decisions": 20},
    ]
    assert hist["lanzhou-2010"] == [{"accuracy": 1.0, "mean_loss": 0.0, "decisions": 0}]
    assert rec.stats()["hebi-2010"]["reviews"] == 2
    for _ in range(MAX_REVIEWS + 5):
        rec.record_review("hebi-2010", 4, 2, 0.2)
    assert len(rec.review_history()["hebi-2010"]) == MAX_REVIEWS


def test_damaged_review_points_are_skipped_and_the_counts_kept(tmp_path):
    rec = Records(tmp_path)
    rec.record_review("hebi-2010", 10, 7, 0.5)
    data = json.loads(rec.stats_path.read_text(encoding="utf-8"))
    data["reviews"]["hebi-2010"] += [
        {"accuracy": 1.5, "mean_loss": 0.1, "decisions": 3},
        "x",
        {"accuracy": 0.5, "mean_loss": -0.1, "decisions": 3},
        {"accuracy": 0.5, "mean_loss": 0.1, "decisions": True},
    ]
    data["reviews"]["lanzhou-2010"] = "not a list"
    rec.stats_path.write_text(json.dumps(data), encoding="utf-8")
    assert rec.review_history() == {"hebi-2010": [{"accuracy": 0.7, "mean_loss": 0.05, "decisions": 10}]}
    assert rec.stats()["hebi-2010"]["reviews"] == 1
    rec.record_review("hebi-2010", 2, 2, 0.0)  # and the next write keeps only the good points
    assert len(json.loads(rec.stats_path.read_text(encoding="utf-8"))["reviews"]["hebi-2010"]) == 2
