"""The phases of a hand, as one enum shared by the core, the table and the bots.

A ``StrEnum`` so that saves, the bot protocol and the referee keep writing the same words
(``"playing"``), while code compares against ``Phase.PLAYING`` rather than a bare string.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Phase(StrEnum):
    DEALING = "dealing"  # cards go out one by one; seats may declare
    AFTER_DEAL = "after_deal"  # the defenders' window to declare their own level (hebi-2010)
    BURYING = "burying"  # the dealer has picked up the kitty and buries as many cards
    PLAYING = "playing"  # tricks
    SETTLED = "settled"  # the last trick is played and the hand is scored
    REDEAL = "redeal"  # nobody declared and the ruleset deals again

    @property
    def declaring(self) -> bool:
        """Seats may show cards to declare in this phase."""
        return self in (Phase.DEALING, Phase.AFTER_DEAL)

    @property
    def finished(self) -> bool:
        return self in (Phase.SETTLED, Phase.REDEAL)


# Final: compiled, each is a C static where a plain module name is a dict look-up per use
# (the table engine compares the phase at every step).
DEALING: Final = Phase.DEALING
AFTER_DEAL: Final = Phase.AFTER_DEAL
BURYING: Final = Phase.BURYING
PLAYING: Final = Phase.PLAYING
SETTLED: Final = Phase.SETTLED
REDEAL: Final = Phase.REDEAL

__all__ = ["AFTER_DEAL", "BURYING", "DEALING", "PLAYING", "REDEAL", "SETTLED", "Phase"]
