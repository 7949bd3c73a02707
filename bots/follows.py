"""``normal``'s follows, one rule at a time.

``NormalPolicy.follow`` decides in this order: feed a partner whose trick is safe
(``feed``); take over a partner's trick that is not (``takes_over``); win an opponent's
trick when it is worth what the win spends (``opponent_stake`` against ``win_cost``); try an
insecure win for a rich trick or near the end (``contest``); else follow as cheaply as
possible. The numbers are the fields of ``FollowWeights``, one table, so a single one can be
tried (``tools/normal_variants.py``) and a single rule tested.

Stakes and costs share one scale: a point of the trick is 1, a joker or level card spent
is 7 (``win_cost``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul
from typing import Final

from game.core import TRUMP, Card, points_of

from .plays import Key, feed_key
from .tables import Tables
from .view import View


@dataclass(frozen=True)
class FollowWeights:
    """The numbers of the follow rules, by rule."""

    # Feeding a partner whose trick is safe (``feed_for``): ``feed_key``'s (worth of a
    # point against a card's rank, extra cost of a joker or level card). Points count for
    # the defenders only: the dealer side merely keeps them from the defenders, so it
    # feeds less eagerly (a dearer honour).
    feed_defender: tuple[float, float] = (3.0, 14.0)
    feed_dealer: tuple[float, float] = (3.0, 20.0)

    # What a trick is worth (``partner_stake``, ``opponent_stake``), beyond its points.
    later_points: float = 3.0  # points the players still to come may add to it
    ruff_bonus: float = 6.0  # ruffing the suit the partner led into my void: he led it for that
    takeover_margin: float = 4.0  # a partner's trick is taken over only for this much more
    #   than the win costs: he may well win it himself
    opponent_trick: float = 1.0  # an opponent's trick: taking the lead is worth a little
    endgame_stake: float = 12.0  # near the end: every trick guards or digs the kitty
    kitty_point: float = 2.0  # the dealer, who knows the kitty: per point in it
    kitty_deck: float = 10.0  # anyone else: the kitty's likely points, per deck

    # What a win spends (``win_cost``).
    honour_cost: float = 7.0  # per joker or level card: the control of trumps
    ruff_cost: float = 3.0  # per other trump, ruffing a side suit
    trump_cost: float = 1.0  # per other trump, following trumps
    rank_cost: float = 0.05  # per rank position: of two equal wins, the lower

    # Banking (``best_win``): a sure win may carry my own points home.
    bank_cost: float = 1.0  # a point banked is worth this unit of the win's cost

    # Contesting an opponent's trick with a win that is not sure (``contest``).
    contest_points: int = 15  # for a trick holding this many points (or near the end)
    contest_endgame: float = 12.0  # near the end it may spend this much more than the points


FOLLOW_WEIGHTS = FollowWeights()


def win_cost(play: Sequence[Card], tab: Tables, trumping: bool, w: FollowWeights = FOLLOW_WEIGHTS) -> float:
    """What taking the trick with ``play`` spends: jokers and level cards most."""
    cost = 0.0
    for c in play:
        code: int = c  # an int index: a ``Card`` indexes a list by a generic call
        if tab.honour[code]:
            cost += w.honour_cost
        elif tab.is_trump[code]:
            cost += w.ruff_cost if trumping else w.trump_cost
    return cost


class Win:
    """A winning play, whether memory proves nobody after me can beat it, and its cost."""

    # A plain class, not a NamedTuple: compiled, a named tuple is still built by Python code.
    __slots__ = ("cost", "play", "secure")

    def __init__(self, play: list[Card], secure: bool, cost: float) -> None:
        self.play = play
        self.secure = secure
        self.cost = cost


class FollowState:
    """What a seat about to follow knows: the trick, its hand by suit and who plays after."""

    __slots__ = ("cheap", "endgame", "mine", "opps_after", "tr", "trumping", "v", "void")

    def __init__(self, v: View, cheap: Key, endgame: bool) -> None:
        tr = v.trick
        assert tr is not None  # a follow: the trick has its lead
        self.v = v
        self.tr = tr
        self.mine = v.mine()
        self.cheap = cheap  # the order in which cards are given away, cheapest first
        # ``v.after_me()`` less the partner: following, the leader (three seats on) has played,
        # so the one opponent still to come is the next seat, unless I play last.
        self.opps_after = [(v.seat + 1) % 4] if len(v.plays) < 3 else []
        self.endgame = endgame
        self.void = not self.mine[tr.suit]
        self.trumping = self.void and tr.suit != TRUMP


def feed_for(v: View, w: FollowWeights) -> Key:
    """The order in which to give a winning partner cards: points first."""
    return feed_key(v.tab, *(w.feed_dealer if v.dealer_side else w.feed_defender))


def partner_stake(f: FollowState, w: FollowWeights) -> float:
    """What the partner's unsafe trick is worth to take over."""
    stake = f.tr.points + (w.later_points if f.opps_after else 0.0)
    if f.trumping and f.tr.leader == f.v.partner:
        stake += w.ruff_bonus
    return stake


def takes_over(win: Win | None, stake: float, w: FollowWeights) -> bool:
    """Take the partner's trick over: only with a sure win that is well worth its cost."""
    return win is not None and win.secure and stake >= win.cost + w.takeover_margin


def kitty_stake(v: View, w: FollowWeights) -> float:
    """What the kitty is worth to fight for at the end."""
    if v.seat == v.dealer and v.kitty:
        return w.kitty_point * points_of(v.kitty)
    return w.kitty_deck * v.ruleset.decks


def opponent_stake(f: FollowState, win: Win, w: FollowWeights) -> float:
    """What winning an opponent's trick with ``win`` is worth: the trick, the points still
    to come, my own points a sure win carries home, and the kitty near the end."""
    stake = f.tr.points + w.opponent_trick + (w.later_points if f.opps_after else 0.0)
    if win.secure:
        stake += points_of(win.play)
    if f.endgame:
        stake += w.endgame_stake + kitty_stake(f.v, w)
    return stake


def contest(f: FollowState, wins: list[list[Card]], w: FollowWeights) -> list[Card] | None:
    """An insecure win worth trying: the strongest, for a rich trick or near the end, when
    it spends no more than the trick holds (and the endgame allowance)."""
    if f.tr.points < w.contest_points and not f.endgame:
        return None
    strongest = wins[-1]
    allowance = w.contest_endgame if f.endgame else 0.0
    if win_cost(strongest, f.v.tab, f.trumping, w) <= f.tr.points + allowance:
        return strongest
    return None


def best_win(
    f: FollowState, wins: list[list[Card]], w: FollowWeights, cautious: bool = True, bank_points: bool = True
) -> Win | None:
    """The cheapest secure winning play (or, ``bank_points``, the secure one carrying most
    of my points home for its cost), else the cheapest insecure one. ``cautious``: see
    ``View.threatened``."""
    v, tr, tab = f.v, f.tr, f.v.tab
    cheapest: Win | None = None
    banked: tuple[float, Win] | None = None
    for play in wins:
        value = tr.value_of(play, tab)
        if value is None:
            continue
        # Wins come lowest first: above a secure one, every one is secure.
        secure = banked is not None or not v.threatened(f.opps_after, tr, value, cautious)
        cost = win_cost(play, tab, f.trumping, w) + w.rank_cost * tab.position_sum(play)
        if not secure:
            if cheapest is None:
                cheapest = Win(play, False, cost)
            continue
        if not bank_points:
            return Win(play, True, cost)
        worth = bank_worth(play, cost, w)
        if banked is None or worth > banked[0]:
            banked = (worth, Win(play, True, cost))
    return banked[1] if banked is not None else cheapest


def bank_worth(play: Sequence[Card], cost: float, w: FollowWeights) -> float:
    """A sure win may as well carry my own points home: they could be lost later."""
    return points_of(play) - w.bank_cost * cost


def trick_is_safe(f: FollowState, cautious: bool) -> bool:
    """The partner's winning play: nobody after me can beat it (or nobody is after me)."""
    tr = f.tr
    return not f.opps_after or not f.v.threatened(f.opps_after, tr, tr.best_value, cautious)


#: The base features of ``take_features``; the model also reads each of them (but the
#: constant) times each of these flags', by index: secure, an opponent after me, ruffing,
#: the endgame, the dealer's side.
TAKE_FLAGS: Final = (2, 6, 7, 8, 9)


def _take_base(f: FollowState, win: Win, take: Sequence[Card], cheap: Sequence[Card], w: FollowWeights) -> list[float]:
    v = f.v
    tab = v.tab
    size = len(v.hand)
    full = (54 * v.ruleset.decks - v.ruleset.kitty) // 4
    trumps = f.mine[TRUMP]
    honours = 0  # jokers and level cards: all of them trumps
    for c in trumps:
        code: int = c  # an int index: a ``Card`` indexes a list by a generic call
        if tab.honour[code]:
            honours += 1
    cost = win_cost(take, tab, f.trumping, w)
    margin = opponent_stake(f, win, w) - win.cost if win.secure else 0.0
    room = f.tr.points + (w.contest_endgame if f.endgame else 0.0) - cost
    return [
        1.0,
        f.tr.points / 10,
        1.0 if win.secure else 0.0,
        cost / 7,
        points_of(take) / 10,
        points_of(cheap) / 10,
        1.0 if f.opps_after else 0.0,
        1.0 if f.trumping else 0.0,
        1.0 if f.endgame else 0.0,
        1.0 if v.dealer_side else 0.0,
        size / full,
        float(f.tr.n),
        len(trumps) / size,
        honours / 4,
        max(-20.0, min(20.0, margin)) / 10,
        max(-20.0, min(20.0, room)) / 10,
        len(f.mine[f.tr.suit]) / size,
    ]


def take_features(
    f: FollowState, win: Win, take: Sequence[Card], cheap: Sequence[Card], w: FollowWeights
) -> list[float]:
    """What a learned rule reads to choose between taking an opponent's trick with ``take``
    and following ``cheap``: the seat's own view only. The base features, then each of them
    but the constant times each flag of ``TAKE_FLAGS``."""
    base = _take_base(f, win, take, cheap, w)
    out = list(base)
    for flag in TAKE_FLAGS:
        x = base[flag]
        for value in base[1:]:
            out.append(value * x)
    return out


def take_score(
    model: Sequence[float], f: FollowState, win: Win, take: Sequence[Card], cheap: Sequence[Card], w: FollowWeights
) -> float:
    """``model``'s weights times ``take_features``, without building them: a flag's block of
    products is skipped when the flag is off (a roll-out asks this at many follows)."""
    base = _take_base(f, win, take, cheap, w)
    k = len(base)
    # ``sum(map(mul, ...))`` runs its loop in C: interpreted, a written-out loop cost a
    # tenth of a self-play hand.
    score: float = sum(map(mul, model[:k], base))
    rest = base[1:]
    offset = k
    for flag in TAKE_FLAGS:
        x = base[flag]
        if x != 0.0:
            score += x * sum(map(mul, model[offset : offset + k - 1], rest))
        offset += k - 1
    return score


__all__ = [
    "FOLLOW_WEIGHTS",
    "TAKE_FLAGS",
    "FollowState",
    "FollowWeights",
    "Win",
    "bank_worth",
    "best_win",
    "contest",
    "feed_for",
    "kitty_stake",
    "opponent_stake",
    "partner_stake",
    "take_features",
    "take_score",
    "takes_over",
    "trick_is_safe",
    "win_cost",
]
