"""Puzzles from seeded hands for the coach's screen tests (issue 27), without a search.

Every decision of a seat is turned into a "mistake" whose best move is another legal move
of that position (``fake_decisions``), with an engine's view of up to four candidates: the best,
one within the margin of the best, one beyond it, and the move made, the worst. The position and the
accepted answers then come from the real code (``coach.puzzle_of``).
"""

from __future__ import annotations

from collections import Counter

from bots.analysis import Candidate, Decision
from bots.bench.analysis import played_hand
from bots.declare_analysis import declaring_moments
from game.core import BURY, PLAY, observe
from game.learn import coach

NEAR = 0.03  # within coach.GOOD_MARGIN of the best: accepted too
WORSE = 0.3  # beyond the margin, yet better than the move made: refused
FAR = 0.5


def _same(a, b) -> bool:
    return Counter(map(str, a)) == Counter(map(str, b))


def fake_decisions(hand, seat: int, every: int = 1) -> list[Decision]:
    """Mistakes at ``seat``'s plays, bury and declaring decisions (one in ``every`` plays),
    each with a best, a near-best (when the position has one) and the move made."""
    out = []
    plays = 0
    for i, a in enumerate(hand.log):
        if a.seat != seat or a.kind not in (PLAY, BURY):
            continue
        if a.kind == PLAY:
            plays += 1
            if plays % every:
                continue
        obs = observe(hand.replay(i), seat)
        others = [list(m) for m in obs.legal_actions(limit=2000).moves if not _same(m, a.cards)]
        if a.kind == BURY:  # a bury's moves are not listed: swap one card with the kitty's
            cards = list(a.cards)
            rest = Counter(obs.hand) - Counter(cards)
            swap = [c for c in rest if c not in cards]
            others = [cards[:-1] + [swap[0]], cards[:-2] + swap[:2]] if len(swap) >= 2 else []
        if not others:
            continue
        out.append(_decision(a.kind, list(a.cards), others, i + 1))
    for m in declaring_moments(hand, seat):
        choices = [list(o) for o in m.options if not _same(o, m.played)]
        if m.played:
            choices.insert(0, [])  # the pass
        if choices:
            d = _decision("declare", list(m.played), choices, m.step)
            d.options = [list(o) for o in m.options]
            out.append(d)
    return out


def _decision(kind: str, played: list, others: list[list], step: int) -> Decision:
    best = others[0]
    top = [Candidate(best, 0.0, 0.8, 32)]
    if len(others) > 1:
        top.append(Candidate(others[1], -NEAR, 0.8, 32))
    if len(others) > 2:
        top.append(Candidate(others[2], -WORSE, 0.8, 32))
    top.append(Candidate(played, -FAR, 0.9, 32))
    return Decision(kind, None, played, best, FAR, 20.0, "mistake", step=step, worlds=32, se=0.02, top=top)


def hand_and_puzzles(ruleset: str, seed: int, seat: int = 0, first_hand: bool = False, every: int = 1):
    """A seeded hand (``random`` at ``seat``, ``normal`` elsewhere) and its puzzles' data."""
    levels = ["normal"] * 4
    levels[seat] = "random"
    hand = played_hand(ruleset, seed, levels, dealer=seat, first_hand=first_hand)
    decisions = fake_decisions(hand, seat, every)
    data = [coach.puzzle_of(hand, seat, d, 0.0) for d in decisions]
    return hand, decisions, [x for x in data if x is not None]
