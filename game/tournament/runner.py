"""The other tables of an event, played in a worker process so the player's table never stalls.

    runner = BotRunner(replay_dir=folder)       # starts no process until the first submit
    runner.submit(MatchJob.of(event, pairing))  # as many as are ready
    for outcome in runner.poll():               # never blocks; finished matches only
        event.record(outcome.match_id, outcome.result)
    runner.close()

The worker is a separate process (``spawn``: nothing of the game's window is copied into
it) at a lower scheduling priority, so the game's own process keeps the cores it needs to
draw. It builds bots with the factory named by ``factory`` ("module:function", default
``bots:make_bot``): the package stays free of the bots, the worker imports them. With
``replay_dir`` the worker writes each match's replays there and hands back only the file
names; without it they come back with the outcome.

``run_event`` plays every bots-only match of an event to the end (the headless run).
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
import ctypes
import importlib
import multiprocessing
import os
from pathlib import Path
import signal
import sys
import threading
import time
from typing import Any

from .event import Tournament
from .play import BotFactory, MatchJob, MatchOutcome, play_match, write_replays

DEFAULT_FACTORY = "bots:make_bot"
MOVED_MODULES = {
    **{f"game.{m}": f"game.app.{m}" for m in ("session", "storage", "records", "saved_data", "saved_matches")},
    **{f"game.{m}": f"game.app.{m}" for m in ("duplicate", "analyse", "event_play", "event_store", "event_boards")},
    "game.assets": "game.ui.kit.assets",
}
"""Modules that moved (issue 38), old name -> new: a ``--factory`` spec written before the
move (in a script, a shell history, a CI file) still names its module by the old name."""
_factory: BotFactory | None = None


def load_factory(spec: str) -> BotFactory:
    """``"module:function"`` → the function (a module that moved is found by its old name too)."""
    module, _, name = spec.partition(":")
    if not module or not name:
        raise ValueError(f"a bot factory is named 'module:function', not {spec!r}")
    module = MOVED_MODULES.get(module, module)
    found: BotFactory = getattr(importlib.import_module(module), name)
    return found


PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_CHECK_SECONDS = 0.5


def _start_worker(spec: str, nice: int, parent: int, death_signal: bool) -> None:
    global _factory
    _end_with_parent(parent, death_signal)
    _factory = load_factory(spec)
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:
            pass


def _end_with_parent(parent: int, death_signal: bool) -> None:
    """The worker ends when the game does, however the game ends (kill -9, a crash). It would
    not notice by itself: it is deep in a match, or waiting on its queue, whose pipes it holds
    both ends of, so no end-of-file ever comes. With the worker gone, multiprocessing's
    resource tracker ends too: the worker held the last open end of its pipe."""
    if death_signal and sys.platform.startswith("linux"):
        # The kernel's signal reaches even a worker whose compiled search holds the GIL, which
        # the watching thread below would wait for. It follows the thread that started the
        # worker, so it is asked for only when that thread is the game's main one.
        try:
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if _parent_gone(parent):  # it died before the signal was asked for: none will come
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _parent_gone(parent: int) -> bool:
    # A parent that dies leaves the worker to another (init): the parent's pid is no longer
    # its parent's. Windows never re-parents; there the parent's sentinel says it.
    if os.name == "posix" and os.getppid() != parent:
        return True
    process = multiprocessing.parent_process()
    return process is not None and not process.is_alive()


def _watch_parent(parent: int) -> None:
    process = multiprocessing.parent_process()
    while not _parent_gone(parent):
        if process is not None:
            process.join(PARENT_CHECK_SECONDS)  # returns at once when the parent ends
        else:
            time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def _work(job: MatchJob, replay_dir: str | None) -> MatchOutcome:
    assert _factory is not None
    outcome = play_match(job, _factory)
    if replay_dir is not None:
        write_replays(outcome, Path(replay_dir), job.replay_prefix)
    return outcome


class RunnerError(RuntimeError):
    """A match could not be played in the background (its bots failed, or its worker kept
    dying); the message names the match. The event is unchanged: the match can be sent again."""


class BotRunner:
    """Plays submitted ``MatchJob``s in ``workers`` background processes.

    A worker that dies (killed, out of memory) is replaced and its matches are played again
    from the start, ``retries`` times each; a match is seeded, so a replayed match ends the
    same."""

    def __init__(
        self,
        replay_dir: str | Path | None = None,
        factory: str = DEFAULT_FACTORY,
        workers: int = 1,
        nice: int = 5,
        retries: int = 2,
    ):
        self.replay_dir = None if replay_dir is None else str(replay_dir)
        self.factory = factory
        self.workers = workers
        self.nice = nice
        self.retries = retries
        self._pool: ProcessPoolExecutor | None = None
        self._running: dict[str, Future[MatchOutcome]] = {}
        self._jobs: dict[str, MatchJob] = {}
        self._tries: dict[str, int] = {}

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(self.factory, self.nice, os.getpid(), threading.current_thread() is threading.main_thread()),
            )
        return self._pool

    def submit(self, job: MatchJob) -> None:
        """Start playing ``job`` (a match already running is not submitted twice)."""
        if job.match_id in self._running:
            return
        self._jobs[job.match_id] = job
        self._tries[job.match_id] = 1
        self._running[job.match_id] = self._executor().submit(_work, job, self.replay_dir)

    @property
    def pending(self) -> list[str]:
        """The matches submitted and not yet handed back by ``poll``."""
        return list(self._running)

    def poll(self, wait: float = 0.0) -> list[MatchOutcome]:
        """The matches finished since the last poll (waiting up to ``wait`` seconds for one;
        0 never blocks). A match that failed raises ``RunnerError`` here."""
        deadline = time.monotonic() + wait
        while True:
            done = [mid for mid, f in self._running.items() if f.done()]
            if done or time.monotonic() >= deadline or not self._running:
                break
            time.sleep(0.01)
        out = []
        broken = False
        for mid in done:
            future = self._running[mid]
            try:
                outcome = future.result()
            except BrokenProcessPool:
                broken = True
                continue
            except Exception as e:
                self._forget(mid)
                raise RunnerError(f"the match {mid} failed in the background ({type(e).__name__}: {e})") from e
            self._forget(mid)
            out.append(outcome)
        if broken:
            self._restart()
        return out

    def _forget(self, mid: str) -> None:
        self._running.pop(mid, None)
        self._jobs.pop(mid, None)
        self._tries.pop(mid, None)

    def _restart(self) -> None:
        """A worker died: a new pool, and every unfinished match sent again (or given up)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
        for mid in list(self._running):
            if self._tries[mid] > self.retries:
                self._forget(mid)
                raise RunnerError(
                    f"the match {mid} failed in the background (its worker stopped {self.retries + 1} times)"
                )
            self._tries[mid] += 1
            self._running[mid] = self._executor().submit(_work, self._jobs[mid], self.replay_dir)

    def close(self, wait: bool = True) -> None:
        """Stop the worker; matches still running are dropped (send them again to play them).
        ``wait=False`` ends the worker at once instead of letting its match finish (the
        game leaving an event: a ``hard`` match can take minutes, the window must not)."""
        if self._pool is not None:
            if wait:
                for f in self._running.values():
                    f.cancel()
                self._pool.shutdown(wait=True, cancel_futures=True)
            else:
                # No future is cancelled here: the pool's manager thread, finding its worker
                # ended, sets an error on every waiting future, and on a cancelled one Python
                # 3.11 raises (an InvalidStateError traceback printed on leaving an event).
                for process in list(getattr(self._pool, "_processes", {}).values()):
                    process.terminate()  # 3.11 has no public way; the match is played again later
                self._pool.shutdown(wait=False)
            self._pool = None
        self._running.clear()
        self._jobs.clear()
        self._tries.clear()

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def run_event(
    event: Tournament,
    runner: BotRunner | None = None,
    names: Callable[[str], str] | None = None,
    on_result: Callable[[Tournament, MatchOutcome], None] | None = None,
    factory: BotFactory | None = None,
    replay_dir: str | Path | None = None,
) -> Tournament:
    """Play every match of an all-bots event to the end. With ``runner`` the matches go to
    its workers; with ``factory`` (and no runner) they are played here, one by one, their
    replays written to ``replay_dir`` when given."""
    if any(not t.bots_only for t in event.teams):
        raise ValueError("the event has a person in it: play it at the table")
    if runner is None and factory is None:
        raise ValueError("give a runner or a bot factory")

    def job(pid: str) -> MatchJob:
        p = event.pairing(pid)
        label = (names(p.a), names(p.b or "")) if names else ("", "")
        return MatchJob.of(event, p, label)

    while not event.finished:
        ready = [p.id for p in event.bot_matches()]
        if runner is None:
            assert factory is not None
            outcome = play_match(job(ready[0]), factory)
            if replay_dir is not None:
                write_replays(outcome, Path(replay_dir), f"t{event.seed}")
            _record(event, outcome, on_result)
            continue
        for pid in ready:
            runner.submit(job(pid))
        for outcome in runner.poll(wait=60.0):
            _record(event, outcome, on_result)
    return event


def _record(
    event: Tournament, outcome: MatchOutcome, on_result: Callable[[Tournament, MatchOutcome], Any] | None
) -> None:
    event.record(outcome.match_id, outcome.result)
    if on_result is not None:
        on_result(event, outcome)
