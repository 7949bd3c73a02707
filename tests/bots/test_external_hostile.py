"""Outside programs that misbehave on purpose (issue 14): whatever a seated program does, the
hand goes on within its time limits and bounded memory, and no process of it survives."""

from __future__ import annotations

import os
from pathlib import Path
import random
import shlex
import subprocess
import sys
import textwrap
import time
import tracemalloc

import pytest

from bots import EasyBot
from bots.external import MAX_QUEUED, ExternalBot, start_program
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "bots" / "examples" / "random_bot.py"
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

FLOOD = f"""
    import importlib.util, json, random, sys, threading
    spec = importlib.util.spec_from_file_location("example", {str(EXAMPLE)!r})
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    rng = random.Random(4)
    lock = threading.Lock()
    junk = ("x" * 4000 + "\\n") * 64

    def flood():
        while True:
            with lock:
                sys.stdout.write(junk)
                sys.stdout.flush()

    threading.Thread(target=flood, daemon=True).start()
    for line in sys.stdin:
        req = json.loads(line)
        answer = None
        if req["type"] == "declare":
            answer = {{"declare": None, "id": req["id"]}}
        elif req["type"] == "bury":
            answer = {{"bury": bot.bury(req, rng), "id": req["id"]}}
        elif req["type"] == "play":
            answer = {{"play": bot.play(req, rng), "id": req["id"]}}
        if answer is not None:
            with lock:
                sys.stdout.write(json.dumps(answer) + "\\n")
                sys.stdout.flush()
"""

ESCAPES = """
    import os, sys, time
    if os.fork() == 0:
        os.setsid()  # out of the program's process group
        if os.fork() == 0:
            with open(sys.argv[1], "w") as f:
                f.write(str(os.getpid()))
            time.sleep(120)
        os._exit(0)  # the middle child: the grandchild's parent is gone
    for line in sys.stdin:
        pass
"""

SHEDS_THE_MARKER = """
    import os, sys, time
    if len(sys.argv) > 2:  # the grandchild, started again without the marker
        with open(sys.argv[1], "w") as f:
            f.write(str(os.getpid()))
        time.sleep(120)
        sys.exit(0)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            env = {k: v for k, v in os.environ.items() if k != "SHENGJI_PROGRAM"}
            os.execve(sys.executable, [sys.executable, sys.argv[0], sys.argv[1], "again"], env)
        os._exit(0)
    for line in sys.stdin:
        pass
"""

SHEDS_THEN_PLAYS = f"""
    import os, sys, time
    if len(sys.argv) > 2:
        with open(sys.argv[1], "w") as f:
            f.write(str(os.getpid()))
        time.sleep(120)
        sys.exit(0)
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            env = {{k: v for k, v in os.environ.items() if k != "SHENGJI_PROGRAM"}}
            os.execve(sys.executable, [sys.executable, sys.argv[0], sys.argv[1], "again"], env)
        os._exit(0)
    # Play only once the grandchild has shed the marker: on a loaded machine the arena could
    # otherwise end the program first, and the marker alone would find the grandchild.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (os.path.exists(sys.argv[1]) and open(sys.argv[1]).read().strip()):
        time.sleep(0.02)
    os.execv(sys.executable, [sys.executable, {str(EXAMPLE)!r}, "5"])  # and plays
"""

DIES_CHILD_HOLDS_PIPE = """
    import os, sys, time
    if os.fork() == 0:
        with open(sys.argv[1], "w") as f:
            f.write(str(os.getpid()))
        time.sleep(120)  # holds the program's standard output open
    sys.stdin.readline()  # hello
    sys.stdin.readline()  # the first request: die without answering
    sys.exit(4)
"""


def command(*args) -> str:
    return " ".join(shlex.quote(str(a)) for a in (sys.executable, *args))


def script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return path


def gone(pid: int) -> bool:
    """Not running: no such process, or a zombie waiting for its (new) parent to reap it."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0] in (b"Z", b"X")
    except OSError:
        return True


def wait_for_file(path: Path, seconds: float = 10) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return int(path.read_text())
        time.sleep(0.02)
    raise AssertionError(f"{path} was not written")


def test_a_program_flooding_its_output_keeps_time_and_memory_bounded(tmp_path):
    ruleset = get_ruleset("logistics-2015")
    limit_ms = 150
    program = start_program(command(script(tmp_path, "flood", FLOOD)), 0, ruleset, limit_ms)
    tracemalloc.start()
    try:
        with program:
            bots = [ExternalBot(0, random.Random(1), ruleset, program)] + [
                EasyBot(s, random.Random(s), ruleset) for s in (1, 2, 3)
            ]
            started = time.monotonic()
            report = play_hand(Hand(ruleset, HandSetup(9, False, (Rank.TWO, Rank.TWO), 2, 2)), bots)
            time.sleep(1.0)  # between turns (another seat thinking): the flood goes on
            report = play_hand(Hand(ruleset, HandSetup(10, False, (Rank.TWO, Rank.TWO), 2, 2)), bots)
            elapsed = time.monotonic() - started - 1.0
            peak = tracemalloc.get_traced_memory()[1]
            assert report.hand.finished
            asked = program._next_id - 1  # every request but hello
            assert elapsed < asked * limit_ms / 1000 + 5, (elapsed, asked)
            assert program.discarded > 1000  # the flood was read and thrown away
            assert program._answers.qsize() <= MAX_QUEUED
    finally:
        tracemalloc.stop()
    assert peak < 40 << 20, peak  # at most a few queued lines of 1 MB, not the flood


@linux_only
def test_a_child_that_leaves_the_group_and_forks_again_does_not_survive(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    program = start_program(command(script(tmp_path, "escapes", ESCAPES), pid_file), 0, get_ruleset("hebi-2010"), 500)
    grandchild = wait_for_file(pid_file)
    assert not gone(grandchild) and os.getsid(grandchild) != os.getsid(program.proc.pid)
    program.close()
    deadline = time.monotonic() + 5
    while not gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone(grandchild)
    assert program.tree.alive() == []


def without_marker(pid: int) -> bool:
    with open(f"/proc/{pid}/environ", "rb") as f:
        return not any(v.startswith(b"SHENGJI_PROGRAM=") for v in f.read().split(b"\0"))


@linux_only
def test_a_grandchild_that_leaves_the_group_and_sheds_the_marker_does_not_survive(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    program = start_program(
        command(script(tmp_path, "sheds", SHEDS_THE_MARKER), pid_file), 0, get_ruleset("hebi-2010"), 500
    )
    grandchild = wait_for_file(pid_file)
    assert not gone(grandchild) and without_marker(grandchild)
    assert os.getsid(grandchild) != os.getsid(program.proc.pid)
    assert grandchild in program.tree.alive()
    program.close()
    deadline = time.monotonic() + 5
    while not gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone(grandchild)
    assert program.tree.alive() == []
    with pytest.raises(OSError):  # not even a zombie: the game reaped what it adopted
        os.stat(f"/proc/{grandchild}")


@linux_only
def test_ending_a_program_leaves_other_children_and_their_exit_status_alone(tmp_path):
    pid_file = tmp_path / "grandchild.pid"
    other = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read(); sys.exit(3)"],
        stdin=subprocess.PIPE,
        start_new_session=True,
    )
    exits = start_program(command("-c", "import sys; sys.exit(4)"), 1, get_ruleset("hebi-2010"), 500)
    deadline = time.monotonic() + 5
    while not gone(exits.proc.pid) and time.monotonic() < deadline:  # a zombie, not yet reaped
        time.sleep(0.02)
    hostile = start_program(
        command(script(tmp_path, "sheds", SHEDS_THE_MARKER), pid_file), 0, get_ruleset("hebi-2010"), 500
    )
    grandchild = wait_for_file(pid_file)
    hostile.close()
    deadline = time.monotonic() + 5
    while not gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone(grandchild)
    assert other.poll() is None  # started before the program: not taken for one of its processes
    other.communicate(timeout=5)
    assert other.returncode == 3
    assert exits.proc.wait(timeout=5) == 4
    exits.close()


@linux_only
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_grandchild_that_sheds_the_marker_does_not_survive_the_arena(tmp_path, jobs):
    pid_file = tmp_path / "grandchild.pid"
    program = command(script(tmp_path, "sheds", SHEDS_THEN_PLAYS), pid_file)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bots.arena",
            "--ruleset",
            "logistics-2015",
            "--deals",
            "1",
            "--jobs",
            jobs,
            "--seat",
            f"0=external:{program}",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    grandchild = wait_for_file(pid_file)
    deadline = time.monotonic() + 5
    while not gone(grandchild) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone(grandchild)


@linux_only
def test_a_dead_program_is_noticed_at_once_though_a_child_holds_its_output(tmp_path):
    pid_file = tmp_path / "child.pid"
    ruleset = get_ruleset("logistics-2015")
    program = start_program(command(script(tmp_path, "dies", DIES_CHILD_HOLDS_PIPE), pid_file), 0, ruleset, 5000)
    child = wait_for_file(pid_file)
    bot = ExternalBot(0, random.Random(1), ruleset, program, owns_program=True)
    hand = Hand(ruleset, HandSetup(9, False, (Rank.TWO, Rank.TWO), 2, 2))
    bots = [bot] + [EasyBot(s, random.Random(s), ruleset) for s in (1, 2, 3)]
    started = time.monotonic()
    report = play_hand(hand, bots)
    assert report.hand.finished
    assert time.monotonic() - started < 2.5  # not the 5 s limit: the exit is seen at once
    assert "exited (exit status 4)" in program.refusals[0].reason
    bot.close()
    deadline = time.monotonic() + 5
    while not gone(child) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert gone(child)
