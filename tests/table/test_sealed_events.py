"""A program seated at the table reads the data folder (issue 40, item 3), the events folder
too: an event's file holds no seed that decides a deal still to be played. The event's seed
(every match's seed is drawn from it) and the seeds of the player's match under way are
sealed with the folder's key (``game.app.seal``) where the file is written, and opened where it
is read; an older file with plain seeds loads, and one whose seal does not open is set aside
with a message."""

from __future__ import annotations

import json
from pathlib import Path
import random
import secrets

import pytest

from game.app.event_play import EventPlay, InlineRunner, new_event
from game.app.event_store import EVENT_SEALED_FIELDS, EventStore
from game.app.saved_data import check_save
from game.app.session import Session
from game.app.storage import Storage
from game.i18n import set_language
from game.table import TableSettings, play_hand
from tests.standin_bots import standin_factory


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def plain(level, seat, rng, ruleset, **_search):
    return standin_factory(level, seat, rng, ruleset)


def event_under_way(folder: Path, format: str = "knockout"):
    """An event as the game leaves it: a bots-only result recorded, then the player's match
    opened at the table and a few moves of its first hand played and saved by the table."""
    storage = Storage(folder)
    store = EventStore(storage)
    saved = new_event(store, "hebi-2010", 4, format, "bot-partner", "mixed", True, secrets.randbits(48))
    play = EventPlay(store, saved, lambda f: InlineRunner(plain, f))
    play.save()
    while not play.tick():
        pass
    session = Session(storage, bot_factory=standin_factory)
    session.event_saver = play.match_saved
    driver = session.open_event_match(*play.table_choice()).driver
    for _ in range(150):  # the deal and the first moves, up to the person's turn
        driver.advance()
    driver.save()
    assert driver.hand.log and driver.hand.settlement is None
    return play, driver


def every_int(data) -> set[int]:
    if isinstance(data, bool):
        return set()
    if isinstance(data, int):
        return {data}
    if isinstance(data, dict):
        return set().union(*map(every_int, data.values()))
    if isinstance(data, list):
        return set().union(*map(every_int, data))
    return set()


def assert_no_deciding_seed_in(path: Path, seeds: set[int]) -> None:
    raw = path.read_text(encoding="utf-8")
    for seed in seeds:
        assert str(seed) not in raw, seed
    assert not every_int(json.loads(raw)) & seeds


def assert_nothing_in_the_events_folder_deals(folder: Path, seeds: set[int]) -> None:
    """No file of the events folder (the replays beside an event's file too) names a seed
    still to deal: the second table of a person's board, played side by side with the
    person's, writes no replay of the cards the person is playing."""
    files = [p for p in folder.rglob("*") if p.is_file()]
    assert files
    for path in files:
        assert not any(f"{seed:x}" in path.name for seed in seeds), path.name
        assert_no_deciding_seed_in(path, seeds)


def at(data: dict, place: tuple[str, ...]):
    for part in place[:-1]:
        data = data[part]
    return data, place[-1]


def test_the_event_file_holds_no_seed_that_decides_a_deal_and_the_event_goes_on(tmp_path):
    play, driver = event_under_way(tmp_path)
    pairing = play.next_match()
    seeds = {play.event.seed, pairing.seed, driver.match.seed, driver.hand.setup.seed}
    assert_no_deciding_seed_in(play.saved.path, seeds)
    data = json.loads(play.saved.path.read_text(encoding="utf-8"))
    assert all(isinstance(at(data, place)[0][place[-1]], str) for place in EVENT_SEALED_FIELDS)
    # Read again (the game started again): the same event, at the same move of the same hand.
    events, messages = EventStore(Storage(tmp_path)).events()
    assert messages == [] and len(events) == 1
    again = events[0]
    assert again.event.to_dict() == play.event.to_dict() and again.event.seed == play.event.seed
    assert again.table == play.saved.table
    assert again.table is not None
    match, table = check_save(again.table)
    assert match.seed == driver.match.seed and TableSettings.from_dict(table).seed == driver.settings.seed
    session = Session(Storage(tmp_path), bot_factory=standin_factory)
    resumed = session.open_event_match(match, TableSettings.from_dict(table), resumed=True).driver
    assert resumed.hand.setup == driver.hand.setup and resumed.hand.log == driver.hand.log


def test_a_duplicate_matchs_boards_hold_no_seed_of_a_board_to_come(tmp_path):
    store = EventStore(Storage(tmp_path))
    saved = new_event(store, "hebi-2010", 4, "duplicate", "bot-partner", "mixed", True, secrets.randbits(48))
    play = EventPlay(store, saved, lambda f: InlineRunner(plain, f))
    play.save()
    pairing = play.next_match()
    match, _ = play.board_choice()  # the first board dealt: its second table sent
    play.tick()  # the second table played while the person plays the board
    assert play.second is not None and play.first is None
    setup = match.hand.setup
    seeds = {saved.event.seed, pairing.seed, setup.seed}
    assert_no_deciding_seed_in(saved.path, seeds)
    assert_nothing_in_the_events_folder_deals(tmp_path / "events", seeds)
    # The board played at both tables and scored: the file keeps the match between boards.
    play_hand(match.hand, [plain("normal", seat, random.Random(seat), match.ruleset) for seat in range(4)])
    play.board_played(match.hand)
    for _ in range(20):
        if play.board_scored is not None:
            break
        play.tick()
    assert play.board_scored is not None
    following, _ = play.board_choice()
    play.save()
    data = json.loads(saved.path.read_text(encoding="utf-8"))
    assert data["boards"]["match"] == pairing.id and data["boards"]["board"] >= 1
    seeds = {saved.event.seed, pairing.seed, following.hand.setup.seed}
    assert_no_deciding_seed_in(saved.path, seeds)
    play.tick()  # the next board's second table played
    assert_nothing_in_the_events_folder_deals(tmp_path / "events", seeds)
    (again,) = EventStore(Storage(tmp_path)).events()[0]
    assert again.boards == play.saved.boards and again.event.seed == saved.event.seed


def test_an_old_event_file_with_plain_seeds_loads_and_is_sealed_when_written(tmp_path):
    play, driver = event_under_way(tmp_path)
    old = {  # as the game wrote it before the seeds were sealed
        "version": 1,
        "kind": "tournament-event",
        "started": play.saved.started,
        "event": play.event.to_dict(),
        "table": play.saved.table,
    }
    assert all(isinstance(at(old, place)[0][place[-1]], int) for place in EVENT_SEALED_FIELDS)
    play.saved.path.write_text(json.dumps(old), encoding="utf-8")
    events, messages = EventStore(Storage(tmp_path)).events()
    assert messages == [] and len(events) == 1
    again = events[0]
    assert again.event.to_dict() == play.event.to_dict() and again.table == play.saved.table
    EventStore(Storage(tmp_path)).save(again)
    seeds = {play.event.seed, driver.match.seed, driver.hand.setup.seed}
    assert_no_deciding_seed_in(play.saved.path, seeds)


def _flip_one_character(data: dict) -> None:
    node, key = at(data, ("event", "seed"))
    value = node[key]
    node[key] = value[:-5] + ("A" if value[-5] != "A" else "B") + value[-4:]


def _swap_two_sealed_seeds(data: dict) -> None:
    event, match = data["event"], data["table"]["match"]
    event["seed"], match["seed"] = match["seed"], event["seed"]


@pytest.mark.parametrize(
    "spoil",
    [
        "a sealed value changed",
        "a sealed value moved to another field",
        "the key missing",
        "the key damaged",
        "another key",
    ],
)
def test_a_sealed_seed_that_does_not_open_sets_the_event_aside_with_a_message(tmp_path, spoil):
    play, _ = event_under_way(tmp_path)
    path, key = play.saved.path, tmp_path / "seal.key"
    data = json.loads(path.read_text(encoding="utf-8"))
    if spoil == "a sealed value changed":
        _flip_one_character(data)
    elif spoil == "a sealed value moved to another field":
        _swap_two_sealed_seeds(data)
    elif spoil == "the key missing":
        key.unlink()
    elif spoil == "the key damaged":
        key.write_bytes(key.read_bytes()[:7])
    else:
        key.write_bytes(secrets.token_bytes(32))
    path.write_text(json.dumps(data), encoding="utf-8")
    events, messages = EventStore(Storage(tmp_path)).events()
    assert events == [] and len(messages) == 1
    assert path.name in messages[0] and ("seal" in messages[0] or "key" in messages[0])
    assert not path.exists() and list(path.parent.glob(path.name + "*"))  # kept aside, not deleted
