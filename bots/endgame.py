"""Exact play of the last tricks of one sampled world (``hard``'s endgame).

With every hand known (a determinization), the last few tricks are a small two-team game:
``solve`` searches it to the end with alpha-beta, every seat playing its best for its team,
and returns the value of the outcome for one seat (``sim.utility``: levels, the deal, the
defenders' points, the kitty dug or kept). Moves are the core's: the ``PlayState``'s
``legal_leads`` (each unit, and each suit's whole holding as a throw) and every distinct
``legal_follows``, so pairs and tractors follow the rules exactly.
"""

from __future__ import annotations

from game.core import Card, PlayState

from .sim import utility

# Bounds of the alpha-beta window: no hand's utility comes near them.
LOW = -1.0e9
HIGH = 1.0e9


class Solver:
    """Alpha-beta over one world's last tricks for one ``seat``, with a table of positions
    between tricks (the same cards left and the same points: other orders of play reach
    them too). One solver per world and seat; ``value`` may be asked for every candidate."""

    def __init__(self, seat: int, point_weight: float = 1.0) -> None:
        self.seat = seat
        self.point_weight = point_weight
        self.table: dict[tuple[int, int, int, int], tuple[float, float]] = {}
        self.nodes = 0

    def value(self, state: PlayState) -> float:
        """The value for ``seat``'s team of ``state`` played out perfectly by all four seats."""
        return self._solve(state, LOW, HIGH)

    def _solve(self, state: PlayState, alpha: float, beta: float) -> float:
        self.nodes += 1
        settled = state.settlement
        if settled is not None:
            return utility(
                state.ruleset,
                self.seat,
                state.dealer,
                settled.total,
                settled.up_levels,
                settled.up_side,
                self.point_weight,
            )
        who = state.to_act()
        assert who is not None  # an unsettled state has a seat to act
        trick = state.current_trick
        key: tuple[int, int, int, int] | None = None
        moves: list[list[Card]]
        if trick is not None:
            hand = state.hands[who]
            if len(hand) == len(trick.plays[0][1]):
                moves = [list(hand)]  # the last cards: nothing to choose
            else:
                moves = state.legal_follows()
        else:
            key = (who, state.defender_points, _cards_key(state.hands), 0)
            got = self.table.get(key)
            if got is not None:
                low, high = got
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                if low > alpha:
                    alpha = low
                if high < beta:
                    beta = high
            moves = state.legal_leads()
        alpha0, beta0 = alpha, beta
        maximise = who % 2 == self.seat % 2
        best = LOW if maximise else HIGH
        seen: set[int] = set()
        for move in moves:
            mkey = _move_key(move)
            if mkey in seen:
                continue
            seen.add(mkey)
            child = state.copy()
            child.apply(who, move)
            v = self._solve(child, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        if key is not None:
            low, high = self.table.get(key, (LOW, HIGH))
            if best <= alpha0:
                high = min(high, best)
            elif best >= beta0:
                low = max(low, best)
            else:
                low = high = best
            self.table[key] = (low, high)
        return best


def _move_key(move: list[Card]) -> int:
    """The same cards in any order (and equal cards of other decks) as one int."""
    key = 0
    for c in move:
        code: int = c
        key += 1 << (2 * code)
    return key


def _cards_key(hands: list[list[Card]]) -> int:
    """Who holds which cards, as one int: each seat's card counts in its own bit field."""
    key = 0
    for seat in range(4):
        for c in hands[seat]:
            code: int = c
            key += 1 << (2 * (code * 4 + seat))
    return key


def solve(state: PlayState, seat: int, point_weight: float = 1.0) -> float:
    """The value for ``seat``'s team of ``state`` played out perfectly (one fresh solver)."""
    return Solver(seat, point_weight).value(state)


__all__ = ["Solver", "solve"]
