"""A program seated at the table reads the data folder (issue 40, item 3): no file holds a
seed that decides a deal still to be played; the saves' seeds are sealed with a key of the
folder, and a save whose seal does not open is set aside with a message."""

from __future__ import annotations

import json
import os
from pathlib import Path
import secrets
import sys

import pytest

from game.app.records import Records
from game.app.session import MatchChoice, Session, UnreadableSave
from game.app.storage import Storage
from game.i18n import set_language
from tests.standin_bots import standin_factory

SEED_PLACES = (("match", "seed"), ("match", "current", "setup", "seed"), ("table", "seed"))


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def session(folder: Path) -> Session:
    return Session(Storage(folder), bot_factory=standin_factory)


def played_a_few_moves(folder: Path):
    """A new match with the first tricks played and saved; its driver."""
    s = session(folder)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0))
    for _ in range(150):  # the deal and the first tricks
        started.driver.advance()
    s.autosave(started.driver.save_data())
    return started.driver


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


def deciding_seeds(driver) -> set[int]:
    return {driver.match.seed, driver.match.hand.setup.seed}


def assert_no_deciding_seed_in(path: Path, seeds: set[int]) -> None:
    raw = path.read_text(encoding="utf-8")
    for seed in seeds:
        assert str(seed) not in raw, path
    assert not every_int(json.loads(raw)) & seeds, path


def at(data: dict, place: tuple[str, ...]):
    for part in place[:-1]:
        data = data[part]
    return data, place[-1]


# ---------------------------------------------------------------------------- item 3


def test_match_json_holds_no_seed_that_decides_a_deal_and_the_match_continues(tmp_path):
    driver = played_a_few_moves(tmp_path)
    assert driver.match.hand.log and not driver.match.hand.finished
    assert_no_deciding_seed_in(tmp_path / "match.json", deciding_seeds(driver))
    again = session(tmp_path).continue_match().driver
    assert again.match.seed == driver.match.seed and again.settings.seed == driver.settings.seed
    assert again.hand.setup == driver.hand.setup and again.hand.log == driver.hand.log


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_seal_key_is_the_players_alone(tmp_path):
    played_a_few_moves(tmp_path)
    key = tmp_path / "seal.key"
    assert key.stat().st_mode & 0o777 == 0o600 and len(key.read_bytes()) == 32


def test_a_shelved_match_holds_no_deciding_seed_either(tmp_path):
    first = played_a_few_moves(tmp_path)
    session(tmp_path).start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0))
    (shelved,) = (tmp_path / "saves").glob("match-*.json")
    assert_no_deciding_seed_in(shelved, deciding_seeds(first))


def test_an_old_save_with_plain_seeds_loads_and_is_sealed_when_written(tmp_path):
    driver = played_a_few_moves(tmp_path)
    old = driver.save_data()  # as the game wrote it before seeds were sealed
    assert all(isinstance(at(old, place)[0][place[-1]], int) for place in SEED_PLACES)
    (tmp_path / "match.json").write_text(json.dumps(old), encoding="utf-8")
    s = session(tmp_path)
    again = s.continue_match().driver
    assert again.hand.setup == driver.hand.setup and again.hand.log == driver.hand.log
    s.autosave(again.save_data())
    assert_no_deciding_seed_in(tmp_path / "match.json", deciding_seeds(driver))


def _flip_one_character(data: dict) -> None:
    node, key = at(data, ("match", "seed"))
    value = node[key]
    node[key] = value[:-5] + ("A" if value[-5] != "A" else "B") + value[-4:]


def _swap_two_sealed_seeds(data: dict) -> None:
    match, table = data["match"], data["table"]
    match["seed"], table["seed"] = table["seed"], match["seed"]


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
def test_a_sealed_seed_that_does_not_open_sets_the_save_aside_with_a_message(tmp_path, spoil):
    played_a_few_moves(tmp_path)
    path, key = tmp_path / "match.json", tmp_path / "seal.key"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert all(isinstance(at(data, place)[0][place[-1]], str) for place in SEED_PLACES)  # sealed
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
    s = session(tmp_path)
    with pytest.raises(UnreadableSave) as refused:
        s.check_saved_match()
    message = s.set_aside(refused.value)
    assert "match.json.broken-" in message and not path.exists()
    assert list(tmp_path.glob("match.json.broken-*"))  # kept, not deleted
    assert s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0)).driver  # and the game goes on


def test_replays_of_a_match_under_way_hold_no_seed_that_deals_the_next_hands(tmp_path):
    s = session(tmp_path)
    driver = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4)).driver
    driver.run_hand()
    driver.next_hand()  # the replay of the first hand is written
    (replay,) = (tmp_path / "replays").glob("*.json")
    raw = replay.read_text(encoding="utf-8")
    assert str(driver.match.seed) not in raw and driver.match.seed not in every_int(json.loads(raw))
    # The match's hands are still found together (the reviews of the match's end screen).
    assert Records.save_analysis(replay, 0, {"seat": 0, "decisions": [{"label": "best", "loss": 0.0}]})
    assert s.records.match_reviews(driver.match.seed, 0) == (1, 1, 1, 0.0)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_the_key_is_never_written_where_another_user_could_read_it_half_made(tmp_path, monkeypatch):
    # The key is written through a temporary file: created 0600, so never readable by others.
    made = []
    real_replace = os.replace

    def watch(src, dst):
        if str(dst).endswith("seal.key"):
            made.append(os.stat(src).st_mode & 0o777)
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", watch)
    played_a_few_moves(tmp_path)
    assert made == [0o600]
