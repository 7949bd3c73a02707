"""The rest of a hand judged without playing it: the defenders' final points predicted from a
world's four hands between two tricks, for roll-outs cut short (``SearchSettings.horizon``).

A roll-out early in a two-deck hand plays some 25 tricks; most of a decision's time goes
there, and its distant tricks add more noise than signal to the comparison of two moves. A
roll-out cut after a few tricks and judged here costs a fraction, so a decision sees more
worlds. The state is a sampled world, so the features may read every hand: the judge is of
a world, not of a seat's view.

The weights are learned from ``normal`` self-play in the true deals
(``python -m bots.bench.leaf``): the label is the defenders' points from the state to the
end, kitty included, as ``normal`` at all four seats scores them, which is what the roll-out
it replaces would have played.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import PlayState

from .tables import POINTS, Tables

_FIRST_JOKER = 52
#: Features a state has (``features``).
SIZE = 27


def features(state: PlayState, tab: Tables) -> list[float]:
    """What decides the rest of the hand, the defenders' side less the dealers' where it is a
    holding: points held, trumps, jokers, the top card of each suit, trump pairs, voids a seat
    can ruff, who leads, the kitty; scaled by the points and cards left."""
    ruleset = state.ruleset
    decks = ruleset.decks
    scale = 100.0 * decks
    dealer_parity = state.dealer % 2
    hands = state.hands
    is_trump, pos, suit_no = tab.is_trump, tab.pos, tab.suit_no_by_card
    n_suits = len(tab.suits)
    points = [0, 0]  # by team: 0 the dealers, 1 the defenders
    trumps = [0, 0]
    jokers = [0, 0]
    honours = [0, 0]
    pairs = [0, 0]
    ruffs = [0, 0]
    longest = [0, 0]
    top = [-1] * n_suits
    top_team = [[0, 0] for _ in range(n_suits)]
    for seat in range(4):
        team = 0 if seat % 2 == dealer_parity else 1
        hand = hands[seat]
        held = [0] * n_suits
        seen: dict[int, int] = {}
        seat_trumps = 0
        for card in hand:
            code: int = card
            points[team] += POINTS[code]
            s = suit_no[code]
            held[s] += 1
            p = pos[code]
            if p > top[s]:
                top[s] = p
                top_team[s] = [0, 0]
            if p == top[s]:
                top_team[s][team] += 1
            if is_trump[code]:
                seat_trumps += 1
                if code >= _FIRST_JOKER:
                    jokers[team] += 1
                elif tab.honour[code]:
                    honours[team] += 1
                seen[code] = seen.get(code, 0) + 1
                if seen[code] == 2:
                    pairs[team] += 1
        trumps[team] += seat_trumps
        longest[team] = max(longest[team], seat_trumps)
        if seat_trumps:
            ruffs[team] += sum(1 for s in range(1, n_suits) if held[s] == 0)
    cards = max(1, len(hands[0]))
    team_cards = 2.0 * cards
    left = (points[0] + points[1]) / scale
    masters = [sum(t[team] for t in top_team) for team in (0, 1)]
    kitty = sum(POINTS[c] for c in state.kitty) * ruleset.kitty_multiplier_base / scale
    leader = state.to_act()
    lead = 1.0 if leader is not None and leader % 2 != dealer_parity else -1.0
    trump_gap = (trumps[1] - trumps[0]) / team_cards
    joker_gap = (jokers[1] - jokers[0]) / (2.0 * decks)
    master_gap = (masters[1] - masters[0]) / team_cards
    pair_gap = (pairs[1] - pairs[0]) / cards
    ruff_gap = (ruffs[1] - ruffs[0]) / 4.0
    honour_gap = (honours[1] - honours[0]) / (4.0 * decks)
    long_gap = (longest[1] - longest[0]) / cards
    held_gap = (points[1] - points[0]) / scale
    share = cards * 4.0 / (54 * decks - ruleset.kitty)
    return [
        1.0,
        left,
        held_gap,
        trump_gap,
        (trumps[0] + trumps[1]) / (2.0 * team_cards),
        joker_gap,
        honour_gap,
        master_gap,
        pair_gap,
        ruff_gap,
        long_gap,
        lead,
        share,
        kitty,
        kitty * trump_gap,
        kitty * joker_gap,
        kitty * lead,
        kitty * long_gap,
        left * trump_gap,
        left * joker_gap,
        left * master_gap,
        left * pair_gap,
        left * ruff_gap,
        left * lead,
        left * share,
        left * long_gap,
        left * honour_gap,
    ]


def predicted_total(state: PlayState, tab: Tables, weights: Sequence[float]) -> float:
    """The defenders' final total (trick points, penalties and the kitty dug) predicted."""
    x = features(state, tab)
    rest = 0.0
    for w, v in zip(weights, x):
        rest += w * v
    return state.defender_points + rest * 100.0 * state.ruleset.decks


__all__ = ["SIZE", "features", "predicted_total"]
