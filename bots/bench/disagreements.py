"""Where ``hard``'s search overrules ``normal``: ``python -m bots.bench.disagreements``.

Plays seeded hands (the arena's deals) with ``hard`` at every seat, searching a fixed number
of sampled worlds (``--samples``, no time box: reproducible from the seed), and at every play
decision where the search replaces the ``normal`` move with a clear margin (``--z`` standard
errors of the paired difference) it sorts the pair of moves into a category: feeding more or
less, ruffing instead of discarding, taking a trick the policy let go, ducking one it took,
leading trumps instead of a side suit, and so on. Prints the categories and their counts;
``-v`` prints every disagreement as it is found.

    python -m bots.bench.disagreements --ruleset hebi-2010 --hands 40 --samples 12
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
import random
import sys
from typing import ClassVar

from bots.arena import bot_seed, deal_setup
from bots.hard import HardBot
from bots.normal import endgame_cards
from bots.view import View
from game.core import REDEAL, TRUMP, Card, Hand, get_ruleset
from game.table import play_hand


def _points(play) -> int:
    return sum(c.points for c in play)


def _trumps(v: View, play) -> int:
    return sum(1 for c in play if v.tab.is_trump[c])


def _honours(v: View, play) -> int:
    return sum(1 for c in play if v.tab.honour[c])


def _wins(v: View, play) -> bool:
    tr = v.trick
    assert tr is not None
    value = tr.value_of(play, v.tab)
    return value is not None and value > tr.best_value


def category(v: View, normal: list[Card], hard: list[Card]) -> str:
    """A short label of how ``hard`` differs from ``normal`` at this decision."""
    end = " (endgame)" if len(v.hand) <= endgame_cards(v) else ""
    if not v.plays:
        return _lead_category(v, normal, hard) + end
    tr = v.trick
    assert tr is not None
    void = not v.mine()[tr.suit]
    place = f"seat{len(v.plays) + 1}"
    partner = tr.winner == v.partner
    nw, hw = _wins(v, normal), _wins(v, hard)
    dp = _points(hard) - _points(normal)
    dt = _trumps(v, hard) - _trumps(v, normal)
    dh = _honours(v, hard) - _honours(v, normal)
    who = "partner winning" if partner else "opponent winning"
    if hw and not nw:
        what = "ruff" if void and tr.suit != TRUMP else "win"
        return f"{who}: hard takes the trick ({what}), normal lets it go [{place}]{end}"
    if nw and not hw:
        return f"{who}: hard lets it go, normal takes it [{place}]{end}"
    if hw and nw:
        sign = "higher" if _rank_sum(v, hard) > _rank_sum(v, normal) else "lower"
        return f"{who}: both win, hard with a {sign} play [{place}]{end}"
    # Neither takes the trick.
    if dp > 0:
        return f"{who}: hard gives more points [{place}]{end}"
    if dp < 0:
        return f"{who}: hard gives fewer points [{place}]{end}"
    if dh or dt:
        more = "more" if (dh or dt) > 0 else "fewer"
        return f"{who}: hard discards {more} trumps/honours [{place}]{end}"
    if void:
        return f"{who}: other discard (suit choice) [{place}]{end}"
    sign = "higher" if _rank_sum(v, hard) > _rank_sum(v, normal) else "lower"
    return f"{who}: other follow, hard {sign} [{place}]{end}"


def _rank_sum(v: View, play) -> int:
    return sum(v.tab.strength[c] for c in play)


def _lead_kind(v: View, play) -> str:
    tab = v.tab
    suit = "trump" if tab.is_trump[play[0]] else "side"
    units = tab.units(play)
    if len(units) > 1:
        return f"{suit} throw"
    u = units[0]
    shape = "single" if u.pairs == 0 else "pair" if u.pairs == 1 else "tractor"
    boss = not v.could_beat_in_suit(tuple(s for s in range(4) if s != v.seat), tab.suit[play[0]], u.pairs, u.top)
    return f"{suit} {'boss ' if boss else ''}{shape}"


def _lead_category(v: View, normal, hard) -> str:
    a, b = _lead_kind(v, normal), _lead_kind(v, hard)
    if a == b:
        if v.tab.suit[normal[0]] != v.tab.suit[hard[0]]:
            return f"lead: {a}, hard picks another suit"
        sign = "higher" if _rank_sum(v, hard) > _rank_sum(v, normal) else "lower"
        return f"lead: {a}, hard {sign} in the same suit"
    dp = _points(hard) - _points(normal)
    pts = " (more points)" if dp > 0 else " (fewer points)" if dp < 0 else ""
    return f"lead: normal {a} -> hard {b}{pts}"


class StudyBot(HardBot):
    """``hard`` that writes down the decisions where its search overrules ``normal``."""

    log: ClassVar[list[tuple[str, str]]] = []
    verbose: ClassVar[bool] = False

    def search(self, v, candidates, deadline, *args, **kwargs):
        best, worlds = super().search(v, candidates, deadline, *args, **kwargs)
        if best:
            normal, hard = candidates[0], candidates[best]
            label = category(v, normal, hard)
            detail = (
                f"{label}: normal {_cards(normal)} -> hard {_cards(hard)} "
                f"(trick {[(s, _cards(c)) for s, c in v.plays]}, hand {len(v.hand)})"
            )
            self.log.append((label, detail))
            if self.verbose:
                print(detail, flush=True)
        return best, worlds


def _cards(cards) -> str:
    return " ".join(str(c) for c in cards)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hebi-2010")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--samples", type=int, default=12)
    ap.add_argument("--z", type=float, default=2.0, help="clear margin, in standard errors")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    ruleset = get_ruleset(args.ruleset)
    decisions = searches = 0
    StudyBot.log = []
    StudyBot.verbose = args.verbose
    for index in range(args.hands):
        for attempt in range(50):
            bots = [
                StudyBot(
                    s,
                    random.Random(bot_seed(args.seed, index, 0, attempt, s)),
                    ruleset,
                    replace(StudyBot.settings_for(ruleset), think_ms=None, samples=args.samples, z=args.z),
                )
                for s in range(4)
            ]
            report = play_hand(Hand(ruleset, deal_setup(args.seed, index, attempt)), bots)
            if report.hand.phase != REDEAL:
                break
        decisions += sum(len(t.plays) for t in report.hand.tricks)
        searches += sum(b.searches for b in bots)
        print(f"hand {index + 1}/{args.hands}: {len(StudyBot.log)} disagreements so far", file=sys.stderr, flush=True)
    counts = Counter(label for label, _ in StudyBot.log)
    print(
        f"{args.ruleset}: {args.hands} hands, {decisions} play decisions, {searches} "
        f"searched, {len(StudyBot.log)} overruled (z={args.z}, {args.samples} worlds)"
    )
    for label, n in counts.most_common():
        print(f"{n:5d}  {label}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
