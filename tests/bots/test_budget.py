"""The search budget: a deadline, a hard stop, and full collections moved to the start."""

import pytest


def test_a_budget_is_a_deadline_and_a_hard_stop():
    from bots.budget import Budget

    assert Budget.of(10.0, None) == Budget(None, None)
    b = Budget.of(10.0, 300.0)
    assert b.deadline == pytest.approx(10.3) and b.hard_stop == pytest.approx(10.33)
    b = Budget.of(10.0, 300.0, 1.8, 0.15)
    assert b.deadline == pytest.approx(10.54) and b.hard_stop == pytest.approx(10.585)


def test_a_full_collection_is_due_when_generation_two_would_be_next():
    from bots.budget import full_collection_due

    threshold = (700, 10, 10)
    assert not full_collection_due((5, 3, 4), threshold)
    assert not full_collection_due((5, 9, 10), threshold)
    assert full_collection_due((5, 10, 10), threshold)
    assert full_collection_due((0, 0, 11), threshold)


def test_quiet_gc_nests_and_restores_the_collector():
    import gc

    from bots.budget import quiet_gc

    assert gc.isenabled()
    with quiet_gc():
        assert not gc.isenabled()
        with quiet_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with quiet_gc():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


def test_a_bot_that_says_it_declares_slowly_is_asked_in_the_tables_worker_thread():
    import random

    from bots import make_bot
    from game.core import get_ruleset
    from game.table.controllers import BotController

    ruleset = get_ruleset("hebi-2010")
    slow = make_bot("normal", 0, random.Random(0), ruleset)
    slow.slow_declare = True  # type: ignore[attr-defined]
    assert BotController(slow, "normal", threaded=True).slow_declare
    assert not BotController(slow, "normal", threaded=False).slow_declare
    assert not BotController(make_bot("hard", 0, random.Random(0), ruleset), "hard").slow_declare
    assert not BotController(make_bot("normal", 0, random.Random(0), ruleset), "normal").slow_declare


def test_a_search_decision_leaves_no_reference_cycles():
    # Collection is off during a decision (quiet_gc), so every reference cycle a search makes
    # waits for the first collection after it: thousands of cycles a decision made that a
    # 40-200 ms pause just after the deadline (bots/NOTES.md, "The pause after a decision").
    import gc
    import random

    from bots import make_bot
    from bots.base import step_hand
    from game.core import PLAYING, Hand, HandSetup, Rank, get_ruleset

    ruleset = get_ruleset("logistics-2015")
    hand = Hand(ruleset, HandSetup(1001, False, (Rank.TWO, Rank.TWO), 0, 0))
    bots = [make_bot("hard", s, random.Random(s), ruleset, think_ms=None, samples=6) for s in range(4)]
    while not (hand.phase == PLAYING and len(hand.tricks) >= 3):
        step_hand(hand, bots)
    left = []
    for _ in range(8):
        gc.collect()
        gc.disable()
        try:
            step_hand(hand, bots)
        finally:
            gc.enable()
        left.append(gc.collect())
    assert sum(b.searches for b in bots) >= 4  # the decisions searched
    assert left == [0] * 8
