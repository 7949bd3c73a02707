"""The bots' per-context card tables (``bots.tables``): lists indexed by the card, which the
compiled search reads as arrays, must answer exactly what the rules core answers."""

from __future__ import annotations

import pytest

from bots.tables import BY_CODE, ONE_DECK, POINTS, Tables, counts_of
from game.core import SUITS, Card, EffectiveSuit, Rank, TrumpContext

CONTEXTS = [TrumpContext(Rank.TWO, None), TrumpContext(Rank.TEN, SUITS[1]), TrumpContext(Rank.ACE, SUITS[3])]


@pytest.mark.parametrize("ctx", CONTEXTS, ids=str)
def test_card_tables_indexed_by_the_card_agree_with_the_context(ctx):
    tab = Tables(ctx)
    assert sorted(BY_CODE) == sorted(ONE_DECK) and len(BY_CODE) == 54
    for c in ONE_DECK:
        assert tab.suit[c] == ctx.suit_of(c) == ctx.suit_by_card[c]
        assert tab.pos[c] == ctx.position(c)
        assert tab.strength[c] == ctx.strength(c)
        assert tab.is_trump[c] == ctx.is_trump(c)
        assert ctx.key(c) == (ctx.suit_of(c), ctx.position(c))
        assert POINTS[c] == c.points


@pytest.mark.parametrize("ctx", CONTEXTS, ids=str)
def test_a_tables_suits_are_the_very_objects_its_cards_map_to(ctx):
    # Dicts keyed by suit (a hand split by suit, the memory's counts) then find a card's
    # suit by identity, with no string comparison: the compiled search's hot look-up.
    tab = Tables(ctx)
    assert all(isinstance(s, EffectiveSuit) for s in tab.suits)
    for s in tab.suits:
        assert all(tab.suit[c] is s for c in tab.by_suit[s])


@pytest.mark.parametrize("ctx", CONTEXTS, ids=str)
def test_a_tables_suit_lists_honours_and_bury_weights_follow_from_the_context(ctx):
    # Built from int keys (one sort of the deck, codes read by index): each suit's cards
    # high to low, equal positions by code; the honours are the jokers and level cards.
    tab = Tables(ctx)
    for s in tab.suits:
        cards = [c for c in ONE_DECK if ctx.suit_of(c) == s]
        assert list(tab.by_suit[s]) == sorted(cards, key=lambda c: (-ctx.position(c), int(c)))
        assert tab.top_pos[s] == max(ctx.position(c) for c in cards)
    for c in ONE_DECK:
        assert tab.honour[c] == (c.is_joker or c.rank == ctx.level)
        low_side = not ctx.is_trump(c) and c.rank in (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.SIX)
        assert tab.bury_weight[c] == 0.01 if ctx.is_trump(c) else (tab.bury_weight[c] == 1.0) == low_side


def test_counts_of_counts_in_first_seen_order():
    cards = [Card.parse(t) for t in ("KS", "2H", "KS", "BJ", "2H", "KS")]
    got = counts_of(cards)
    assert list(got.items()) == [(Card.parse("KS"), 3), (Card.parse("2H"), 2), (Card.parse("BJ"), 1)]


@pytest.mark.parametrize("ctx", CONTEXTS, ids=str)
def test_a_split_hand_kept_play_by_play_is_the_split_of_what_is_left(ctx):
    # A roll-out splits each seat's hand once and takes its plays out (``sim._take``), by
    # identity where it can: the policy must see what splitting the hand left would give.
    import random

    from bots.sim import _take
    from game.core import make_deck

    tab = Tables(ctx)
    rng = random.Random(str(ctx))
    for _ in range(20):
        hand = rng.sample(make_deck(2), 25)
        split = tab.split(hand)
        while hand:
            k = min(len(hand), rng.choice([1, 1, 2, 4]))
            play = rng.sample(hand, k)
            if rng.random() < 0.3:  # equal cards that are other objects: taken by value
                play = [Card(c.suit, c.rank) for c in play]
            for c in play:
                hand.remove(c)
            _take(split, tuple(play), tab)  # as a trick holds its plays
            assert split == tab.split(hand)
            assert all(list(map(int, split[s])) == [int(c) for c in hand if tab.suit[c] == s] for s in tab.suits)


@pytest.mark.parametrize("ctx", CONTEXTS, ids=str)
def test_the_unit_memo_answers_each_holding_as_decompose_does(ctx):
    # Compiled, the memo is keyed by the holding's counts (2 bits a card code, two ints):
    # three decks' worth of copies, singles and every suit, never one holding for another.
    import random

    from game.core import decompose, make_deck

    tab = Tables(ctx)
    rng = random.Random(str(ctx))
    deck = make_deck(3)

    def shape(units):
        return sorted((u.pairs, u.top, tuple(sorted(u.cards))) for u in units)

    for _ in range(300):
        suit = rng.choice(tab.suits)
        pool = [c for c in deck if tab.suit[c] == suit]
        cards = rng.sample(pool, rng.randint(1, min(len(pool), 14)))
        assert shape(tab.units(cards)) == shape(decompose(cards, ctx)), [str(c) for c in cards]
