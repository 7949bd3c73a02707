"""Leading, throwing, following and winning a trick (RULES.md §4–6).

All functions are pure: they take cards and a ``TrumpContext`` and return answers; the hand
state machine (``hand.py``) and the referee call them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from .cards import ONE_DECK, Card, holds
from .refusal import Refusal
from .trump import TRUMP, EffectiveSuit, TrumpContext
from .units import (
    Format,
    Unit,
    decompose,
    format_of,
    max_tractor_pairs,
    pair_count,
    pair_positions,
    runs,
    suit_of_play,
)

# ---------------------------------------------------------------- leading and throwing


def check_lead(cards: Sequence[Card], ctx: TrumpContext) -> Refusal | None:
    """A lead is one or more cards of a single effective suit."""
    if not cards:
        return Refusal("lead.empty")
    if suit_of_play(cards, ctx) is None:
        return Refusal("lead.mixed")
    return None


@dataclass(frozen=True)
class ThrowResult:
    """What happens to a lead: ``ok`` when it stands; else ``played`` is the forced unit."""

    throw: bool
    ok: bool
    played: tuple[Card, ...]
    blocked: int  # cards in all beaten units
    beaten: tuple[Unit, ...] = ()

    # Written out, not generated: compiled by mypyc, a dataclass's generated methods stay
    # interpreted Python, and these are made and compared in every simulated trick.
    def __init__(
        self, throw: bool, ok: bool, played: tuple[Card, ...], blocked: int, beaten: tuple[Unit, ...] = ()
    ) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.throw = throw  # type: ignore[misc]
            self.ok = ok  # type: ignore[misc]
            self.played = played  # type: ignore[misc]
            self.blocked = blocked  # type: ignore[misc]
            self.beaten = beaten  # type: ignore[misc]
        else:
            object.__setattr__(self, "throw", throw)
            object.__setattr__(self, "ok", ok)
            object.__setattr__(self, "played", played)
            object.__setattr__(self, "blocked", blocked)
            object.__setattr__(self, "beaten", beaten)


def _beats_unit(unit: Unit, holding: Sequence[Card], ctx: TrumpContext) -> bool:
    """Does ``holding`` (cards of the unit's effective suit) contain a higher unit of its kind?"""
    if unit.pairs == 0:
        return any(ctx.position(c) > unit.top for c in holding)
    pairs = pair_positions(holding, ctx)
    if unit.pairs == 1:
        return any(p > unit.top for p in pairs)
    # A longer run contains a run of the unit's length with the same top.
    return any(high - low + 1 >= unit.pairs and high > unit.top for low, high in runs(pairs))


def throw_outcome(cards: Sequence[Card], others: Sequence[Sequence[Card]], ctx: TrumpContext) -> ThrowResult:
    """Check a valid lead against the other hands (RULES.md §4).

    A failed throw must play the lowest-ranked beaten unit: units rank by their highest
    card, then fewer cards, then the one listed first in the lead.
    """
    units = decompose(cards, ctx)
    if len(units) == 1:
        return ThrowResult(False, True, tuple(cards), 0)
    suit_of = ctx.suit_by_card
    first: int = cards[0]
    suit = suit_of[first]
    holdings = [cards_of_suit(hand, ctx, suit) for hand in others]
    beaten = [u for u in units if any(_beats_unit(u, h, ctx) for h in holdings)]
    if not beaten:
        return ThrowResult(True, True, tuple(cards), 0)
    first_index: dict[Card, int] = {}
    for i, card in enumerate(cards):
        first_index.setdefault(card, i)
    lowest = min(beaten, key=lambda u: (u.top, u.size, min(first_index[c] for c in u.cards)))
    return ThrowResult(True, False, lowest.cards, sum(u.size for u in beaten), tuple(beaten))


# ---------------------------------------------------------------------------- following


def _suit_word(suit: EffectiveSuit) -> str:
    """A suit as refusals name it: "trump", or a side suit's letter."""
    return suit.value


def follow_score(play_in_suit: Sequence[Card], lead_format: Format, ctx: TrumpContext) -> tuple[int, int]:
    """(t, p) of RULES.md §5: tractor pairs laid against the lead's tractors, then pairs."""
    t, _ = max_tractor_pairs(play_in_suit, lead_format.tractors, ctx)
    return t, min(lead_format.total_pairs, pair_count(play_in_suit))


def check_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    ctx: TrumpContext,
    lead_format: Format | None = None,
) -> Refusal | None:
    """None when ``play`` (part of ``hand``) is a legal follow to ``lead``; else why not."""
    n = len(lead)
    if len(play) != n:
        return Refusal("follow.count", {"n": n})
    if not holds(hand, play):
        return Refusal("follow.not_held")
    suit_of = ctx.suit_by_card
    led: int = lead[0]  # int indexes: a ``Card`` indexes a list by a generic call, compiled
    suit = suit_of[led]
    if n == 1:  # a single: any card of the suit, or any card when void in it
        card: int = play[0]
        if suit_of[card] == suit or not cards_of_suit(hand, ctx, suit):
            return None
        return Refusal("follow.suit", {"suit": _suit_word(suit)})
    held = cards_of_suit(hand, ctx, suit)
    played = cards_of_suit(play, ctx, suit)
    if len(played) < min(n, len(held)):
        return Refusal("follow.suit", {"suit": _suit_word(suit)})
    if lead_format is None:
        lead_format = format_of(lead, ctx)
    if not lead_format.total_pairs:
        return None
    best_t, runs_held = max_tractor_pairs(held, lead_format.tractors, ctx)
    best_p = min(lead_format.total_pairs, pair_count(held))
    t, p = follow_score(played, lead_format, ctx)
    if t < best_t:
        return Refusal("follow.tractor", {"cards": ctx.sort_hand(_run_cards(held, runs_held, ctx))})
    if p < best_p:
        in_play = Counter(played)
        spare = [c for c, k in Counter(held).items() if k >= 2 and in_play[c] < 2]
        shown = [c for c in ctx.sort_hand(spare) for _ in (0, 1)][:4]
        if lead_format.tractors:
            return Refusal("follow.tractor_pairs", {"cards": shown})
        if len(lead) > 2:
            return Refusal("follow.pairs", {"cards": shown})
        return Refusal("follow.pair", {"cards": shown})
    return None


def _run_cards(held: Sequence[Card], chosen: Sequence[tuple[int, int]], ctx: TrumpContext) -> list[Card]:
    """The cards of the runs ``chosen`` by :func:`max_tractor_pairs`, each pair taken once.

    Two runs may share a position held by pairs of different cards (off-suit level cards all
    sit at one position): each run must then show its own pair, not the first one again.
    """
    left = pair_positions(held, ctx)
    out: list[Card] = []
    for low, high in chosen:
        for pos in range(high, low - 1, -1):
            out += [left[pos].pop(0)] * 2
    return out


def multiset_combinations(cards: Sequence[Card], k: int) -> Iterator[list[Card]]:
    """Distinct multisets of size k drawn from ``cards``."""
    items = sorted(Counter(cards).items())  # each card once: ordered by the card alone
    return _combinations_from(items, 0, k)


def _combinations_from(items: list[tuple[Card, int]], i: int, k: int) -> Iterator[list[Card]]:
    # A module-level generator, not a closure that calls itself: such a closure is a
    # reference cycle (function, cell, function) that only the garbage collector frees, and
    # the searches call this thousands of times a decision, so the cycles piled up into a
    # collection of 40-200 ms after each decision (bots/NOTES.md, "The pause after").
    if k == 0:
        yield []
        return
    if i == len(items):
        return
    card, have = items[i]
    for take in range(min(have, k), -1, -1):
        for rest in _combinations_from(items, i + 1, k - take):
            yield [card] * take + rest


def legal_follows(lead: Sequence[Card], hand: Sequence[Card], ctx: TrumpContext) -> Iterator[list[Card]]:
    """Every legal follow, each distinct multiset once, lazily (bots and hints)."""
    n = len(lead)
    suit_of = ctx.suit_by_card
    led: int = lead[0]
    suit = suit_of[led]
    held = cards_of_suit(hand, ctx, suit)
    if len(held) <= n:
        rest = [c for c in hand if suit_of[c] != suit]
        for extra in multiset_combinations(rest, n - len(held)):
            yield held + extra
        return
    lead_format = format_of(lead, ctx)
    if not lead_format.total_pairs:
        yield from multiset_combinations(held, n)
        return
    best = (max_tractor_pairs(held, lead_format.tractors, ctx)[0], min(lead_format.total_pairs, pair_count(held)))
    for combo in multiset_combinations(held, n):
        if follow_score(combo, lead_format, ctx) == best:
            yield combo


# ------------------------------------------------------------------------ trick winner


def _matches_format(play: Sequence[Card], lead_format: Format, ctx: TrumpContext) -> bool:
    """Can the play be laid out unit for unit against the lead (RULES.md §6)?"""
    if pair_count(play) < lead_format.total_pairs:
        return False
    t, _ = max_tractor_pairs(play, lead_format.tractors, ctx)
    return t == sum(lead_format.tractors)


def _trump_value(play: Sequence[Card], lead_format: Format, ctx: TrumpContext) -> int:
    """Compare trumping plays by the highest-order unit kind of the lead (杀带有对子的牌时，以对子为大)."""
    if lead_format.tractors:
        longest = lead_format.tractors[0]
        return max(high for low, high in runs(pair_positions(play, ctx)) if high - low + 1 >= longest)
    if lead_format.pairs:
        return max(pair_positions(play, ctx))
    return max(ctx.position(c) for c in play)


def play_value(
    play: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext, lead_units: Sequence[Unit] | None = None
) -> tuple[int, int] | None:
    """How a play ranks in a trick, or None when it cannot win. Higher tuples win; ties go
    to the earlier play. Tier 0: the lead's suit; tier 1: trumping a side-suit lead."""
    if len(lead) == 1 and len(play) == 1:
        # A single led and a single played, most plays of a hand: what the general case
        # below works out for them, without decomposing or laying out anything.
        led: int = lead[0]
        card: int = play[0]
        suit_by_card = ctx.suit_by_card
        card_suit, led_suit = suit_by_card[card], suit_by_card[led]
        if card_suit is led_suit:
            return (0, ctx.position(card))
        if card_suit is TRUMP:  # a side suit led (the led suit is not the card's)
            return (1, ctx.position(card))
        return None
    return _play_value(play, lead, ctx, lead_units)


def _play_value(
    play: Sequence[Card], lead: Sequence[Card], ctx: TrumpContext, lead_units: Sequence[Unit] | None
) -> tuple[int, int] | None:
    """``play_value`` in general, any lead and any play."""
    if lead_units is None:
        lead_units = decompose(lead, ctx)
    first: int = lead[0]  # compiled: unboxed, an array index
    lead_suit = ctx.suit_by_card[first]
    suit = suit_of_play(play, ctx)
    if suit == lead_suit:
        if len(lead_units) != 1:
            return None
        kind = lead_units[0].pairs
        # Singles and pairs need no decomposition: the hot case of every trick.
        if kind == 0:
            return (0, ctx.position(play[0]))
        if kind == 1:
            return (0, ctx.position(play[0])) if play[0] == play[1] else None
        units = decompose(play, ctx)
        if len(units) != 1 or units[0].pairs != lead_units[0].pairs:
            return None
        return (0, units[0].top)
    if suit == TRUMP and lead_suit != TRUMP:
        lead_format = format_of(lead, ctx)
        if _matches_format(play, lead_format, ctx):
            return (1, _trump_value(play, lead_format, ctx))
    return None


def trick_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """Index (0 = the leader) of the play that wins a trick, complete or not."""
    lead = plays[0]
    if len(lead) == 1:
        return _single_winner(plays, ctx)
    lead_units = decompose(lead, ctx)
    best_index, best_value = 0, (0, lead_units[0].top if len(lead_units) == 1 else -1)
    for i, play in enumerate(plays[1:], start=1):
        value = play_value(play, lead, ctx, lead_units)
        if value is not None and value > best_value:
            best_index, best_value = i, value
    return best_index


def cards_of_suit(cards: Iterable[Card], ctx: TrumpContext, suit: str) -> list[Card]:
    """The cards of effective suit ``suit``, in order (compiled, each card an int index: a
    ``Card`` indexes a list by a generic call)."""
    suit_of = ctx.suit_by_card
    out: list[Card] = []
    for c in cards:
        code: int = c
        if suit_of[code] == suit:
            out.append(c)
    return out


def _single_winner(plays: Sequence[Sequence[Card]], ctx: TrumpContext) -> int:
    """``trick_winner`` of a single led, most tricks of a hand: what ``play_value``'s single
    against single gives, compared as (tier, position) without a tuple per play."""
    suit_by_card = ctx.suit_by_card
    led: int = plays[0][0]
    led_suit = suit_by_card[led]
    best_index, best_tier, best_position = 0, 0, ctx.position(led)
    for i in range(1, len(plays)):
        card: int = plays[i][0]
        suit = suit_by_card[card]
        if suit is led_suit:
            tier = 0
        elif suit is TRUMP:
            tier = 1
        else:
            continue
        position = ctx.position(card)
        if tier > best_tier or (tier == best_tier and position > best_position):
            best_index, best_tier, best_position = i, tier, position
    return best_index


# Each card's points by its code: compiled, ``c.points`` is an attribute look-up on an
# ``int`` subclass, this an array index.
_POINTS: Final[tuple[int, ...]] = tuple(c.points for c in sorted(ONE_DECK))


def trick_points(plays: Sequence[Sequence[Card]]) -> int:
    # A loop here rather than ``points_of``: compiled, a call into cards.py is Python code.
    total = 0
    for play in plays:
        for c in play:
            code: int = c
            total += _POINTS[code]
    return total


__all__ = [
    "ThrowResult",
    "cards_of_suit",
    "check_follow",
    "check_lead",
    "follow_score",
    "legal_follows",
    "multiset_combinations",
    "play_value",
    "throw_outcome",
    "trick_points",
    "trick_winner",
]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(trick_points, "__code__")
