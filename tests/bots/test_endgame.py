"""The exact endgame (``bots.endgame``): alpha-beta with its table agrees with plain minimax,
settles the obvious, and ``hard`` uses it reproducibly from ``endgame_cards`` down."""

from dataclasses import replace
import random

import pytest

from bots import sim
from bots.endgame import Solver, solve
from bots.hard import HardBot
from bots.settings import HARD
from game.core import PLAYING, Hand, PlayState, observe

from .test_hard_search import _played_to


def _brute(state: PlayState, seat: int) -> float:
    """Plain minimax: every distinct legal move, no pruning, no table."""
    settled = state.settlement
    if settled is not None:
        return sim.utility(state.ruleset, seat, state.dealer, settled.total, settled.up_levels, settled.up_side)
    who = state.to_act()
    assert who is not None
    moves = state.legal_follows() if state.current_trick is not None else state.legal_leads()
    values = []
    for move in {tuple(sorted(map(str, m))): m for m in moves}.values():
        child = state.copy()
        child.apply(who, move)
        values.append(_brute(child, seat))
    return max(values) if who % 2 == seat % 2 else min(values)


def _at(ruleset_id: str, seed: int, cards_left: int, mid_trick: bool) -> Hand:
    def stop(hand: Hand) -> bool:
        if hand.phase != PLAYING:
            return False
        who = hand.to_act()
        if who is None or len(hand.hands[who]) > cards_left:
            return False
        trick = hand.current_trick
        return (trick is not None and 0 < len(trick.plays) < 4) if mid_trick else trick is None

    return _played_to(ruleset_id, seed, stop)


@pytest.mark.parametrize(
    "ruleset_id,seed",
    [("hebi-2010", 1), ("hebi-2010", 4), ("logistics-2015", 2), ("logistics-2015", 5), ("lanzhou-2010", 3)],
)
def test_the_endgame_solver_agrees_with_plain_minimax(ruleset_id, seed):
    checked = 0
    for cards_left, mid_trick in ((2, False), (2, True), (3, False), (3, True)):
        hand = _at(ruleset_id, seed, cards_left, mid_trick)
        if hand.finished:
            continue
        state = hand.play_state
        seat = hand.to_act()
        assert seat is not None
        for who in (seat, (seat + 1) % 4):
            assert solve(state.copy(), who) == pytest.approx(_brute(state.copy(), who))
            checked += 1
    assert checked >= 4


def test_one_solver_answers_every_candidate_of_its_world_as_a_fresh_one_would():
    hand = _at("logistics-2015", 7, 4, False)
    state = hand.play_state
    seat = hand.to_act()
    assert seat is not None
    shared = Solver(seat)
    for move in state.legal_leads():
        child = state.copy()
        child.apply(seat, move)
        assert shared.value(child.copy()) == solve(child, seat)
    assert shared.table  # positions between tricks were kept


def test_the_endgame_solver_values_the_last_trick_as_its_settlement():
    for seed in range(5, 25):  # a hand whose last trick is of single cards
        hand = _at("hebi-2010", seed, 1, False)
        if not hand.finished:
            break
    state = hand.play_state
    seat = state.to_act()
    assert seat is not None
    end = state.copy()
    while end.settlement is None:
        who = end.to_act()
        assert who is not None
        end.apply(who, end.hands[who])
    s = end.settlement
    assert solve(state.copy(), seat) == sim.utility(state.ruleset, seat, state.dealer, s.total, s.up_levels, s.up_side)


@pytest.mark.parametrize("ruleset_id", ["logistics-2015", "hebi-2010"])
def test_hard_solves_its_last_cards_reproducibly_and_legally(ruleset_id):
    hand = _at(ruleset_id, 2, 3, False)
    assert not hand.finished
    seat = hand.to_act()
    assert seat is not None
    settings = replace(HARD, think_ms=None, samples=4, endgame_cards=3)
    moves = []
    for _ in range(2):
        bot = HardBot(seat, random.Random(9), hand.ruleset, settings)
        moves.append(bot.play(observe(hand, seat)))
        assert bot.searches == 0 or bot.last_worlds == 4
    assert moves[0] == moves[1]
    assert hand.play_state.check(seat, moves[0]) is None
