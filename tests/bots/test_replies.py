"""Two plies at the root (``bots.replies``, ``SearchSettings.replies``): the next seat's
reply searched in each world."""

from __future__ import annotations

import random

import pytest

from bots import make_bot, sim
from bots.base import step_hand
from bots.candidates import play_candidates
from bots.hard import HardBot
from bots.normal import NormalPolicy
from bots.replies import apply_move, replied_value, replier_choice, replier_view
from bots.settings import HARD, configured
from game.core import PLAYING, observe

from .test_hard_search import _played_to


def _first_plays(ruleset_id: str, seed: int, tricks: int, plays: int):
    """A hand ``normal`` played to ``tricks`` tricks and ``plays`` plays of the next, the
    view of the seat to act, and its candidate moves."""
    hand = _played_to(
        ruleset_id,
        seed,
        lambda h: (
            h.phase == PLAYING
            and len(h.tricks) >= tricks
            and len(h.current_trick.plays if h.current_trick is not None else ()) == plays
        ),
    )
    seat = hand.to_act()
    assert seat is not None  # a play is due
    bot = make_bot("hard", seat, random.Random(seed), hand.ruleset, think_ms=None, samples=1)
    assert isinstance(bot, HardBot)
    v = bot.view(observe(hand, seat))
    base = bot.policy.play(v)[0]
    return hand, v, play_candidates(v, base, bot.policy, 6)


@pytest.mark.parametrize("plays", [0, 1, 2])
@pytest.mark.parametrize("ruleset_id", ["logistics-2015", "hebi-2010"])
def test_a_searched_reply_is_the_opponents_best(ruleset_id, plays):
    """The next seat is an opponent and the roll-out's own reply is among those searched,
    so a searched reply can only lower a move's value."""
    hand, v, moves = _first_plays(ruleset_id, 4, 2, plays)
    world = hand.play_state
    assert world is not None
    before = world.copy()
    policy = NormalPolicy()
    for move in moves:
        plain = sim.rollout(world.copy(), v.mem.copy(), v.tab, policy, v.seat, move, v.tricks_done)
        searched = replied_value(world, v.mem, v.tab, policy, v.seat, move, v.tricks_done, 4)
        assert searched <= plain + 1e-9
    assert world.hands == before.hands and world.trick_points == before.trick_points  # copied, not changed


def test_a_searched_reply_finds_answers_the_roll_out_policy_misses():
    policy = NormalPolicy()
    lowered = 0
    for seed in range(20, 26):
        hand, v, moves = _first_plays("logistics-2015", seed, 2, 0)
        world = hand.play_state
        assert world is not None
        for move in moves:
            plain = sim.rollout(world.copy(), v.mem.copy(), v.tab, policy, v.seat, move, v.tricks_done)
            lowered += replied_value(world, v.mem, v.tab, policy, v.seat, move, v.tricks_done, 3) < plain - 1e-9
    assert lowered > 0


def test_a_reply_is_searched_only_within_a_trick():
    hand, v, moves = _first_plays("logistics-2015", 6, 1, 3)
    world = hand.play_state
    assert world is not None
    with pytest.raises(ValueError, match="within a trick"):
        replied_value(world, v.mem, v.tab, NormalPolicy(), v.seat, moves[0], v.tricks_done, 3)


@pytest.mark.parametrize("ruleset_id", ["logistics-2015", "hebi-2010"])
def test_hard_with_searched_replies_plays_a_hand_legally(ruleset_id):
    hand = _played_to(ruleset_id, 9, lambda h: h.phase == PLAYING)
    ruleset = hand.ruleset
    settings = configured(HardBot.settings_for(ruleset), {"replies": 3, "think_ms": None, "samples": 3})
    assert settings.replies == 3 and HARD.replies == 0
    bots = [
        HardBot(s, random.Random(s), ruleset, settings)
        if s % 2 == 0
        else make_bot("normal", s, random.Random(s), ruleset)
        for s in range(4)
    ]
    while not hand.finished:
        step_hand(hand, bots)
    assert hand.settlement is not None


def _replier_after(state, v, move):
    mem = v.mem.copy()
    state = state.copy()
    apply_move(state, mem, v.tab, move)
    rv = replier_view(state, mem, v.tab, v.tricks_done)
    options = play_candidates(rv, NormalPolicy().play(rv)[0], NormalPolicy(), 3)
    return rv, options


def test_the_replier_chooses_from_its_own_view_not_the_searching_seats_hand():
    """With ``reply_worlds`` the reply depends on what the replier has seen: the same reply
    whatever the searching seat and its partner hold beyond that."""
    hand, v, moves = _first_plays("logistics-2015", 4, 2, 0)
    world = hand.play_state
    assert world is not None
    other = world.copy()
    partner = (v.seat + 2) % 4
    rest = [c for c in other.hands[v.seat] if c not in moves[0]]
    pool = rest + list(other.hands[partner])
    random.Random(1).shuffle(pool)
    other.hands[v.seat] = list(moves[0]) + pool[: len(rest)]
    other.hands[partner] = pool[len(rest) :]
    assert other.hands[v.seat] != world.hands[v.seat]
    chosen = []
    for state in (world, other):
        rv, options = _replier_after(state, v, moves[0])
        assert len(options) >= 2
        chosen.append(replier_choice(rv, options, NormalPolicy(), random.Random(7), 3, 1.0, 0, ()))
    assert chosen[0] == chosen[1]


def test_the_replier_takes_the_option_of_highest_mean_over_its_worlds():
    hand, v, moves = _first_plays("logistics-2015", 9, 2, 0)
    world = hand.play_state
    assert world is not None
    rv, options = _replier_after(world, v, moves[0])
    assert len(options) >= 2
    got = replier_choice(rv, options, NormalPolicy(), random.Random(3), 4, 1.0, 0, ())
    assert got in options
    assert replier_choice(rv, options, NormalPolicy(), random.Random(3), 4, 1.0, 0, ()) == got
    # The choice is the best mean: with one option first and alone, that option.
    assert replier_choice(rv, options[:1], NormalPolicy(), random.Random(3), 4, 1.0, 0, ()) == options[0]
    # A searched move's value with its replier choosing is one play-out after its choice.
    value = replied_value(
        world, v.mem, v.tab, NormalPolicy(), v.seat, moves[0], v.tricks_done, 3, rng=random.Random(3), reply_worlds=4
    )
    state = world.copy()
    mem = v.mem.copy()
    apply_move(state, mem, v.tab, moves[0])
    expected = sim.rollout(state, mem, v.tab, NormalPolicy(), v.seat, got, v.tricks_done)
    assert abs(value - expected) < 1e-9
