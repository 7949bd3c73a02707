"""A game killed during an event (kill -9) leaves no process behind: the background worker
playing the other tables and the resource tracker multiprocessing started for it both end."""

from __future__ import annotations

import os
from pathlib import Path
import signal
import subprocess
import sys
import textwrap
import time

import pytest

ROOT = Path(__file__).resolve().parents[2]

PLAYS_AN_EVENT = """
    import sys, time
    from game.tournament import Tournament, make_field
    import random
    from game.tournament.play import MatchJob
    from game.tournament.runner import BotRunner

    event = Tournament.new("hebi-2010", make_field(4, random.Random(1)), 1, "knockout", (2, 3))
    runner = BotRunner(sys.argv[1], factory="tests.table.tournament_factories:thinks_for_an_hour")
    runner.submit(MatchJob.of(event, event.bot_matches()[0]))
    print("playing", flush=True)
    time.sleep(3600)
"""


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # ended while the list was read
        # The command name (field 2) may hold spaces: the fields after it follow its ')'.
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def command(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    """Running, not a zombie waiting for init to reap it."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc; kill -9")
def test_killing_the_game_during_an_event_leaves_no_worker_or_tracker(tmp_path):
    game = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(PLAYS_AN_EVENT), str(tmp_path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    left: set[int] = set()
    try:
        assert game.stdout is not None and game.stdout.readline().strip() == "playing", game.stderr
        deadline = time.monotonic() + 60  # a loaded machine is slow to spawn
        while time.monotonic() < deadline:
            left = children(game.pid)
            commands = " ".join(command(p) for p in left)
            if "resource_tracker" in commands and "spawn_main" in commands:
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"the worker and the resource tracker did not start: {left}")
        time.sleep(1.0)  # the worker is in its match (its initializer has run)
        game.send_signal(signal.SIGKILL)
        game.wait(timeout=10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(alive(p) for p in left):
            time.sleep(0.1)
        assert not [p for p in left if alive(p)], "processes outlived the game"
    finally:
        if game.poll() is None:
            game.kill()
            game.wait(timeout=10)
        for pid in left:
            if alive(pid):
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
