"""Exact play of the last tricks of one sampled world (``hard``'s endgame).

With every hand known (a determinization), the last few tricks are a small two-team game:
``solve`` searches it to the end with alpha-beta, every seat playing its best for its team,
and returns the value of the outcome for one seat (``sim.utility``: levels, the deal, the
defenders' points, the kitty dug or kept). Moves are the core's: the ``PlayState``'s
``legal_leads`` (each unit, and each suit's whole holding as a throw) and every distinct
``legal_follows``, so pairs and tractors follow the rules exactly.
"""
from __future__ import annotations

from game.core import PlayState

from .sim import utility

#: A sensible ``HardBot(endgame_cards=...)``: solve exactly once the seat to act holds at
#: most this many cards (four cost about half a second a world in hebi-2010). ``hard`` does
#: not by default: against players who play as ``normal`` does, the roll-outs, which
#: predict their moves, chose better than perfect play in sampled worlds (bots/NOTES.md).
ENDGAME_CARDS = 3


def solve(state: PlayState, seat: int, alpha: float = float("-inf"),
          beta: float = float("inf"), table: dict | None = None) -> float:
    """The value for ``seat``'s team of ``state`` played out perfectly by all four seats.
    ``table`` caches positions between tricks (the same cards left, the same points) for
    one world and one ``seat``; pass a fresh dict per world or none."""
    if table is None:
        table = {}
    return _solve(state, seat, alpha, beta, table)


def _solve(state: PlayState, seat: int, alpha: float, beta: float, table: dict) -> float:
    settled = state.settlement
    if settled is not None:
        return utility(state.ruleset, seat, state.dealer, settled.total, settled.up_levels,
                       settled.up_side)
    who = state.to_act()
    assert who is not None  # an unsettled state has a seat to act
    trick = state.current_trick
    key = None
    if trick is not None:
        hand = state.hands[who]
        if len(hand) == len(trick.plays[0][1]):
            moves = [list(hand)]  # the last cards: nothing to choose
        else:
            moves = state.legal_follows()
    else:
        # Between tricks the rest of the hand depends only on the cards left, the leader
        # and the points so far: positions reached by other orders of play are cached.
        key = (who, state.defender_points,
               tuple(tuple(sorted(map(str, h))) for h in state.hands))
        got = table.get(key)
        if got is not None:
            low, high = got
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha, beta = max(alpha, low), min(beta, high)
        moves = state.legal_leads()
    alpha0, beta0 = alpha, beta
    maximise = who % 2 == seat % 2
    best = float("-inf") if maximise else float("inf")
    seen: set[tuple[str, ...]] = set()
    for move in moves:
        mkey = tuple(sorted(map(str, move)))
        if mkey in seen:
            continue
        seen.add(mkey)
        child = state.copy()
        child.apply(who, move)
        value = _solve(child, seat, alpha, beta, table)
        if maximise:
            if value > best:
                best = value
            if best > alpha:
                alpha = best
        else:
            if value < best:
                best = value
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    if key is not None:
        low, high = table.get(key, (float("-inf"), float("inf")))
        if best <= alpha0:
            high = min(high, best)
        elif best >= beta0:
            low = max(low, best)
        else:
            low = high = best
        table[key] = (low, high)
    return best


__all__ = ["ENDGAME_CARDS", "solve"]
