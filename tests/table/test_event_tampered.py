"""An event's file is checked as strictly as a saved match (security issue, item 4): a file
edited to play the player's match with practice aids, to give a result no match can end
with, or to send the replay viewer outside the event's replay folder is set aside with the
player's message; the file the game itself wrote loads unchanged."""

from __future__ import annotations

import json
import random

import pytest

from game.app.event_play import EventPlay, InlineRunner, new_event
from game.app.event_store import EventStore
from game.app.storage import Storage
from game.table import play_hand
from tests.standin_bots import standin_factory


def plain(level, seat, rng, ruleset, **_search):
    return standin_factory(level, seat, rng, ruleset)


def real_event(tmp_path, hands=1):
    """An event as the game leaves it: a bots-only match played (its replays written) and
    the player's match under way, ``hands`` into it, saved by the table."""
    store = EventStore(Storage(tmp_path))
    saved = new_event(store, "hebi-2010", 4, "knockout", "bot-partner", "mixed", True, 5)
    play = EventPlay(store, saved, lambda folder: InlineRunner(plain, folder))
    while not play.tick():
        pass
    match, settings = play.table_choice()
    for _ in range(hands):
        play_hand(match.hand, [plain("normal", seat, random.Random(seat), match.ruleset) for seat in range(4)])
        match.next_hand()
    play.match_saved({"match": match.to_dict(), "table": settings.to_dict()})
    return store, play


def bots_only_result(data):
    return next(e for e in data["event"]["log"] if e["kind"] == "result")


@pytest.mark.parametrize("hands", [0, 1])
def test_the_file_the_game_wrote_loads_unchanged(tmp_path, hands):
    store, play = real_event(tmp_path, hands)
    assert bots_only_result(json.loads(play.saved.path.read_text()))["replays"]  # the test has replays
    events, messages = store.events()
    assert messages == [] and len(events) == 1
    again = events[0]
    assert again.event.to_dict() == play.event.to_dict()
    assert again.table == play.saved.table and again.started == play.saved.started


TAMPERED = {
    "practice mode": lambda d: d["table"]["table"].update(mode="practice"),
    "bots playing for the person": lambda d: d["table"]["table"].update(autoplay=True),
    "duplicate practice's comparisons": lambda d: d["table"]["table"].update(duplicate="expert"),
    "weaker opponents": lambda d: d["table"]["table"].update(levels=["easy", "easy", "normal", "easy"]),
    "no turn clocks": lambda d: d["table"]["match"]["ruleset"].update(play_seconds=0, bury_seconds=0),
    "the played cards shown": lambda d: d["table"]["match"]["ruleset"].update(review_played=True),
    "a head start": lambda d: d["table"]["match"].update(start_levels=["A", "2"]),
}


@pytest.mark.parametrize("hands", [0, 1])
@pytest.mark.parametrize("tamper", TAMPERED.values(), ids=TAMPERED.keys())
def test_the_players_match_is_played_as_the_regulation_has_it_or_set_aside(tmp_path, tamper, hands):
    store, play = real_event(tmp_path, hands)
    data = json.loads(play.saved.path.read_text())
    tamper(data)
    play.saved.path.write_text(json.dumps(data))
    events, messages = store.events()
    assert events == [] and len(messages) == 1
    # Levels other than the match's own do not replay (the hand under way was dealt at 2).
    reason = "does not replay" if tamper is TAMPERED["a head start"] else "regulation"
    assert play.saved.path.name in messages[0] and reason in messages[0]
    assert not play.saved.path.exists()  # set aside, not left to be read again


RESULTS = {
    "score 999/-999": (lambda e: e.update(score=[999, -999]), "score"),
    "score past A": (lambda e: e.update(score=[20, 2], gained=[18, 0]), "score"),
    "replays /etc/passwd": (lambda e: e.update(replays=["/etc/passwd"]), "replays"),
    "replays ../../match.json": (lambda e: e.update(replays=["../../match.json"]), "replays"),
    "replays of another match": (lambda e: e.update(replays=[e["replays"][0].replace(e["match"], "final")]), "replays"),
}


@pytest.mark.parametrize("tamper, reason", RESULTS.values(), ids=RESULTS.keys())
def test_a_result_no_match_can_end_with_is_set_aside(tmp_path, tamper, reason):
    store, play = real_event(tmp_path)
    data = json.loads(play.saved.path.read_text())
    tamper(bots_only_result(data))
    play.saved.path.write_text(json.dumps(data))
    events, messages = store.events()
    assert events == [] and len(messages) == 1
    assert play.saved.path.name in messages[0] and reason in messages[0]


def test_a_replay_linked_out_of_the_replay_folder_is_set_aside(tmp_path):
    store, play = real_event(tmp_path)
    name = bots_only_result(json.loads(play.saved.path.read_text()))["replays"][0]
    outside = tmp_path / "match.json"
    outside.write_text("{}")
    (play.replay_dir / name).unlink()
    (play.replay_dir / name).symlink_to(outside)
    events, messages = store.events()
    assert events == [] and len(messages) == 1 and "replay folder" in messages[0]
