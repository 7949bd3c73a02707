"""The player's events on disk and in play (issue 28, game/app/event_store.py, game/app/event_play.py):
saved atomically after every result, validated on load (the event's log and the match under
way), damaged files set aside; the other tables played by the real worker."""

from __future__ import annotations

import json
import time

import pytest

from game.app.event_play import EventPlay, InlineRunner, new_event
from game.app.event_store import EVENT_KEY, EventStore
from game.app.saved_data import DataError
from game.app.storage import Storage
from game.core import Match
from game.tournament.runner import BotRunner
from tests.standin_bots import standin_factory


def plain(level, seat, rng, ruleset, **_search):
    return standin_factory(level, seat, rng, ruleset)


def make(tmp_path, size=4, player="bot-partner", format="knockout", seed=3):
    store = EventStore(Storage(tmp_path))
    saved = new_event(store, "hebi-2010", size, format, player, "mixed", True, seed)
    return store, saved


def test_every_background_result_is_saved_and_reloads_the_same(tmp_path):
    store, saved = make(tmp_path, size=8)
    play = EventPlay(store, saved, lambda folder: InlineRunner(plain, folder))
    for _ in range(20):
        play.tick()
        data = json.loads(saved.path.read_text())
        assert len(data["event"]["log"]) == len(play.event.log)  # after every result
    again = store.load(saved.path)
    assert again.event.to_dict() == play.event.to_dict()
    done = [p for p in play.event.pairings if p.result is not None and p.result.replays]
    assert done and all((play.replay_dir / name).is_file() for name in done[0].result.replays)


def test_the_background_runs_in_the_worker_process(tmp_path):
    store, saved = make(tmp_path, size=4)
    factory = "tests.table.test_event_store:plain"
    play = EventPlay(store, saved, lambda folder: BotRunner(folder, factory=factory))
    try:
        deadline = time.monotonic() + 120
        while not play.event.log and time.monotonic() < deadline:
            play.tick()
            time.sleep(0.05)
    finally:
        play.close()
    assert play.event.log, "the worker returned no result"
    assert json.loads(saved.path.read_text())["event"]["log"] == play.event.log


def test_a_failing_background_is_said_and_loses_nothing(tmp_path):
    store, saved = make(tmp_path, size=4)
    said = []
    play = EventPlay(store, saved, lambda folder: InlineRunner(lambda *a, **k: 1 / 0, folder), report=said.append)
    play.save()
    assert play.tick() == []
    assert play.failed and said and "division by zero" in said[0]
    assert store.load(saved.path).event.to_dict() == play.event.to_dict()


def _with_table(store, saved):
    play = EventPlay(store, saved, lambda folder: InlineRunner(plain, folder))
    match, settings = play.table_choice()
    return play, match, settings


def test_the_match_under_way_must_belong_to_the_event(tmp_path):
    store, saved = make(tmp_path)
    play, match, settings = _with_table(store, saved)
    data = {"match": match.to_dict(), "table": settings.to_dict()}
    play.match_saved(data)
    assert store.load(saved.path).table is not None
    bots_only = play.event.bot_matches()[0].id
    for change in (
        lambda d: d["table"].__setitem__(EVENT_KEY, bots_only),
        lambda d: d["table"].__setitem__("humans", [0, 1, 2, 3]),
        lambda d: d["table"].__setitem__(EVENT_KEY, 7),
        lambda d: d.__setitem__("match", Match(match.ruleset, match.seed + 1, match.length).to_dict()),
        lambda d: d["match"].__setitem__("hands", "many"),
    ):
        broken = json.loads(json.dumps(data))
        change(broken)
        saved.table = broken
        store.save(saved)
        with pytest.raises(DataError):
            store.load(saved.path)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.__setitem__("version", 99),
        lambda d: d.__setitem__("started", "yesterday"),
        lambda d: d["event"]["log"].append({"kind": "result", "match": "nope"}),
        lambda d: d["event"].__setitem__("seed", 2**80),
        lambda d: d.pop("table"),
    ],
)
def test_a_damaged_event_file_is_set_aside_and_said(tmp_path, damage):
    store, saved = make(tmp_path)
    store.save(saved)
    data = json.loads(saved.path.read_text())
    damage(data)
    saved.path.write_text(json.dumps(data))
    events, messages = store.unfinished()
    assert events == [] and len(messages) == 1 and saved.path.name in messages[0]
    assert not saved.path.exists()
    assert len(list(saved.path.parent.iterdir())) == 1  # kept aside, under another name


def test_events_have_their_own_files(tmp_path):
    store, first = make(tmp_path, seed=1)
    store.save(first)
    _, second = make(tmp_path, seed=2)
    store.save(second)
    assert first.path != second.path
    events, _ = store.unfinished()
    assert {e.path for e in events} == {first.path, second.path}


def slow(*args, **kwargs):
    """A bot that takes its time (a ``hard`` table's match lasts minutes)."""
    time.sleep(60)
    return standin_factory(*args[:4])


def test_leaving_an_event_does_not_wait_for_a_long_background_match(tmp_path):
    store, saved = make(tmp_path, size=4)
    play = EventPlay(store, saved, lambda folder: BotRunner(folder, factory="tests.table.test_event_store:slow"))
    play.save()
    play.tick()
    assert play.running()
    time.sleep(3)  # the worker has started the match
    began = time.monotonic()
    play.close()
    assert time.monotonic() - began < 10
    assert store.load(saved.path).event.log == []  # nothing lost: the match is played again later
