"""The one answer to "may this seat play these cards?" and "what does a seat play by default?".

Everything that asks about a play or a bury — the hand, the table, the bots, the protocol
reader — asks here, so a rule is written once (RULES.md §4–5 for plays, §7 for the bury).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, holds
from .refusal import Refusal
from .tricks import check_follow, check_lead, legal_follows
from .trump import TrumpContext
from .units import Format


def check_play_cards(
    hand: Sequence[Card],
    lead: Sequence[Card] | None,
    cards: Sequence[Card],
    ctx: TrumpContext,
    lead_format: Format | None = None,
) -> Refusal | None:
    """Why ``cards`` may not be played from ``hand`` (None when they may): a lead when
    ``lead`` is None, else a follow to ``lead`` (whose ``lead_format`` a caller may pass
    when it has it at hand)."""
    if lead is None:
        if not holds(hand, cards):
            return Refusal("lead.not_held")
        return check_lead(cards, ctx)
    return check_follow(lead, hand, cards, ctx, lead_format)


def check_bury_cards(hand: Sequence[Card], cards: Sequence[Card], kitty: int) -> Refusal | None:
    """Why ``cards`` may not be buried from ``hand`` (the kitty already picked up)."""
    if len(cards) != kitty:
        return Refusal("bury.count", {"n": kitty})
    if not holds(hand, cards):
        return Refusal("bury.not_held")
    return None


def fallback_play(hand: Sequence[Card], lead: Sequence[Card] | None, ctx: TrumpContext) -> list[Card]:
    """The move played for a seat that gave none or an illegal one (a broken bot, an outside
    program's refusal): to lead, the weakest single card; to follow, the first legal follow."""
    if lead is None:
        return [min(hand, key=ctx.strength)]
    return list(next(iter(legal_follows(lead, hand, ctx))))


def fallback_bury(hand: Sequence[Card], ctx: TrumpContext, kitty: int) -> list[Card]:
    """The weakest ``kitty`` cards of ``hand``: what a timed-out or broken dealer buries."""
    return sorted(hand, key=ctx.strength)[:kitty]


__all__ = ["check_bury_cards", "check_play_cards", "fallback_bury", "fallback_play"]
