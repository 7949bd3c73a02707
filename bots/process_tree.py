"""Starting an outside program so that none of its processes outlives it.

A program may start children, and a child may leave the program's process group
(``setsid``) and fork again so that its parent is gone. ``ProcessTree`` starts the program
and, when it is ended, ends every process it started:

* POSIX: the program leads a new session and process group, which is killed as a whole;
* Linux, in addition: the program's environment carries a token (``SHENGJI_PROGRAM``) that
  every descendant inherits, and ``kill`` sweeps ``/proc`` for it and for the program's
  descendants by parent, until none is left — a child that left the group is found by its
  token even when its parent has exited;
* Windows: the program is put in a job object that kills every process in it when the job
  is ended (or when the game's handle to it closes, however the game ends).

What is not caught: on Linux, a descendant that leaves the process group *and* replaces
its whole environment *and* whose parent has exited; on macOS and the BSDs, a descendant that
leaves the process group (there is no ``/proc`` to sweep).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
import os
import secrets
import signal
import subprocess
import sys
from typing import Any

TOKEN_VAR = "SHENGJI_PROGRAM"
_LINUX = sys.platform.startswith("linux")


def start(argv: Sequence[str] | str, cwd: str | None = None,
          env: Mapping[str, str] | None = None) -> tuple[subprocess.Popen[bytes], ProcessTree]:
    """Start ``argv`` with piped standard streams; raises OSError when it cannot start."""
    token = secrets.token_hex(8)
    full_env = dict(os.environ if env is None else env)
    full_env[TOKEN_VAR] = token
    options: dict[str, Any] = {}
    if os.name == "posix":
        options["start_new_session"] = True
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            cwd=cwd, env=full_env, **options)
    return proc, ProcessTree(proc, token)


class ProcessTree:
    """The processes of one started program; ``kill()`` ends them all and reaps the program."""

    def __init__(self, proc: subprocess.Popen[bytes], token: str) -> None:
        self.proc = proc
        self.token = token
        self.job = _WindowsJob(proc) if sys.platform == "win32" else None

    def kill(self) -> None:
        """End the program and every process it started (safe to call more than once)."""
        if sys.platform == "win32":  # pragma: no cover - Windows
            if self.job is not None:
                self.job.kill()
        else:
            descendants = _sweep_linux(self.proc.pid, self.token) if _LINUX else set()
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
                found = _sweep_linux(self.proc.pid, self.token)
                if not found:
                    break
                _kill_all(found)

    def alive(self) -> list[int]:
        """The processes of the tree still running (Linux; elsewhere the program alone)."""
        if _LINUX:
            return sorted(_sweep_linux(self.proc.pid, self.token))  # the program carries the token too
        return [self.proc.pid] if self.proc.poll() is None else []


def _kill_all(pids: set[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _sweep_linux(root: int, token: str) -> set[int]:
    """Living processes that carry ``token`` in their environment or descend from ``root``."""
    needle = f"{TOKEN_VAR}={token}".encode()
    parents: dict[int, int] = {}
    marked: set[int] = set()
    me = os.getpid()
    try:
        entries = os.listdir("/proc")
    except OSError:  # pragma: no cover - no /proc
        return set()
    for entry in entries:
        if not entry.isdigit():
            continue
        pid = int(entry)
        if pid == me:
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[0] in (b"Z", b"X"):  # dead already, waiting to be reaped
            continue
        parents[pid] = int(fields[1])
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle in f.read().split(b"\0"):
                    marked.add(pid)
        except OSError:
            pass
    children: dict[int, list[int]] = {}
    for pid, parent in parents.items():
        children.setdefault(parent, []).append(pid)
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in marked:
                marked.add(child)
                stack.append(child)
    return marked


class _WindowsJob:  # pragma: no cover - Windows
    """A job object holding the program: ending the job ends every process in it."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        import ctypes
        from ctypes import wintypes

        class IoCounters(ctypes.Structure):
            _fields_ = [(name, ctypes.c_ulonglong) for name in (
                "ReadOperationCount", "WriteOperationCount", "OtherOperationCount",
                "ReadTransferCount", "WriteTransferCount", "OtherTransferCount")]

        class BasicLimits(ctypes.Structure):
            _fields_ = [("PerProcessUserTimeLimit", ctypes.c_int64), ("PerJobUserTimeLimit", ctypes.c_int64),
                        ("LimitFlags", wintypes.DWORD), ("MinimumWorkingSetSize", ctypes.c_size_t),
                        ("MaximumWorkingSetSize", ctypes.c_size_t), ("ActiveProcessLimit", wintypes.DWORD),
                        ("Affinity", ctypes.c_size_t), ("PriorityClass", wintypes.DWORD),
                        ("SchedulingClass", wintypes.DWORD)]

        class ExtendedLimits(ctypes.Structure):
            _fields_ = [("BasicLimitInformation", BasicLimits), ("IoInfo", IoCounters),
                        ("ProcessMemoryLimit", ctypes.c_size_t), ("JobMemoryLimit", ctypes.c_size_t),
                        ("PeakProcessMemoryUsed", ctypes.c_size_t), ("PeakJobMemoryUsed", ctypes.c_size_t)]

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
