"""Keeping a searching bot's decisions inside their think time.

The searches (``hard``'s plays and bury) check the clock before every sampled
world (one is started only when it should end by the deadline, judged by the worlds so far)
and between candidates (a world is dropped past the hard stop), so a decision overruns by
at most one play-out — a few milliseconds to a few tens. What was not bounded is CPython's
full (generation-2) garbage collection: it walks every object the collector tracks, and a
process that has played a few hands holds several hundred thousand (mostly the core's
memo tables of decompositions), so a full collection takes 200–300 ms on a quiet machine
and twice that on a busy one, at whatever allocation happens to trigger it — inside a
play-out, past every check (bots/NOTES.md, "Turn 3": every play decision above 1.2 think
times in a profiled run had one inside it).

``quiet_gc`` makes the collection happen where the budget accounts for it: when a full
collection is due (``full_collection_due``) it runs at the start of the decision, which the
deadline already counts from, and automatic collection is off for the rest of the
decision. Reference counting still frees almost everything as it goes; the collector's
next (young-generation) pass comes at the first allocation after the decision, and a full
one cannot, since the counts that trigger it do not move while collection is off.

That young pass is short only while the searches make no reference cycles: each cycle
made during the decision waits for it. Recursive closures (a nested function calling
itself is a cycle) in the core's follow enumeration once left tens of thousands a decision,
freed in a 40-200 ms pause just after the deadline (bots/NOTES.md, "The pause after a
decision"); ``tests/bots/test_budget.py`` checks that a searching decision leaves none.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
import gc
import threading


@dataclass(frozen=True)
class Budget:
    """A decision's clock: no new sampled world after ``deadline``, no further play-out
    after ``hard_stop`` (``time.perf_counter()`` values); None without a time box."""

    deadline: float | None
    hard_stop: float | None

    @classmethod
    def of(cls, start: float, think_ms: float | None, factor: float = 1.0, slack: float = 0.1) -> Budget:
        """``factor`` think times from ``start``, and ``slack`` think times more for the
        hard stop."""
        if think_ms is None:
            return cls(None, None)
        deadline = start + factor * think_ms / 1000.0
        return cls(deadline, deadline + slack * think_ms / 1000.0)


def full_collection_due(count: tuple[int, int, int], threshold: tuple[int, int, int]) -> bool:
    """Would CPython's next automatic collection be a full one? (``gc.get_count()`` and
    ``gc.get_threshold()``: generation 2 is collected once it has seen more than its
    threshold of generation-1 collections; CPython may still skip it while few objects were
    promoted, so this says "due", not "certain".)"""
    return count[2] > threshold[2] or (count[2] == threshold[2] and count[1] >= threshold[1])


_lock = threading.Lock()
_depth = 0
_disabled_by_us = False


@contextmanager
def quiet_gc() -> Iterator[None]:
    """A decision with no unplanned full collection inside it (see the module's doc).
    Nests and is safe across threads: collection comes back on when the outermost ends,
    and only if it was on before."""
    global _depth, _disabled_by_us
    with _lock:
        if _depth == 0 and gc.isenabled():
            if full_collection_due(gc.get_count(), gc.get_threshold()):
                gc.collect()
            gc.disable()
            _disabled_by_us = True
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _disabled_by_us:
                _disabled_by_us = False
                gc.enable()


__all__ = ["Budget", "full_collection_due", "quiet_gc"]
