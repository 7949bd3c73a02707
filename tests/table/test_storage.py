"""Settings and saves on disk: defaults, sanitising, atomic writes (no pygame)."""

import json

from game.app.settings import Settings
from game.app.storage import Storage
from game.files import atomic_write_json


def test_settings_round_trip_and_defaults(tmp_path):
    storage = Storage(tmp_path)
    assert storage.load_settings("zh").language == "zh"  # nothing saved: the system's language
    settings = Settings(language="en", speed="fast", sound=False, card_back="green")
    storage.save_settings(settings)
    again = storage.load_settings("zh")
    assert (again.language, again.speed, again.sound, again.card_back) == ("en", "fast", False, "green")


def test_bad_settings_fall_back_field_by_field(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps({"language": "fr", "speed": "warp", "sound": "yes", "card_back": "blue", "last_seat": 9})
    )
    settings = Storage(tmp_path).load_settings("en")
    assert (settings.language, settings.speed, settings.sound, settings.card_back, settings.last_seat) == (
        "en",
        "normal",
        True,
        "blue",
        0,
    )
    (tmp_path / "settings.json").write_text("{not json")
    assert Storage(tmp_path).load_settings("zh").language == "zh"


def test_the_duplicate_choice_is_kept_and_old_files_read(tmp_path):
    from game.app.duplicate import LEVELS
    from game.app.settings import DUPLICATE_CHOICES

    assert ("off", *LEVELS) == DUPLICATE_CHOICES
    storage = Storage(tmp_path)
    storage.save_settings(Settings(last_duplicate="easy"))
    assert storage.load_settings("en").last_duplicate == "easy"
    # A file from before the choice was kept, and one with a level that is not offered.
    (tmp_path / "settings.json").write_text(json.dumps({"language": "zh", "last_mode": "tournament"}))
    old = Storage(tmp_path).load_settings("en")
    assert (old.language, old.last_mode, old.last_duplicate) == ("zh", "tournament", "off")
    (tmp_path / "settings.json").write_text(json.dumps({"last_duplicate": "expert"}))
    assert Storage(tmp_path).load_settings("en").last_duplicate == "off"


def test_atomic_writes_leave_no_temporary_files(tmp_path):
    path = tmp_path / "deep" / "match.json"
    atomic_write_json(path, {"a": 1})
    atomic_write_json(path, {"a": 2})
    assert json.loads(path.read_text()) == {"a": 2}
    assert [p.name for p in path.parent.iterdir()] == ["match.json"]


def test_an_unreadable_save_is_moved_aside(tmp_path):
    storage = Storage(tmp_path)
    storage.save_path.write_text("[1, 2")
    try:
        storage.read_save()
    except ValueError as e:
        assert "JSON" in str(e)
    else:
        raise AssertionError("a broken save was accepted")
    moved = storage.move_aside()
    assert moved is not None and moved.exists() and not storage.has_save()
