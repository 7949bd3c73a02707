"""Nothing a player makes is lost (issue 24): every match the new-match screen can start
continues; damaged or odd files are set aside or refused with a message, never a crash or a
hang; a folder that cannot be written opens read-only; set-aside names never collide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.app.duplicate import LEVELS as DUPLICATE_LEVELS
from game.app.session import MatchChoice, Session, offered_levels
from game.app.storage import Storage
from game.core import BUILTIN_IDS
from game.i18n import set_language
from game.table import Mode
from game.table import seats as seat_kinds


@pytest.fixture(autouse=True)
def english():
    set_language("en")


# ---------------------------------------------------------------------------- item 1


@pytest.mark.parametrize("mode", [m.value for m in Mode])
@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_every_seat_kind_the_new_match_screen_offers_continues(tmp_path, ruleset_id, mode):
    """Started, saved and continued with the real bots: each kind the screen offers in every
    seat but the person's, and each duplicate-practice level."""
    offered = ("human", *offered_levels(ruleset_id))
    for i, kind in enumerate(offered):
        folder = tmp_path / f"k{i}"
        levels = [kind] * 4
        levels[0] = "human"
        humans = [s for s in range(4) if levels[s] == "human"]
        duplicate = DUPLICATE_LEVELS[i % len(DUPLICATE_LEVELS)] if i % 2 else None
        Session(Storage(folder)).start_match(
            MatchChoice(ruleset_id, levels, 0, humans, mode, seed=5 + i, duplicate=duplicate)
        )
        started = Session(Storage(folder)).continue_match()
        settings = started.driver.settings
        assert settings.levels == tuple(levels) and settings.humans == tuple(humans)
        assert settings.mode == mode and settings.ruleset == ruleset_id
        assert settings.extra.get("duplicate") == duplicate
        assert (folder / "match.json").is_file() and not list(folder.glob("*.broken-*"))


def test_the_expert_match_of_the_report_continues(tmp_path):
    Session(Storage(tmp_path)).start_match(
        MatchChoice("hebi-2010", ["human", "expert", "expert", "expert"], human=0, seed=5)
    )
    started = Session(Storage(tmp_path)).continue_match()
    assert started.driver.settings.levels == ("human", "expert", "expert", "expert")


def test_an_outside_program_seat_continues_as_normal_or_as_itself(tmp_path):
    """``external:`` is a seat kind too: a save never starts a program, the same --seat does."""
    program = "external:python3 my_bot.py"
    made: list[str] = []

    def factory(level, seat, rng, ruleset, **options):
        from bots import make_bot

        made.append(level)
        return make_bot("easy" if level == program else level, seat, rng, ruleset)

    Session(Storage(tmp_path), bot_factory=factory, seats={2: program}).start_match(
        MatchChoice("lanzhou-2010", ["human", "hard", "normal", "easy"], human=0, seed=3)
    )
    again = Session(Storage(tmp_path), bot_factory=factory).continue_match()
    assert again.driver.settings.levels[2] == "normal"
    made.clear()
    same = Session(Storage(tmp_path), bot_factory=factory, seats={2: program}).continue_match()
    assert same.driver.settings.levels[2] == program and program in made


def test_the_seat_kinds_are_one_list_every_layer_takes():
    import bots
    from bots import external
    from game.app import settings as storage
    from game.table import controllers

    assert tuple(bots.BOT_LEVELS) == seat_kinds.BOT_LEVELS
    assert external.EXTERNAL_PREFIX == controllers.EXTERNAL == seat_kinds.EXTERNAL
    for ruleset_id in BUILTIN_IDS:
        assert set(offered_levels(ruleset_id)) <= set(seat_kinds.BOT_LEVELS)
    assert storage.Settings.from_dict({"last_bots": ["expert", "human", "random", "hard"]}, "en").last_bots == [
        "expert",
        "human",
        "random",
        "hard",
    ]
    from game.__main__ import parse_args

    assert parse_args(["--bot-level", "expert"]).bot_level == "expert"


def test_a_command_too_long_to_save_is_refused_on_the_command_line():
    from bots.external import parse_seat_spec

    with pytest.raises(ValueError):
        parse_seat_spec("1=external:" + "x" * (seat_kinds.MAX_COMMAND + 1))
    assert parse_seat_spec("1=external:python3 bot.py") == (1, "external:python3 bot.py")


def _save(tmp_path: Path) -> dict:
    Session(Storage(tmp_path)).start_match(MatchChoice("hebi-2010", ["human", "easy", "easy", "easy"], human=0, seed=5))
    return json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))


def _shelve_one(folder: Path) -> Path:
    """Two matches: one in progress, one shelved; the shelved one's path."""
    for seed in (5, 6):
        Session(Storage(folder)).start_match(
            MatchChoice("hebi-2010", ["human", "easy", "easy", "easy"], human=0, seed=seed)
        )
    (shelved,) = list((folder / "saves").glob("match-*.json"))
    return shelved


# ---------------------------------------------------------------------------- item 3

DEEP = "[" * 100_000 + "]" * 100_000


def test_a_deeply_nested_progress_file_is_set_aside(tmp_path):
    from game.learn.progress import PROGRESS_FILE, Progress

    (tmp_path / PROGRESS_FILE).write_text(DEEP, encoding="utf-8")
    progress = Progress.load(tmp_path)
    assert progress.set_aside is not None and progress.set_aside.name.startswith(PROGRESS_FILE + ".broken-")
    assert progress.lessons == {} and not (tmp_path / PROGRESS_FILE).exists()


def test_a_huge_progress_file_is_set_aside_unread(tmp_path):
    from game.learn.progress import PROGRESS_FILE, Progress

    (tmp_path / PROGRESS_FILE).write_text(
        '{"version": 1, "lessons": {}, "scores": {}, "pad": "' + "x" * (5 << 20) + '"}', encoding="utf-8"
    )
    assert Progress.load(tmp_path).set_aside is not None


READ_AT_START = """
import sys
from game.app.storage import Storage
from game.app.session import Session
from game.learn.progress import Progress
storage = Storage(sys.argv[1])
storage.load_settings("en")
session = Session(storage)
session.records.stats()
session.check_saved_match()
Progress.load(sys.argv[1])
print(" ".join(str(n) for n in storage.notices + session.records.notices))
"""


@pytest.mark.parametrize("name", ["settings.json", "stats.json", "learn.json"])
def test_a_fifo_in_place_of_a_data_file_is_set_aside_not_waited_on(tmp_path, name):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / name)
    done = subprocess.run(
        [sys.executable, "-c", READ_AT_START, str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    if name != "learn.json":
        assert name in done.stdout and "not a regular file" in done.stdout
    assert not (tmp_path / name).exists() and list(tmp_path.glob(name + ".broken-*"))


def test_a_fifo_settings_file_through_the_command_line(tmp_path):
    import os
    import subprocess
    import sys

    os.mkfifo(tmp_path / "settings.json")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(tmp_path), "--max-frames", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("settings.json.broken-*"))


def test_a_folder_where_the_match_is_kept_does_not_stop_continue(tmp_path):
    shelved = _shelve_one(tmp_path)
    (tmp_path / "match.json").unlink()
    (tmp_path / "match.json").mkdir()
    storage = Storage(tmp_path)
    started = Session(storage).continue_match(shelved)
    assert started.driver.match.seed == 5
    assert (tmp_path / "match.json").is_file() and list(tmp_path.glob("match.json.broken-*"))
    assert any("match.json" in str(n) for n in storage.notices)


@pytest.mark.parametrize(
    "table",
    [
        {"humans": [0, 0, 9]},
        {"humans": [0], "names": {"seats": ["x" * 100_000] * 4}},
        {"humans": [0], "mode": "godmode"},
        None,
    ],
)
def test_a_shelved_save_is_checked_before_it_is_listed(tmp_path, table):
    import time

    from game.app.saved_matches import saved_matches

    shelved = _shelve_one(tmp_path)
    data = json.loads(shelved.read_text(encoding="utf-8"))
    if table is None:
        del data["table"]
    else:
        data["table"] = table
    shelved.write_text(json.dumps(data), encoding="utf-8")
    began = time.perf_counter()
    items = {item.path: item for item in saved_matches(Storage(tmp_path))}
    assert not items[shelved].readable and items[tmp_path / "match.json"].readable
    assert time.perf_counter() - began < 5


@pytest.mark.parametrize(
    "where, value",
    [
        ("table", None),
        ("clock", "x"),
        ("clock", [1, 0, float("inf")]),
        ("table.mode", "godmode"),
        ("table.levels", ["human", "godlike", "easy", "easy"]),
    ],
)
def test_a_save_the_game_never_writes_is_refused(tmp_path, where, value):
    from game.app.session import UnreadableSave

    data = _save(tmp_path)
    if where == "table":
        del data["table"]
    elif where == "clock":
        data["clock"] = value
    else:
        data["table"][where.split(".")[1]] = value
    (tmp_path / "match.json").write_text(json.dumps(data), encoding="utf-8")
    s = Session(Storage(tmp_path))
    with pytest.raises(UnreadableSave):
        s.continue_match()
    assert "match.json.broken-" in s.set_aside(UnreadableSave("x"))


@pytest.mark.parametrize("field, value", [("last_ruleset", "nope"), ("last_mode", "x")])
def test_settings_the_game_never_writes_are_set_aside(tmp_path, field, value):
    (tmp_path / "settings.json").write_text(json.dumps({"language": "zh", field: value}), encoding="utf-8")
    storage = Storage(tmp_path)
    settings = storage.load_settings("en")
    assert getattr(settings, field) != value and settings.language == "zh"  # the good values kept
    assert list(tmp_path.glob("settings.json.broken-*")) and field in " ".join(map(str, storage.notices))


# ---------------------------------------------------------------------------- item 4


def make_read_only(monkeypatch) -> list[str]:
    """A folder that cannot be written. The tests run as root, whom chmod does not stop, so
    the storage's write probe (``storage.folder_writable``) is made to fail, and so is every
    way the game could change a file (the writes tried are listed: there must be none)."""
    import os

    from game.app import storage as storage_module

    monkeypatch.setattr(storage_module, "folder_writable", lambda folder: False)
    tried: list[str] = []

    def refuse(*args, **kwargs):
        tried.append(str(args[:2]))
        raise PermissionError(30, "Read-only file system")

    for name in ("replace", "rename", "unlink"):
        monkeypatch.setattr(os, name, refuse)
    monkeypatch.setattr(storage_module.tempfile, "mkstemp", refuse)
    return tried


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_read_only_folder_is_opened_read_only_and_said(tmp_path, monkeypatch):
    make_read_only(monkeypatch)
    storage = Storage(tmp_path)
    assert not storage.writable and storage.read_only
    assert "cannot be written" in " ".join(map(str, storage.notices))
    set_language("zh")
    assert "只读" in " ".join(map(str, storage.notices))


def test_continue_on_a_shelved_match_in_a_read_only_folder(tmp_path, monkeypatch):
    shelved = _shelve_one(tmp_path)
    before = _snapshot(tmp_path)
    tried = make_read_only(monkeypatch)
    session = Session(Storage(tmp_path))
    started = session.continue_match(shelved)
    assert started.driver.match.seed == 5  # the one chosen, read where it lies
    started.driver.run_hand()
    started.driver.next_hand()
    last = Session(Storage(tmp_path)).continue_match()
    assert last.driver.match.seed == 6
    Session(Storage(tmp_path)).start_match(
        MatchChoice("lanzhou-2010", ["human", "easy", "easy", "easy"], human=0, seed=8)
    )
    assert tried == [] and _snapshot(tmp_path) == before


def test_damaged_files_in_a_read_only_folder_are_reported_and_left(tmp_path, monkeypatch):
    from game.learn.progress import PROGRESS_FILE, Progress

    for name in ("settings.json", "stats.json", "match.json", PROGRESS_FILE):
        (tmp_path / name).write_text("{broken", encoding="utf-8")
    before = _snapshot(tmp_path)
    tried = make_read_only(monkeypatch)
    storage = Storage(tmp_path)
    storage.load_settings("en")
    session = Session(storage)
    session.records.stats()
    from game.app.session import UnreadableSave

    with pytest.raises(UnreadableSave):
        session.check_saved_match()
    session.set_aside(UnreadableSave("x"))
    progress = Progress.load(tmp_path, storage.writable)
    progress.mark("first", "p1")
    assert progress.set_aside is not None
    assert tried == [] and _snapshot(tmp_path) == before


# ---------------------------------------------------------------------------- item 5


def test_two_damaged_progress_files_in_one_second_are_both_kept(tmp_path, monkeypatch):
    import time

    from game.learn.progress import PROGRESS_FILE, Progress

    monkeypatch.setattr(time, "strftime", lambda *args: "20260101-000000")  # one second
    kept = set()
    for i in range(3):
        (tmp_path / PROGRESS_FILE).write_text(f"{{broken {i}", encoding="utf-8")
        moved = Progress.load(tmp_path).set_aside
        assert moved is not None
        kept.add(moved.read_text(encoding="utf-8"))
    assert kept == {"{broken 0", "{broken 1", "{broken 2"}
    assert len(list(tmp_path.glob(PROGRESS_FILE + ".broken-*"))) == 3
