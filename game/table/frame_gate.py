"""The front end's frames come before a bot's thinking (issue 26, "Frame time").

The game's bots think in a worker thread of the game's own process, so their search and the
frame share one interpreter lock. Contended, every call that lets the lock go (each blit,
each font call, the copy to the screen) costs the frame a wait for the worker's turn: with
``expert`` searching, a frame of 5 ms took 50–200 ms. While a frame is made the front end
holds the gate (``with FRAME_GATE:``); a search passes ``FRAME_GATE.pause()`` after every
trick of its play-outs (a fraction of a millisecond apart) and waits there, off the lock,
until the frame is done. A thread holding the gate never waits at it, and nothing waits
when no frame is being made (the arena, the tests, the tools), so the bots' moves do not
change: only when, within their time box, they think.
"""

from __future__ import annotations

import threading
from types import TracebackType

from game.compiled import mypyc_attr


# Compiled with the search (game.compiled.HOT_MODULES: its pause comes after every trick of
# every roll-out); a test's gate that counts the passes subclasses it.
@mypyc_attr(allow_interpreted_subclasses=True)
class FrameGate:
    """Held by the thread making a frame; passed by the searches (see the module doc)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._holder: int | None = None

    def __enter__(self) -> FrameGate:
        self._lock.acquire()
        self._holder = threading.get_ident()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self._holder = None
        self._lock.release()

    @property
    def shut(self) -> bool:
        """A frame is being made."""
        return self._holder is not None

    def pause(self) -> None:
        """Wait, off the interpreter lock, while another thread makes a frame."""
        holder = self._holder
        if holder is not None and holder != threading.get_ident():
            with self._lock:
                pass


FRAME_GATE = FrameGate()
"""The one gate of the process: the game's frame loop holds it, the searches pass it."""

__all__ = ["FRAME_GATE", "FrameGate"]
