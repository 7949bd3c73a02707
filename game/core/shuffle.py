"""The deal's shuffle: ``random.Random.shuffle``'s own algorithm, written out to compile.

``random.shuffle`` is a Python loop (one ``_randbelow`` call per card), and every hand dealt
runs it over a hundred times; compiled with the hot path, this one is C. It draws the same
numbers in the same order, so a seed deals what it always dealt: the Fisher–Yates walk from
the last card down, each index drawn as ``getrandbits(n.bit_length())`` until below ``n``.
Only a ``random.Random`` of the standard generator draws that way (a subclass may redefine
``random`` alone, and ``shuffle`` would then use it): any other is asked to shuffle itself.
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` would."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j: int = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
