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

from game.core import Card, Hand

from .analysis import DECLARE_BUDGET, practice_hint
from .base import Reason


def hint(hand: Hand, seat: int, options: Sequence[Sequence[Card]] | None = None) -> tuple[list[Card] | None, Reason]:
    """The ``normal`` bot's move for ``seat`` now, with its ``Reason``: cards to play or
    bury, a declaration (or None to pass) while the cards are dealt (checked as the module
    says). The bot is seeded by the position, so the same position always gets the same
    hint. The work is ``analysis.practice_hint``, which the Review also asks."""
    return practice_hint(hand, seat, options)


__all__ = ["DECLARE_BUDGET", "hint"]
