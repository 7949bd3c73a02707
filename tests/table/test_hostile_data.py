"""A hostile data folder (issue 14): whatever it holds the game starts and plays, what it
cannot use is set aside with a message naming it, nothing the player had is deleted; a
failed save is said at the table; watching bots writes nothing; two copies never share it."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
import pytest

from game.app import records as records_module
from game.app import storage as storage_module
from game.app.records import Records
from game.app.saved_data import check_save
from game.app.session import MatchChoice, SavedAgain, SaveFailed, Session, UnreadableSave
from game.app.storage import Storage
from game.core import Match
from game.files import DataError, set_aside
from game.i18n import set_language
from tests.standin_bots import standin_factory

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def session(folder, **options) -> Session:
    return Session(Storage(folder), bot_factory=standin_factory, **options)


def saved_match(tmp_path) -> dict:
    s = session(tmp_path)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, seed=5, names={"seats": ["A"] * 4}))
    return started.driver.save_data()


def open_everything(folder: Path, whole_hand: bool = True) -> Session:
    """What the game does with a data folder at start: settings, the save, statistics, the
    replay list; then a new match that plays a hand."""
    storage = Storage(folder)
    storage.load_settings("en")
    s = Session(storage, bot_factory=standin_factory)
    try:
        s.check_saved_match()
    except UnreadableSave as e:
        s.set_aside(e)
    s.records.stats()
    for path, data in s.records.list_replays():
        try:
            Records.load(path, data)
        except ValueError:
            pass
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, seed=3))
    if not whole_hand:
        for _ in range(150):  # the deal and the first tricks
            started.driver.advance()
        return s
    started.driver.run_hand()
    started.driver.next_hand()  # the end-of-hand screen's Next: the replay is written
    return s


# ---------------------------------------------------------------------------- item 4


@pytest.mark.parametrize("name", ["match.json", "settings.json", "stats.json", "replays/00000000000000000001.json"])
def test_deeply_nested_files_never_stop_the_game(tmp_path, name):
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(DEEP, encoding="utf-8")
    open_everything(tmp_path)
    aside = list(path.parent.glob(path.name + ".broken-*"))
    assert len(aside) == 1 and aside[0].read_text() == DEEP  # kept, not deleted


def test_deeply_nested_save_through_the_command_line(tmp_path):
    from game.__main__ import main

    (tmp_path / "match.json").write_text(DEEP, encoding="utf-8")
    (tmp_path / "settings.json").write_text(DEEP, encoding="utf-8")
    (tmp_path / "stats.json").write_text(DEEP, encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "--max-frames", "3"]) == 0
    for name in ("match.json", "settings.json", "stats.json"):
        assert list(tmp_path.glob(name + ".broken-*")), name


def damage(data: dict, where: str, value) -> dict:
    data = json.loads(json.dumps(data))
    node = data
    *path, last = where.split(".")
    for part in path:
        node = node[int(part)] if isinstance(node, list) else node[part]
    node[last] = value
    return data


@pytest.mark.parametrize(
    "where, value",
    [
        ("match.elapsed", float("nan")),
        ("match.elapsed", -5),
        ("table.names", {"seats": ["a", "b", "c", "d"], "teams": [None, 5]}),
        ("match.ruleset.name", "not a table"),
        ("match.ruleset.kitty_multiplier", "bogus"),
        ("match.ruleset.decks", True),
        ("match.ruleset.bands", [{"side": "nobody", "levels": 1}]),
        ("match.seed", "12"),
        ("match.current.setup.dealer", "x"),
        ("match.current.log", [{"kind": "play", "seat": 0, "cards": ["BJ"]}]),
        ("match.length", 10**30),
        ("table.levels", ["normal", "normal", "normal", 7]),
    ],
)
def test_a_save_holding_what_the_game_never_writes_is_set_aside(tmp_path, where, value):
    good = saved_match(tmp_path)
    check_save(good)  # the game's own save passes
    bad = damage(good, where, value)
    (tmp_path / "match.json").write_text(json.dumps(bad), encoding="utf-8")  # NaN written as NaN
    with pytest.raises(DataError):
        check_save(json.loads((tmp_path / "match.json").read_text()))
    s = session(tmp_path)
    with pytest.raises(UnreadableSave):
        s.check_saved_match()
    message = s.set_aside(UnreadableSave("x"))
    assert "match.json.broken-" in message and not (tmp_path / "match.json").exists()
    open_everything(tmp_path)


def test_settings_with_wrong_values_are_set_aside_and_the_good_ones_kept(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "zh", "speed": "warp", "last_teams": [None, 5]}))
    storage = Storage(tmp_path)
    settings_read = storage.load_settings("en")
    assert settings_read.language == "zh" and settings_read.speed == "normal" and settings_read.last_teams == ["", ""]
    assert list(tmp_path.glob("settings.json.broken-*"))
    assert "settings.json" in str(storage.notices[0]) and "speed" in str(storage.notices[0])


def test_statistics_that_cannot_be_used_are_set_aside_not_written_over(tmp_path):
    bad = {"version": 1, "rulesets": {"hebi-2010": {"hands": -3, "matches": 1.5}}}
    (tmp_path / "stats.json").write_text(json.dumps(bad))
    s = session(tmp_path)
    assert s.records.stats() == {}
    aside = list(tmp_path.glob("stats.json.broken-*"))
    assert len(aside) == 1 and json.loads(aside[0].read_text()) == bad
    assert "stats.json" in str(s.records.notices[0])


def test_a_replay_whose_log_is_not_legal_is_refused(tmp_path):
    s = open_everything(tmp_path)
    ((path, data),) = s.records.list_replays()
    data["hand"]["log"][-1]["cards"] = ["BJ", "BJ", "BJ"]
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError):
        Records.load(path, None)


FILES = ["match.json", "settings.json", "stats.json", "replays/00000000000000000001.json"]
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    contents=st.lists(
        st.tuples(
            st.sampled_from(FILES),
            st.one_of(
                JSONISH.map(json.dumps),
                st.binary(max_size=50).map(lambda b: b.decode("latin-1")),
                st.integers(1, 5000).map(lambda n: "{" * n),
            ),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_whatever_is_in_the_data_folder_the_game_starts_and_plays(tmp_path_factory, contents):
    folder = tmp_path_factory.mktemp("data")
    for name, text in contents:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = {name for name, _ in contents}
    open_everything(folder, whole_hand=False)
    for name in before:  # every file is still there, or kept aside
        path = folder / name
        assert path.exists() or list(path.parent.glob(path.name + ".broken-*")), name


# ---------------------------------------------------------------------------- item 5


def test_a_failed_save_is_said_once_the_match_kept_and_saved_again(tmp_path, monkeypatch):
    said = []
    s = session(tmp_path, report=said.append)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=None, seed=4))
    real = storage_module.atomic_write_json

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(storage_module, "atomic_write_json", full)
    monkeypatch.setattr(records_module, "atomic_write_json", full)
    started.driver.run_hand()  # every trick's save fails, and the hand's replay
    started.driver.next_hand()
    assert [type(e) for e in said] == [SaveFailed]
    assert "No space left" in str(said[0])
    assert s.records.pending  # the replay is kept in memory
    monkeypatch.setattr(storage_module, "atomic_write_json", real)
    monkeypatch.setattr(records_module, "atomic_write_json", real)
    started.driver.save()
    assert [type(e) for e in said] == [SaveFailed, SavedAgain]
    assert not s.records.pending and len(s.records.replay_files()) == 1
    assert Match.from_dict(s.storage.read_save()["match"]).to_dict() == started.driver.match.to_dict()


def test_a_failed_save_is_said_at_the_table(tmp_path, monkeypatch):
    from tests.ui_helpers import make_app, run, start_match

    app = make_app(tmp_path, size=(1024, 640), speed=30.0)
    start_match(app, "hebi-2010", 4, None, ["normal"] * 4)  # bots only: tricks go by
    table = app.top

    def read_only(path, data):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(storage_module, "atomic_write_json", read_only)
    for _ in range(400):
        run(app, 0.5)
        if table.notice is not None and "could not be saved" in table.notice[0]:
            break
    assert table.notice is not None and "Read-only" in table.notice[0], table.notice


# ---------------------------------------------------------------------------- item 6


def test_autoplay_never_touches_the_players_match_settings_or_statistics(tmp_path):
    from game.__main__ import main

    s = session(tmp_path)
    s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, seed=5))
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en", "speed": "slow"}))
    (tmp_path / "stats.json").write_text(json.dumps({"version": 1, "rulesets": {"hebi-2010": {"hands": 7}}}))
    del s
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name != ".lock"}
    assert (
        main(
            [
                "--autoplay",
                "--hands",
                "1",
                "--speed",
                "60",
                "--seed",
                "2",
                "--data-dir",
                str(tmp_path),
                "--bot-level",
                "random",
            ]
        )
        == 0
    )
    after = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file() and p.name != ".lock"}
    assert after == before
    assert not list((tmp_path / "replays").glob("*.json"))


# ---------------------------------------------------------------------------- item 7

HOLD = """
import sys, time
from game.app.storage import Storage
s = Storage(sys.argv[1])
print("shared" if s.shared else "held", flush=True)
time.sleep(60)
"""


def test_a_second_copy_learns_at_once_and_writes_nothing(tmp_path):
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        second = Storage(tmp_path)
        assert second.shared and not second.writable
        assert "Another copy" in str(second.notices[0])
        s = Session(second, bot_factory=standin_factory)
        started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, seed=5))
        started.driver.run_until_wait()
        s.records.record_match("hebi-2010", 0, 0)
        assert not (tmp_path / "match.json").exists() and not (tmp_path / "stats.json").exists()
    finally:
        proc.kill()  # a crash: the system drops the lock
        proc.wait()
    assert not Storage(tmp_path).shared


def test_two_copies_counting_statistics_lose_nothing(tmp_path):
    count = """
import sys
from game.app.records import Records
from game.app.storage import Storage
s = Storage(sys.argv[1])
r = Records(s.folder, writable=s.writable)
for _ in range(300):
    r.record_match("hebi-2010", 0, 0)
print("shared" if s.shared else "held")
"""
    procs = [
        subprocess.Popen([sys.executable, "-c", count, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    roles = sorted(p.communicate(timeout=60)[0].strip() for p in procs)
    matches = Records(tmp_path).stats()["hebi-2010"]["matches"]
    # The copy that held the folder counted all its matches; a copy beside it counted none.
    assert matches == 300 * roles.count("held")


# ---------------------------------------------------------------------------- item 11


def test_leftover_temporary_files_are_removed_at_start(tmp_path):
    (tmp_path / "replays").mkdir()
    leftovers = [  # as atomic_write_json names them: NAME, eight random characters, .tmp
        tmp_path / "match.json.abc123xy.tmp",
        tmp_path / "settings.json.x_7k2m9q.tmp",
        tmp_path / "replays" / "00000000000000000001.json.q8w2e4r6.tmp",
    ]
    for p in leftovers:
        p.write_text("{half")
    mine = tmp_path / "notes.tmp"  # not ours: left alone
    mine.write_text("x")
    Storage(tmp_path)
    assert not any(p.exists() for p in leftovers) and mine.exists()


def test_set_aside_files_never_overwrite_each_other(tmp_path):
    names = set()
    for i in range(5):
        (tmp_path / "match.json").write_text(str(i))
        names.add(set_aside(tmp_path / "match.json").name)
    assert len(names) == 5 and len(list(tmp_path.glob("match.json.broken-*"))) == 5


def test_the_folder_is_synced_after_a_rename(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real(fd))
    storage_module.atomic_write_json(tmp_path / "x.json", {})
    assert len(synced) == 2  # the file, then the folder
