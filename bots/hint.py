"""Practice mode's Hint: the ``normal`` bot's move and reason for a seat.

The table engine takes it as a ``game.table.HintProvider`` (the table never imports the
bots); the session hands ``hint`` to the ``TableDriver`` it builds.
"""
from __future__ import annotations

from collections.abc import Sequence
import random

from game.core import Card, Hand, observe

from . import make_bot
from .base import Reason


def hint(hand: Hand, seat: int, options: Sequence[Sequence[Card]] | None = None
         ) -> tuple[list[Card] | None, Reason]:
    """The ``normal`` bot's move for ``seat`` now, with its ``Reason``: cards to play or
    bury, a declaration (or None to pass) while the cards are dealt.

    The bot is seeded by the position, so the same position always gets the same hint."""
    rng = random.Random(hand.setup.seed * 1009 + len(hand.log) * 4 + seat)
    bot = make_bot("normal", seat, rng, hand.ruleset)
    obs = observe(hand, seat)
    if hand.phase.declaring:
        opts = [list(o) for o in (options if options is not None else hand.declaration_options(seat))]
        return bot.explain(obs, opts)
    return bot.explain(obs)


__all__ = ["hint"]
