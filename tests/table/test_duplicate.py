"""Duplicate practice: the deal replayed with a bot in a seat, everything else identical."""
import random

from bots import make_bot
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.duplicate import Comparison, DuplicateJob, Result, duplicate_bots, rng_states
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
