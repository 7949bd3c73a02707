"""Two plies at the root: the next seat's reply searched in each world, not only played
by the roll-out policy (``SearchSettings.replies``).

A roll-out values a move against ``normal``'s replies, so a move that only works because
``normal`` answers it badly looks good. Here, after the searching seat's move, the seat that
plays next in the same trick weighs its own few candidate replies (``play_candidates``:
``normal``'s, the cheapest follow, the lowest and highest winning ones).

* ``reply_worlds`` 0: each reply is played out in the world and the move's value is the
  least of them (the next seat is always an opponent). The reply sees the world's every
  hand, as the exact endgame's seats do: a cautious value.
* ``reply_worlds`` J: the replier chooses as it would at the table, from its own view: the
  reply of highest mean over J worlds dealt from what it has seen (its hand, the plays;
  not the searching seat's hand). The move is worth the world played out after that reply.
"""

from __future__ import annotations

from collections.abc import Sequence
import random

from game.core import Card, PlayState

from .candidates import play_candidates
from .memory import CardMemory
from .normal import NormalPolicy
from .sim import play_state_of, rollout, sample_hands
from .tables import Tables
from .trick_state import TrickState
from .view import View


def apply_move(state: PlayState, mem: CardMemory, tab: Tables, move: Sequence[Card]) -> bool:
    """Play ``move`` for the seat to act, and tell ``mem`` as a roll-out does; True when it
    finished the trick."""
    current = state.current_trick
    trick = TrickState(current.plays, tab) if current is not None and current.plays else None
    seat = state.to_act()
    assert seat is not None  # not settled
    played_to = state.apply(seat, list(move))
    cards = played_to.plays[-1][1]
    if trick is None:
        mem.on_play(seat, cards, None, attempted=played_to.attempted)
    else:
        lead = trick.lead
        mem.on_play(seat, cards, lead, trick.fmt if len(lead) > 1 else None)
    return len(played_to.plays) == 4


def replier_view(state: PlayState, mem: CardMemory, tab: Tables, tricks_done: int) -> View:
    """What the seat to act in ``state``, within a trick, sees: its own hand, the plays."""
    replier = state.to_act()
    assert replier is not None and state.current_trick is not None  # the trick goes on
    hands = state.hands
    hand = hands[replier]
    trick = TrickState(state.current_trick.plays, tab)
    return View(
        replier,
        state.ruleset,
        tab,
        state.dealer,
        hand,
        trick.plays,
        mem,
        state.kitty if replier == state.dealer else (),
        [len(h) for h in hands],
        state.defender_points,
        tricks_done,
        trick,
        tab.split(hand),
        quiet=True,
    )


def replied_value(
    world: PlayState,
    mem: CardMemory,
    tab: Tables,
    policy: NormalPolicy,
    seat: int,
    move: Sequence[Card],
    tricks_done: int,
    limit: int,
    point_weight: float = 1.0,
    horizon: int = 0,
    judge: Sequence[float] = (),
    rng: random.Random | None = None,
    reply_worlds: int = 0,
) -> float:
    """``seat``'s value of ``move`` in ``world`` (a copy is taken, ``mem`` too) with the next
    seat's reply searched among ``limit`` candidates; ``move`` must not end the trick. With
    ``reply_worlds`` and ``rng``, the reply is the replier's own choice over that many of its
    worlds."""
    state = world.copy()
    mem = mem.copy()
    if apply_move(state, mem, tab, move):
        raise ValueError("a reply is searched only within a trick")
    view = replier_view(state, mem, tab, tricks_done)
    hand = view.hand
    trick = view.trick
    assert trick is not None  # the trick goes on
    if len(hand) == trick.n:
        options = [list(hand)]
    else:
        options = play_candidates(view, policy.play(view)[0], policy, limit)
    if reply_worlds and rng is not None and len(options) > 1:
        reply = replier_choice(view, options, policy, rng, reply_worlds, point_weight, horizon, judge)
        return rollout(
            state.copy(), mem.copy(), tab, policy, seat, reply, tricks_done, point_weight, horizon=horizon, judge=judge
        )
    return min(
        rollout(state.copy(), mem.copy(), tab, policy, seat, r, tricks_done, point_weight, horizon=horizon, judge=judge)
        for r in options
    )


def replier_choice(
    view: View,
    options: list[list[Card]],
    policy: NormalPolicy,
    rng: random.Random,
    worlds: int,
    point_weight: float,
    horizon: int,
    judge: Sequence[float],
) -> list[Card]:
    """The option of highest mean value to ``view``'s seat over ``worlds`` worlds dealt from
    its view alone (the same worlds for every option); the first on ties or when no world
    can be dealt."""
    tab = view.tab
    sizes = view.hand_sizes
    kitty_size = 0 if view.seat == view.dealer else view.ruleset.kitty
    totals = [0.0] * len(options)
    for _ in range(worlds):
        dealt = sample_hands(rng, view.unseen, sizes, view.seat, view.mem, kitty_size, tab)
        if dealt is None:
            break
        hands, kitty = dealt
        hands[view.seat] = list(view.hand)
        if view.seat == view.dealer:
            kitty = list(view.kitty)
        state = play_state_of(view, hands, kitty)
        for i, option in enumerate(options):
            totals[i] += rollout(
                state.copy(),
                view.mem.copy(),
                tab,
                policy,
                view.seat,
                option,
                view.tricks_done,
                point_weight,
                horizon=horizon,
                judge=judge,
            )
    best = 0
    for i in range(1, len(options)):
        if totals[i] > totals[best]:
            best = i
    return options[best]


__all__ = ["apply_move", "replied_value", "replier_choice", "replier_view"]
