"""Settling a hand: the dug kitty, the level table, the next dealer (RULES.md §7, §9).

>>> from .ruleset import get_ruleset
>>> s = settle(get_ruleset("hebi-2010"), 60, kitty_points=25, dug_with_pairs=1)
>>> (s.total, s.multiplier, str(s.deal_to), str(s.up_side), s.up_levels)
(160, 4, 'defenders', 'defenders', 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Rank
from .ruleset import Beyond, DealerKeeps, KittyMultiplier, Ruleset, Side

DEALERS, DEFENDERS = Side.DEALERS, Side.DEFENDERS


@dataclass(frozen=True)
class Settlement:
    total: int  # P: the defenders' final points
    multiplier: int  # 0 when the kitty was not dug
    deal_to: Side  # the side that deals next
    up_side: Side  # the side whose level rises
    up_levels: int

    def to_dict(self) -> dict[str, Any]:
        return dict(
            total=self.total,
            multiplier=self.multiplier,
            deal_to=str(self.deal_to),
            up_side=str(self.up_side),
            up_levels=self.up_levels,
        )


def kitty_multiplier(ruleset: Ruleset, largest_unit_pairs: int) -> int:
    """×2 for a single, ×4 a pair, ×8 a 2-pair tractor … ("by-unit"), or a fixed ×base."""
    base: int = ruleset.kitty_multiplier_base
    if ruleset.kitty_multiplier == KittyMultiplier.FIXED:
        return base
    return base * (1 << largest_unit_pairs)


def settle(ruleset: Ruleset, points: int, kitty_points: int = 0, dug_with_pairs: int | None = None) -> Settlement:
    """``points``: the defenders' trick points after throw penalties (may be negative);
    ``dug_with_pairs``: None when the dealers won the last trick, else the largest unit of its
    lead (0 single, 1 pair, k a k-pair tractor)."""
    multiplier = 0 if dug_with_pairs is None else kitty_multiplier(ruleset, dug_with_pairs)
    total = max(0, points + kitty_points * multiplier)
    side, levels = level_change(ruleset, total)
    return Settlement(total, multiplier, side, side, levels)


def level_change(ruleset: Ruleset, total: int) -> tuple[Side, int]:
    """(side that keeps or takes the deal and rises, levels) for the defenders' total P."""
    if total == 0:
        return DEALERS, ruleset.shutout
    step = ruleset.step
    band_index = total // step
    bands = ruleset.bands
    if band_index < len(bands):
        band = bands[band_index]
        return band.side, band.levels
    last = bands[-1]
    if ruleset.beyond == Beyond.CAP:
        return last.side, last.levels
    return last.side, last.levels + band_index - (len(bands) - 1)


def raise_level(level: Rank, by: int) -> Rank:
    """A level after rising ``by``; levels never pass A by levelling (RULES.md §9)."""
    return Rank(min(int(Rank.ACE), int(level) + by))


def next_dealer(ruleset: Ruleset, dealer: int, dealers_kept_deal: bool) -> int:
    """霸王庄 (the same player) or the partner when the dealers keep the deal; else 下家."""
    if dealers_kept_deal:
        return dealer if ruleset.dealer_keeps == DealerKeeps.SAME else (dealer + 2) % 4
    return (dealer + 1) % 4
