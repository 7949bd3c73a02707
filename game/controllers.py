"""Who decides for a seat: a person at the screen, or a bot (no pygame here).

The table asks a seat's controller for a decision with ``begin(kind, obs)`` and polls
``result()`` every frame, so a slow bot never blocks drawing: bots think in one worker
thread. A person's controller is answered by the table scene through ``answer``. Hot-seat
play (several people) is several ``HumanController``s; a hint is a bot asked on a person's
behalf.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
import random
from typing import Any

from game.core import Card, Observation, Ruleset

DECLARE, BURY, PLAY = "declare", "bury", "play"
PENDING = object()
"""``result()`` while the decision is still being made."""

BotFactory = Callable[..., Any]

_executor: ThreadPoolExecutor | None = None


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        # One worker: bots are asked one at a time and must not race each other's RNGs.
        _executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
    return _executor


class Controller:
    """The decision maker for one seat."""

    human = False
    level = ""

    def begin(self, kind: str, obs: Observation) -> None:
        """Start deciding ``kind`` (BURY or PLAY) for the observation."""
        raise NotImplementedError

    def result(self) -> Any:
        """The decision (a list of cards) once made, else ``PENDING``."""
        raise NotImplementedError

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> Sequence[Card] | None:
        """A bot's declaration while the cards are dealt (quick, so asked inline)."""
        return None

    def cancel(self) -> None:
        """Forget an unfinished decision (the hand was left)."""


class HumanController(Controller):
    """A person: the table scene answers for them."""

    human = True
    level = "human"

    def __init__(self) -> None:
        self.kind: str | None = None
        self._answer: Any = PENDING

    def begin(self, kind: str, obs: Observation) -> None:
        """Start deciding."""
        self.kind, self._answer = kind, PENDING

    def answer(self, value: Any) -> None:
        """The person's decision (from the table scene)."""
        self._answer = value

    def result(self) -> Any:
        """The decision, or ``PENDING``."""
        return self._answer

    def cancel(self) -> None:
        """Forget the decision in progress."""
        self.kind, self._answer = None, PENDING


class BotController(Controller):
    """A bot from ``bots`` (or a test's stand-in), thinking in the worker thread."""

    def __init__(self, bot: Any, level: str):
        self.bot = bot
        self.level = level
        self._future: Future | None = None

    def begin(self, kind: str, obs: Observation) -> None:
        """Start deciding."""
        method = self.bot.bury if kind == BURY else self.bot.play
        self._future = _pool().submit(method, obs)

    def result(self) -> Any:
        """The decision, or ``PENDING``."""
        if self._future is None or not self._future.done():
            return PENDING
        future, self._future = self._future, None
        try:
            return list(future.result())
        except Exception:
            return None  # the driver substitutes a legal move

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> Sequence[Card] | None:
        """A declaration among ``options``, or None to pass."""
        try:
            choice = self.bot.declare(obs, [list(o) for o in options])
        except Exception:
            return None
        return list(choice) if choice else None

    def cancel(self) -> None:
        """Forget the decision in progress."""
        if self._future is not None:
            self._future.cancel()
            self._future = None


def default_bot_factory() -> BotFactory:
    """``bots.make_bot``; imported late so the rules core never depends on the bots."""
    from bots import make_bot
    return make_bot


def make_controllers(humans: Sequence[int], levels: Sequence[str], ruleset: Ruleset, seed: int,
                     factory: BotFactory | None = None) -> list[Controller]:
    """One controller per seat: people at ``humans``, bots of ``levels[seat]`` elsewhere."""
    out: list[Controller] = []
    for seat in range(4):
        if seat in humans:
            out.append(HumanController())
            continue
        make = factory or default_bot_factory()
        rng = random.Random(seed * 4 + seat)
        level = levels[seat]
        try:
            bot = make(level, seat, rng, ruleset)
        except ValueError:
            # A level this build of the bots lacks: play the next one down, and say so.
            level = "normal"
            bot = make(level, seat, rng, ruleset)
        out.append(BotController(bot, level))
    return out
