"""Bots for 升级 Shengji: four levels on the rules core's public API.

Protocol (OpenSpiel style: seat and RNG in the constructor, an observation per decision)::

    bot = make_bot("normal", seat, random.Random(seed), ruleset)        # or NormalBot(...)
    bot.declare(observe(hand, seat), hand.declaration_options(seat))    # cards or None
    bot.bury(observe(hand, hand.dealer))                                # kitty-size cards
    bot.play(observe(hand, seat))                                       # a lead or a follow
    cards, reason = bot.explain(obs)   # the Hint: reason is a code str with .params/.english

``game.table.play_hand(hand, bots)`` runs a whole hand asking the bots (the arena,
tests). Levels: ``random`` (uniform legal choice), ``easy`` (heuristics, no memory),
``normal`` (card memory), ``hard`` (normal plus time-boxed determinized look-ahead),
``expert`` (hard with a longer think, ``EXPERT_THINK_MS``, and more candidate moves).

>>> import random
>>> from game.core import get_ruleset
>>> bot = make_bot("normal", 0, random.Random(1), get_ruleset("hebi-2010"))
>>> bot.level
'normal'
"""

from __future__ import annotations

import random
from typing import Any

from game.core import Ruleset
from game.table import seats

from .base import Bot, Reason, is_legal, legal_plays
from .easy import EasyBot
from .hard import DEFAULT_THINK_MS, EXPERT_THINK_MS, ExpertBot, HardBot
from .memory import MemoryTracker
from .normal import NormalBot
from .random_bot import RandomBot
from .settings import EXPERT, HARD, SearchSettings, configured

BOT_LEVELS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
}
if tuple(BOT_LEVELS) != seats.BOT_LEVELS:
    # The game offers, saves and checks the levels of ``game.table.seats``: a level only
    # one side knows would be offered and then refused, or saved and never continued.
    raise ImportError(f"bots.BOT_LEVELS {tuple(BOT_LEVELS)} differ from game.table.seats {seats.BOT_LEVELS}")


def make_bot(
    level: str,
    seat: int,
    rng: random.Random,
    ruleset: Ruleset,
    think_ms: float | None = None,
    memory: MemoryTracker | None = None,
    settings: SearchSettings | None = None,
    **options: Any,
) -> Bot:
    """A bot of the named level. ``think_ms`` is the ``hard`` level's budget per decision
    (default ``DEFAULT_THINK_MS``); other levels ignore it. ``settings`` (``hard`` and
    ``expert``: default ``HARD``, ``EXPERT``) is how the search searches, and ``options`` are
    changes to it (``SearchSettings``' fields; an unknown one is a ValueError naming the
    known ones): ``samples=k`` without ``think_ms`` searches exactly k sampled worlds and no
    time box, so its decisions are reproducible from the seed on any machine; ``expert``
    thinks ``EXPERT_THINK_MS`` unless given ``expert_ms``. ``memory``: one ``MemoryTracker``
    the bots of one hand may share (``normal`` and above; the card memory is public, so each
    play is then read once, not once per seat)."""
    try:
        cls = BOT_LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(BOT_LEVELS)})") from None
    if issubclass(cls, HardBot):
        base = settings if settings is not None else cls.settings_for(ruleset)
        if cls is ExpertBot:
            # ``think_ms`` is the hard level's budget (the arena's --think-ms).
            expert_ms = options.pop("expert_ms", None)
            if expert_ms is not None:
                options["think_ms"] = expert_ms
        elif think_ms is not None:
            options["think_ms"] = think_ms
        if "samples" in options and "think_ms" not in options:
            options["think_ms"] = None
        return cls(seat, rng, ruleset, configured(base, options), memory=memory)
    if options or settings is not None:
        raise ValueError(f"the {level} level has no search settings (given: {', '.join(options) or 'settings'})")
    if issubclass(cls, NormalBot):
        return cls(seat, rng, ruleset, memory=memory)
    return cls(seat, rng, ruleset)


__all__ = [
    "BOT_LEVELS",
    "DEFAULT_THINK_MS",
    "EXPERT",
    "EXPERT_THINK_MS",
    "HARD",
    "Bot",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "MemoryTracker",
    "NormalBot",
    "RandomBot",
    "Reason",
    "SearchSettings",
    "is_legal",
    "legal_plays",
    "make_bot",
]
