"""The table settings a player sets (card size, colours, clicks, confirm, linger, motion):
stored, read back and validated field by field (no pygame)."""

import json
import math

from game.app.settings import CARD_COLOURS, CARD_SIZES, PLAY_CLICKS, Settings
from game.app.storage import Storage


def test_table_settings_round_trip(tmp_path):
    storage = Storage(tmp_path)
    settings = Settings(
        card_size="large",
        card_colours="four",
        play_click="single",
        confirm_play=True,
        trick_linger=2.0,
        reduce_motion=True,
    )
    storage.save_settings(settings)
    again = storage.load_settings("en")
    assert (
        again.card_size,
        again.card_colours,
        again.play_click,
        again.confirm_play,
        again.trick_linger,
        again.reduce_motion,
    ) == ("large", "four", "single", True, 2.0, True)
    assert again.card_scale == CARD_SIZES["large"] > 1


def test_defaults_are_the_plain_table():
    s = Settings()
    assert (s.card_size, s.card_colours, s.play_click, s.confirm_play, s.trick_linger, s.reduce_motion) == (
        "normal",
        "classic",
        "double",
        False,
        0.0,
        False,
    )
    assert s.card_scale == 1.0
    assert "classic" in CARD_COLOURS and "double" in PLAY_CLICKS


def test_bad_table_settings_fall_back_one_by_one(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "card_size": "huge",
                "card_colours": "rainbow",
                "play_click": "triple",
                "confirm_play": "yes",
                "trick_linger": -3,
                "reduce_motion": 1,
                "speed": "fast",
            }
        )
    )
    s = Storage(tmp_path).load_settings("en")
    assert (s.card_size, s.card_colours, s.play_click, s.confirm_play, s.trick_linger, s.reduce_motion) == (
        "normal",
        "classic",
        "double",
        False,
        0.0,
        False,
    )
    assert s.speed == "fast"  # a good field next to bad ones is kept


def test_trick_linger_accepts_whole_seconds_and_refuses_nonsense():
    assert Settings.from_dict({"trick_linger": 4}, "en").trick_linger == 4.0
    assert Settings.from_dict({"trick_linger": 1e9}, "en").trick_linger == 0.0
    assert Settings.from_dict({"trick_linger": math.nan}, "en").trick_linger == 0.0
    assert Settings.from_dict({"trick_linger": True}, "en").trick_linger == 0.0


def test_obvious_moves_defaults_to_practice_and_refuses_other_values(tmp_path):
    from game.app.settings import OBVIOUS_MOVES

    assert Settings().obvious_moves == "practice" and OBVIOUS_MOVES == ("practice", "on", "off")
    for bad in ("sometimes", 1, True, None, ["on"]):
        assert Settings.from_dict({"obvious_moves": bad}, "en").obvious_moves == "practice"
    storage = Storage(tmp_path)
    storage.save_settings(Settings(obvious_moves="off"))
    assert storage.load_settings("en").obvious_moves == "off"


def test_every_saved_speed_keeps_working_and_the_slowest_is_there_for_who_wants_it(tmp_path):
    """Issue 26: the table is fast at ``normal``; the saved names keep their factors (no
    migration needed), ``very_slow`` reads a trick about as long as the table did before,
    and an unknown or mistyped speed falls back to ``normal``."""
    from game.app.settings import SPEEDS

    assert list(SPEEDS) == ["very_slow", "slow", "normal", "fast", "instant"]
    for name in ("slow", "normal", "fast", "instant", "very_slow"):
        (tmp_path / "settings.json").write_text(json.dumps({"speed": name}), encoding="utf-8")
        loaded = Storage(tmp_path).load_settings("en")
        assert loaded.speed == name and loaded.speed_factor == SPEEDS[name]
    for bad in ("Very slow", 0.4, None, "turbo"):
        (tmp_path / "settings.json").write_text(json.dumps({"speed": bad}), encoding="utf-8")
        assert Storage(tmp_path).load_settings("en").speed == "normal"
    assert SPEEDS["very_slow"] < SPEEDS["slow"] < SPEEDS["normal"] == 1.0
