"""Building plays: legal follows by preference, winning plays, leads and throws.

The bots do not enumerate every legal follow (a void hand may have thousands); they build
the few plays a good player considers — the cheapest legal follow, the one feeding the
most points, the cheapest play that takes the trick — laying out tractors and pairs exactly
as the following rule requires (RULES.md §5). The final choice is always checked with the
core (``check_play_cards``), whose ``fallback_play`` answers if a built play were ever refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import islice
import math
from typing import Any, Final

from game.core import TRUMP, Card, Format, legal_follows, max_tractor_pairs

from .tables import POINTS, Tables, counts_of
from .trick_state import TrickState

# A key takes the card as an ``int`` (its code): compiled, the card is unboxed once and each
# table look-up is an array index.
Key = Callable[[int], float]
CardKey = Callable[[Card], float]  # a key reading the ``Card``'s attributes (the buries')
PAIR_BREAK = 4.0  # extra cost of taking one card out of a pair as a single
_INFINITY: Final = math.inf  # compiled, ``float("inf")`` parses the string at every call


# ---------------------------------------------------------------------- preferences


class CardCost:
    """A key of the hot loops as a native class. Compiled, ``cost`` is a direct call, where
    calling a closure is a Python call (its argument boxed, its float boxed back); as a
    callable it is still a key for ``min`` and ``sorted``."""

    __slots__ = ()

    def cost(self, c: int) -> float:
        raise NotImplementedError

    def __call__(self, c: int) -> float:
        return self.cost(c)


class _Cheap(CardCost):
    __slots__ = ("add", "kind", "points", "pos")

    def __init__(self, tab: Tables, add: list[float]) -> None:
        # A card's cost is its position, plus what its kind adds (``Tables.cheap_kind``: a
        # side suit's length, or a trump's, an honour's more), plus its points: three list
        # reads where each card asked a branch and a float() call. ``add`` is by kind.
        self.pos, self.kind, self.points = tab.pos_float, tab.cheap_kind, tab.points2
        self.add = add

    def cost(self, c: int) -> float:
        # Added in the order of the rule (position, then length or trump, then points), so
        # every cost, and every tie, is what it was.
        return self.pos[c] + self.add[self.kind[c]] + self.points[c]


def _cheap_add(add: list[float]) -> list[float]:
    """``add`` (a side suit's length term by suit number) with the trumps' terms: at the
    trump's suit number (0) a plain trump's, after the suits an honour's."""
    add[0] = _TRUMP_ADD
    add.append(_HONOUR_ADD)
    return add


_TRUMP_ADD: Final = 25.0  # a trump given away, above any side card
_HONOUR_ADD: Final = 33.0  # a joker or level card: 8 more


class _Feed(CardCost):
    __slots__ = ("add", "kind", "pos", "weight")

    def __init__(self, tab: Tables, weight: float, honour: float) -> None:
        # As ``_Cheap``: the position, a term by ``Tables.cheap_kind`` (nothing for a side
        # card, a trump's, an honour's more), less the points, in the rule's order.
        self.pos, self.kind = tab.pos_float, tab.cheap_kind
        self.weight = weight
        add = [0.0] * (len(tab.suits) + 1)
        add[0] = _TRUMP_ADD
        add[-1] = float(25 + honour)
        self.add = add

    def cost(self, c: int) -> float:
        return self.pos[c] + self.add[self.kind[c]] - self.weight * POINTS[c]


class _High(CardCost):
    __slots__ = ("strength",)

    def __init__(self, tab: Tables) -> None:
        self.strength = tab.strength

    def cost(self, c: int) -> float:
        return float(-self.strength[c])


class _Wrapped(CardCost):
    """Any other key (a function) in the same shape."""

    __slots__ = ("key",)

    def __init__(self, key: Key) -> None:
        self.key = key

    def cost(self, c: int) -> float:
        return self.key(c)


def cheap_key(tab: Tables, lengths: dict[str, int] | None = None) -> Key:
    """Give away as little as possible: low side cards, short suits, no points, no trumps."""
    if lengths is None:
        return _Cheap(tab, _cheap_add([0.0] * len(tab.suits)))
    return _Cheap(tab, _cheap_add([0.4 * lengths.get(s, 0) for s in tab.suits]))


def cheap_key_for(tab: Tables, mine: dict[str, list[Card]]) -> Key:
    """``cheap_key`` with the side suits' lengths of a hand split by suit (``View.mine``),
    read straight into the key's list (the trumps' entry is replaced)."""
    suits = tab.suits
    if len(suits) == 4:  # a trump suit: the list written out (a comprehension is a call)
        _, s1, s2, s3 = suits
        return _Cheap(tab, [_TRUMP_ADD, 0.4 * len(mine[s1]), 0.4 * len(mine[s2]), 0.4 * len(mine[s3]), _HONOUR_ADD])
    return _Cheap(tab, _cheap_add([0.4 * len(mine[s]) for s in suits]))


def feed_key(tab: Tables, weight: float = 3.0, honour: float = 8.0) -> Key:
    """Give a winning partner points: 10s and Ks first, then 5s, then the cheapest.
    ``weight`` is the worth of a point against a card's rank; ``honour`` the extra cost of
    giving up a joker or a level card."""
    return _Feed(tab, weight, honour)


def high_key(tab: Tables) -> Key:
    return _High(tab)


def _costs(key: Key) -> CardCost:
    return key if isinstance(key, CardCost) else _Wrapped(key)


def _plain(key: Key | CardKey) -> Callable[[Any], float]:
    """The key as the builtins call it: interpreted, the bound ``cost`` saves a frame."""
    return key.cost if isinstance(key, CardCost) else key


def cheapest(cards: Sequence[Card], key: Key | CardKey) -> Card:
    """``min(cards, key=key)``: the first card of the lowest key. Compiled, a loop here beats
    the builtin's keyword call; interpreted, the builtin is the C loop."""
    if not _COMPILED:
        if type(key) is _Cheap:
            # The common key's cost written out: interpreted, a Python call per card (the
            # builtin's key) costs more than the loop. The first lowest, as min() picks.
            pos, add, kind, points = key.pos, key.add, key.kind, key.points
            best = cards[0]
            best_cost = pos[best] + add[kind[best]] + points[best]
            for c in cards:
                cost = pos[c] + add[kind[c]] + points[c]
                if cost < best_cost:
                    best, best_cost = c, cost
            return best
        if type(key) is _Feed:  # the same for the feeding key
            pos, add, kind, weight, points_of_card = key.pos, key.add, key.kind, key.weight, POINTS
            best = cards[0]
            best_cost = pos[best] + add[kind[best]] - weight * points_of_card[best]
            for c in cards:
                cost = pos[c] + add[kind[c]] - weight * points_of_card[c]
                if cost < best_cost:
                    best, best_cost = c, cost
            return best
        return min(cards, key=_plain(key))
    # A list-typed name: compiled, indexing and looping a ``Sequence`` are generic calls.
    held: list[Card] = cards if isinstance(cards, list) else list(cards)
    best = held[0]
    if isinstance(key, CardCost):
        best_cost = key.cost(best)
        for c in held:
            cost = key.cost(c)
            if cost < best_cost:
                best, best_cost = c, cost
        return best
    best_cost = key(best)  # a CardKey: the ``Card`` itself, not its code
    for c in held:
        cost = key(c)
        if cost < best_cost:
            best, best_cost = c, cost
    return best


# ---------------------------------------------------------------------- picking cards


def pick(cards: Sequence[Card], k: int, key: Key | CardKey) -> list[Card]:
    """The k cards with the lowest key, breaking pairs last."""
    if k <= 0:
        return []
    if k >= len(cards):
        return list(cards)
    if k == 1:  # following a single, the common case: no Counter, no sort
        if _COMPILED and isinstance(key, CardCost):
            return [_cheapest_single(cards, key)]
        if len(set(cards)) == len(cards):  # no pair to keep whole
            return [cheapest(cards, key)]
        count = cards.count if isinstance(cards, list) else list(cards).count
        best, best_cost = cards[0], _INFINITY
        for c in cards:  # the first cheapest, as min() would pick
            cost = (key.cost(c) if isinstance(key, CardCost) else key(c)) + (PAIR_BREAK if count(c) >= 2 else 0.0)
            if cost < best_cost:
                best, best_cost = c, cost
        return [best]
    counts = counts_of(cards)
    cost_of = _plain(key)
    costs = {c: cost_of(c) + (PAIR_BREAK if n >= 2 else 0.0) for c, n in counts.items()}
    return sorted(cards, key=costs.__getitem__)[:k]


def _cheapest_single(cards: Sequence[Card], key: CardCost) -> Card:
    """``pick``'s one card, compiled: the card counts in an array by code, then one loop
    (with no pair held, what ``cheapest`` gives; with pairs, what the loop over
    ``list.count`` gives)."""
    held: list[Card] = cards if isinstance(cards, list) else list(cards)  # see cheapest
    counts = [0] * len(POINTS)
    for c in held:
        code: int = c
        counts[code] = counts[code] + 1
    best, best_cost = held[0], _INFINITY
    for c in held:
        # A name of its own, declared: ``code = c`` would narrow ``code`` to ``Card``, and a
        # ``Card`` indexes a list by a generic call.
        index: int = c
        cost = key.cost(index) + (PAIR_BREAK if counts[index] >= 2 else 0.0)
        if cost < best_cost:
            best, best_cost = c, cost
    return best


def _pairs_by_pos(counts: dict[Card, int], tab: Tables, key: Key) -> dict[int, list[Card]]:
    out: dict[int, list[Card]] = {}
    pos = tab.pos
    for c, n in counts.items():
        for _ in range(n // 2):
            out.setdefault(pos[c], []).append(c)
    for cards in out.values():
        if len(cards) > 1:
            cards.sort(key=_plain(key))
    return out


def _runs(positions: Iterable[int]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for p in sorted(positions):
        if out and out[-1][1] == p - 1:
            out[-1] = (out[-1][0], p)
        else:
            out.append((p, p))
    return out


def _layout(
    pairs: dict[int, list[Card]], lengths: Sequence[int], want: int, key: Key, budget: int = 3000
) -> list[tuple[int, int]] | None:
    """Disjoint runs (one per lead tractor, no longer than it) holding ``want`` pairs, at the
    lowest total key; None if the search budget runs out first."""
    costs = _costs(key)
    search = _LayoutSearch(
        {p: len(cs) for p, cs in pairs.items()},
        {p: 2 * costs.cost(cs[0]) for p, cs in pairs.items()},
        sorted(lengths, reverse=True),
        want,
        budget,
    )
    search.run(0, 0, 0.0, [])
    return search.best


class _LayoutSearch:
    """``_layout``'s branch and bound. A class rather than a closure that calls itself: such
    a closure is a reference cycle only the garbage collector frees, and every roll-out
    follows tractors."""

    def __init__(self, avail: dict[int, int], cost: dict[int, float], lengths: list[int], want: int, budget: int):
        self.avail = avail
        self.cost = cost
        self.lengths = lengths
        self.rest_cap = [sum(lengths[i:]) for i in range(len(lengths))] + [0]
        self.want = want
        self.budget = budget
        self.nodes = 0
        self.best: list[tuple[int, int]] | None = None
        self.best_cost: float = _INFINITY

    def run(self, i: int, got: int, c: float, chosen: list[tuple[int, int]]) -> None:
        self.nodes += 1
        want = self.want
        if got == want:
            if c < self.best_cost:
                self.best, self.best_cost = list(chosen), c
            return
        lengths = self.lengths
        if i == len(lengths) or got + self.rest_cap[i] < want or self.nodes > self.budget:
            return
        avail = self.avail
        cost = self.cost
        for lo, hi in _runs(p for p, n in avail.items() if n > 0):
            for length in range(min(lengths[i], hi - lo + 1, want - got), 1, -1):
                for start in range(lo, hi - length + 2):
                    span = range(start, start + length)
                    extra = sum(cost[p] for p in span)
                    if c + extra >= self.best_cost:
                        continue
                    for p in span:
                        avail[p] -= 1
                    chosen.append((start, start + length - 1))
                    self.run(i + 1, got + length, c + extra, chosen)
                    chosen.pop()
                    for p in span:
                        avail[p] += 1
        self.run(i + 1, got, c, chosen)


def choose_in_suit(held: Sequence[Card], fmt: Format, n: int, tab: Tables, key: Key) -> list[Card]:
    """n cards of ``held`` (all of one suit, at least n) with the best (t, p) the following
    rule asks for, preferring low ``key``."""
    if len(held) <= n:
        return list(held)
    if not fmt.total_pairs:
        return pick(held, n, key)
    counts = counts_of(held)
    pairs = _pairs_by_pos(counts, tab, key)
    chosen: list[Card] = []
    t = 0
    if fmt.tractors and pairs:
        t, runs = max_tractor_pairs(list(held), fmt.tractors, tab.ctx)
        if t:
            mine = _layout(pairs, fmt.tractors, t, key)
            if mine is not None:
                runs = mine
            for lo, hi in runs:
                for p in range(lo, hi + 1):
                    card = pairs[p].pop(0)
                    if not pairs[p]:
                        del pairs[p]
                    chosen += [card, card]
    total_pairs = sum(len(cs) for cs in pairs.values()) + t
    need = min(fmt.total_pairs, total_pairs) - t
    if need > 0:
        spare = sorted((c for cs in pairs.values() for c in cs), key=_plain(key))
        for card in spare[:need]:
            chosen += [card, card]
    for card in chosen:  # all of them from ``held``
        counts[card] -= 1
    rest = [c for c, k in counts.items() for _ in range(k)]
    return chosen + pick(rest, n - len(chosen), key)


def follow(
    hand_by_suit: dict[str, list[Card]],
    hand: Sequence[Card],
    lead_suit: str,
    fmt: Format,
    n: int,
    tab: Tables,
    key_in: Key,
    key_out: Key | None = None,
) -> list[Card]:
    """A legal follow preferring low keys: in suit when possible, else all of the suit plus
    the cheapest others (``key_out``)."""
    held = hand_by_suit[lead_suit]
    if len(held) >= n:
        if n == 1:  # a single followed in suit: what choose_in_suit picks, without its call
            return pick(held, 1, key_in)
        return choose_in_suit(held, fmt, n, tab, key_in)
    rest = tab.off_suit(hand, lead_suit)
    return list(held) + pick(rest, n - len(held), key_out or key_in)


# ---------------------------------------------------------------------- winning plays


def units_above(pool: Sequence[Card], pairs: int, threshold: int, tab: Tables, key: Key) -> list[list[Card]]:
    """Every distinct unit of ``pairs`` (0 single, 1 pair, k tractor) in ``pool`` whose top is
    above ``threshold``, lowest top first (one choice of cards per top)."""
    pos = tab.pos
    if pairs == 0:
        seen: dict[int, Card] = {}
        costs: CardCost | None = None  # made only if two cards share a position
        for c in pool:
            code: int = c  # an int index: a ``Card`` indexes a list by a generic call
            p = pos[code]
            if p > threshold:
                if p not in seen:
                    seen[p] = c
                else:
                    if costs is None:
                        costs = _costs(key)
                    if costs.cost(c) < costs.cost(seen[p]):
                        seen[p] = c
        singles: list[list[Card]] = []
        for p in sorted(seen):  # a loop, not a comprehension's call
            singles.append([seen[p]])
        return singles
    counts = counts_of(pool)
    by_pos = _pairs_by_pos(counts, tab, key)
    if pairs == 1:
        return [[by_pos[p][0]] * 2 for p in sorted(by_pos) if p > threshold]
    out: list[list[Card]] = []
    for lo, hi in _runs(by_pos):
        for top in range(max(lo + pairs - 1, threshold + 1), hi + 1):
            cards: list[Card] = []
            for p in range(top, top - pairs, -1):
                cards += [by_pos[p][0]] * 2
            out.append(cards)
    out.sort(key=lambda cs: pos[cs[0]])
    return out


def winning_plays(hand_by_suit: dict[str, list[Card]], trick: TrickState, tab: Tables, key: Key) -> list[list[Card]]:
    """Plays that would take the lead of the trick now (cheapest first); each legal."""
    held = hand_by_suit[trick.suit]
    n = trick.n
    tier, best = trick.best_value
    if held:
        if len(held) < n or not trick.single_unit or tier != 0:
            return []
        return units_above(held, trick.units[0].pairs, best, tab, key)
    if trick.suit == TRUMP:
        return []
    trumps = hand_by_suit[TRUMP]
    if len(trumps) < n:
        return []
    if trick.single_unit:
        threshold = best if tier == 1 else -1
        return units_above(trumps, trick.units[0].pairs, threshold, tab, key)
    out: list[list[Card]] = []
    for k in (key, high_key(tab)):
        play = choose_in_suit(trumps, trick.fmt, n, tab, k)
        value = trick.value_of(play, tab)
        if value is not None and value > trick.best_value and play not in out:
            out.append(play)
    return out


# ---------------------------------------------------------------------- legality


def legal_follow_list(lead: Sequence[Card], hand: Sequence[Card], tab: Tables, cap: int = 256) -> list[list[Card]]:
    return [list(p) for p in islice(legal_follows(lead, hand, tab.ctx), cap)]


__all__ = [
    "cheap_key",
    "cheap_key_for",
    "choose_in_suit",
    "feed_key",
    "follow",
    "high_key",
    "legal_follow_list",
    "pick",
    "units_above",
    "winning_plays",
]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(pick, "__code__")  # Final: compiled, a C static
