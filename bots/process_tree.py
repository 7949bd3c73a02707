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
  (``SHENGJI_PROGRAM``); the adopted ones it killed it reaps itself;
* Linux: ``kill`` sweeps again and again until ``QUIET_SWEEPS`` sweeps in a row find none of
  the program's processes alive (at most ``SWEEP_S``). One sweep is not enough: a fork chain
  (each process forks and exits at once) has moved on to a new pid by the time a sweep that
  listed ``/proc`` reads and kills the one it listed, so a sweep can find nothing alive while
  the chain goes on. Each sweep reads the newest pids first, stops (``SIGSTOP``) a process
  that carries the token the moment it reads it, so it cannot fork again, and kills the
  process groups of the program's processes whole (the kernel delivers a group's signal to a
  child forked meanwhile too), not only the pids it listed;
* POSIX: the program and whatever it starts may use at most ``MEMORY_LIMIT`` bytes of data
  each (``RLIMIT_DATA``, set in the child before it runs the program): past it, an
  allocation fails, and a program that does not handle that exits like any crashed program.
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

if os.name == "posix":
    import resource

TOKEN_VAR = "SHENGJI_PROGRAM"
_LINUX = sys.platform.startswith("linux")
_PR_SET_CHILD_SUBREAPER = 36
QUIET_SWEEPS = 3
"""How many sweeps in a row must find none of a program's processes alive before ``kill`` is
done (a fork chain can slip past one sweep, hardly past three whole ones)."""
SWEEP_S = 2.0
"""The most time ``kill`` sweeps for, so that ending a program never hangs the game: a
process still found then is killed but not waited for."""
MEMORY_LIMIT = 1 << 30
"""The data a program's process may allocate (``RLIMIT_DATA``, bytes): our own
``python -m bots.engine --level hard`` uses about 40 MB. Not ``RLIMIT_AS``: runtimes
such as the JVM's or Go's reserve far more address space than they ever use."""
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
        options["preexec_fn"] = _limit_memory
    proc = subprocess.Popen(
        argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=full_env, **options
    )
    return proc, ProcessTree(proc, token)


def _limit_memory() -> None:
    """Runs in the child between fork and exec: a C call only, nothing that could wait for a
    lock another thread of the game held at the fork."""
    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY_LIMIT, MEMORY_LIMIT))


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
            self._sweep_until_quiet()
            _reap()

    def _sweep_until_quiet(self) -> None:
        deadline = time.monotonic() + SWEEP_S
        quiet = 0
        while quiet < QUIET_SWEEPS and time.monotonic() < deadline:
            found = self._sweep()
            quiet = 0 if found else quiet + 1
            _kill_all(found)

    def alive(self) -> list[int]:
        """The processes of the tree still running (Linux; elsewhere the program alone)."""
        if _LINUX:
            return sorted(self._sweep(adopt=False))  # the program carries the token too
        return [self.proc.pid] if self.proc.poll() is None else []

    def _sweep(self, adopt: bool = True) -> set[int]:
        """The tree's living processes; with ``adopt`` (when killing), the adopted ones among
        them (dead or alive) are noted to be reaped, and the tree's processes are stopped
        where they are found and their process groups killed."""
        living, adopted, groups = _sweep_linux(self.proc.pid, self.token, self.started, _programs(), freeze=adopt)
        if adopt:
            _kill_groups(groups)
            if adopted:
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
    # All stopped first: a process whose child is killed cannot start another meanwhile.
    for sig in (signal.SIGSTOP, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except OSError:
                pass


def _kill_groups(groups: set[int]) -> None:
    """Kill whole process groups of a program's processes. A group's signal reaches a child
    being forked in it too, so a fork chain inside one group cannot outrun it; the game's
    own group is never among them (a program starts in a session of its own, and no process
    can join a group of another session)."""
    mine = {os.getpgid(0), os.getsid(0)}
    for group in groups - mine:
        try:
            os.killpg(group, signal.SIGKILL)
        except OSError:  # gone already
            pass


def _last_pid() -> int:
    """The pid the kernel handed out last (0 when it cannot be read)."""
    try:
        with open("/proc/loadavg", "rb") as f:
            return int(f.read().split()[-1])
    except (OSError, IndexError, ValueError):
        return 0


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
    group: int
    started: int
    dead: bool
    token: bytes | None


def _processes(freeze: bytes | None = None) -> dict[int, _Process]:
    """Every process this user can see in ``/proc``, this one left out; those carrying the
    token ``freeze`` are stopped as soon as they are read.

    Newest pids first: the process a fork chain has just started is read a moment after
    ``/proc`` is listed, not after every other process (the kernel's pids wrap, so the
    newest are those up to the last pid handed out, then those above it)."""
    prefix = f"{TOKEN_VAR}=".encode()
    me = os.getpid()
    found: dict[int, _Process] = {}
    try:
        entries = [int(e) for e in os.listdir("/proc") if e.isdigit()]
    except OSError:  # pragma: no cover - no /proc
        return found
    last = _last_pid()
    for pid in sorted(entries, key=lambda p: (p > last, -p)):
        if pid == me:
            continue
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
            parent, group, session, started = int(fields[1]), int(fields[2]), int(fields[3]), int(fields[19])
        except (OSError, IndexError, ValueError):
            continue
        dead = fields[0] in (b"Z", b"X")  # waiting to be reaped
        token = None
        if not dead:
            try:
                with open(f"/proc/{pid}/environ", "rb") as f:
                    token = next((v[len(prefix) :] for v in f.read().split(b"\0") if v.startswith(prefix)), None)
            except OSError:
                pass
            if freeze is not None and token == freeze:
                try:
                    os.kill(pid, signal.SIGSTOP)
                except OSError:  # gone already
                    pass
        found[pid] = _Process(parent, session, group, started, dead, token)
    return found


def _sweep_linux(
    root: int, token: str, started: int, programs: set[int], freeze: bool = False
) -> tuple[set[int], set[int], set[int]]:
    """The living processes of the program ``root``: those that carry ``token``, descend from
    ``root``, or were adopted by this process after ``root`` started (and descend from one of
    them); those adopted ones, dead or alive, which are this process's own to reap; and the
    process groups of all of them, dead or alive (a dead process waiting to be reaped still
    holds its group: its number is not handed out again meanwhile). With ``freeze`` the
    processes carrying ``token`` are stopped as they are read."""
    me, my_session, mark = os.getpid(), os.getsid(0), token.encode()
    processes = _processes(mark if freeze else None)
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
    groups = {processes[pid].group for pid in tree}
    return {pid for pid in tree if not processes[pid].dead}, adopted, groups


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
