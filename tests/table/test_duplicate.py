"""Duplicate practice: the deal replayed with a bot in a seat, everything else identical."""

import random

from bots import make_bot
from game.app.duplicate import Comparison, DuplicateJob, Result, duplicate_bots, rng_states
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import TableDriver, make_controllers


def test_the_same_bot_in_the_seat_plays_the_same_hand():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(77, False, (Rank.TWO, Rank.THREE), 1, 1))
    levels = ["normal", "easy", "normal", "random"]
    controllers = make_controllers([], levels, ruleset, 5, make_bot, threaded=False)
    states = rng_states(controllers)
    TableDriver.for_hand(hand, controllers).run_hand()
    assert hand.settlement is not None
    # The person's seat (0) taken by the level that really sat there: the very same hand.
    bots = duplicate_bots(hand, 0, "normal", levels, [], states, 5, make_bot)
    bots[0].rng = random.Random(5 * 4 + 0)  # as the table seeded it
    job = DuplicateJob(hand, 0, "normal", bots).start()
    job.thread.join(60)
    assert job.error is None and job.comparison is not None
    assert [a.to_dict() for a in job.hand.log] == [a.to_dict() for a in hand.log]
    assert job.comparison.levels == 0 and job.comparison.points == 0


def test_results_are_seen_from_the_seat():
    class S:
        up_side, up_levels, total = "defenders", 2, 140

    r = Result.of(S, dealer=1, seat=0)  # seat 0 defends against dealer 1
    assert (r.levels, r.points, r.points_for_team) == (2, 140, 140)
    d = Result.of(S, dealer=0, seat=0)  # seat 0 deals: the defenders went up
    assert (d.levels, d.points_for_team) == (-2, -140)
    c = Comparison(0, "hard", d, Result(1, 40, False))
    assert c.levels == -3 and c.points == -100


def test_states_are_kept_as_json_and_odd_data_is_refused():
    import json

    from game.app.duplicate import decode_states, encode_states

    states = {1: random.Random(3).getstate(), 3: random.Random(4).getstate()}
    assert decode_states(json.loads(json.dumps(encode_states(states)))) == states
    for odd in (
        None,
        [],
        {"1": "x"},
        {"9": encode_states(states)["1"]},
        {"1": [3, "!!", None]},
        {"1": [3, "AAAA", None]},
    ):
        assert decode_states(odd) is None


def _play_as_person(driver, stop) -> None:
    """The person (seat 0) plays the hint's moves until ``stop()``."""
    from bots.hint import hint
    from game.table import WaitKind, hint_action

    while not stop():
        driver.run_until_wait()
        wait = driver.waiting()
        if wait is None:
            continue
        if wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(wait.seat)
        elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            driver.submit(hint_action(driver.hand, wait.seat, hint))
        elif wait.kind == WaitKind.CONTINUE:
            driver.next_hand()


def test_a_continued_match_duplicates_from_where_the_deal_began(tmp_path):
    """A match left during its second deal and continued: the duplicate of that deal starts
    the bots from their states as the deal began, not from the seeding of the new table."""
    from game.app.session import MatchChoice, Session
    from game.app.storage import Storage

    s = Session(Storage(tmp_path), bot_factory=make_bot)
    started = s.start_match(
        MatchChoice(
            "hebi-2010", ["normal", "random", "normal", "random"], human=0, length=10, seed=5, duplicate="normal"
        )
    )
    driver = started.driver
    _play_as_person(driver, lambda: driver.match.hands_played >= 1 and len(driver.hand.tricks) >= 3)
    for job in s.duplicates:  # the first deal's duplicate, still running
        job.thread.join(120)
    began = dict(s._rng_states)  # the bots' states as the second deal began
    s.autosave(driver.save_data())
    driver.close()
    again = Session(Storage(tmp_path), bot_factory=make_bot)
    resumed = again.continue_match()
    fresh = rng_states(resumed.driver.controllers)
    assert set(began) == {1, 2, 3} and began != fresh  # the random bots drew in the first deal
    assert again._rng_states == began
    # The states stay in the save while the deal goes on, and the duplicate uses them.
    assert resumed.driver.save_data()["table"]["duplicate_rng"] == driver.save_data()["table"]["duplicate_rng"]
    rd = resumed.driver
    _play_as_person(rd, lambda: rd.match.hands_played >= 2)
    assert again.duplicates
    job = again.duplicates[0]
    job.thread.join(120)
    assert job.error is None
    expected = duplicate_bots(
        job.played, 0, "normal", ["normal", "random", "normal", "random"], [0], began, 5, make_bot
    )
    redo = DuplicateJob(job.played, 0, "normal", expected).start()
    redo.thread.join(120)
    assert [a.to_dict() for a in redo.hand.log] == [a.to_dict() for a in job.hand.log]


def test_a_match_continued_between_deals_duplicates_from_the_new_table(tmp_path):
    from game.app.session import MatchChoice, Session
    from game.app.storage import Storage

    s = Session(Storage(tmp_path), bot_factory=make_bot)
    driver = s.start_match(
        MatchChoice(
            "hebi-2010", ["normal", "random", "normal", "random"], human=0, length=10, seed=5, duplicate="normal"
        )
    ).driver
    _play_as_person(driver, lambda: driver.match.hands_played >= 1)
    for job in s.duplicates:
        job.thread.join(120)
    s.autosave(driver.save_data())  # the next deal not begun: it begins with the new table
    driver.close()
    again = Session(Storage(tmp_path), bot_factory=make_bot)
    resumed = again.continue_match()
    assert not resumed.driver.hand.log
    assert again._rng_states == rng_states(resumed.driver.controllers)
