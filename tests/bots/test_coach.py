"""Issue 27's engine half: labels only where the search is sure (else "unclear"), the
engine's view in the analysis's JSON, and the Hint and the Review as one voice."""

import json
import random

from bots import make_bot
from bots.analysis import (
    UNCLEAR,
    Analysis,
    Decision,
    Settings,
    analyse_hand,
    confident_label,
)
from bots.base import Bot
from bots.hint import hint
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.learn import coach
from game.table import play_hand

FAST = Settings(samples=12, curve=False)


def test_a_mistake_whose_lower_bound_does_not_clear_is_unclear():
    # loss 0.5 (a blunder by the point estimate) but se 0.3: at z 2 the bound is 0.0.
    assert confident_label(0.5, 0.6, 0.3, 2.0) == UNCLEAR
    assert confident_label(0.5, 0.6, 0.05, 2.0) == "blunder"
    # the bound reaches a mistake, not a blunder: the milder label, never the harsher.
    assert confident_label(0.5, 0.6, 0.1, 2.0) == "mistake"
    assert confident_label(0.1, 0.2, 0.1, 2.0) == "inaccuracy"  # only mistakes and blunders
    assert confident_label(0.5, 0.6, float("inf"), 1.0) == UNCLEAR


def test_unclear_is_not_counted_against_accuracy():
    def d(label):
        return Decision("play", 0, [], [], 0.3, 10.0, label)

    a = Analysis(0, [d("best"), d(UNCLEAR), d("mistake")])
    assert a.accuracy == 0.5
    assert a.counts()[UNCLEAR] == 1


def _hand(ruleset_id, seed, levels=("normal",) * 4, dealer=0):
    from bots.bench.analysis import played_hand

    return played_hand(ruleset_id, seed, list(levels), dealer=dealer)


def test_the_analysis_json_carries_the_engines_view():
    hand = _hand("hebi-2010", 41, ("random", "normal", "normal", "normal"))
    report = analyse_hand(hand, 0, FAST)
    searched = [d for d in report.decisions if not d.forced and d.worlds > 0 and d.candidates > 1]
    assert searched
    for d in searched:
        assert d.top, d
        means = [c.mean for c in d.top]
        assert means == sorted(means, reverse=True)
        assert all(c.spread >= 0 and 0 < c.worlds <= d.worlds for c in d.top)
        assert any(c.cards == d.played for c in d.top)  # the move made is always shown
        assert 0.0 <= d.better_share <= 1.0
    data = json.loads(json.dumps(report.to_json()))
    assert all("top" in x and "se" in x for x in data["decisions"])
    back = Analysis.from_json(data)

    def view(a):
        return [[(c.cards, round(c.mean, 4), round(c.spread, 4), c.worlds) for c in d.top] for d in a.decisions]

    assert view(back) == view(report)
    assert [d.hint for d in back.decisions] == [d.hint for d in report.decisions]


class HintBot(Bot):
    """Does what the practice Hint says, asked on the live hand as the table asks it."""

    def __init__(self, seat, rng, ruleset, hand):
        super().__init__(seat, rng, ruleset)
        self.hand = hand

    def decide_declare(self, obs, options):
        return hint(self.hand, self.seat, options)

    def decide_bury(self, obs):
        return hint(self.hand, self.seat)

    def decide_play(self, obs):
        return hint(self.hand, self.seat)


def test_the_review_never_calls_the_hints_move_a_blunder():
    """Over many seeded decisions made as the Hint said, at the review's own settings, the
    Review labels the Hint's move a mistake in under 1 % of them and never a blunder."""
    hinted, bad, blunders = 0, 0, 0
    for k in range(6):
        ruleset = get_ruleset(("hebi-2010", "lanzhou-2010", "logistics-2015")[k % 3])
        seed = 700 + k
        hand = Hand(ruleset, HandSetup(seed, k % 2 == 1, (Rank.TWO, Rank.TWO), None if k % 2 else 0, 0))
        bots = [make_bot("normal", s, random.Random(seed * 10 + s), ruleset) for s in range(4)]
        bots[0] = HintBot(0, random.Random(seed), ruleset, hand)
        play_hand(hand, bots, timing=False)
        if hand.settlement is None:
            continue
        report = analyse_hand(hand, 0, Settings(curve=False))
        for d in report.decisions:
            if d.forced:
                continue
            if d.kind != "declare":
                assert d.hinted, d  # every play and bury was the Hint's
            if d.hinted:
                hinted += 1
                bad += d.label in ("mistake", "blunder")
                blunders += d.label == "blunder"
    assert hinted >= 60
    assert blunders == 0
    assert bad < 0.01 * hinted


def test_the_better_line_gives_the_reason_in_both_languages():
    from game.i18n import set_language, tr

    d = Decision("play", 3, [], [], 0.3, 12.0, "mistake", worlds=32, se=0.05, better_share=0.75)
    from game.core import Card

    d.played, d.best = [Card.parse("5H")], [Card.parse("AH")]
    d.hint, d.hint_reason = [Card.parse("AH")], {"code": "declare.pass", "params": {}}
    try:
        for lang in ("en", "zh"):
            set_language(lang)
            text = coach.better_text(d)
            assert "0.30" in text and "75" in text and "32" in text, text
            assert coach.reason_text(d.hint_reason) in text and coach.reason_text(d.hint_reason)
            assert "0.05" in coach.loss_text(d) and coach.loss_text(d) != tr("review.loss", loss="0.30", points="12")
            d.label = UNCLEAR
            assert coach.better_text(d) and "0.30" not in coach.better_text(d)
            d.label = "mistake"
    finally:
        set_language("en")
