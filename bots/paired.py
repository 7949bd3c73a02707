"""The one paired search: candidates compared on the same sampled worlds.

Every search of the bots — ``hard``'s plays (``HardBot.search``), its bury
(``burying.search_bury``) and the post-hand analysis (``analysis._compare``, plays, buries
and declarations) — deals a world, plays every candidate still in the race out in it, and
goes on until the worlds run out, the time does, or one candidate is left. They differ in
how a world is played (``play_world``), which candidates drop out on the way (``prune``) and
what the values mean in the end (``estimate``): ``surely_better`` for a bot, which keeps
its heuristic's move unless another is better by a margin, the analysis its half-split.

The standard error of a mean over one world is unknown, so it is infinite
(``mean_se``): a single world never makes a move "surely better" nor charges a loss.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
import time
from typing import TypeVar

T = TypeVar("T")
#: values[i]: candidate i's value in each world it was played in, from the first world on
#: (a pruned candidate's list stops where it dropped out).
Values = list[list[float]]
#: The values for the candidates alive (in that order) in one new world; None, or fewer
#: values, when no further world can be played (none can be dealt, or the time is up).
PlayWorld = Callable[[Sequence[int]], Sequence[float] | None]
Prune = Callable[[Values, list[int], int], list[int]]


def paired_search(
    play_world: PlayWorld,
    n: int,
    estimate: Callable[[Values, int], T],
    *,
    samples: int | None,
    deadline: float | None,
    prune: Prune | None = None,
    at_least: int = 0,
) -> tuple[T, int]:
    """Compare ``n`` candidates on the same worlds, up to ``samples`` worlds (None: no
    limit but the ``deadline``). A world is started only when it should end by the
    ``deadline`` (judged by the worlds so far), unless fewer than ``at_least`` were played;
    after each world ``prune(values, alive, worlds)`` may drop candidates. Returns
    ``estimate(values, worlds)`` and the number of worlds played."""
    values: Values = [[] for _ in range(n)]
    alive = list(range(n))
    worlds = 0
    limit = samples if samples is not None else 10_000
    began = time.perf_counter()
    while worlds < limit and len(alive) > 1:
        if deadline is not None and worlds >= at_least:
            now = time.perf_counter()
            per_world = (now - began) / worlds if worlds else 0.0
            if now + per_world > deadline:
                break
        got = play_world(alive)
        if got is None or len(got) < len(alive):
            break
        for i, value in zip(alive, got):
            values[i].append(value)
        worlds += 1
        if prune is not None:
            alive = prune(values, alive, worlds)
    return estimate(values, worlds), worlds


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of paired differences and its standard error (infinite for one value: the
    spread of one world is unknown)."""
    k = len(values)
    m = sum(values) / k
    if k < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in values) / (k - 1)
    return m, (var / k) ** 0.5


def gains(values: Values, base: int = 0) -> Values:
    """Each candidate's paired differences from candidate ``base``, world by world."""
    ref = values[base]
    return [[v - ref[w] for w, v in enumerate(row)] for row in values]


def surely_better(diffs: Sequence[Sequence[float]], min_worlds: int, z: float, min_gain: float) -> int:
    """The candidate (an index from 1) that beats candidate 0 surely and most: the lower end
    of its paired gain (the mean less ``z`` standard errors) is the highest above 0, over
    at least ``min_worlds`` worlds, and the mean above ``min_gain``; 0 when none does."""
    best, best_low = 0, 0.0
    for i in range(1, len(diffs)):
        if len(diffs[i]) < min_worlds:
            continue
        m, se = mean_se(diffs[i])
        low = m - z * se
        if low > best_low and m > min_gain:
            best, best_low = i, low
    return best


def keep_base(min_worlds: int | Callable[[int], int], z: float, min_gain: float) -> Callable[[Values, int], int]:
    """The bots' estimator: candidate 0 (the heuristic's move) unless another is
    ``surely_better`` over at least ``min_worlds`` worlds (a number, or one computed from the
    worlds played)."""

    def estimate(values: Values, worlds: int) -> int:
        need = min_worlds(worlds) if callable(min_worlds) else min_worlds
        return surely_better(gains(values), need, z, min_gain)

    return estimate


def drop_behind(after: int) -> Prune:
    """A bot's pruning from ``after`` worlds on: drop the candidates whose gain over
    candidate 0 is two standard errors below the best lower bound (and 0: candidate 0
    stays)."""

    def prune(values: Values, alive: list[int], worlds: int) -> list[int]:
        others = alive[1:]
        if worlds < after or len(others) < 2:
            return alive
        diffs = gains(values)
        stats = {i: mean_se(diffs[i]) for i in others}
        floor = max(0.0, *(m - 2 * se for m, se in stats.values()))
        return [alive[0], *(i for i in others if stats[i][0] + 2 * stats[i][1] >= floor)]

    return prune


__all__ = [
    "PlayWorld",
    "Prune",
    "Values",
    "drop_behind",
    "gains",
    "keep_base",
    "mean_se",
    "paired_search",
    "surely_better",
]
