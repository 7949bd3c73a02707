"""Two plies at the root: the next seat's reply searched in each world, not only played
by the roll-out policy (``SearchSettings.replies``).

A roll-out values a move against ``normal``'s replies, so a move that only works because
``normal`` answers it badly looks good. Here, after the searching seat's move, the seat that
plays next in the same trick tries its own few candidate replies (``play_candidates``:
``normal``'s, the cheapest follow, the lowest and highest winning ones), each played out;
the move's value is the least of them: the next seat is always an opponent. The reply
sees the world's every hand, as the exact endgame's seats do, so the value is a cautious
one.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import Card, PlayState

from .candidates import play_candidates
from .memory import CardMemory
from .normal import NormalPolicy
from .sim import rollout
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
) -> float:
    """``seat``'s value of ``move`` in ``world`` (a copy is taken, ``mem`` too) with the next
    seat's reply searched among ``limit`` candidates; ``move`` must not end the trick."""
    state = world.copy()
    mem = mem.copy()
    if apply_move(state, mem, tab, move):
        raise ValueError("a reply is searched only within a trick")
    replier = state.to_act()
    assert replier is not None and state.current_trick is not None  # the trick goes on
    hands = state.hands
    hand = hands[replier]
    trick = TrickState(state.current_trick.plays, tab)
    view = View(
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
    if len(hand) == trick.n:
        options = [list(hand)]
    else:
        options = play_candidates(view, policy.play(view)[0], policy, limit)
    return min(
        rollout(state.copy(), mem.copy(), tab, policy, seat, r, tricks_done, point_weight, horizon=horizon, judge=judge)
        for r in options
    )


__all__ = ["apply_move", "replied_value"]
