"""The table settings as a typed value: round trip, and every save written so far reads."""

import json

import pytest

from game.table import PRACTICE, TOURNAMENT, Mode, TableSettings, aids_for


def test_round_trip_through_json():
    settings = TableSettings(
        ruleset="hebi-2010",
        humans=(0, 2),
        levels=("human", "hard", "human", "easy"),
        mode=TOURNAMENT,
        length=10,
        names={"seats": ["Ann", "", "Bo", ""], "teams": ["", ""]},
        seed=42,
        autoplay=False,
    )
    again = TableSettings.from_dict(json.loads(json.dumps(settings.to_dict())))
    assert again == settings
    assert again.human == 0 and again.mode is Mode.TOURNAMENT and again.seat_names()[2] == "Bo"


def test_an_old_save_reads():
    """The untyped dict of earlier versions: ``human`` only (no ``humans``), no seed, extra keys."""
    old = {
        "ruleset": "lanzhou-2010",
        "human": 1,
        "levels": ["normal", "human", "normal", "normal"],
        "mode": "practice",
        "length": None,
        "names": {},
        "future_key": [1, 2],
    }
    settings = TableSettings.from_dict(old)
    assert settings.humans == (1,) and settings.human == 1 and settings.mode == PRACTICE
    assert settings.seed is None and not settings.deal_only and not settings.autoplay
    assert settings.to_dict()["future_key"] == [1, 2]  # kept for whoever wrote it
    assert settings.to_dict()["human"] == 1  # and still written for older readers


def test_a_save_from_the_previous_version_reads_as_written():
    saved = {
        "ruleset": "hebi-2010",
        "human": 0,
        "humans": [0, 2],
        "levels": ["human", "normal", "human", "normal"],
        "mode": "practice",
        "length": 10,
        "names": {"seats": ["", "", "Bo", ""], "teams": ["", ""]},
        "seed": 3,
        "autoplay": False,
    }
    settings = TableSettings.from_dict(saved)
    assert settings.to_dict() == saved
    deal = TableSettings.from_dict({**saved, "deal_only": True})
    assert deal.deal_only and deal.to_dict()["deal_only"] is True


@pytest.mark.parametrize("table", [None, {}])
def test_missing_settings_read_as_defaults(table):
    settings = TableSettings.from_dict(table)
    assert settings.humans == () and settings.human is None and settings.levels == ("normal",) * 4
    assert settings.mode == PRACTICE


@pytest.mark.parametrize("table", [{"humans": [5]}, {"human": 7}, {"humans": "0"}, [], "text"])
def test_impossible_seats_are_refused(table):
    with pytest.raises(ValueError):
        TableSettings.from_dict(table)


@pytest.mark.parametrize(
    "table",
    [
        {"humans": [2, 0, 2]},
        {"levels": ["easy"]},
        {"levels": ["godlike"] * 4},
        {"mode": "blitz"},
        {"length": "10"},
        {"seed": 1.5},
        {"autoplay": 1},
        {"names": {"seats": ["x" * 100_000] * 4}},
        {"duplicate": "godlike"},
        {"duplicate_score": {"0": "x"}},
    ],
)
def test_odd_values_are_refused_not_read_as_something_else(table):
    """One check of the table settings, strict: what the game never writes is refused."""
    with pytest.raises(ValueError):
        TableSettings.from_dict(table)


def test_with_changes_a_copy_and_the_aids_follow_the_mode():
    settings = TableSettings(humans=(0,))
    changed = settings.with_(humans=[3, 1, 3], levels=["easy"] * 4)
    assert changed.humans == (1, 3) and changed.levels == ("easy",) * 4 and settings.humans == (0,)
    assert settings.aids == aids_for(PRACTICE) and settings.aids.hint and not settings.aids.clocks
    assert TableSettings(mode=TOURNAMENT).aids.clocks
