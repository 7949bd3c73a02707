"""Honest reasons: the Hint's reason is re-derived from the facts of the position.

A policy picks its move for reasons of its own (a score, a guess that an opponent is not
void); the sentence shown to the player must be true of the move. ``honest(v, play,
reason)`` keeps the policy's reason when the position bears it out and otherwise gives the
reason the facts do support:

* a play that takes the trick is never a "discard" or "cheapest cards": it is a ruff
  (``trump.win``) or a win (``follow.win``; ``follow.secure`` only when nobody still to
  play can beat it, whatever they hold);
* a play that does not take the trick never claims to win it;
* "your partner wins for sure" (``follow.feed``) only when no opponent still to play can
  beat the partner with any card still unseen (voids and missing pairs shown count; a
  side suit nobody has shown void in may be ruffed); else ``follow.feed_hope``;
* "cheapest cards" gives no more points than the following rule requires; a play that
  gives more, to keep higher cards, says so (``follow.keep``);
* a low lead "from a short suit" is a side suit that is the shortest one held; a low trump
  is ``lead.low_trump``; another low side-suit lead is ``lead.low_side``; "low" means no
  lower single is held in the suit (else ``lead.keep_points`` when the lower cards are
  points, ``lead.side_card`` or ``lead.trump``); a "low pair" has no lower pair beside it.

Only the final decision is checked (a few microseconds), never the roll-outs.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import TRUMP, Card

from .base import Reason
from .plays import follow
from .tables import POINTS
from .trick_state import TrickState
from .view import View

WINNING = frozenset({"follow.win", "follow.secure", "follow.contest", "follow.endgame", "trump.win"})


def can_beat(v: View, seats: Sequence[int], tr: TrickState, value: tuple[int, int]) -> bool:
    """Could one of ``seats`` beat a play of ``value`` with some hand consistent with every
    fact shown (voids, missing pairs and tractors, hand sizes)? Unlike ``View.threatened``
    it never assumes a seat still holds a suit it has not shown void in."""
    suit = tr.suit
    pairs = tr.units[0].pairs if tr.single_unit else tr.fmt.largest_unit_pairs
    tier, top = value
    for s in seats:
        if v.hand_sizes[s] < tr.n:
            continue
        if tier == 0 and tr.single_unit and v.could_beat_in_suit((s,), suit, pairs, top):
            return True
        if suit != TRUMP and v.could_trump(s, pairs, top if tier == 1 else -1):
            return True
    return False


def partner_sure(v: View) -> bool:
    """Is the partner's play now winning, and unbeatable by the opponents still to play?"""
    tr = v.trick
    if tr is None or tr.winner != v.partner:
        return False
    opps = [s for s in v.after_me() if not v.is_partner(s)]
    return not can_beat(v, opps, tr, tr.best_value)


def honest(v: View, play: Sequence[Card], reason: Reason) -> Reason:
    """``reason`` if it is true of ``play`` in this position, else one that is."""
    code = reason.code
    params = dict(reason.params)
    params.setdefault("cards", list(play))
    if v.plays:
        new = _follow_code(v, play, code)
    else:
        new = _lead_code(v, play, code)
    if new == code:
        return reason
    return Reason(new, params)


def _follow_code(v: View, play: Sequence[Card], code: str) -> str:
    if code in ("follow.only", "search.best"):
        return code
    tab = v.tab
    tr = v.trick
    assert tr is not None  # a follow: the trick has a lead
    void = not v.mine()[tr.suit]
    value = tr.value_of(play, tab)
    points = sum(c.points for c in play)
    if value is not None and value > tr.best_value:  # the play wins the trick
        trumped = value[0] == 1
        if code == "follow.contest" and not tr.points + points:
            code = "follow.win"
        if code in WINNING and (code == "trump.win") == trumped:
            if code == "follow.secure" and can_beat(v, _opps_after(v), tr, value):
                return "follow.win"
            return code
        if trumped:
            return "trump.win"
        return "follow.secure" if not can_beat(v, _opps_after(v), tr, value) else "follow.win"
    # The play does not take the trick.
    if tr.winner == v.partner and points:
        kind = "discard" if void else "follow"
        return f"{kind}.feed" if partner_sure(v) else f"{kind}.feed_hope"
    kind = "discard" if void else "follow"
    if points:
        # Points given away although the rule allowed fewer: the policy kept higher cards.
        fewest = follow(v.mine(), v.hand, tr.suit, tr.fmt, tr.n, tab, _points_first, _points_first)
        if sum(c.points for c in fewest) < points:
            return f"{kind}.keep"
    return f"{kind}.cheap"


def _points_first(c: int) -> float:
    return POINTS[c] * 100.0


def _opps_after(v: View) -> list[int]:
    return [s for s in v.after_me() if not v.is_partner(s)]


def _lead_code(v: View, play: Sequence[Card], code: str) -> str:
    tab = v.tab
    suit = tab.suit[play[0]]
    mine = v.mine()
    if code in ("lead.low", "lead.low_side", "lead.low_trump"):
        lower = [u for u in tab.units(mine[suit]) if u.pairs == 0 and u.top < tab.pos[play[0]]]
        if lower:
            if suit == TRUMP:
                return "lead.trump"
            if min(u.cards[0].points for u in lower) > play[0].points:
                return "lead.keep_points"
            return "lead.side_card"
        if suit == TRUMP:
            return "lead.low_trump"
        shortest = min(len(mine[s]) for s in tab.side_suits if mine[s])
        return "lead.low" if len(mine[suit]) == shortest else "lead.low_side"
    if code == "lead.low_pair":
        top = tab.units(list(play))[0].top
        if any(u.pairs and u.top < top for u in tab.units(mine[suit])):
            return "lead.pair"
        return code
    if code == "lead.trump_pull":
        if suit != TRUMP:
            return "lead.side_card"
        opps = ((v.seat + 1) % 4, (v.seat + 3) % 4)
        if not v.unseen_count(TRUMP) or all(TRUMP in v.mem.void[o] for o in opps):
            return "lead.trump_left"
    return code


__all__ = ["can_beat", "honest", "partner_sure"]
