"""The shapes of a competition, as pure functions: groups, round-robin rounds, brackets.

Nothing here draws lots; the draw (``event``) hands in the order it drew.
"""

from __future__ import annotations

from collections.abc import Sequence
import random
from typing import TypeVar

T = TypeVar("T")


def group_sizes(teams: int, size: int = 4) -> list[int]:
    """Groups of ``size`` (``size - 1`` or ``size + 1`` where the field does not divide;
    RULES.md §11): the fewest groups off ``size``, then the fewest groups; largest first."""
    best: tuple[int, int, list[int]] | None = None
    for count in range(1, teams // max(3, size - 1) + 1):
        base, extra = divmod(teams, count)
        sizes = [base + 1] * extra + [base] * (count - extra)
        if not all(max(3, size - 1) <= s <= size + 1 for s in sizes):
            continue
        key = (sum(1 for s in sizes if s != size), count, sizes)
        if best is None or key[:2] < best[:2]:
            best = key
    if best is None:
        raise ValueError(f"{teams} teams cannot be split into groups of {size - 1} to {size + 1}")
    return best[2]


def deal_into_groups(order: Sequence[T], sizes: Sequence[int]) -> list[list[T]]:
    """The draw's order dealt into the groups in turn (A, B, C, A, B …), a full group skipped."""
    groups: list[list[T]] = [[] for _ in sizes]
    g = 0
    for team in order:
        while len(groups[g]) >= sizes[g]:
            g = (g + 1) % len(sizes)
        groups[g].append(team)
        g = (g + 1) % len(sizes)
    return groups


def round_robin(teams: Sequence[T]) -> list[list[tuple[T, T]]]:
    """Every pair once, in rounds (the circle method; with an odd number one team rests
    each round)."""
    players: list[T | None] = list(teams)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds = []
    for _ in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b))
        rounds.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def bracket_size(teams: int) -> int:
    size = 1
    while size < teams:
        size *= 2
    return size


def spread(matches: int) -> list[int]:
    """First-round match indices in the order byes go to them: bit-reversed, so byes fall
    in different halves, then different quarters, of the bracket (they meet as late as
    possible)."""
    bits = max(0, matches.bit_length() - 1)
    return [int(format(i, f"0{bits}b")[::-1], 2) if bits else 0 for i in range(matches)]


def knockout_slots(order: Sequence[T]) -> list[tuple[T, T | None]]:
    """The first round of a single-elimination bracket from the draw's order: the first
    ``byes`` teams in the draw each get a bye (at most one per team: byes are only in the
    first round), the others meet in the draw's order."""
    size = bracket_size(len(order))
    matches = size // 2
    byes = size - len(order)
    slots: list[tuple[T, T | None] | None] = [None] * matches
    for position, team in zip(spread(matches)[:byes], order[:byes]):
        slots[position] = (team, None)
    rest = iter(order[byes:])
    for i in range(matches):
        if slots[i] is None:
            slots[i] = (next(rest), next(rest))
    return [s for s in slots if s is not None]


def cross_groups(winners: Sequence[T], runners_up: Sequence[T], rng: random.Random) -> list[tuple[T, T | None]]:
    """The first knockout round after groups: byes (when the qualifiers are not a power of
    two) go to group winners in group order, then runners-up; each other winner is drawn
    against another group's runner-up; runners-up left over are drawn against each other.
    ``winners[i]`` and ``runners_up[i]`` come from group i."""
    qualifiers = 2 * len(winners)
    size = bracket_size(qualifiers)
    matches = size // 2
    byes = size - qualifiers
    ordered = [(team, g, True) for g, team in enumerate(winners)] + [
        (team, g, False) for g, team in enumerate(runners_up)
    ]
    bye_teams, playing = ordered[:byes], ordered[byes:]
    top = [(t, g) for t, g, won in playing if won]
    pool = [(t, g) for t, g, won in playing if not won]
    pairs: list[tuple[T, T]] = []
    for _ in range(200):
        rng.shuffle(pool)
        if all(pg != wg for (_, wg), (_, pg) in zip(top, pool)):
            break
    # Without a way to avoid it (one group), a winner meets its own group's runner-up.
    pairs = [(w, r) for (w, _), (r, _) in zip(top, pool)]
    left = [t for t, _ in pool[len(top) :]]
    pairs += [(left[i], left[i + 1]) for i in range(0, len(left), 2)]
    slots: list[tuple[T, T | None] | None] = [None] * matches
    for position, (team, _, _) in zip(spread(matches)[:byes], bye_teams):
        slots[position] = (team, None)
    rest = iter(pairs)
    for i in range(matches):
        if slots[i] is None:
            slots[i] = next(rest)
    return [s for s in slots if s is not None]
