"""Bots-only matches of an event really played (game/tournament/play.py, runner.py) and the
headless run (python -m game.tournament)."""

import json
from pathlib import Path
import random
import subprocess
import sys

import pytest

from bots import make_bot
from game.app.records import Records
from game.core import get_ruleset
from game.tournament import Tournament, make_field
from game.tournament.play import MatchJob, board_setup, hand_seconds, play_match
from game.tournament.rules import tournament_rules
from game.tournament.runner import BotRunner, RunnerError, run_event

ROOT = Path(__file__).resolve().parents[2]


def event(rid="hebi-2010", fmt="knockout", n=4, lengths=(2, 3), seed=1):
    return Tournament.new(rid, make_field(n, random.Random(seed), level="easy"), seed, fmt, lengths)


def test_a_match_is_played_to_its_length_and_kept_as_replays():
    ev = event()
    p = ev.bot_matches()[0]
    out = play_match(MatchJob.of(ev, p, ("A", "B")), make_bot)
    assert out.result.hands == 2 and out.result.winner in p.teams and out.incidents == 0
    assert len(out.replays) == 2
    for data in out.replays:
        replay = Records.load(None, json.loads(json.dumps(data)))  # opens as any replay
        assert replay.hand.finished and replay.meta["kind"] == "tournament"
        assert replay.meta["names"]["teams"] == ["A", "B"]
    again = play_match(MatchJob.of(ev, p, ("A", "B")), make_bot)
    assert again.result == out.result
    assert [r["hand"] for r in again.replays] == [r["hand"] for r in out.replays]


def test_a_timed_match_uses_the_notional_clock_and_drops_the_hand_time_ran_out_in():
    ev = event("logistics-2015", lengths=(20, 20))
    p = ev.bot_matches()[0]
    out = play_match(MatchJob.of(ev, p), make_bot)
    rules = tournament_rules("logistics-2015")
    assert get_ruleset("logistics-2015").match_length == "minutes"
    seconds = [hand_seconds(Records.load(None, r).hand, rules) for r in out.replays]
    assert len(seconds) == out.result.hands >= 1
    # every counted hand but an extra one after a tie ended inside the 20 minutes …
    assert sum(seconds[:-1]) < 20 * 60
    # … and the clock also ran through the hand it stopped in, which is not counted
    assert out.result.minutes * 60 > sum(seconds) or sum(seconds) >= 20 * 60


def test_a_duplicate_match_plays_each_board_at_two_tables_with_the_seats_turned():
    ev = event(fmt="duplicate")
    p = ev.bot_matches()[0]
    out = play_match(MatchJob.of(ev, p, ("A", "B")), make_bot)
    hands = [Records.load(None, r) for r in out.replays]
    assert len(hands) == out.result.hands >= 4 and len(hands) % 2 == 0
    for first, second in zip(hands[::2], hands[1::2]):
        assert first.hand.setup == second.hand.setup  # the same cards at both tables
        assert second.meta["names"]["teams"] == ["B", "A"]  # … with the teams' seats turned
    assert out.result.score[0] == -out.result.score[1]
    assert board_setup(5, 3, 0) == board_setup(5, 3, 0) and board_setup(5, 3, 0) != board_setup(5, 4, 0)


@pytest.mark.parametrize(
    "rid, fmt", [("hebi-2010", "groups"), ("lanzhou-2010", "knockout"), ("logistics-2015", "duplicate")]
)
def test_a_whole_event_in_this_process(rid, fmt):
    lengths = (1, 2) if rid == "hebi-2010" else (10, 15)
    ev = run_event(event(rid, fmt, 5, lengths), factory=make_bot)
    assert ev.finished and len(ev.places()) == 5


def test_the_runner_plays_in_a_worker_and_hands_back_what_this_process_would(tmp_path):
    ev = event(n=4)
    jobs = [MatchJob.of(ev, p) for p in ev.bot_matches()]
    with BotRunner(replay_dir=tmp_path) as runner:
        for job in jobs:
            runner.submit(job)
            runner.submit(job)  # a match already running is not submitted twice
        assert sorted(runner.pending) == sorted(j.match_id for j in jobs)
        got = {}
        for _ in range(100):
            got.update({o.match_id: o for o in runner.poll(wait=5)})
            if len(got) == len(jobs):
                break
        assert runner.pending == [] and runner.poll() == []
    for job in jobs:
        here = play_match(job, make_bot)
        there = got[job.match_id]
        assert there.replays == [] and len(there.result.replays) == here.result.hands
        assert (there.result.winner, there.result.score, there.result.hands) == (
            here.result.winner,
            here.result.score,
            here.result.hands,
        )
        for name, data in zip(there.result.replays, here.replays):
            stored = json.loads((tmp_path / name).read_text(encoding="utf-8"))
            assert stored["hand"] == data["hand"]
            assert Records.load(tmp_path / name).hand.finished


def run_cli(*args):
    done = subprocess.run(
        [sys.executable, "-m", "game.tournament", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_headless_run_gives_the_same_event_for_the_same_seed():
    args = [
        "--ruleset",
        "hebi-2010",
        "--teams",
        "5",
        "--format",
        "groups",
        "--seed",
        "7",
        "--json",
        "--preliminary",
        "1",
        "--final",
        "2",
        "--level",
        "easy",
        "--workers",
        "0",
    ]
    first, second = run_cli(*args), run_cli(*args)
    assert first == second
    data = json.loads(first)
    assert [p["place"] for p in data["places"]][:3] == [1, 2, 3] and len(data["places"]) == 5
    assert set(data["places"][0]["team"]["name"]) == {"en", "zh"}
    assert data["regulation"] is False
    played = [m for m in data["matches"] if m["result"]["how"] == "played"]
    assert len(played) == 10 + 1  # the group of five, then its top two in the final
    assert all(m["result"]["winner"] in (m["a"], m["b"]) for m in played)
    other = json.loads(run_cli(*[a if a != "7" else "8" for a in args]))
    assert other["draw"] != data["draw"]


def test_the_headless_run_with_a_worker_matches_the_one_in_process(tmp_path):
    args = [
        "--ruleset",
        "lanzhou-2010",
        "--teams",
        "4",
        "--seed",
        "3",
        "--json",
        "--preliminary",
        "10",
        "--final",
        "10",
        "--level",
        "easy",
    ]
    inline = run_cli(*args, "--workers", "0")
    worker = run_cli(*args, "--workers", "1", "--replays", str(tmp_path))
    strip = json.loads(worker)
    for m in strip["matches"]:
        assert all((tmp_path / name).is_file() for name in m["result"]["replays"])
        m["result"]["replays"] = []
    assert strip == json.loads(inline)


def test_a_match_whose_bots_fail_is_reported_and_the_runner_goes_on():
    ev = event(n=4)
    jobs = [MatchJob.of(ev, p) for p in ev.bot_matches()]
    with BotRunner(factory="tests.table.tournament_factories:broken") as runner:
        runner.submit(jobs[0])
        with pytest.raises(RunnerError, match=jobs[0].match_id):
            for _ in range(100):
                runner.poll(wait=5)
        assert runner.pending == []


def test_a_worker_that_dies_is_replaced_and_its_match_played_again(tmp_path, monkeypatch):
    monkeypatch.setenv("TOURNAMENT_TEST_MARKER", str(tmp_path / "marker"))
    ev = event(n=4)
    job = MatchJob.of(ev, ev.bot_matches()[0])
    with BotRunner(factory="tests.table.tournament_factories:dies_once") as runner:
        runner.submit(job)
        got = []
        for _ in range(100):
            got += runner.poll(wait=5)
            if got:
                break
    assert (tmp_path / "marker").exists()
    assert got[0].result == play_match(job, make_bot).result


def test_a_worker_that_keeps_dying_gives_up_with_the_match_named():
    ev = event(n=4)
    job = MatchJob.of(ev, ev.bot_matches()[0])
    with BotRunner(factory="tests.table.tournament_factories:always_dies", retries=1) as runner:
        runner.submit(job)
        with pytest.raises(RunnerError, match="stopped 2 times"):
            for _ in range(100):
                runner.poll(wait=5)


def test_polling_never_blocks_while_a_match_is_played():
    import time

    ev = event(n=4, lengths=(10, 10))
    with BotRunner() as runner:
        for p in ev.bot_matches():
            runner.submit(MatchJob.of(ev, p))
        start = time.monotonic()
        runner.poll()
        assert time.monotonic() - start < 0.05


def test_the_players_match_at_the_table_gives_the_events_result():
    from game.core import Match
    from game.table import play_hand
    from game.tournament.play import result_of

    ev = event(n=4)
    p = ev.ready()[0]
    match = Match(get_ruleset("hebi-2010"), p.seed, 1)
    with pytest.raises(ValueError):
        result_of(match, (p.a, p.b))
    while not match.over:
        play_hand(match.hand, [make_bot("easy", s, random.Random(s), match.ruleset) for s in range(4)])
        match.next_hand()
    result = result_of(match, (p.a, p.b))
    assert result.hands == 1 and result.winner == (p.a, p.b)[match.winner]
    assert result.score == (int(match.levels[0]), int(match.levels[1]))
    ev.record(p.id, result)


def test_the_headless_run_shows_progress_on_request():
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "game.tournament",
            "--teams",
            "4",
            "--format",
            "knockout",
            "--preliminary",
            "1",
            "--final",
            "1",
            "--level",
            "easy",
            "--workers",
            "0",
            "--progress",
            "--stats",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0
    assert "4/4 matches" in done.stderr and "wall" in done.stderr
    assert done.stdout.splitlines()[0].startswith("  1. ")


def test_the_headless_run_refuses_bad_arguments():
    for args in (["--teams", "3"], ["--teams", "40"], ["--format", "swiss"], ["--factory", "nowhere:bot"]):
        done = subprocess.run(
            [sys.executable, "-m", "game.tournament", *args], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 2 and "error" in done.stderr


def test_the_players_duplicate_match_bots_take_his_seat_at_the_other_table():
    from game.core import Hand
    from game.table import play_hand
    from game.tournament.play import board_score, duplicate_result

    ev = Tournament.new(
        "hebi-2010", make_field(4, random.Random(2), player="bot-partner", level="easy"), 2, "duplicate", (2, 2)
    )
    p = ev.player_matches()[0]
    first, second = ev.duplicate_seats(p)
    assert "human" in first and "human" not in second
    human = first.index("human")
    # at the second table the person's team sits at the other parity, a bot of its partner's
    # level in the person's place
    assert second[human ^ 1] == first[(human + 2) % 4] != "human"
    assert [second[i ^ 1] for i in range(4) if i != human] == [first[i] for i in range(4) if i != human]
    levels = points = 0
    for board in range(2):
        setup = board_setup(p.seed, board, 0)
        hands = [Hand(get_ruleset("hebi-2010"), setup) for _ in range(2)]
        for hand in hands:  # a bot stands in for the person here
            play_hand(hand, [make_bot("easy", s, random.Random(s), hand.ruleset) for s in range(4)])
        assert all(h.settlement is not None for h in hands)
        got = board_score(*hands)
        levels, points = levels + got[0], points + got[1]
    result = duplicate_result((p.a, p.b), p.seed, levels, points, 2)
    assert result.hands == 4 and result.score == (levels, -levels)
    ev.record(p.id, result)


def test_a_32_team_event_is_really_played():
    ev = Tournament.new("logistics-2015", make_field(32, random.Random(3), level="random"), 3, "groups", (3, 3))
    run_event(ev, factory=make_bot)
    assert ev.finished and len(ev.places()) == 32
    assert all(p.result.hands >= 1 for p in ev.pairings if p.result.how == "played")


def test_a_board_turns_the_seats_and_the_same_result_at_both_tables_cancels():
    from game.tournament.play import board_score, turned

    assert turned(("a0", "b0", "a1", "b1")) == ("b0", "a0", "b1", "a1")
    ev = event(fmt="duplicate")
    out = play_match(MatchJob.of(ev, ev.bot_matches()[0]), make_bot)
    hand = Records.load(None, out.replays[0]).hand
    assert hand.settlement.up_levels > 0 or hand.settlement.total > 0
    assert board_score(hand, hand) == (0, 0)  # team a won at one table what it lost at the other
