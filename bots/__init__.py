"""Bots for 升级 Shengji: four levels on the rules core's public API.

>>> import random
>>> from game.core import get_ruleset
>>> bot = make_bot("normal", 0, random.Random(1), get_ruleset("hebi-2010"))
>>> bot.level
'normal'
"""
from __future__ import annotations

import random

from game.core import Ruleset

from .base import Bot, Reason, is_legal, legal_plays
from .easy import EasyBot
from .normal import NormalBot
from .random_bot import RandomBot

BOT_LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "easy": EasyBot, "normal": NormalBot}


def make_bot(level: str, seat: int, rng: random.Random, ruleset: Ruleset,
             think_ms: float | None = None, **options) -> Bot:
    """A bot of the named level. ``think_ms`` is the ``hard`` level's budget per decision."""
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    if level == "hard":
        if think_ms is not None:
            options["think_ms"] = think_ms
        return cls(seat, rng, ruleset, **options)
    return cls(seat, rng, ruleset)


__all__ = ["BOT_LEVELS", "Bot", "EasyBot", "NormalBot", "RandomBot", "Reason", "is_legal",
           "legal_plays", "make_bot"]
