"""The play phase played two ways must agree: as a ``Hand`` (seed + log) and as a
``PlayState`` rebuilt from the hands as dealt after the bury — and, from a random point of the
hand, as a ``PlayState`` rebuilt from the hands and the tricks so far.

Each hand is dealt once (dealing is the slow part) and played out many times with different
random moves. ``SHENGJI_PLAYSTATE_PLAYOUTS`` sets the number of play-outs (default 120 in all,
a couple of seconds; CI or a refactor of the play phase may ask for thousands).
"""

from __future__ import annotations

import copy
import os
import random

import pytest

from game.core import BUILTIN_IDS, PLAYING, Hand, HandSetup, PlayState, Rank, get_ruleset
from game.core.play import Trick
from tests.random_play import random_step

PLAYOUTS = int(os.environ.get("SHENGJI_PLAYSTATE_PLAYOUTS", "120"))
DEALS = 6


def dealt_hands(ruleset_id: str, count: int) -> list[Hand]:
    """Hands at the start of the play phase (just after the bury), seeded."""
    ruleset = get_ruleset(ruleset_id)
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), seed % 4, seed % 4))
        rng = random.Random(seed)
        while hand.phase != PLAYING and not hand.finished:
            random_step(hand, rng)
        if hand.phase == PLAYING:
            out.append(hand)
    return out


def random_move(state: PlayState, rng: random.Random) -> list:
    """A random legal move, throws (which may fail) included."""
    if state.current_trick is None:
        leads = state.legal_leads()
        seat = state.to_act()
        mine = state.hands[seat]
        if rng.random() < 0.2:
            # Any multi-unit lead of one suit: throws that fail are the interesting case.
            suit = state.ctx.suit_of(rng.choice(mine))
            held = [c for c in mine if state.ctx.suit_of(c) == suit]
            pick = rng.sample(held, rng.randint(1, len(held)))
            if state.check(seat, pick) is None:
                return pick
        return rng.choice(leads)
    return rng.choice(state.legal_follows(cap=30))


def facts(hand: Hand) -> tuple:
    return (
        hand.to_act(),
        hand.trick_points,
        hand.penalties,
        hand.settlement,
        tuple(map(tuple, hand.hands)),
        tuple(hand.kitty),
        tuple((t.leader, tuple(t.plays), t.winner, t.points, t.attempted, t.penalty) for t in hand.tricks),
    )


def state_facts(state: PlayState) -> tuple:
    return (
        state.to_act(),
        state.trick_points,
        state.penalties,
        state.settlement,
        tuple(map(tuple, state.hands)),
        tuple(state.kitty),
        tuple((t.leader, tuple(t.plays), t.winner, t.points, t.attempted, t.penalty) for t in state.tricks),
    )


def rebuilt(state: PlayState) -> PlayState:
    """A fresh state from plain facts only: hands, kitty and the tricks so far."""
    tricks = [Trick(t.leader, list(t.plays), t.winner, t.points, t.attempted, t.penalty) for t in state.tricks]
    return PlayState(state.ruleset, state.ctx, state.dealer, [list(h) for h in state.hands], list(state.kitty), tricks)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_hand_and_play_state_agree_after_every_play(ruleset_id):
    deals = dealt_hands(ruleset_id, DEALS)
    settled = failed_throws = 0
    for n in range(PLAYOUTS // len(BUILTIN_IDS) + 1):
        start = deals[n % len(deals)]
        hand = copy.deepcopy(start)
        state = PlayState(hand.ruleset, hand.ctx, hand.dealer, [list(h) for h in hand.hands], list(hand.kitty))
        rng = random.Random(n)
        restart_at = rng.randrange(1, 90)
        plays = 0
        while state.settlement is None:
            move = random_move(state, rng)
            seat = state.to_act()
            assert hand.check_play(seat, move) is None
            assert state.check(seat, move) is None
            hand.play(seat, move)
            state.apply(seat, move)
            plays += 1
            assert facts(hand) == state_facts(state)
            if plays == restart_at:
                state = rebuilt(state)
                assert facts(hand) == state_facts(state)
        assert hand.phase.finished and hand.settlement == state.settlement
        settled += 1
        failed_throws += sum(1 for t in state.tricks if t.attempted)
    assert settled and failed_throws  # the failed-throw branch was exercised


def test_copy_is_independent():
    hand = dealt_hands("hebi-2010", 1)[0]
    state = hand.play_state
    before = state.digest()
    twin = state.copy()
    rng = random.Random(3)
    while twin.settlement is None:
        seat = twin.to_act()
        twin.apply(seat, random_move(twin, rng))
    assert state.digest() == before
    assert twin.settlement is not None


def test_deepcopy_and_pickle_keep_every_slot():
    """PlayState and Trick copy through __reduce__ (compiled by mypyc they have no bare
    __new__): every slot comes back, mid-trick, and the copy plays on alone."""
    import pickle

    from game.core import play as play_module

    if not play_module._COMPILED:  # a native class has no __slots__ to compare with
        assert PlayState.__slots__ == play_module._STATE_SLOTS
    hand = dealt_hands("lanzhou-2010", 1)[0]
    state = hand.play_state
    rng = random.Random(5)
    for _ in range(6):  # into the second trick
        state.apply(state.to_act(), random_move(state, rng))
    before = state.digest()
    for twin in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert twin.digest() == before
        assert [t.plays for t in twin.tricks] == [t.plays for t in state.tricks]
        assert (twin.trick_points, twin.penalties, twin.leader, twin.views) == (
            state.trick_points,
            state.penalties,
            state.leader,
            state.views,
        )
        assert twin.tricks[-1] is not state.tricks[-1] and twin.hands[0] is not state.hands[0]
        while twin.settlement is None:
            twin.apply(twin.to_act(), random_move(twin, rng))
        assert state.digest() == before


def test_fallback_and_enumerators_are_legal():
    for hand in dealt_hands("lanzhou-2010", 2):
        state = hand.play_state.copy()
        rng = random.Random(1)
        while state.settlement is None:
            seat = state.to_act()
            assert state.check(seat, state.fallback()) is None
            for move in state.legal_plays(cap=20):
                assert state.check(seat, move) is None
            assert state.check((seat + 1) % 4, state.fallback()).code == "turn.not_yours"
            state.apply(seat, random_move(state, rng))
        assert state.to_act() is None and state.legal_plays() == []
        assert state.check(0, []).code == "phase.wrong"
