"""The steps of ``sim.sample_hands`` alone: known cards first, the kitty drawn by burying
weight, the rest placed where voids allow, shown-missing pairs counted."""

from __future__ import annotations

from collections import Counter
import random

from bots.memory import CardMemory
from bots.sim import _deal_known, _draw_kitty, _pair_violations, _place, sample_hands
from bots.tables import tables
from game.core import Rank, Suit, TrumpContext, cards

TAB = tables(TrumpContext(Rank.TWO, Suit.SPADES))
H = Suit.HEARTS


def _mem() -> CardMemory:
    return CardMemory(TAB, 1, 0)


def test_known_cards_go_to_their_holder_within_his_room():
    mem = _mem()
    mem.known[1].update(cards("AH AH KD"))  # one AH is unseen: only one can be his
    pool = cards("AH KD 4C 5C")
    cap = {1: 1, 2: 3, 3: 3}
    hands = _deal_known(pool, [1, 2, 3], mem, cap)
    assert hands == {1: cards("AH"), 2: [], 3: []} and cap[1] == 0
    assert pool == cards("KD 4C 5C")


def test_the_kitty_is_drawn_mostly_from_low_side_cards():
    pool = cards("BJ SJ 2S AS KS QS 10H KH 3D 4D 3C 4C")
    drawn: Counter = Counter()
    rng = random.Random(1)
    for _ in range(300):
        kitty, rest = _draw_kitty(rng, list(pool), 4, TAB)
        assert sorted(kitty + rest) == sorted(pool) and len(kitty) == 4
        drawn.update(kitty)
    low = sum(drawn[c] for c in cards("3D 4D 3C 4C"))
    assert low > 0.7 * 1200


def test_cards_are_placed_only_with_seats_not_void_in_their_suit():
    mem = _mem()
    mem.void[1].add(H)
    elig = {s_: [s for s in (1, 2, 3) if s_ not in mem.void[s]] for s_ in TAB.suits}
    hands: dict[int, list] = {1: [], 2: [], 3: []}
    cap = {1: 2, 2: 2, 3: 2}
    ok = _place(random.Random(3), cards("4H 5H 6H 7H 3C 4C"), hands, cap, [], 0, [1, 2, 3], elig, TAB)
    assert ok is True and all(TAB.suit[c] != H for c in hands[1])
    # With no room left where a void allows, a card goes anywhere with room: not ok.
    hands = {1: [], 2: [], 3: []}
    ok = _place(random.Random(3), cards("4H 5H 6H 7H 8H 3C"), hands, {1: 2, 2: 2, 3: 2}, [], 0, [1, 2, 3], elig, TAB)
    assert ok is False and sum(map(len, hands.values())) == 6
    full = {1: 0, 2: 0, 3: 0}
    assert _place(random.Random(3), cards("4H"), hands, full, [], 0, [1, 2, 3], elig, TAB) is None


def test_a_pair_a_seat_showed_not_to_hold_counts_as_a_violation():
    mem = _mem()
    mem.nopair[2].add(H)
    hands = {1: cards("4H 4H"), 2: cards("5H 5H 6C 6C"), 3: []}
    assert _pair_violations(hands, [1, 2, 3], mem, TAB) == 1


def test_sample_hands_deals_every_unseen_card_respecting_voids():
    mem = _mem()
    mem.void[3].add(H)
    unseen = Counter(cards("4H 5H 6H 7H 8H 9H 3C 4C 5C 6C 7C 8C"))
    got = sample_hands(random.Random(2), unseen, [0, 4, 4, 4], 0, mem, 0, TAB)
    assert got is not None
    hands, kitty = got
    assert kitty == [] and Counter(c for h in hands for c in h) == unseen
    assert not any(TAB.suit[c] == H for c in hands[3])
