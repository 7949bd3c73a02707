"""Saves, replays and statistics: save → kill → resume gives the identical state, a save
that cannot be read is set aside and the game starts, replays step both ways to the same
states as the live hand, the last 200 hands are kept, statistics per ruleset."""

import json
import os
from pathlib import Path
import signal
import subprocess
import sys
import time

import pygame
import pytest

from bots.hint import hint
from game.app.records import MAX_REPLAYS, Records, replay_steps
from game.app.storage import Storage
from game.core import PLAY, SETTLED, Match, get_ruleset
from game.table import PRACTICE, TableDriver, TableSettings, WaitKind, hint_action, make_controllers
from game.ui.coach.replays import ReplayListScene, ReplayScene
from game.ui.menus.menus import StartScene
from game.ui.table.table_scene import TableScene
from tests.standin_bots import standin_factory
from tests.ui_helpers import click, continue_match, make_app, run, start_match

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------- save, kill, resume


def test_save_kill_resume_gives_the_identical_state(tmp_path):
    """The game saves after every trick; killed mid-hand, Continue picks up exactly there."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "game",
            "--autoplay",
            "--ruleset",
            "logistics-2015",
            "--seed",
            "12",
            "--speed",
            "40",
            "--data-dir",
            str(tmp_path),
            "--bot-level",
            "easy",
            "--autoplay-saves",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    save = tmp_path / "match.json"
    data = None
    try:
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            if save.exists():
                try:
                    data = json.loads(save.read_text(encoding="utf-8"))
                except ValueError:
                    data = None  # never: the write is atomic (the test below would fail)
                    raise
                plays = sum(1 for a in data["match"]["current"]["log"] if a["kind"] == "play")
                if plays >= 12:  # three tricks in
                    break
            time.sleep(0.05)
        else:
            pytest.fail("the game did not save three tricks in time")
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    data = Storage(tmp_path, watch_only=True).read_save()  # the last save, as the kill left it, seeds opened
    expected = Match.from_dict(data["match"])
    plays = sum(1 for a in expected.hand.log if a.kind == PLAY)
    assert plays % 4 == 0 and plays >= 12  # saved at a trick's end

    app = make_app(tmp_path, size=(1024, 640))
    app.reset(StartScene(app))
    assert app.top.buttons[1].visible  # Continue
    continue_match(app)
    table = app.top
    assert isinstance(table, TableScene)
    resumed = table.driver.match
    assert resumed.to_dict() == data["match"]
    assert resumed.hand.digest() == expected.hand.digest()
    assert resumed.hand.log == expected.hand.log
    # The table shows that state: the bottom seat's hand, the points, the trick count.
    assert sorted(table.hand_view.cards) == sorted(resumed.hand.hands[table.bottom])
    assert table.anim.def_points == resumed.hand.defender_points
    assert table.anim.trick_number == len([t for t in resumed.hand.tricks if t.complete])
    run(app, 1.0)  # and play goes on


def test_a_persons_match_resumes_at_the_last_trick(tmp_path):
    """A person plays; the window dies mid-trick (no goodbye): Continue is at the last
    trick's end, with the same cards, seats, mode and names."""
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(
        app,
        "hebi-2010",
        3,
        0,
        ["human", "normal", "human", "normal"],
        "practice",
        10,
        humans=[0, 2],
        names={"seats": ["Ann", "", "Bo", ""], "teams": ["", ""]},
    )
    table = app.top
    driver = table.driver
    for _ in range(30000):
        hand = driver.hand
        done = sum(1 for t in hand.tricks if t.complete)
        if done >= 2 and hand.current_trick is not None:
            break
        wait = None if table.busy else driver.waiting()
        if wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            driver.submit(hint_action(hand, wait.seat, hint))
        elif wait is not None and wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(wait.seat)
        app.step(1 / 30)
    live = driver.hand
    upto = max(
        i + 1
        for i, a in enumerate(live.log)
        if a.kind == PLAY and sum(1 for b in live.log[: i + 1] if b.kind == PLAY) % 4 == 0
    )
    # A crash: nothing more is written. A new app continues the save.
    app2 = make_app(tmp_path, size=(1024, 640), speed=8.0)
    continue_match(app2)
    resumed = app2.top
    assert isinstance(resumed, TableScene)
    assert resumed.driver.hand.log == live.log[:upto]
    assert resumed.driver.hand.digest() == live.replay(upto).digest()
    assert resumed.driver.hotseat and resumed.locked and resumed.driver.humans() == [0, 2]
    assert resumed.driver.settings.names["seats"][2] == "Bo"


# ---------------------------------------------------------------------------- unreadable saves


@pytest.mark.parametrize(
    "content, words",
    [
        ("{not json", "damaged"),
        ('{"match": {"version": 9}, "table": {}}', "newer version"),
        (None, "does not fit the rules"),  # hand-edited: a card the seat never held
        ('["a list"]', "damaged"),
    ],
)
def test_a_save_that_cannot_be_read_is_set_aside_and_the_game_starts(tmp_path, content, words):
    storage = Storage(tmp_path)
    if content is None:
        match = Match(get_ruleset("logistics-2015"), 2, 60)
        data = {"match": match.to_dict(), "table": {"human": None}}
        data["match"]["current"]["log"] += [{"kind": "deal"}, {"kind": "play", "seat": 0, "cards": ["BJ"]}]
        storage.write_save(data)  # edited by hand: a play in the middle of the deal
    else:
        storage.save_path.write_text(content, encoding="utf-8")
    app = make_app(tmp_path, size=(1024, 640))
    start = StartScene(app)
    app.reset(start)
    run(app, 0.1)
    assert not storage.has_save()
    assert list(tmp_path.glob("match.json.broken-*"))
    assert words in app.message and "match.json.broken-" in app.message
    assert not start.buttons[1].visible  # no Continue
    # The game goes on: a new match starts.
    start_match(app, "logistics-2015", 1, 0, ["normal"] * 4)
    assert isinstance(app.top, TableScene)


def test_the_game_starts_from_the_command_line_with_a_corrupt_save(tmp_path):
    from game.__main__ import main

    (tmp_path / "match.json").write_text("\x00garbage", encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "--max-frames", "3"]) == 0
    assert list(tmp_path.glob("match.json.broken-*")) and not (tmp_path / "match.json").exists()


# ---------------------------------------------------------------------------- replays


def live_hand_with_digests(ruleset_id, seed, records):
    """Play one hand with bots, noting the state after every action; keep it as a replay."""
    match = Match(get_ruleset(ruleset_id), seed, 2)
    controllers = make_controllers([], ["normal"] * 4, match.ruleset, seed, standin_factory)
    driver = TableDriver(
        match,
        controllers,
        TableSettings(mode=PRACTICE),
        on_hand_over=lambda h, s: records.add_replay(h, s.number, {}, "match", seed, [0]),
    )
    digests = {0: match.hand.digest()}
    for _ in range(100000):
        hand = match.hand
        event = driver.advance()
        digests[len(hand.log)] = hand.digest()
        if hand.phase == SETTLED and event is None:
            break
        if event is None and driver.bot_thinking():
            time.sleep(0.0005)
    live = match.hand
    driver.next_hand()
    return live, digests


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_replays_step_both_ways_to_the_same_states_as_the_live_hand(tmp_path, ruleset_id):
    records = Records(tmp_path)
    live, digests = live_hand_with_digests(ruleset_id, 4, records)
    [(path, data)] = records.list_replays()
    replay = Records.load(path)
    assert replay.steps == replay_steps(live)
    assert replay.hand.log == live.log
    forward = [replay.state(i).digest() for i in range(len(replay.steps))]
    backward = [replay.state(i).digest() for i in reversed(range(len(replay.steps)))]
    assert forward == [digests[upto] for upto in replay.steps]
    assert backward == forward[::-1]
    # Steps cover the deal, the bids, the kitty and every play.
    kinds = {live.log[upto - 1].kind for upto in replay.steps if upto}
    assert {"deal", "finish_deal", "bury", "play"} <= kinds
    assert sum(1 for upto in replay.steps if upto and live.log[upto - 1].kind == PLAY) == sum(
        1 for a in live.log if a.kind == PLAY
    )
    assert data["summary"]["points"] == live.settlement.total


def test_the_replay_viewer_steps_forwards_and_backwards(tmp_path):
    app = make_app(tmp_path, size=(1024, 640))
    records = Records(tmp_path)
    live, digests = live_hand_with_digests("hebi-2010", 6, records)
    app.reset(StartScene(app))
    app.push(ReplayListScene(app))
    run(app, 0.1)
    listing = app.top
    assert len(listing.items) == 1
    click(app, (listing.list_rect.x + 20, listing.list_rect.y + listing.row_h // 2))
    viewer = app.top
    assert isinstance(viewer, ReplayScene)
    states = []
    key = lambda k: app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])  # noqa: E731
    for _ in range(len(viewer.replay.steps) - 1):
        key(pygame.K_RIGHT)
        states.append((viewer.step, viewer.hand.digest()))
    assert viewer.step == len(viewer.replay.steps) - 1 and viewer.hand.phase == SETTLED
    for step, digest in reversed(states[:-1]):
        key(pygame.K_LEFT)
        assert viewer.step == step and viewer.hand.digest() == digest == digests[viewer.replay.steps[step]]
    key(pygame.K_END)
    key(pygame.K_UP)  # back a trick
    assert live.log[viewer.replay.steps[viewer.step] - 1].kind == PLAY
    key(pygame.K_HOME)
    assert viewer.step == 0
    click(app, viewer.buttons[3].rect.center)  # the step button
    assert viewer.step == 1
    run(app, 0.1)


def test_only_the_last_200_hands_are_kept(tmp_path):
    records = Records(tmp_path)
    live, _ = live_hand_with_digests("logistics-2015", 2, records)
    for n in range(MAX_REPLAYS + 4):
        records.add_replay(live, n + 2)
    files = records.replay_files()
    assert len(files) == MAX_REPLAYS
    numbers = [json.loads(p.read_text())["number"] for p in files]
    assert numbers[0] == MAX_REPLAYS + 5 and numbers == sorted(numbers, reverse=True)


def test_a_broken_replay_is_skipped(tmp_path):
    records = Records(tmp_path)
    records.replay_dir.mkdir(parents=True)
    (records.replay_dir / "00000000000000000001.json").write_text("{broken", encoding="utf-8")
    assert records.list_replays() == []
    app = make_app(tmp_path, size=(1024, 640))
    app.reset(ReplayListScene(app))
    run(app, 0.1)


# ---------------------------------------------------------------------------- statistics


def test_statistics_per_ruleset_are_kept_and_shown(tmp_path):
    app = make_app(tmp_path, size=(1280, 800), speed=20.0)
    start_match(app, "logistics-2015", 3, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    for _ in range(40000):
        if type(app.top).__name__ == "ModeHandEndScene":
            break
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(0)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            table.driver.submit(hint_action(table.driver.hand, 0, hint))
        app.step(1 / 30)
    summary = table.driver.match.history[-1]
    stats = Records(tmp_path).stats()["logistics-2015"]
    assert stats["hands"] == 1 and stats["matches"] == 0
    assert stats["hands_won"] == int(summary.up_team == 0)
    assert stats["levels"] == (summary.up_levels if summary.up_team == 0 else 0)
    assert len(Records(tmp_path).list_replays()) == 1
    Records(tmp_path).record_match("logistics-2015", 0, 0)
    app.reset(StartScene(app))
    run(app, 0.1)
    panel = app.top.stats
    assert panel.rows["logistics-2015"]["matches_won"] == 1
