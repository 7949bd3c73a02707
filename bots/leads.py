"""``normal``'s leads, one scoring rule at a time.

``NormalPolicy.lead_options`` asks the rules below for their offers in every suit held and
leads the best. Each rule is a small function of a ``SuitLead`` (what the seat knows about
one suit) and of ``LeadWeights``, the one table of the numbers the rules use, so a single
weight can be tried (``tools/normal_variants.py``) and a single rule tested.

All the rules score on one scale; what matters is their order. Roughly, from the top: a safe
throw (40+), a boss unit of a side suit (26-40), a low side pair (30), leading into the
partner's void (22), drawing trumps with a boss unit (18+) or a low one (12), a low single
(below 10), a low trump that keeps the points out of the opponents' hands (-4 and less).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import add, mul
from typing import Final

from game.core import TRUMP, Card, Unit, points_of

from .plays import Key, cheapest
from .tables import POINTS
from .view import View

Offer = tuple[float, list[Card], str]  # (score, cards, reason code)


@dataclass(frozen=True)
class LeadWeights:
    """The numbers of the lead rules, by rule. A score is the sum of a rule's base and its
    per-feature terms; a "point" is a scoring card's points (5, 10, K)."""

    # 1. A throw of units nobody can beat (``throw_lead``): it cashes several winners in
    #    one trick, so it is the best lead there is.
    throw: float = 40.0  # base
    throw_card: float = 1.0  # per card thrown: more winners cashed at once
    throw_point: float = 0.3  # per point thrown: points brought home
    throw_endgame: float = 5.0  # near the end: cash winners before control is lost
    trump_honour_throw: float = 5.0  # the whole score of a trump throw spending jokers or
    #   level cards (before the endgame): those are for control, not for pulling two cards

    # 2a. A boss unit of trumps (``trump_boss_leads``), drawing the opponents' trumps, led
    #     only when long enough in trumps (the shares of the unseen trumps below).
    pull_share_dealer: float = 0.4  # the dealer side draws holding this share of them
    pull_share: float = 0.7  # the defenders need more: their trumps are fewer
    trump_boss: float = 18.0  # base
    trump_boss_pair: float = 6.0  # per pair of a pair or tractor: it draws more trumps
    trump_boss_honour: float = 2.0  # less per joker or level card spent (not in the endgame)
    last_trumps: float = 10.0  # base when nobody else holds a trump: nothing left to draw
    last_trumps_pair: float = 4.0  # per pair then

    # 2b. A boss unit of a side suit (``side_boss_leads``), when no opponent may ruff it.
    boss_single: float = 26.0  # a single nobody can beat (an ace, or a king after it)
    boss_unit: float = 26.0  # base of a pair or tractor nobody can beat
    boss_unit_pair: float = 7.0  # per pair: the others must break pairs or give up points
    boss_point: float = 0.4  # per point: cashed safely

    # 3. A low trump (``low_trump_leads``): drawing trumps when the dealer side is long in
    #    them, else a low trump that gives away less than a side suit would.
    trump_pull: float = 12.0  # drawing trumps with a low one (less its points)
    pull_min_trumps: float = 4.0  # held, at least, to draw with a low one
    pull_low_share: float = 0.5  # and at least this share of the unseen trumps
    low_trump: float = -4.0  # base of a low trump not drawing trumps (less its points)
    low_trump_pos: float = 0.3  # less per rank position: the lowest trump first

    # 4. A suit the partner has shown void in (``partner_ruff_lead``), for him to trump
    #    while no opponent can over-trump from a void of their own.
    partner_ruff: float = 22.0  # base
    partner_ruff_point: float = 1.5  # less per point led: the opponents may still win it

    # 5. A low single of a side suit (``low_lead``): short suits first (towards a void), no
    #    points, the lowest card.
    low: float = 10.0  # base
    low_length: float = 0.7  # less per card held in the suit
    low_point: float = 1.6  # less per point led
    low_pos: float = 0.4  # less per rank position
    low_ruffable: float = 2.0  # less when an opponent may ruff it
    low_opp_void: float = 1.0  # less when an opponent is void in it and the next may trump

    # 6. A low side pair or tractor (``low_pair_lead``), that may be beaten: the others must
    #    break pairs or give up points. Ranked just below a boss pair.
    low_pair: float = 32.0  # base
    low_pair_pair: float = 2.0  # per pair
    low_pair_length: float = 0.7  # less per card held in the suit
    low_pair_point: float = 1.2  # less per point led
    low_pair_top: float = 0.4  # less per rank position of its top card


LEAD_WEIGHTS = LeadWeights()


class SuitLead:
    """What a seat about to lead knows about one suit it holds."""

    __slots__ = (
        "boss",
        "cards",
        "cheap",
        "endgame",
        "my_trumps",
        "opps",
        "others",
        "out_trumps",
        "ruffable",
        "suit",
        "units",
        "v",
    )

    def __init__(self, v: View, suit: str, cheap: Key, endgame: bool, out_trumps: int) -> None:
        self.v = v
        self.suit = suit
        mine = v.mine()
        self.cards = mine[suit]
        self.cheap = cheap  # the order in which cards are given away, cheapest first
        self.endgame = endgame
        seat = v.seat
        left, right = (seat + 1) % 4, (seat + 3) % 4
        self.opps = (left, right)
        self.others = (left, (seat + 2) % 4, right)
        self.my_trumps = len(mine[TRUMP])
        self.out_trumps = out_trumps
        self.units = units = v.tab.units(self.cards)
        self.boss = boss_units(v, self.others, suit, units)
        # Written out: a generator's frame per suit of every lead costs more than the test.
        ruffable = False
        if suit != TRUMP:
            # ``View.maybe_void`` written out, its count of the suit's unseen cards asked
            # once: it is the same for both opponents.
            void = v.mem.void
            few = -1  # unknown; then 1 or 0: are so few of the suit out that it may be void?
            for o in self.opps:
                if suit in void[o]:
                    maybe = True
                else:
                    if few < 0:
                        few = 1 if v.unseen_count(suit) <= 2 else 0
                    maybe = few == 1
                if maybe and v.could_trump(o, 0):
                    ruffable = True
                    break
        self.ruffable = ruffable


def boss_units(v: View, others: tuple[int, ...], suit: str, units: Sequence[Unit]) -> list[Unit]:
    """The units of ``suit`` nobody else can beat; singles and pairs against one threshold
    each."""
    # Each threshold asked only if a unit needs it (a suit of singles asks no pair's).
    single_t = pair_t = -2
    boss: list[Unit] = []
    for u in units:
        if u.pairs == 0:
            if single_t == -2:
                single_t = v.beat_threshold(others, suit, 0)
            if u.top >= single_t:
                boss.append(u)
        elif u.pairs == 1:
            if pair_t == -2:
                pair_t = v.beat_threshold(others, suit, 1)
            if u.top >= pair_t:
                boss.append(u)
        elif not v.could_beat_in_suit(others, suit, u.pairs, u.top):
            boss.append(u)
    return boss


def safe_throw(v: View, suit: str, throw: list[Card], others: tuple[int, ...]) -> bool:
    """Memory proves every unit of ``throw`` unbeatable (and it is a throw: two units)."""
    units = v.tab.units(throw)
    return len(units) >= 2 and all(not v.could_beat_in_suit(others, suit, u.pairs, u.top) for u in units)


def throw_lead(s: SuitLead, w: LeadWeights, trump_honours: bool = False) -> list[Offer]:
    """Rule 1: throw all the boss units of the suit together. ``trump_honours``: a throw in
    trumps may spend jokers and level cards at full score."""
    if len(s.boss) < 2 or s.ruffable:
        return []
    throw = [c for u in s.boss for c in u.cards]
    if not safe_throw(s.v, s.suit, throw, s.others):
        return []
    score = (
        w.throw + w.throw_card * len(throw) + w.throw_point * points_of(throw) + (w.throw_endgame if s.endgame else 0.0)
    )
    if not trump_honours and spends_trump_honours(s, throw):
        score = w.trump_honour_throw
    return [(score, throw, "lead.safe_throw")]


def spends_trump_honours(s: SuitLead, throw: Sequence[Card]) -> bool:
    """A throw of trumps with jokers or level cards in it, before the endgame."""
    return s.suit == TRUMP and not s.endgame and any(s.v.tab.is_honour(c) for c in throw)


def pulls_trumps(s: SuitLead, w: LeadWeights) -> bool:
    """Long enough in trumps to draw them with a boss unit (always near the end, or when
    nobody else holds one)."""
    mine, out = s.my_trumps, s.out_trumps
    return (
        (s.v.dealer_side and mine >= w.pull_share_dealer * out) or mine >= w.pull_share * out or s.endgame or out == 0
    )


def trump_boss_leads(s: SuitLead, w: LeadWeights) -> list[Offer]:
    """Rule 2a: each boss unit of trumps, when drawing trumps (``pulls_trumps``)."""
    if not pulls_trumps(s, w):
        return []
    offers: list[Offer] = []
    tab = s.v.tab
    for u in s.boss:
        if s.out_trumps == 0:
            score = w.last_trumps + w.last_trumps_pair * u.pairs
        else:
            honours = 0  # a loop, not sum() over a generator (its frame resumed from C per card)
            for c in u.cards:
                if tab.honour[c]:
                    honours += 1
            score = w.trump_boss + w.trump_boss_pair * u.pairs - (0.0 if s.endgame else w.trump_boss_honour * honours)
        offers.append((score, list(u.cards), "lead.boss_pair" if u.pairs else "lead.trump_pull"))
    return offers


def side_boss_leads(s: SuitLead, w: LeadWeights) -> list[Offer]:
    """Rule 2b: each boss unit of a side suit no opponent may ruff."""
    if s.ruffable:
        return []
    offers: list[Offer] = []
    for u in s.boss:
        base = w.boss_single if u.pairs == 0 else w.boss_unit + w.boss_unit_pair * u.pairs
        offers.append(
            (base + w.boss_point * points_of(u.cards), list(u.cards), "lead.boss_pair" if u.pairs else "lead.boss")
        )
    return offers


def low_trump_leads(s: SuitLead, w: LeadWeights, low_trump_lead: bool = True) -> list[Offer]:
    """Rule 3: the lowest trump (never a joker or level card), drawing trumps when the dealer
    side is long in them, else (``low_trump_lead``) at a low score."""
    v = s.v
    low = cheapest(s.cards, s.cheap)
    if v.tab.is_honour(low):
        return []
    mine, out = s.my_trumps, s.out_trumps
    # Two comparisons, not one against max(): a builtin's call is dear, interpreted.
    if v.dealer_side and mine >= w.pull_min_trumps and mine >= w.pull_low_share * out and out > 0:
        return [(w.trump_pull - POINTS[low], [low], "lead.trump_pull")]
    if low_trump_lead:
        return [(w.low_trump - w.low_trump_pos * v.tab.pos[low] - POINTS[low], [low], "lead.low")]
    return []


def partner_ruff_lead(s: SuitLead, w: LeadWeights) -> list[Offer]:
    """Rule 4: the lowest card of a suit the partner is void in (and may trump), while no
    opponent is void in it too."""
    void = s.v.mem.void
    partner = s.v.partner
    left, right = s.opps
    if s.suit not in void[partner] or TRUMP in void[partner] or s.suit in void[left] or s.suit in void[right]:
        return []
    low = cheapest(s.cards, s.cheap)
    return [(w.partner_ruff - w.partner_ruff_point * POINTS[low], [low], "lead.partner_ruff")]


def low_lead(s: SuitLead, w: LeadWeights) -> list[Offer]:
    """Rule 5: the cheapest single of a side suit (one that breaks no pair if there is one)."""
    singles = [u.cards[0] for u in s.units if u.pairs == 0]  # one comprehension, not two
    low = cheapest(singles if singles else s.cards, s.cheap)
    code: int = low  # an int index: a ``Card`` indexes a list by a generic call
    score = w.low - w.low_length * len(s.cards) - w.low_point * POINTS[code] - w.low_pos * s.v.tab.pos[code]
    if s.ruffable:
        score -= w.low_ruffable
    void = s.v.mem.void
    left, right = s.opps
    # Written out: ``any`` over a generator resumes its frame from C per seat.
    if (s.suit in void[left] or s.suit in void[right]) and TRUMP not in void[left]:
        score -= w.low_opp_void
    return [(score, [low], "lead.low")]


def low_pair_lead(s: SuitLead, w: LeadWeights) -> list[Offer]:
    """Rule 6: the first (lowest) pair or tractor of a side suit."""
    for u in s.units:
        if u.pairs >= 1:
            score = (
                w.low_pair
                + w.low_pair_pair * u.pairs
                - w.low_pair_length * len(s.cards)
                - w.low_pair_point * points_of(u.cards)
                - w.low_pair_top * u.top
            )
            return [(score, list(u.cards), "lead.low_pair")]
    return []


#: The reason codes of the lead rules, in the order of ``lead_features``' flags.
LEAD_CODES: Final = (
    "lead.safe_throw",
    "lead.boss_pair",
    "lead.trump_pull",
    "lead.boss",
    "lead.low",
    "lead.partner_ruff",
    "lead.low_pair",
)
_CODE_FLAGS: Final[dict[str, list[float]]] = {
    code: [1.0 if other == code else 0.0 for other in LEAD_CODES] for code in LEAD_CODES
}
_NO_CODE: Final = [0.0] * len(LEAD_CODES)  # a code of no rule here (a subclass's own offer)
#: A learned lead is chosen among this many distinct offers, the best by score first.
LEARNED_OFFERS: Final = 6


def _lead_base(v: View, offers: Sequence[Offer], i: int, mine: dict[str, list[Card]]) -> list[float]:
    score, play, code = offers[i]
    first: int = play[0]  # an int index: a ``Card`` indexes a list by a generic call
    suit = v.tab.suit[first]
    void = v.mem.void
    seat = v.seat
    side = suit != TRUMP
    opp_void = side and (suit in void[(seat + 1) % 4] or suit in void[(seat + 3) % 4])
    base = [i / 5, max(-3.0, (score - offers[0][0]) / 10)]
    base += _CODE_FLAGS.get(code, _NO_CODE)
    base += [
        0.0 if side else 1.0,
        len(play) / 4,
        points_of(play) / 10,
        len(mine[suit]) / len(v.hand),
        1.0 if opp_void else 0.0,
        1.0 if side and suit in void[v.partner] else 0.0,
    ]
    return base


def _lead_flags(v: View, mine: dict[str, list[Card]]) -> tuple[float, float, float]:
    """What every offer's features are also multiplied by: the dealer's side, the share of
    the hand left, the share of trumps in it."""
    size = len(v.hand)
    full = (54 * v.ruleset.decks - v.ruleset.kitty) // 4
    return (1.0 if v.dealer_side else 0.0, size / full, len(mine[TRUMP]) / size)


def lead_features(v: View, offers: Sequence[Offer], i: int, mine: dict[str, list[Card]]) -> list[float]:
    """What a learned rule reads of offer ``i`` among ``offers`` (best first): its rank and
    score against the best, its rule, its cards, its suit, the seat's own view only; then all
    of these times each of ``_lead_flags``."""
    base = _lead_base(v, offers, i, mine)
    out = list(base)
    for x in _lead_flags(v, mine):
        for b in base:
            out.append(b * x)
    return out


def distinct_offers(offers: Sequence[Offer], limit: int = LEARNED_OFFERS) -> list[Offer]:
    """The first ``limit`` offers that lead different cards."""
    out: list[Offer] = []
    seen: set[tuple[Card, ...]] = set()
    for offer in offers:
        play = offer[1]
        key = (play[0],) if len(play) == 1 else tuple(sorted(play))
        if key not in seen:
            seen.add(key)
            out.append(offer)
            if len(out) == limit:
                break
    return out


def learned_lead(v: View, offers: Sequence[Offer], model: Sequence[float]) -> Offer:
    """The offer with the highest learned value (``model``'s weights times ``lead_features``)
    among the best distinct ones."""
    choices = distinct_offers(offers)
    if len(choices) < 2:
        return offers[0]
    mine = v.mine()
    # The flags are the decision's, the same for every offer: fold their blocks of weights
    # into one per base feature, and score each offer on its base features alone.
    # ``map(mul, ...)`` and ``sum`` run their loops in C: interpreted, written-out loops cost
    # a tenth of a self-play hand.
    n = len(model) // 4
    folded = list(model[:n])
    block = n
    for x in _lead_flags(v, mine):
        if x != 0.0:
            folded = list(map(add, folded, map(mul, model[block : block + n], repeat(x, n))))
        block += n
    best = choices[0]
    best_value = 0.0
    for i in range(len(choices)):
        value: float = sum(map(mul, folded, _lead_base(v, choices, i, mine)))
        if i == 0 or value > best_value:
            best, best_value = choices[i], value
    return best


__all__ = [
    "LEAD_CODES",
    "LEAD_WEIGHTS",
    "LEARNED_OFFERS",
    "LeadWeights",
    "Offer",
    "SuitLead",
    "boss_units",
    "distinct_offers",
    "lead_features",
    "learned_lead",
    "low_lead",
    "low_pair_lead",
    "low_trump_leads",
    "partner_ruff_lead",
    "pulls_trumps",
    "safe_throw",
    "side_boss_leads",
    "spends_trump_honours",
    "throw_lead",
    "trump_boss_leads",
]
