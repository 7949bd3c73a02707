"""The game deletes and renames only its own files, and its lock holds whatever is at ``.lock``
(issue 40, items 6 and 7: found by an outside attack).

A ``replays``, ``events`` or ``saves`` folder linked into the data folder leads to someone
else's files: the game reads and writes its own files there, but never prunes, cleans or
renames anything in it. In the data folder itself (``--data-dir`` may be a folder of other
files too) and its real folders, only regular files named as the game names them are
removed or renamed. Two copies on one folder: one writes, the other says it is shared,
whatever a directory, link or FIFO at ``.lock`` does.
"""

from __future__ import annotations

import os
from pathlib import Path
import random
import subprocess
import sys
import textwrap

import pytest

from game.app import storage as storage_module
from game.app.event_store import EventStore
from game.app.records import MAX_REPLAYS, Records
from game.app.storage import Storage
from game.core import Match, get_ruleset
from tests.random_play import random_step

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(os, "symlink") or sys.platform == "win32", reason="POSIX links")


def finished_hand():
    hand = Match(get_ruleset("hebi-2010"), 3, 1).hand
    rng = random.Random(3)
    while not hand.finished:
        random_step(hand, rng)
    return hand


def foreign_folder(root: Path, names: list[str]) -> dict[Path, bytes]:
    """A folder that is not the game's, of files named like the game's; what each holds."""
    root.mkdir()
    held = {}
    for name in names:
        path = root / name
        path.write_bytes(f"not the game's: {name}".encode())
        held[path] = path.read_bytes()
    return held


def untouched(held: dict[Path, bytes]) -> bool:
    return all(path.is_file() and path.read_bytes() == data for path, data in held.items())


# ---------------------------------------------------------------------------- item 6


def test_a_linked_replays_folder_loses_nothing_to_cleaning_pruning_or_setting_aside(tmp_path):
    replay_names = [f"{n:020d}.json" for n in range(1, MAX_REPLAYS + 51)]
    held = foreign_folder(tmp_path / "elsewhere", [*replay_names, "x.tmp", f"{1:020d}.json.abcd1234.tmp"])
    data = tmp_path / "data"
    data.mkdir()
    (data / "replays").symlink_to(tmp_path / "elsewhere", target_is_directory=True)

    storage = Storage(data)  # cleans the leftovers of interrupted writes at start
    records = Records(data, writable=storage.writable)
    written = records.add_replay(finished_hand(), 1)  # one past the cap: the newest 200 are kept
    listed = records.list_replays()  # the foreign files are not replays: set aside elsewhere

    assert untouched(held)
    # The player may have linked the folder on purpose: the game's own files still go there.
    assert written is not None and written.is_file() and written.parent == data / "replays"
    assert len(list((tmp_path / "elsewhere").iterdir())) == len(held) + 1
    assert [p for p, _ in listed] == [written]
    assert not list((tmp_path / "elsewhere").glob("*.broken-*"))


def test_a_linked_events_folder_loses_nothing_to_cleaning_or_setting_aside(tmp_path):
    held = foreign_folder(
        tmp_path / "elsewhere",
        ["event-2020.json", "event-20200101-120000.json", "event-20200101-120000.json.abcd1234.tmp", "x.tmp"],
    )
    data = tmp_path / "data"
    data.mkdir()
    (data / "events").symlink_to(tmp_path / "elsewhere", target_is_directory=True)

    storage = Storage(data)
    events, messages = EventStore(storage).events()

    assert untouched(held) and not list((tmp_path / "elsewhere").glob("*.broken-*"))
    assert events == [] and len(messages) == 2  # both said: could not be used, left where they are
    assert all("event-20" in m and "kept aside" not in m for m in messages)


def test_a_linked_saves_folder_loses_nothing_at_start(tmp_path):
    held = foreign_folder(tmp_path / "elsewhere", ["match-20200101-120000.json", "match.json.abcd1234.tmp", "x.tmp"])
    data = tmp_path / "data"
    data.mkdir()
    (data / "saves").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    storage = Storage(data)
    assert storage.saved_matches() == [data / "saves" / "match-20200101-120000.json"]
    assert untouched(held)


def test_in_a_data_folder_of_other_files_only_the_games_own_are_removed_or_renamed(tmp_path):
    """``--data-dir`` on a folder that holds other files too: its real ``replays`` and
    ``events`` folders are the game's, but only the names the game gives are its files."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "replays").mkdir()
    (data / "events").mkdir()
    theirs = {
        data / "settings.json.my-backup.tmp": b"a backup",
        data / "notes.tmp": b"notes",
        data / "replays" / "notes.json": b"{not a replay",
        data / "replays" / "draft.json.tmp": b"a draft",
        data / "events" / "event-2020.json": b"{not an event",
        data / "events" / "event-2020.json.abcd1234.tmp": b"a draft",
    }
    ours = [
        data / "match.json.abcd1234.tmp",
        data / "replays" / f"{5:020d}.json.k2j4h6g8.tmp",
        data / "events" / "event-20200101-120000-2.json.a_b_c_d_.tmp",
    ]
    for path, content in theirs.items():
        path.write_bytes(content)
    for path in ours:
        path.write_text("{half")

    storage = Storage(data)
    Records(data, writable=storage.writable).list_replays()
    _, messages = EventStore(storage).events()

    assert all(path.read_bytes() == content for path, content in theirs.items())
    assert not any(path.exists() for path in ours)
    assert messages and "kept aside" not in messages[0]  # said, not renamed
    assert not list(data.rglob("*.broken-*"))


def test_links_in_place_of_replays_are_neither_pruned_nor_followed(tmp_path):
    """A link named like a replay is not a file the game wrote (it writes regular files):
    pruning neither counts nor deletes it, and never what it leads to."""
    held = foreign_folder(tmp_path / "elsewhere", [f"theirs-{n}.json" for n in range(3)])
    data = tmp_path / "data"
    (data / "replays").mkdir(parents=True)
    links = []
    for n, target in enumerate(sorted(held)):
        link = data / "replays" / f"{n + 1:020d}.json"  # older than any replay written now
        link.symlink_to(target)
        links.append(link)
    records = Records(data, limit=2)
    hand = finished_hand()
    written = [records.add_replay(hand, n) for n in range(3)]

    assert untouched(held) and all(link.is_symlink() for link in links)
    kept = [p for p in (data / "replays").iterdir() if not p.is_symlink()]
    assert sorted(kept) == sorted(written[1:])


# ---------------------------------------------------------------------------- item 7

HOLD = """
import sys, time
from game.app.storage import Storage
s = Storage(sys.argv[1])
print("shared" if s.shared else "held", "writable" if s.writable else "read-only", flush=True)
if len(sys.argv) > 2:
    time.sleep(60)
"""


def two_copies(folder: Path) -> list[str]:
    """What two copies of the game on ``folder`` say of it: the first holds on, the second
    starts while it does (each in its own process: a hang fails the test, never stops it)."""
    first = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(HOLD), str(folder), "hold"], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        roles = [first.stdout.readline().strip()]
        second = subprocess.run(
            [sys.executable, "-c", textwrap.dedent(HOLD), str(folder)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        roles.append(second.stdout.strip())
    finally:
        first.kill()
        first.wait()
    return roles


def test_a_directory_at_the_lock_does_not_make_two_writers(tmp_path):
    (tmp_path / ".lock").mkdir()
    assert two_copies(tmp_path) == ["held writable", "shared read-only"]
    second = Storage(tmp_path)  # and the copy after them holds it again, saying nothing
    assert second.writable and second.notices == []


@pytest.mark.parametrize("kind", ["link", "dangling link", "fifo"])
def test_a_link_or_fifo_at_the_lock_neither_writes_elsewhere_nor_hangs(tmp_path, kind):
    data = tmp_path / "data"
    data.mkdir()
    theirs = tmp_path / "theirs.txt"
    if kind == "link":
        theirs.write_text("someone else's file")
        (data / ".lock").symlink_to(theirs)
    elif kind == "dangling link":
        (data / ".lock").symlink_to(theirs)
    else:
        os.mkfifo(data / ".lock")
    assert two_copies(data) == ["held writable", "shared read-only"]
    if kind == "link":
        assert theirs.read_text() == "someone else's file"
    else:
        assert not theirs.exists()


def test_a_folder_no_lock_works_on_is_written_and_says_so(tmp_path, monkeypatch):
    """Some network shares lock nothing: the copy saves (refusing would lose every match of
    a player with one copy) but says that a second copy would save over it."""
    monkeypatch.setattr(storage_module, "_lock_folder", lambda folder: None)

    def no_lock(f):
        raise OSError("locks are not supported")

    monkeypatch.setattr(storage_module, "_lock_file", no_lock)
    storage = Storage(tmp_path)
    assert storage.writable and [n.key for n in storage.notices] == ["data_folder.unlocked"]
    assert "cannot be locked" in str(storage.notices[0])
