"""The one paired search and its convention: the error of one world is unknown (infinite)."""

import math
import random

from bots.analysis import Decision, Settings, _compare
from bots.paired import drop_behind, keep_base, mean_se, paired_search, surely_better
from game.core import Card


def test_one_world_has_an_infinite_error_and_proves_nothing():
    assert mean_se([0.7]) == (0.7, math.inf)
    assert surely_better([[], [5.0]], 1, 0.5, 0.0) == 0
    m, se = mean_se([1.0, 3.0])
    assert m == 2.0 and se == 1.0


def test_the_analysis_charges_nothing_on_a_single_world():
    """The move made scores 0 and the other 1 in the one world played: a gap, but its
    error is unknown, so no loss is charged (it used to be charged a whole level)."""

    def world():
        return [0.0, 1.0]

    def play_out(item):
        return item, 0

    a, b = [Card.parse("3S")], [Card.parse("4S")]
    d = _compare("play", [a, b], 0, world, play_out, 0, 1, Settings(samples=1))
    assert d.worlds == 1 and d.loss == 0.0 and d.label == "best" and d.best == a
    assert d.se == math.inf and d.to_json()["se"] is None  # strict JSON
    assert Decision.from_json(d.to_json()).se == math.inf
    more = _compare("play", [a, b], 0, lambda: [0.0, 1.0 + random.random()], play_out, 0, 1, Settings(samples=8))
    assert more.loss > 0.5 and more.best == b


def test_the_paired_search_stops_when_no_world_can_be_played_and_prunes():
    rng = random.Random(1)
    played = []

    def play_world(alive):
        played.append(list(alive))
        if len(played) > 20:
            return None
        return [{0: 0.0, 1: 1.0, 2: -5.0}[i] + rng.random() for i in alive]

    best, worlds = paired_search(
        play_world, 3, keep_base(2, 0.5, 0.0), samples=None, deadline=None, prune=drop_behind(6)
    )
    assert best == 1 and worlds == 20
    assert played[0] == [0, 1, 2] and 2 not in played[-1]  # the clearly worse one dropped out
