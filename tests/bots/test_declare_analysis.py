"""Rating declarations: which moments are rated, a pass-only moment costs nothing, a weak
declaration over a pass is charged, and the same replay gives the same report."""

import random

from bots import declare_analysis as da
from bots.analysis import LABEL_ORDER, Analysis, Settings, analyse_hand, declare_decision
from bots.bench.analysis import played_hand
from bots.normal import NormalPolicy
from game.core import DECLARE, Hand, HandSetup, Rank, format_cards, get_ruleset

FAST = Settings(samples=8, curve=False)


def test_moments_are_the_declarations_and_the_missed_chances():
    hand = played_hand("hebi-2010", 0, ["normal"] * 4)
    shown = [(i, a) for i, a in enumerate(hand.log) if a.kind == DECLARE]
    assert shown
    for seat in range(4):
        moments = da.declaring_moments(hand, seat)
        mine = [m for m in moments if m.played]
        assert [m.upto for m in mine] == [i for i, a in shown if a.seat == seat]
        for m in moments:
            assert m.options  # never a moment without a choice
            assert m.step == m.upto + 1
            if not m.played:  # a chance let pass, ended by another's declaration or the deal's end
                ending = hand.log[m.upto]
                assert ending.kind != DECLARE or ending.seat != seat


def test_only_the_pass_is_never_charged():
    hand = played_hand("hebi-2010", 0, ["normal"] * 4)
    moment = da.Moment(10, (), (), 11, False, False)
    d = declare_decision(hand, 1, moment, random.Random(1), FAST, NormalPolicy())
    assert d.forced and d.loss == 0 and d.points_loss == 0 and d.label == "best"
    assert d.played == [] and d.best == []


def test_declarations_are_rated_and_repeat():
    hand = played_hand("hebi-2010", 0, ["normal"] * 4)
    seat = next(a.seat for a in hand.log if a.kind == DECLARE)
    first = analyse_hand(hand, seat, FAST).to_json()
    second = analyse_hand(hand, seat, FAST).to_json()
    declared = [d for d in first["decisions"] if d["kind"] == "declare"]
    assert declared and all(d["label"] != "unrated" and d["trick"] is None for d in declared)
    assert all(isinstance(d["played"], list) and isinstance(d["best"], list) for d in declared)
    assert all(d["options"] for d in declared)  # what the seat could show, for the review
    for r in (first, second):
        r.pop("seconds")
    assert first == second
    assert Analysis.from_json(first).to_json()["decisions"] == first["decisions"]


# (seed, seat, option): a first hand fully dealt, nobody has declared, and the seat may show
# a level card with a joker in a suit it holds two or three more cards of, with a weak hand
# (the ``normal`` level passes there). Declaring takes the deal with five or so trumps; the
# search finds passing better by about two levels or more on every seed of its worlds tried.
WEAK = [(11, 2, ["2D", "BJ"]), (22, 3, ["2C", "SJ"])]


def test_a_weak_declaration_over_a_pass_is_charged():
    ruleset = get_ruleset("hebi-2010")
    for seed, seat, option in WEAK:
        hand = Hand(ruleset, HandSetup(seed, True, (Rank.TWO, Rank.TWO), None, seed % 4))
        while hand.dealt < hand.to_deal:
            hand.deal()
        options = [tuple(o) for o in hand.declaration_options(seat)]
        planted = next(o for o in options if sorted(format_cards(o)) == sorted(option))
        moment = da.Moment(len(hand.log), planted, tuple(options), len(hand.log) + 1, True, False)
        d = declare_decision(hand, seat, moment, random.Random(seed), Settings(), NormalPolicy())
        assert LABEL_ORDER.index(d.label) >= LABEL_ORDER.index("inaccuracy"), (seed, d)
        assert d.best == [] and d.loss > 0
