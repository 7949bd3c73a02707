"""A person's duplicate match between boards (issue 28, ``game.app.event_boards``): the second
table's job (bots in every seat, the teams turned, the board's deal, played in a worker and
handed back with its hand), the timed match's boards on the notional clock, and the saved
boards checked on load."""

from __future__ import annotations

import random

import pytest

from bots import make_bot
from game.app.event_boards import Boards
from game.app.event_store import check_boards_of
from game.app.saved_data import DataError
from game.core import Hand, get_ruleset
from game.table import play_hand
from game.tournament import Tournament, make_field
from game.tournament.field import HUMAN
from game.tournament.play import MatchJob, board_score, board_setup, turned
from game.tournament.runner import BotRunner


def person_event(ruleset_id: str = "hebi-2010") -> Tournament:
    field = make_field(4, random.Random("field:3"), "mixed", "bot-partner", level="easy")
    return Tournament.new(ruleset_id, field, 3, "duplicate", (2, 3))


def settled(setup, seats, key: str) -> Hand:
    ruleset = get_ruleset("hebi-2010")
    for attempt in range(20):
        hand = Hand(ruleset, setup if attempt == 0 else board_setup(setup.seed, attempt, attempt))
        bots = [make_bot(level, seat, random.Random(f"{key}:{seat}"), ruleset) for seat, level in enumerate(seats)]
        play_hand(hand, bots, timing=False)
        if hand.settlement is not None:
            return hand
    raise AssertionError("no settled hand")


def test_the_second_table_is_played_by_bots_in_a_worker_with_the_seats_turned():
    event = person_event()
    p = event.player_matches()[0]
    setup = board_setup(p.seed, 0, 0)
    job = MatchJob.second_table(event, p, f"{p.id}-b0", setup, ("A", "B"), "t")
    assert HUMAN not in job.seats and list(job.seats) == event.duplicate_seats(p)[1]
    runner = BotRunner()
    try:
        runner.submit(job)
        (outcome,) = runner.poll(wait=120)
    finally:
        runner.close()
    assert outcome.match_id == job.match_id and outcome.hand is not None
    assert outcome.hand.setup == setup  # the board's own deal, handed back across the process


def test_a_timed_board_that_ends_past_the_time_does_not_count_and_extra_boards_follow():
    event = person_event("lanzhou-2010")
    seats = ["easy"] * 4
    setup = board_setup(7, 0, 0)
    first, second = settled(setup, seats, "a"), settled(setup, turned(seats), "b")
    state = Boards("m")
    state.score(first, second, event.rules, True, 1)  # one minute: no hand is that quick
    assert state.last is not None and not state.last["counted"]
    assert state.boards == 0 and not state.regular and state.elapsed == 60.0 and state.board == 1
    assert not state.over(1, True)  # tied at nothing: an extra board
    state.score(first, second, event.rules, True, 1)
    levels, points = board_score(first, second)
    assert state.last["counted"] and state.extra == 1 and (state.net, state.points) == (levels, points)
    assert state.over(1, True) == (levels != 0 or points != 0)
    # A hands-length match: its boards count, then it is over when the score is not level.
    plain = Boards("m")
    plain.score(first, second, event.rules, False, 1)
    assert plain.boards == 1 and plain.over(1, False) == (levels != 0 or points != 0)


def test_saved_boards_must_belong_to_a_duplicate_match_the_event_waits_for():
    event = person_event()
    p = event.player_matches()[0]
    check_boards_of(event, Boards(p.id, board=1, net=2).to_dict())
    with pytest.raises(DataError):
        check_boards_of(event, Boards("ko-9-9").to_dict())
    for bad in ({"match": p.id}, {**Boards(p.id).to_dict(), "board": -1}, {**Boards(p.id).to_dict(), "net": "2"}):
        with pytest.raises(DataError):
            check_boards_of(event, bad)
    plain = Tournament.new("hebi-2010", make_field(4, random.Random("f"), "mixed", "bot-partner"), 3, "knockout")
    with pytest.raises(DataError):
        check_boards_of(plain, Boards(plain.player_matches()[0].id).to_dict())


@pytest.mark.parametrize(
    "last",
    [
        {"board": 0},
        {"board": 0, "redeal": "yes"},
        {"board": 0, "tables": [[1, 2]], "levels": 1, "points": 0, "counted": True},
        {"board": 0, "tables": [[1, 2], [3, "4"]], "levels": 1, "points": 0, "counted": True},
        {"board": 0, "tables": [[1, 2], [3, 4]], "levels": 1, "points": 0},
    ],
)
def test_the_board_just_scored_is_refused_unless_its_panel_can_show_it(last):
    good = Boards("ko-1-1", board=1, boards=1, last={"board": 0, "redeal": True}).to_dict()
    assert Boards.from_dict(good).last == {"board": 0, "redeal": True}
    with pytest.raises(DataError):
        Boards.from_dict({**good, "last": last})
