"""Seeds no seat can search for, and the numbers drawn from them.

A seat sees its own cards; if the seed its deal came from were one of a million values, a
program (or a person with a script) could try each, find the one that deals those cards and
know every other hand. So a new match's seed is 128 bits (``fresh_seed``) and every number
drawn from it goes through a keyed hash (``derive``, BLAKE2b with the seed as its key):
knowing one deal's seed, or every other number a seat is given, tells nothing usable
about the match seed or the other deals. Each use names its own domain ("deal", "bot" …),
so numbers made for different uses never coincide.

A seed below ``WIDE`` (every seed of the saves and replays made before, and any small seed
a test or the command line asks for) keeps the old derivation, a ``random.Random`` seeded
with it, so those matches rebuild exactly as they were dealt.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SEED_BITS = 128
SEED_LIMIT = 1 << SEED_BITS  # stored seeds lie in [-SEED_LIMIT, SEED_LIMIT]
WIDE = 1 << 64  # from here on a match's draws are keyed hashes


def fresh_seed() -> int:
    """A new match's seed: 128 random bits, the top one set so it is always ``WIDE``."""
    return secrets.randbits(SEED_BITS - 1) | (1 << (SEED_BITS - 1))


def is_wide(seed: int) -> bool:
    return seed >= WIDE


def derive(seed: int, domain: str, *parts: object, bits: int = SEED_BITS) -> int:
    """A ``bits``-bit number for ``domain`` and ``parts``, keyed by ``seed``."""
    key = str(seed).encode()
    if len(key) > hashlib.blake2b.MAX_KEY_SIZE:  # a seed typed with very many digits
        key = hashlib.blake2b(key).digest()
    message = ":".join([domain, *map(str, parts)]).encode()
    digest = hashlib.blake2b(message, key=key, digest_size=(bits + 7) // 8).digest()
    return int.from_bytes(digest, "big") >> (-bits % 8)


class MatchDraws:
    """A match's draws in order: each deal's seed and each lot (the first drawer, a tie's
    dealer). A wide seed draws the n-th of them from ``derive``; a narrow one from the
    ``random.Random`` the matches before it used, in the same order."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._old = None if is_wide(seed) else random.Random(seed)
        self._count = 0

    def deal_seed(self) -> int:
        if self._old is not None:
            return self._old.getrandbits(48)
        return self._next("deal")

    def lot(self, n: int) -> int:
        """One of ``range(n)``."""
        if self._old is not None:
            return self._old.randrange(n)
        return self._next("lot") % n  # 128 bits: the bias of the modulo is beyond measure

    def _next(self, domain: str) -> int:
        self._count += 1
        return derive(self.seed, "match-" + domain, self._count)
