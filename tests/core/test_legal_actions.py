"""``legal_actions``: the core lists every legal move once, in every phase, and the list
agrees with the checks the table applies (``check_play_cards``, the bidding, the bury)."""

from collections import Counter
from itertools import combinations
import random

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from game.core import (
    BURYING,
    DEALING,
    PLAYING,
    Decision,
    Hand,
    HandSetup,
    Rank,
    Suit,
    TrumpContext,
    check_play_cards,
    decompose,
    get_ruleset,
    lead_moves,
    lead_units,
    observe,
    play_moves,
)
from game.core.cards import ONE_DECK, cards
from game.core.legal import every_unit
from tests.random_play import random_step
from tests.support import RULESET_IDS

CONTEXTS = [TrumpContext(Rank.TWO, Suit.SPADES), TrumpContext(Rank.TEN, Suit.HEARTS), TrumpContext(Rank.SEVEN, None)]


def multiset(cards_):
    return frozenset(Counter(cards_).items())


def sub_multisets(hand, n):
    return {multiset(c) for c in combinations(sorted(hand), n)}


@st.composite
def small_case(draw):
    """A trump context, a hand of up to 9 cards from two decks (pairs and runs likely: a
    window of neighbouring cards) and a lead of 1 to 4 cards of one effective suit."""
    ctx = draw(st.sampled_from(CONTEXTS))
    suit_of = ctx.suit_of
    order = sorted(ONE_DECK, key=ctx.strength)
    start = draw(st.integers(0, len(order) - 10))
    window = order[start : start + 10]
    hand = draw(st.lists(st.sampled_from(window * 2), min_size=1, max_size=9))
    hand = [c for c, n in Counter(hand).items() for _ in range(min(n, 2))]
    led_suit = suit_of(draw(st.sampled_from(window)))
    pool = [c for c in ONE_DECK if suit_of(c) == led_suit]
    lead = draw(st.lists(st.sampled_from(pool * 2), min_size=1, max_size=4))
    lead = [c for c, n in Counter(lead).items() for _ in range(min(n, 2))]
    return ctx, hand, lead


@settings(max_examples=150, deadline=None)
@given(small_case())
def test_every_listed_follow_is_accepted_and_every_accepted_follow_is_listed(case):
    ctx, hand, lead = case
    if len(hand) < len(lead):
        return
    moves = play_moves(hand, lead, ctx, limit=10_000)
    assert moves.decision == Decision.FOLLOW and moves.complete and moves.count == len(lead)
    listed = [multiset(m) for m in moves.moves]
    assert len(listed) == len(set(listed)), "a follow is listed twice"
    accepted = {
        m
        for m in sub_multisets(hand, len(lead))
        if check_play_cards(hand, lead, [c for c, k in m for _ in range(k)], ctx) is None
    }
    assert set(listed) == accepted


@settings(max_examples=150, deadline=None)
@given(small_case())
def test_every_listed_lead_is_accepted_and_every_accepted_lead_is_listed(case):
    ctx, hand, _ = case
    moves = lead_moves(hand, ctx, limit=10_000)
    assert moves.decision == Decision.LEAD and moves.complete and not moves.cut
    listed = [multiset(m) for m in moves.moves]
    assert len(listed) == len(set(listed)), "a lead is listed twice"
    accepted = {
        m
        for n in range(1, len(hand) + 1)
        for m in sub_multisets(hand, n)
        if check_play_cards(hand, None, [c for c, k in m for _ in range(k)], ctx) is None
    }
    assert set(listed) == accepted
    # The list starts with the hand split into units, the random bot's draw.
    units = lead_units(hand, ctx)
    assert [list(m) for m in moves.moves[: len(units)]] == units


@settings(max_examples=80, deadline=None)
@given(small_case(), st.integers(1, 12))
def test_a_cut_lead_list_keeps_every_single_pair_and_tractor_and_says_so(case, limit):
    ctx, hand, _ = case
    full = {multiset(m) for m in lead_moves(hand, ctx, limit=10_000).moves}
    moves = lead_moves(hand, ctx, limit=limit)
    listed = {multiset(m) for m in moves.moves}
    assert listed <= full
    one_unit = {m for m in full if len(decompose([c for c, k in m for _ in range(k)], ctx)) == 1}
    assert one_unit <= listed
    assert moves.complete == (listed == full)
    assert moves.complete or ("throws" in moves.cut and str(limit) in moves.cut)


def test_every_unit_lists_each_tractor_once_including_shorter_ones():
    ctx = TrumpContext(Rank.TEN, Suit.SPADES)
    # Trumps at consecutive positions: AS AS, the off-suit level pairs 10H 10H and 10C 10C
    # (which share one position), 10S 10S.
    held = cards("AS AS 10H 10H 10C 10C 10S 10S")
    shapes = [" ".join(map(str, u)) for u in every_unit(held, ctx) if len(u) > 2]
    assert shapes == [
        "10S 10S 10H 10H AS AS",
        "10S 10S 10C 10C AS AS",
        "10S 10S 10H 10H",
        "10S 10S 10C 10C",
        "10H 10H AS AS",
        "10C 10C AS AS",
    ]


def test_a_long_follow_list_is_cut_and_says_how():
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    void = cards("3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 3D 4D 5D 6D")
    moves = play_moves(void, cards("5H 5H 6H 6H"), ctx, limit=50)
    assert not moves.complete and len(moves.moves) == 50 and "50" in moves.cut
    assert all(check_play_cards(void, cards("5H 5H 6H 6H"), m, ctx) is None for m in moves.moves)


# ------------------------------------------------------------------ every phase of a hand


@pytest.mark.parametrize("ruleset_id", RULESET_IDS)
def test_legal_actions_in_every_phase_agree_with_the_hand_and_the_observation(ruleset_id):
    rng = random.Random(ruleset_id)
    seen = set()
    for number in range(3):
        hand = Hand(
            get_ruleset(ruleset_id),
            HandSetup(
                rng.randrange(10**6), number == 0, (Rank.TWO, Rank.FIVE), None if number == 0 else 1, rng.randrange(4)
            ),
        )
        while not hand.finished:
            for seat in range(4):
                moves = hand.legal_actions(seat)
                assert moves == observe(hand, seat).legal_actions(), (hand.phase, seat)
                if hand.phase.declaring:
                    assert moves.decision == Decision.DECLARE and moves.may_pass and moves.complete
                    assert [list(m) for m in moves.moves] == hand.declaration_options(seat)
                    seen.add(Decision.DECLARE if moves.moves else "pass")
                elif hand.phase == BURYING:
                    if seat == hand.dealer:
                        assert moves.decision == Decision.BURY and not moves.complete
                        assert moves.count == hand.ruleset.kitty and str(hand.ruleset.kitty) in moves.cut
                        seen.add(Decision.BURY)
                    else:
                        assert moves.decision is None and not moves.moves
                elif hand.phase == PLAYING and seat != hand.to_act():
                    assert moves.decision is None and not moves.moves
                elif hand.phase == PLAYING:
                    lead = hand.current_trick is None
                    assert moves.decision == (Decision.LEAD if lead else Decision.FOLLOW)
                    assert all(hand.check_play(seat, m) is None for m in moves.moves)
                    seen.add(moves.decision)
            random_step(hand, rng)
        assert all(hand.legal_actions(s).decision is None for s in range(4))
    assert {Decision.DECLARE, Decision.BURY, Decision.LEAD, Decision.FOLLOW} <= seen
    assert hand.phase != DEALING
