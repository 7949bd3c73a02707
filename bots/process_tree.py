"""Starting an outside program so that none of its processes outlives it.

A program may start children, and a child may leave the program's process group
(``setsid``), fork again so that its parent is gone, and start itself again without the
program's environment. ``ProcessTree`` starts the program and, when it is ended, ends every
process it started:

* POSIX: the program leads a new session and process group, which is killed as a whole;
* Linux, in addition: the process that starts programs makes itself a *child subreaper*
  (``prctl(PR_SET_CHILD_SUBREAPER)``), so a process whose parent exits is adopted by it
  rather than by init: whatever a program's processes do to their group, session or
  environment, each stays a descendant either of the program or of the game. ``kill`` sweeps
  ``/proc`` for the program's descendants, for the processes the game adopted (in another
  session than the game's, started no earlier than the program, not carrying another
  program's token) and their descendants, and for every process carrying the program's token
  (``SHENGJI_PROGRAM``), until none is left; the adopted ones it killed it reaps itself;
* Windows: the program is put in a job object that kills every process in it when the job
  is ended (or when the game's handle to it closes, however the game ends).

Adopted processes carry nothing that says which program they came from once they shed the
token: one that left several programs started together is ended with the first of them to
end. The processes the game starts otherwise (none, in the game and the arena) are told
apart by their session, their start time, or as a program's own process.

What is not caught is said in ``docs/bot-protocol.md`` ("Processes"): a process started by
something outside the tree (a service manager, a terminal multiplexer's server, a scheduler);
one that runs as another user; everything once the game itself is killed; on macOS and the
BSDs a descendant that leaves the process group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from typing import Any, NamedTuple
import weakref

TOKEN_VAR = "SHENGJI_PROGRAM"
_LINUX = sys.platform.startswith("linux")
_PR_SET_CHILD_SUBREAPER = 36
REAP_S = 1.0
"""How long ``kill`` waits for the adopted processes it killed to die before it goes on (the
ones still dying are reaped at the next ``kill``)."""

_subreaper: bool | None = None  # None: not asked yet
_trees: weakref.WeakSet[ProcessTree] = weakref.WeakSet()
_unreaped: set[int] = set()  # adopted processes killed and not reaped yet
_reap_lock = threading.Lock()


def _become_subreaper() -> bool:
    """Make this process adopt the orphans among its descendants (Linux 3.4 and later)."""
    global _subreaper
    if _subreaper is None:
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            _subreaper = libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
        except (OSError, AttributeError):  # pragma: no cover - no prctl
            _subreaper = False
    return _subreaper


def start(
    argv: Sequence[str] | str, cwd: str | None = None, env: Mapping[str, str] | None = None
) -> tuple[subprocess.Popen[bytes], ProcessTree]:
    """Start ``argv`` with piped standard streams; raises OSError when it cannot start."""
    token = secrets.token_hex(8)
    full_env = dict(os.environ if env is None else env)
    full_env[TOKEN_VAR] = token
    options: dict[str, Any] = {}
    if _LINUX:
        _become_subreaper()
    if os.name == "posix":
        options["start_new_session"] = True
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=full_env, **options
    )
    return proc, ProcessTree(proc, token)


class ProcessTree:
    """The processes of one started program; ``kill()`` ends them all and reaps the program."""

    def __init__(self, proc: subprocess.Popen[bytes], token: str) -> None:
        self.proc = proc
        self.token = token
        self.job = _WindowsJob(proc) if sys.platform == "win32" else None
        self.started = _start_time(proc.pid) if _LINUX else 0
        _trees.add(self)

    def kill(self) -> None:
        """End the program and every process it started (safe to call more than once)."""
        if sys.platform == "win32":  # pragma: no cover - Windows
            if self.job is not None:
                self.job.kill()
        else:
            descendants = self._sweep() if _LINUX else set()
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # its own group: a shell script's children too
            except OSError:  # the group is gone already
                pass
            _kill_all(descendants)
        if self.proc.poll() is None:
            try:
                self.proc.kill()
            except OSError:  # pragma: no cover - it exited just now
                pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - unkillable
            pass
        if _LINUX:
            for _ in range(20):  # a process forking as it is swept: sweep until none is left
                found = self._sweep()
                if not found:
                    break
                _kill_all(found)
            _reap()

    def alive(self) -> list[int]:
        """The processes of the tree still running (Linux; elsewhere the program alone)."""
        if _LINUX:
            return sorted(self._sweep(adopt=False))  # the program carries the token too
        return [self.proc.pid] if self.proc.poll() is None else []

    def _sweep(self, adopt: bool = True) -> set[int]:
        """The tree's living processes; with ``adopt``, the adopted ones among them (dead or
        alive) are noted to be reaped."""
        living, adopted = _sweep_linux(self.proc.pid, self.token, self.started, _programs())
        if adopt and adopted:
            with _reap_lock:
                _unreaped.update(adopted)
        return living


def _programs() -> set[int]:
    """The programs started here and not yet reaped: children of this process, but no orphans."""
    return {tree.proc.pid for tree in list(_trees) if tree.proc.returncode is None}


def _reap() -> None:
    """Reap the adopted processes that were killed, waiting at most ``REAP_S`` for them to die.
    Only these pids: ``os.wait()`` would also take the exit status of a program (or of any
    other child) from the ``subprocess.Popen`` waiting for it."""
    deadline = time.monotonic() + REAP_S
    while True:
        with _reap_lock:
            for pid in list(_unreaped):
                try:
                    done, _ = os.waitpid(pid, os.WNOHANG)
                except ChildProcessError:  # not ours (any more)
                    done = pid
                if done:
                    _unreaped.discard(pid)
            if not _unreaped:
                return
        if time.monotonic() >= deadline:
            return
        time.sleep(0.01)


def _kill_all(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _start_time(pid: int) -> int:
    """When ``pid`` started, in clock ticks since boot (0 when it cannot be read)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return int(f.read().rsplit(b")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return 0


class _Process(NamedTuple):
    parent: int
    session: int
    started: int
    dead: bool
    token: bytes | None


def _processes() -> dict[int, _Process]:
    """Every process this user can see in ``/proc``, this one left out."""
    prefix = f"{TOKEN_VAR}=".encode()
    me = os.getpid()
    found: dict[int, _Process] = {}
    try:
        entries = os.listdir("/proc")
    except OSError:  # pragma: no cover - no /proc
        return found
    for entry in entries:
        if not entry.isdigit() or int(entry) == me:
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            parent, session, started = int(fields[1]), int(fields[3]), int(fields[19])
        except (OSError, IndexError, ValueError):
            continue
        dead = fields[0] in (b"Z", b"X")  # waiting to be reaped
        token = None
        if not dead:
            try:
                with open(f"/proc/{entry}/environ", "rb") as f:
                    token = next((v[len(prefix) :] for v in f.read().split(b"\0") if v.startswith(prefix)), None)
            except OSError:
                pass
        found[int(entry)] = _Process(parent, session, started, dead, token)
    return found


def _sweep_linux(root: int, token: str, started: int, programs: set[int]) -> tuple[set[int], set[int]]:
    """The living processes of the program ``root``: those that carry ``token``, descend from
    ``root``, or were adopted by this process after ``root`` started (and descend from one of
    them); and those adopted ones, dead or alive, which are this process's own to reap."""
    me, my_session, mark = os.getpid(), os.getsid(0), token.encode()
    processes = _processes()
    adopted = {
        pid
        for pid, p in processes.items()
        if p.parent == me
        and pid not in programs
        and p.session != my_session
        and p.started >= started
        and p.token in (None, mark)
    }
    children: dict[int, list[int]] = {}
    for pid, p in processes.items():
        children.setdefault(p.parent, []).append(pid)
    tree = {pid for pid, p in processes.items() if p.token == mark} | adopted
    stack = list(adopted)
    if root in processes and (not started or processes[root].started == started):  # not a reused pid
        tree.add(root)
        stack.append(root)
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in tree:
                tree.add(child)
                stack.append(child)
    return {pid for pid in tree if not processes[pid].dead}, adopted


class _WindowsJob:  # pragma: no cover - Windows
    """A job object holding the program: ending the job ends every process in it."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        import ctypes
        from ctypes import wintypes

        class IoCounters(ctypes.Structure):
            _fields_ = [
                (name, ctypes.c_ulonglong)
                for name in (
                    "ReadOperationCount",
                    "WriteOperationCount",
                    "OtherOperationCount",
                    "ReadTransferCount",
                    "WriteTransferCount",
                    "OtherTransferCount",
                )
            ]

        class BasicLimits(ctypes.Structure):
            _fields_ = [
                ("PerProcessUserTimeLimit", ctypes.c_int64),
                ("PerJobUserTimeLimit", ctypes.c_int64),
                ("LimitFlags", wintypes.DWORD),
                ("MinimumWorkingSetSize", ctypes.c_size_t),
                ("MaximumWorkingSetSize", ctypes.c_size_t),
                ("ActiveProcessLimit", wintypes.DWORD),
                ("Affinity", ctypes.c_size_t),
                ("PriorityClass", wintypes.DWORD),
                ("SchedulingClass", wintypes.DWORD),
            ]

        class ExtendedLimits(ctypes.Structure):
            _fields_ = [
                ("BasicLimitInformation", BasicLimits),
                ("IoInfo", IoCounters),
                ("ProcessMemoryLimit", ctypes.c_size_t),
                ("JobMemoryLimit", ctypes.c_size_t),
                ("PeakProcessMemoryUsed", ctypes.c_size_t),
                ("PeakJobMemoryUsed", ctypes.c_size_t),
            ]

        kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)  # type: ignore[attr-defined]
        self.kernel32 = kernel32
        self.handle = kernel32.CreateJobObjectW(None, None)
        limits = ExtendedLimits()
        limits.BasicLimitInformation.LimitFlags = 0x2000  # JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
        kernel32.SetInformationJobObject(self.handle, 9, ctypes.byref(limits), ctypes.sizeof(limits))
        # The program's children started before this line are not in the job: it runs for
        # microseconds before it is assigned, too short to start one in practice.
        kernel32.AssignProcessToJobObject(self.handle, int(proc._handle))  # type: ignore[attr-defined]

    def kill(self) -> None:
        if self.handle:
            self.kernel32.TerminateJobObject(self.handle, 1)
            self.kernel32.CloseHandle(self.handle)
            self.handle = None
