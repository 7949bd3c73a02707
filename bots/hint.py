"""Practice mode's Hint: the ``normal`` bot's move and reason for a seat.

The table engine takes it as a ``game.table.HintProvider`` (the table never imports the
bots); the session hands ``hint`` to the ``TableDriver`` it builds.

**One voice with the Review** (issue 27). A declaration weighs a whole hand ahead, where the
heuristic's count of expected trumps is least reliable, so a declaration the ``normal`` bot
proposes is checked by the post-hand analysis's own search before it is shown: the same
candidates (the declaration, the seat's other options, the pass) played out in
``DECLARE_BUDGET`` sampled deals (16 worlds, no second look; about a fifth of a second),
and another candidate is hinted instead only when it is better by the analysis's margin
(its paired gain less one standard error above zero). Plays and buries are the heuristic's;
the Review charges them only beyond ``analysis.HINT_Z`` standard errors.
"""
from __future__ import annotations

from collections.abc import Sequence
import random

from game.core import AFTER_DEAL, Card, Hand, observe

from . import make_bot
from .base import Reason

DECLARE_BUDGET = 16  # worlds for checking a declaration the heuristic proposes


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
        cards, reason = bot.explain(obs, opts)
        if cards:
            return _checked_declaration(hand, seat, opts, list(cards), reason)
        return cards, reason
    return bot.explain(obs)


def _checked_declaration(hand: Hand, seat: int, options: list[list[Card]], cards: list[Card],
                         reason: Reason) -> tuple[list[Card] | None, Reason]:
    """The heuristic's declaration, or what the analysis's search finds surely better."""
    from .analysis import Settings, declare_decision
    from .declare_analysis import Moment
    from .normal import NormalPolicy

    final = hand.phase == AFTER_DEAL or hand.dealt == hand.to_deal
    moment = Moment(len(hand.log), tuple(cards), tuple(tuple(o) for o in options),
                    len(hand.log) + 1, final, hand.phase == AFTER_DEAL)
    rng = random.Random(f"hint/{hand.setup.seed}/{seat}/{len(hand.log)}")
    d = declare_decision(hand, seat, moment, rng,
                         Settings(samples=DECLARE_BUDGET, curve=False, confirm=0), NormalPolicy())
    if d.loss <= 0 or sorted(d.best) == sorted(cards):
        return cards, reason
    gain = f"{d.loss:.2f}"
    if not d.best:
        return None, Reason("declare.searched_pass", {"cards": cards, "worlds": d.worlds, "gain": gain})
    return list(d.best), Reason("declare.searched", {"cards": list(d.best), "worlds": d.worlds, "gain": gain})


__all__ = ["DECLARE_BUDGET", "hint"]
