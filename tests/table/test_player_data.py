"""Nothing a player makes is lost (issue 24): every match the new-match screen can start
continues; damaged or odd files are set aside or refused with a message, never a crash or a
hang; a folder that cannot be written opens read-only; set-aside names never collide."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import BUILTIN_IDS
from game.duplicate import LEVELS as DUPLICATE_LEVELS
from game.i18n import set_language
from game.session import MatchChoice, Session, offered_levels
from game.storage import Storage
from game.table import Mode
from game.table import seats as seat_kinds


@pytest.fixture(autouse=True)
def english():
    set_language("en")


# ---------------------------------------------------------------------------- item 1

@pytest.mark.parametrize("mode", [m.value for m in Mode])
@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_every_seat_kind_the_new_match_screen_offers_continues(tmp_path, ruleset_id, mode):
    """Started, saved and continued with the real bots: each kind the screen offers in every
    seat but the person's, and each duplicate-practice level."""
    offered = ("human", *offered_levels(ruleset_id))
    for i, kind in enumerate(offered):
        folder = tmp_path / f"k{i}"
        levels = [kind] * 4
        levels[0] = "human"
        humans = [s for s in range(4) if levels[s] == "human"]
        duplicate = DUPLICATE_LEVELS[i % len(DUPLICATE_LEVELS)] if i % 2 else None
        Session(Storage(folder)).start_match(MatchChoice(ruleset_id, levels, 0, humans, mode, seed=5 + i,
                                                         duplicate=duplicate))
        started = Session(Storage(folder)).continue_match()
        settings = started.driver.settings
        assert settings.levels == tuple(levels) and settings.humans == tuple(humans)
        assert settings.mode == mode and settings.ruleset == ruleset_id
        assert settings.extra.get("duplicate") == duplicate
        assert (folder / "match.json").is_file() and not list(folder.glob("*.broken-*"))


def test_the_expert_match_of_the_report_continues(tmp_path):
    Session(Storage(tmp_path)).start_match(MatchChoice("hebi-2010", ["human", "expert", "expert", "expert"],
                                                       human=0, seed=5))
    started = Session(Storage(tmp_path)).continue_match()
    assert started.driver.settings.levels == ("human", "expert", "expert", "expert")


def test_an_outside_program_seat_continues_as_normal_or_as_itself(tmp_path):
    """``external:`` is a seat kind too: a save never starts a program, the same --seat does."""
    program = "external:python3 my_bot.py"
    made: list[str] = []

    def factory(level, seat, rng, ruleset, **options):
        from bots import make_bot
        made.append(level)
        return make_bot("easy" if level == program else level, seat, rng, ruleset)

    Session(Storage(tmp_path), bot_factory=factory, seats={2: program}).start_match(
        MatchChoice("lanzhou-2010", ["human", "hard", "normal", "easy"], human=0, seed=3))
    again = Session(Storage(tmp_path), bot_factory=factory).continue_match()
    assert again.driver.settings.levels[2] == "normal"
    made.clear()
    same = Session(Storage(tmp_path), bot_factory=factory, seats={2: program}).continue_match()
    assert same.driver.settings.levels[2] == program and program in made


def test_the_seat_kinds_are_one_list_every_layer_takes():
    import bots
    from bots import external
    from game import storage
    from game.table import controllers

    assert tuple(bots.BOT_LEVELS) == seat_kinds.BOT_LEVELS
    assert external.EXTERNAL_PREFIX == controllers.EXTERNAL == seat_kinds.EXTERNAL
    for ruleset_id in BUILTIN_IDS:
        assert set(offered_levels(ruleset_id)) <= set(seat_kinds.BOT_LEVELS)
    assert storage.Settings.from_dict({"last_bots": ["expert", "human", "random", "hard"]}, "en").last_bots == [
        "expert", "human", "random", "hard"]
    from game.__main__ import parse_args
    assert parse_args(["--bot-level", "expert"]).bot_level == "expert"


def test_a_command_too_long_to_save_is_refused_on_the_command_line():
    from bots.external import parse_seat_spec

    with pytest.raises(ValueError):
        parse_seat_spec("1=external:" + "x" * (seat_kinds.MAX_COMMAND + 1))
    assert parse_seat_spec("1=external:python3 bot.py") == (1, "external:python3 bot.py")


def _save(tmp_path: Path) -> dict:
    Session(Storage(tmp_path)).start_match(MatchChoice("hebi-2010", ["human", "easy", "easy", "easy"], human=0,
                                                       seed=5))
    return json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
