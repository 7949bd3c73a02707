"""The table driver plays whole hands through controllers (no pygame)."""

import pytest

from game.core import BUILTIN_IDS, BURY, PLAY, SETTLED, Action, Match, get_ruleset
from game.table import (
    DealClosed,
    HandSettled,
    MatchOver,
    Played,
    TableDriver,
    TrickWon,
    WaitKind,
    default_action,
    make_controllers,
)
from tests.standin_bots import standin_factory


def bots_only(ruleset_id, seed, length=2):
    match = Match(get_ruleset(ruleset_id), seed, length)
    controllers = make_controllers([], ["normal"] * 4, match.ruleset, seed, standin_factory)
    return TableDriver(match, controllers)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_bots_play_a_match_to_the_end(ruleset_id):
    saves = []
    driver = bots_only(ruleset_id, 7)
    driver.on_save = saves.append
    kinds = set()
    for _ in range(10):
        events = driver.run_until_wait()
        kinds |= {type(e) for e in events}
        if driver.match.over:
            break
        assert driver.hand.phase == SETTLED
        if driver.match.ruleset.match_length == "minutes":
            driver.add_time(60 * 60)  # the clock runs out: this hand is the last that counts
        driver.next_hand()
    assert driver.match.over
    assert {DealClosed, Played, TrickWon, HandSettled, MatchOver} <= kinds
    assert len(saves) > driver.match.hands_played
    assert driver.bot_fixes == 0


def test_a_person_is_waited_for_and_refused_in_words():
    match = Match(get_ruleset("hebi-2010"), 3, 1)
    controllers = make_controllers([0], ["normal"] * 4, match.ruleset, 3, standin_factory)
    driver = TableDriver(match, controllers)
    for _ in range(2000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait is None or wait.kind == WaitKind.CONTINUE:
            break
        if wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(0)
        elif wait.kind == WaitKind.BURY:
            obs = driver.observation(0)
            assert len(obs.kitty) == match.ruleset.kitty  # the dealer sees the kitty
            assert driver.submit(Action(BURY, 0, tuple(obs.hand[:3]))).code == "bury.count"
            assert driver.submit(Action(BURY, 0, tuple(obs.hand[:8]))) is None
        elif wait.kind == WaitKind.PLAY:
            obs = driver.observation(0)
            if obs.current is not None and len(obs.current.lead) == 1 and len(obs.hand) >= 2:
                wrong = driver.submit(Action(PLAY, 0, tuple(obs.hand[:2])))
                assert wrong is not None and wrong.code == "follow.count"
            assert driver.submit(default_action(driver.hand, 0)) is None
    assert driver.hand.phase == SETTLED


def test_a_saved_match_continues_where_it_stopped():
    saves = []
    driver = bots_only("logistics-2015", 11)
    driver.on_save = saves.append
    driver.run_until_wait()
    data = saves[3]
    again = Match.from_dict(data["match"])
    assert len([t for t in again.hand.tricks if t.complete]) == 4


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_arena_and_the_game_declare_alike(ruleset_id):
    """One protocol: a hand played inline (the arena) and a match's first hand played with
    bots in the worker thread (the game) take the same actions."""
    import random

    from bots import make_bot
    from game.core import Hand
    from game.table import bot_controllers, play_hand

    for seed in (1, 2, 3):
        match = Match(get_ruleset(ruleset_id), seed, 1)
        ruleset = match.ruleset

        def bots(seed=seed, ruleset=ruleset):
            return [make_bot("normal", s, random.Random(seed * 4 + s), ruleset) for s in range(4)]

        report = play_hand(Hand(ruleset, match.hand.setup), bots())
        assert report.clean
        driver = TableDriver(match, bot_controllers(bots(), threaded=True))
        driver.run_until_wait()
        assert match.hand.log == report.hand.log
