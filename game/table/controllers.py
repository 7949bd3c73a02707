"""Who decides for a seat: a person at the screen, or a bot (no pygame, no bots imported).

The table asks a seat's controller with ``begin(kind, obs)`` and reads ``result()``. A
person's controller is answered by the screen through ``answer``. A bot comes in by
injection (any object with ``declare``, ``bury`` and ``play``), built by a factory the
caller passes to ``make_controllers`` (the game and the arena pass ``bots.make_bot``).

``BotController(threaded=True)`` thinks in one worker thread, so a slow bot never blocks
drawing; ``threaded=False`` answers inside ``begin`` (the arena, tests, tools: no threads,
no polling). Either way a bot's exception is kept and raised by ``result()``/``declare()``,
so the driver records it the same way everywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future
import queue
import random
import threading
import time
from typing import Any

from game.core import BURY, ActionKind, Card, Observation, Ruleset
from game.table.seats import EXTERNAL

PENDING: Any = object()
"""``result()`` (or ``declare()``) while the decision is still being made."""

BotFactory = Callable[..., Any]
"""``factory(level, seat, rng, ruleset, **options)`` → a bot; ``ValueError`` for an unknown level."""


class _Worker:
    """One thread running the bots' decisions in the order asked (bots are asked one at a
    time and must not race each other's RNGs).

    A daemon thread, not a ``ThreadPoolExecutor``'s: Python joins an executor's threads at
    exit, so quitting while an expert still searched a table already left kept the process
    (and its black window) alive for seconds. A search nobody waits for is simply dropped."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="bot", daemon=True).start()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.put((future, fn, args))
        return future

    def _run(self) -> None:
        while True:
            future, fn, args = self.jobs.get()
            if not future.set_running_or_notify_cancel():
                continue  # cancelled before it started (the hand was left)
            try:
                future.set_result(fn(*args))
            except BaseException as e:  # kept for ``result()``, raised in the table's thread
                future.set_exception(e)


_worker: _Worker | None = None
_worker_lock = threading.Lock()


def _pool() -> _Worker:
    global _worker
    with _worker_lock:
        if _worker is None:
            _worker = _Worker()
        return _worker


class Controller:
    """The decision maker for one seat."""

    human = False
    inline = False  # answers inside ``decide`` (no begin/result round trip)
    level = ""
    bot: Any = None
    seconds = 0.0  # how long the last bury or play took to decide

    def begin(self, kind: ActionKind, obs: Observation) -> None:
        """Start deciding ``kind`` (BURY or PLAY) for the observation."""
        raise NotImplementedError

    def result(self) -> Any:
        """The decision (a list of cards) once made, else ``PENDING``; raises the bot's error."""
        raise NotImplementedError

    def decide(self, kind: ActionKind, obs: Observation) -> Any:
        """An ``inline`` controller's decision, made now; raises the bot's error."""
        raise NotImplementedError

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> Any:
        """A bot's declaration (cards), None to pass, or ``PENDING``; raises the bot's error."""
        return None

    def cancel(self) -> None:
        """Forget an unfinished decision (the hand was left)."""

    def hand_over(self, hand: Any) -> None:
        """The hand is over (an outside program is sent the result)."""

    def close(self) -> None:
        """The table is left (an outside program is ended)."""


class HumanController(Controller):
    """A person: never answers when asked; the screen submits the person's move to the
    driver (``TableDriver.submit``), which checks it like any other."""

    human = True
    level = "human"

    def __init__(self) -> None:
        self.kind: ActionKind | None = None

    def begin(self, kind: ActionKind, obs: Observation) -> None:
        self.kind = kind

    def result(self) -> Any:
        return PENDING

    def cancel(self) -> None:
        self.kind = None


class _Done:
    """A decision made inline: its value or its exception."""

    __slots__ = ("error", "value")

    def __init__(self, value: Any = None, error: BaseException | None = None):
        self.value, self.error = value, error


class BotController(Controller):
    """A bot (from ``bots`` or a test's stand-in); see the module docstring for ``threaded``."""

    def __init__(self, bot: Any, level: str, threaded: bool = True):
        self.bot = bot
        self.level = level
        self.threaded = threaded
        self.inline = not threaded
        # An outside program may take a while to declare, and so may a bot that searches its
        # declarations (it says so with ``slow_declare``): ask them in the worker too.
        self.slow_declare = threaded and (str(level).startswith(EXTERNAL) or bool(getattr(bot, "slow_declare", False)))
        self._job: Future[list[Card]] | _Done | None = None
        self._declaring: tuple[Any, Future[Any]] | None = None

    def decide(self, kind: ActionKind, obs: Observation) -> list[Card]:
        start = time.perf_counter()
        try:
            return list((self.bot.bury if kind == BURY else self.bot.play)(obs))
        finally:
            self.seconds = time.perf_counter() - start

    def begin(self, kind: ActionKind, obs: Observation) -> None:
        if self.threaded:
            self._job = _pool().submit(self.decide, kind, obs)
            return
        try:
            self._job = _Done(self.decide(kind, obs))
        except Exception as e:  # a bot's bug: the driver records it and plays for it
            self._job = _Done(error=e)

    def result(self) -> Any:
        job = self._job
        if job is None:
            return PENDING
        if isinstance(job, Future):
            if not job.done():
                return PENDING
            self._job = None
            return job.result()
        self._job = None
        if job.error is not None:
            raise job.error
        return job.value

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> Any:
        if not self.slow_declare:
            choice = self.bot.declare(obs, [list(o) for o in options])
            return list(choice) if choice else None
        key = (obs.cards_dealt, len(obs.hand), len(obs.declarations), obs.phase)
        if self._declaring is None or self._declaring[0] != key:
            self._declaring = (key, _pool().submit(self.bot.declare, obs, [list(o) for o in options]))
            return PENDING
        future = self._declaring[1]
        if not future.done():
            return PENDING
        self._declaring = None
        choice = future.result()
        return list(choice) if choice else None

    def thinking(self) -> bool:
        """A decision was asked in the worker thread and its answer not read yet (done or not:
        the table must come back for it)."""
        return isinstance(self._job, Future) or self._declaring is not None

    def cancel(self) -> None:
        if isinstance(self._job, Future):
            self._job.cancel()
        self._job = None
        self._declaring = None

    def hand_over(self, hand: Any) -> None:
        end = getattr(self.bot, "end_hand", None)
        if end is not None and self.level.startswith(EXTERNAL):
            end(hand)

    def close(self) -> None:
        self.cancel()
        close = getattr(self.bot, "close", None)
        if close is not None and self.level.startswith(EXTERNAL):
            close()


def make_controllers(
    humans: Sequence[int],
    levels: Sequence[str],
    ruleset: Ruleset,
    seed: int,
    factory: BotFactory,
    threaded: bool = True,
) -> list[Controller]:
    """One controller per seat: people at ``humans``, bots of ``levels[seat]`` from
    ``factory`` elsewhere (a level the factory lacks plays ``normal``)."""
    out: list[Controller] = []
    for seat in range(4):
        if seat in humans:
            out.append(HumanController())
            continue
        rng = random.Random(seed * 4 + seat)
        level = levels[seat]
        try:
            bot = factory(level, seat, rng, ruleset)
        except ValueError:
            level = "normal"
            bot = factory(level, seat, rng, ruleset)
        out.append(BotController(bot, level, threaded))
    return out


def bot_controllers(bots: Sequence[Any], threaded: bool = False) -> list[Controller]:
    """Controllers for ready-made bots (None: a person's seat)."""
    return [
        HumanController() if b is None else BotController(b, str(getattr(b, "level", "") or ""), threaded) for b in bots
    ]


__all__ = [
    "PENDING",
    "BotController",
    "BotFactory",
    "Controller",
    "HumanController",
    "bot_controllers",
    "make_controllers",
]
