"""A seated program is contained (issue 40, item 8b): a fork chain in a session of its own
does not outlive its program, and a program that allocates without bound is stopped.

Before, ``ProcessTree.kill`` stopped sweeping at the first sweep that found nothing alive,
and a sweep listing ``/proc`` reads the process it listed only after a while: by then a
chain forking every 2 ms has moved to a pid the listing does not hold, so the sweep finds
nothing and the chain lives on (7 of 8 runs of the attack; every run of the test below on
the old code). The test runs again with ``/proc`` read slowly, as on a loaded machine with
many processes, where a sweep lasts many forks of the chain.
"""

from __future__ import annotations

import builtins
import json
import os
from pathlib import Path
import shlex
import signal
import sys
import textwrap
import time

import pytest

from bots import process_tree
from bots.arena import main
from bots.external import ExternalProgram
from bots.process_tree import TOKEN_VAR

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "bots" / "examples" / "random_bot.py"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc, RLIMIT_DATA")

# The chain stops by itself after 20 s, so that a failing test leaves nothing behind for
# long. Each of its processes writes a heartbeat (its pid and a count) to the file named by
# its argument: a scan of /proc may never catch a process that lives 2 ms (on a loaded
# machine with many processes, the chain has moved on between listing and reading), but
# the heartbeat shows for certain whether the chain still runs.
FORK_CHAIN = """
    import os, sys, time
    deadline = time.monotonic() + 20
    beat = sys.argv[1]
    if os.fork() == 0:
        os.setsid()
        n = 0
        while time.monotonic() < deadline:
            if os.fork() != 0:
                os._exit(0)
            n += 1
            with open(beat, "w") as f:
                f.write(f"{os.getpid()} {n}")
            time.sleep(0.002)
        os._exit(0)
    for line in sys.stdin:
        pass
"""

# A private writable mapping counts as data; it is not touched, so that without the cap the
# test costs no memory either.
MEMORY_HOG = f"""
    import mmap, runpy, sys
    hog = mmap.mmap(-1, 2 << 30, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
    sys.argv = [{str(EXAMPLE)!r}]
    runpy.run_path({str(EXAMPLE)!r}, run_name="__main__")
"""


def _script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body), encoding="utf-8")
    return path


def _carrying(token: str) -> list[int]:
    """The living processes that carry a program's token (read here, at full speed)."""
    mark = f"{TOKEN_VAR}={token}".encode()
    found = []
    for entry in os.listdir("/proc"):
        try:
            with builtins.open(f"/proc/{entry}/stat", "rb") as f:
                if f.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X"):
                    continue
            with builtins.open(f"/proc/{entry}/environ", "rb") as f:
                if mark in f.read().split(b"\0"):
                    found.append(int(entry))
        except (OSError, IndexError, ValueError):
            continue
    return sorted(found)


def _kill_leftovers(token: str) -> None:
    for pid in _carrying(token):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


@pytest.fixture
def slow_proc(monkeypatch):
    """Reading ``/proc`` as slowly as on a machine running some thousand processes: a sweep
    takes far longer than the 2 ms between two forks of the chain."""

    def slow_open(path, *args, **kwargs):
        if str(path).startswith("/proc/"):
            time.sleep(0.0005)
        return builtins.open(path, *args, **kwargs)

    monkeypatch.setattr(process_tree, "open", slow_open, raising=False)


@linux_only
@pytest.mark.parametrize("proc_speed", ["slow", "as_is"])
def test_a_fork_chain_in_a_session_of_its_own_does_not_outlive_its_program(tmp_path, request, proc_speed):
    if proc_speed == "slow":
        request.getfixturevalue("slow_proc")
    beat = tmp_path / "heartbeat"
    program = ExternalProgram([sys.executable, str(_script(tmp_path, "chain", FORK_CHAIN)), str(beat)], 500)
    token = program.tree.token
    try:
        assert _heartbeat_changes(beat, within=10), "the chain never started"
        program.close()
        time.sleep(1)
        assert not _heartbeat_changes(beat, within=0.5), "the chain outlived its program"
        assert _carrying(token) == []
    finally:
        _kill_leftovers(token)


def _heartbeat_changes(beat: Path, within: float) -> bool:
    """Does the chain's heartbeat file change within ``within`` seconds? (It changes every
    2 ms or so while a process of the chain lives.)"""
    first = _read_beat(beat)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        time.sleep(0.02)
        now = _read_beat(beat)
        if now and now != first:
            return True
    return False


def _read_beat(beat: Path) -> str:
    try:
        return beat.read_text(encoding="utf-8")
    except OSError:
        return ""


@linux_only
def test_a_program_past_the_memory_cap_is_stopped_and_the_arena_goes_on(tmp_path, capsys):
    hog = _script(tmp_path, "hog", MEMORY_HOG)
    spec = f"external:{shlex.join([sys.executable, str(hog)])}"
    argv = ["--ruleset", "hebi-2010", "--deals", "1", "--a", "easy", "--b", "random", "--json", "--no-progress"]
    assert main([*argv, "--seat", f"0={spec}"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["deals"] == 1 and summary["hands"] >= 2
    assert summary["illegal"] == 0 and summary["errors"] == 0
    (seat,) = summary["external"]
    assert not seat["running"] and "exited" in seat["stopped"] and "Cannot allocate memory" in seat["stopped"]
    assert seat["refusals"] > 0  # its moves were the easy bot's


@linux_only
def test_the_memory_cap_is_set_in_the_program_and_its_children():
    program = ExternalProgram(
        [sys.executable, "-c", "import resource, sys; print(resource.getrlimit(resource.RLIMIT_DATA)[0], flush=True)"],
        2000,
    )
    try:
        answer, why = program.ask({"type": "play"})
        assert why is None and answer == process_tree.MEMORY_LIMIT
    finally:
        program.close()
    assert os.environ.get(TOKEN_VAR) is None  # the game itself carries no program's token
