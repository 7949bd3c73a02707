"""The phases of a hand, as one enum shared by the core, the table and the bots.

A ``StrEnum`` so that saves, the bot protocol and the referee keep writing the same words
(``"playing"``), while code compares against ``Phase.PLAYING`` rather than a bare string.
"""

from __future__ import annotations

from enum import StrEnum


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


DEALING, AFTER_DEAL, BURYING, PLAYING, SETTLED, REDEAL = (
    Phase.DEALING,
    Phase.AFTER_DEAL,
    Phase.BURYING,
    Phase.PLAYING,
    Phase.SETTLED,
    Phase.REDEAL,
)

__all__ = ["AFTER_DEAL", "BURYING", "DEALING", "PLAYING", "REDEAL", "SETTLED", "Phase"]
