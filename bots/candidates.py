"""The moves a search compares at a play decision (``hard``'s and the post-hand analysis's)."""

from __future__ import annotations

from collections.abc import Iterable

from game.core import Card

from .normal import NormalPolicy
from .plays import cheap_key, feed_key, follow, legal_follow_list, winning_plays
from .view import View


def card_key(play: Iterable[Card]) -> tuple[str, ...]:
    """The same cards in any order have the same key."""
    return tuple(sorted(map(str, play)))


def play_candidates(v: View, base: list[Card], policy: NormalPolicy, limit: int) -> list[list[Card]]:
    """The moves worth comparing, ``base`` (the normal policy's choice) first, ``limit`` at
    most: a follow's few legal plays when there are few, else the cheapest follow, the lowest
    and highest winning ones and the most generous; a lead's options by ``policy`` and the
    lowest card of each suit, as a quiet alternative."""
    out: list[list[Card]] = [list(base)]
    seen = {card_key(base)}

    def add(play):
        k = card_key(play)
        if k not in seen and len(out) < limit:
            seen.add(k)
            out.append(list(play))

    tab = v.tab
    mine = v.mine()
    if v.plays:
        tr = v.trick
        assert tr is not None  # a follow
        few = (
            legal_follow_list(tr.lead, v.hand, tab, cap=limit + 1)
            if len(v.hand) <= 3 * tr.n + 2 or (tr.n == 1 and len(mine[tr.suit]) <= 8)
            else []
        )
        if few and len(few) <= limit:
            for play in few:
                add(play)
            return out
        lengths = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        wins = winning_plays(mine, tr, tab, ck)
        add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, ck, ck))
        if wins:
            add(wins[0])
            add(wins[-1])
        fk = feed_key(tab)
        add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, fk, fk))
        for play in wins[1:-1]:
            add(play)
        return out
    for _, cards, _ in policy.lead_options(v):
        add(cards)
    lengths = {s: len(mine[s]) for s in tab.side_suits}
    ck = cheap_key(tab, lengths)
    for suit in tab.suits:
        if mine[suit]:
            add([min(mine[suit], key=ck)])
    return out


__all__ = ["card_key", "play_candidates"]
