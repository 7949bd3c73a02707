"""Declaring and burying for the heuristic levels.

Bidding by projected trump strength: the cards dealt so far are scored as if the option's
suit were trump and the score is projected to a full hand (shrunk towards the average, so a
few early cards do not look like a long suit). Burying voids short side suits and keeps
points unless the hand is very strong in trumps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from game.core import BIG_JOKER, SMALL_JOKER, SUITS, TRUMP, Card, Observation, Phase, Rank, TrumpContext

from .base import Reason
from .plays import pick
from .tables import Tables, counts_of, tables

TRUMP_SHARE = 18 / 54  # trumps with a suit declared: its 13 cards, 3 level cards, 2 jokers


def trump_strength(cards: Sequence[Card], tab: Tables) -> float:
    """Trump length, with extra weight for jokers, level cards and pairs."""
    counts = counts_of(c for c in cards if tab.is_trump[c])
    score = 0.0
    for c, n in counts.items():
        w = 1.0
        if c.is_joker:
            w = 1.8 if c.rank == Rank.BIG_JOKER else 1.6
        elif c.rank == tab.level:
            w = 1.4
        elif tab.pos[c] >= tab.top_pos[TRUMP] - 6:
            w = 1.1
        score += w * n + (0.5 if n >= 2 else 0.0)
    return score


def side_strength(cards: Sequence[Card], tab: Tables) -> float:
    """Side-suit winners: aces and pairs of aces/kings count."""
    counts = counts_of(c for c in cards if not tab.is_trump[c])
    score = 0.0
    for c, n in counts.items():
        top = tab.top_pos[tab.suit[c]]
        if tab.pos[c] == top:
            score += 0.8 * n + (0.6 if n >= 2 else 0)
        elif tab.pos[c] == top - 1 and n >= 2:
            score += 0.5
    return score


def projected(cards: Sequence[Card], tab: Tables, hand_size: int, prior_weight: float = 6.0) -> float:
    """Trump strength projected to a full hand, shrunk towards the average share."""
    held = len(cards)
    if held == 0:
        return hand_size * TRUMP_SHARE
    avg_rate = TRUMP_SHARE * 1.05  # strength per card of an average hand
    rate = (trump_strength(cards, tab) + prior_weight * avg_rate) / (held + prior_weight)
    return rate * hand_size


def option_context(option: Sequence[Card], rank: Rank) -> TrumpContext:
    levels = [c for c in option if not c.is_joker]
    if levels:
        return TrumpContext.of(rank, levels[0].suit)
    return TrumpContext.of(rank, None)  # a pair of jokers: no-trump


def option_strength(obs: Observation, option: Sequence[Card]) -> tuple[float, TrumpContext]:
    """The seat's projected trump strength were ``option`` declared (how ``choose_declaration``
    ranks the options), with the trump context it would set."""
    hand = obs.hand
    size = obs.ruleset.hand_size
    rank = obs.rank
    assert rank is not None  # the deal's level is known while declaring
    if obs.phase == Phase.AFTER_DEAL:
        lv = [c for c in option if not c.is_joker]
        rank = lv[0].rank if lv else rank
    ctx = option_context(option, rank)
    tab = tables(ctx)
    strength = projected(hand, tab, size)
    if ctx.no_trump:
        strength = 0.7 * strength + 1.2 * side_strength(hand, tab) * size / max(len(hand), 1)
    return strength, ctx


def choose_declaration(
    obs: Observation, options: Sequence[Sequence[Card]], eagerness: float = 1.0
) -> tuple[list[Card] | None, Reason]:
    """Pick a declaration by projected trump strength (``eagerness`` < 1 declares more)."""
    if not options:
        return None, Reason("declare.pass")
    hand = list(obs.hand)
    size = obs.ruleset.hand_size
    avg = size * TRUMP_SHARE * 1.05
    seat = obs.seat
    after_deal = obs.phase == Phase.AFTER_DEAL
    standing = obs.declarations[-1] if obs.declarations else None
    rank = obs.rank
    assert rank is not None  # the deal's level is known while declaring
    best: tuple[float, Sequence[Card], TrumpContext] | None = None
    for option in options:
        strength, ctx = option_strength(obs, option)
        if best is None or strength > best[0]:
            best = (strength, option, ctx)
    assert best is not None  # options is not empty
    strength, option, ctx = best
    dealt_fraction = len(hand) / size
    my_team_deals = obs.dealer is not None and obs.dealer % 2 == seat % 2
    if after_deal:
        # Taking the deal is worth a lot; the alternative is a random trump for the others.
        if strength >= avg * 0.85 * eagerness:
            return list(option), Reason("declare.take_deal", {"trumps": round(strength)})
        return None, Reason("declare.pass")
    if standing is None:
        need = avg * (1.0 if (obs.first_hand or my_team_deals) else 1.15) * eagerness
        # Early in the deal the projection is rough; ask a little more.
        need *= 1.0 + 0.15 * max(0.0, 0.5 - dealt_fraction)
        if strength >= need:
            return list(option), Reason("declare.strong", {"trumps": round(strength)})
        return None, Reason("declare.pass")
    # A change of the standing declaration.
    own = standing.seat == seat
    if len(option) == 2 and option[0] == option[1] and not option[0].is_joker and standing.trump == option[0].suit:
        # Protecting one's own declaration (自保): keep the trump; close the bidding.
        if own and strength >= avg * 0.9:
            return list(option), Reason("declare.protect")
        return None, Reason("declare.pass")
    current_ctx = TrumpContext.of(rank, standing.trump)
    current = projected(hand, tables(current_ctx), size)
    if current_ctx.no_trump:
        current = 0.7 * current
    friendly = standing.seat % 2 == seat % 2
    margin = (3.0 if friendly else 1.0) * eagerness
    if strength >= current + margin and strength >= avg * 0.95 * eagerness:
        code = "declare.no_trump" if ctx.no_trump else "declare.overturn"
        return list(option), Reason(code, {"trumps": round(strength)})
    return None, Reason("declare.pass")


# ------------------------------------------------------------------------------ burying


@dataclass(frozen=True)
class BuryWeights:
    """The numbers of the bury rules. A bury is scored as the side suits it leaves void
    (``bury_score``) less what the buried cards were worth keeping (``keep_value``, plus a
    price on their points); ``choose_bury`` buries the best-scored cards."""

    void: float = 9.0  # per side suit left void: a void lets me trump that suit
    # What a card is worth keeping (``keep_value``), on the scale of its rank position.
    trump: float = 40.0  # a trump, above every side card: trumps win tricks and guard
    top: float = 10.0  # the top card of a side suit (an ace): a sure winner
    second: float = 3.0  # the card just below it: a winner once the top is out
    pair: float = 6.0  # a card of a pair: pairs win tricks and break the others' pairs
    pair_rank: float = 0.3  # and per rank position of the pair
    # The price of the points buried, per 10 (``point_cost``): the kitty's points go to the
    # defenders, multiplied, if they win the last trick.
    points: float = 40.0  # a usual hand keeps its points
    points_strong: float = 4.0  # a hand very strong in trumps wins the last trick anyway
    # Very strong in trumps (``very_strong``): this share of the hand after the bury in
    # trumps, with this many jokers and level cards, in a game of at least this many decks.
    strong_share: float = 0.5
    strong_honours: int = 3
    strong_decks: int = 2


BURY_WEIGHTS = BuryWeights()


def keep_value(card: Card, tab: Tables, counts: Mapping[Card, int], w: BuryWeights = BURY_WEIGHTS) -> float:
    """How much a card is worth keeping, for burying."""
    pos = tab.pos[card]
    if tab.is_trump[card]:
        return w.trump + pos
    top = tab.top_pos[tab.suit[card]]
    v = float(pos)
    if pos == top:
        v += w.top
    elif pos == top - 1:
        v += w.second
    if counts[card] >= 2:
        v += w.pair + pos * w.pair_rank
    return v


def very_strong(obs: Observation, tab: Tables, trumps: Sequence[Card], w: BuryWeights = BURY_WEIGHTS) -> bool:
    """Strong enough in trumps to bury points: the last trick is mine anyway."""
    after = len(obs.hand) - obs.ruleset.kitty
    return (
        len(trumps) >= w.strong_share * after
        and sum(1 for c in trumps if tab.is_honour(c)) >= w.strong_honours
        and obs.ruleset.decks >= w.strong_decks
    )


def point_cost(obs: Observation, tab: Tables, trumps: Sequence[Card], w: BuryWeights = BURY_WEIGHTS) -> float:
    """The price of burying 10 points."""
    return w.points_strong if very_strong(obs, tab, trumps, w) else w.points


def bury_cost(
    tab: Tables, counts: Mapping[Card, int], price: float, w: BuryWeights = BURY_WEIGHTS
) -> Callable[[Card], float]:
    """A card's cost to bury: its keep value and, at ``price`` per 10, its points."""

    def cost(c: Card) -> float:
        return keep_value(c, tab, counts, w) + price * c.points / 10

    return cost


def fill_bury(
    hand: Sequence[Card],
    tab: Tables,
    split: dict[str, list[Card]],
    k: int,
    combo: Sequence[str],
    cost: Callable[[Card], float],
) -> list[Card] | None:
    """The ``k`` cards to bury voiding the side suits ``combo``: all their cards, then the
    cheapest other side cards, then the cheapest trumps (None: the suits hold more than
    ``k``)."""
    voided = [c for s in combo for c in split[s]]
    if len(voided) > k:
        return None
    rest = [c for c in hand if tab.suit[c] not in combo]
    fill = pick([c for c in rest if not tab.is_trump[c]], k - len(voided), cost)
    if len(voided) + len(fill) < k:
        fill += pick([c for c in rest if tab.is_trump[c]], k - len(voided) - len(fill), cost)
    return voided + fill


def voids_made(
    hand: Sequence[Card], chosen: Sequence[Card], split: dict[str, list[Card]], sides: Sequence[str]
) -> list[str]:
    """The side suits ``sides`` held that burying ``chosen`` leaves void (the fill's count
    too)."""
    left = counts_of(hand)
    for c in chosen:  # ``chosen`` is drawn from ``hand``
        left[c] = left[c] - 1
    out: list[str] = []
    for s in sides:  # a loop, not any() over a generator per suit (resumed from C per card)
        for c in split[s]:
            if left[c]:
                break
        else:
            out.append(s)
    return out


def bury_score(
    voids: int, chosen: Sequence[Card], cost: Callable[[Card], float], w: BuryWeights = BURY_WEIGHTS
) -> float:
    return w.void * voids - sum(cost(c) for c in chosen)


def scored_buries(
    obs: Observation, price: float, careful: bool = True, w: BuryWeights = BURY_WEIGHTS
) -> list[tuple[float, list[Card], list[str]]]:
    """(score, cards, suits voided) of the bury for each set of side suits to void (only the
    empty set unless ``careful``), smaller sets first; ``price``: see ``point_cost``."""
    assert obs.ctx is not None  # the trump is known once the dealer buries
    tab = tables(obs.ctx)
    hand = list(obs.hand)
    split = tab.split(hand)
    counts = counts_of(hand)
    cost_of = bury_cost(tab, counts, price, w)
    # Each card's cost worked out once, then read through the dict's own look-up: the
    # picks and scores below ask it again and again, and its Python call is dear.
    cost = {c: cost_of(c) for c in counts}.__getitem__
    sides = [s for s in tab.side_suits if split[s]]
    combos = [combo for r in range(len(sides) + 1) for combo in combinations(sides, r)] if careful else [()]
    out = []
    for combo in combos:
        chosen = fill_bury(hand, tab, split, obs.ruleset.kitty, combo, cost)
        if chosen is not None:
            gone = voids_made(hand, chosen, split, sides)
            out.append((bury_score(len(gone), chosen, cost, w), chosen, gone))
    return out


def choose_bury(obs: Observation, careful: bool = True) -> tuple[list[Card], Reason]:
    """Void short side suits; keep points unless very strong in trumps (``careful``)."""
    assert obs.ctx is not None  # the trump is known once the dealer buries
    tab = tables(obs.ctx)
    price = point_cost(obs, tab, tab.split(obs.hand)[TRUMP])
    # The first of the best: the empty set of voids always fits.
    _, chosen, gone = max(scored_buries(obs, price, careful), key=lambda b: b[0])
    if gone:
        return chosen, Reason("bury.void", {"suits": "".join(_SYMBOL.get(s, s) for s in gone)})
    return chosen, Reason("bury.cheap")


def bury_options(
    obs: Observation, point_costs: Sequence[float] = (BURY_WEIGHTS.points_strong, BURY_WEIGHTS.points), limit: int = 6
) -> list[list[Card]]:
    """Other sensible buries than ``choose_bury``'s, for a search to compare: for each
    weight of the points kept (bury points or keep them) and each set of short side suits
    to void, the bury scored as ``choose_bury`` scores it; ``limit`` distinct ones, the
    best of each weight first."""
    ranked: list[list[list[Card]]] = []
    for price in point_costs:
        scored = scored_buries(obs, price)
        scored.sort(key=lambda x: -x[0])  # stable: the first of equals, as choose_bury
        ranked.append([chosen for _, chosen, _ in scored])
    out: list[list[Card]] = []
    seen: set[tuple[str, ...]] = set()
    # The best of each point weight in turn, then the second best of each, and so on.
    for chosen in (r[i] for i in range(max(map(len, ranked))) for r in ranked if i < len(r)):
        key = tuple(sorted(map(str, chosen)))
        if key not in seen:
            seen.add(key)
            out.append(chosen)
            if len(out) >= limit:
                break
    return out


_SYMBOL: dict[str, str] = {s: s.symbol for s in SUITS}


__all__ = [
    "BIG_JOKER",
    "BURY_WEIGHTS",
    "SMALL_JOKER",
    "BuryWeights",
    "bury_cost",
    "bury_options",
    "bury_score",
    "choose_bury",
    "choose_declaration",
    "fill_bury",
    "keep_value",
    "option_strength",
    "point_cost",
    "projected",
    "scored_buries",
    "trump_strength",
    "very_strong",
    "voids_made",
]
