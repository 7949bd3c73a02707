"""``game.app.session``: matches opened without any screen, and their typed errors."""

from __future__ import annotations

from pathlib import Path
import subprocess
import sys

import pytest

from game.app.session import (
    MatchChoice,
    NoSavedMatch,
    ProgramFailed,
    SaveFailed,
    Session,
    UnreadableSave,
)
from game.app.storage import Storage
from game.core import get_ruleset
from game.i18n import set_language
from tests.standin_bots import standin_factory

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def session(tmp_path, **options) -> Session:
    return Session(Storage(tmp_path), bot_factory=options.pop("bot_factory", standin_factory), **options)


def test_the_session_runs_without_pygame():
    code = "import sys, game.app.session; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_a_new_match_is_saved_at_once_and_continues_where_it_stopped(tmp_path):
    s = session(tmp_path)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, length=2, seed=5))
    assert started.viewer == 0 and not started.resumed and started.driver.settings.humans == (0,)
    assert s.storage.has_save()
    started.driver.run_until_wait()
    s.autosave(started.driver.save_data())
    again = session(tmp_path).continue_match()
    assert again.resumed and again.driver.hand.log == started.driver.hand.log


def test_continue_without_a_save(tmp_path):
    with pytest.raises(NoSavedMatch):
        session(tmp_path).continue_match()
    assert session(tmp_path).check_saved_match() is False


@pytest.mark.parametrize(
    "content, words", [("{not json", "damaged"), ('{"match": {"version": 9}, "table": {}}', "newer version")]
)
def test_an_unreadable_save_is_a_typed_error_and_can_be_set_aside(tmp_path, content, words):
    s = session(tmp_path)
    s.storage.save_path.write_text(content, encoding="utf-8")
    with pytest.raises(UnreadableSave) as caught:
        s.check_saved_match()
    assert words in str(caught.value)
    message = s.set_aside(caught.value)
    assert "match.json.broken-" in message and not s.storage.has_save()


def test_a_deal_again_is_never_saved_over_the_match(tmp_path):
    s = session(tmp_path)
    match = s.start_match(MatchChoice("logistics-2015", ["normal"] * 4, human=0, seed=3)).driver
    before = s.storage.save_path.read_bytes()
    hand = match.hand
    again = s.deal_again(hand.ruleset, hand.setup, 2, match.settings).driver
    assert again.settings.deal_only and again.settings.humans == (2,)
    again.run_until_wait()
    s.autosave(again.save_data())
    assert s.storage.save_path.read_bytes() == before


def test_an_outside_program_that_cannot_start_is_a_notice_and_normal_plays(tmp_path):
    def factory(level, seat, rng, ruleset, **options):
        if str(level).startswith("external:"):
            raise ValueError("no such program")
        return standin_factory(level, seat, rng, ruleset)

    s = session(tmp_path, bot_factory=factory, seats={3: "external:/no/such/program"})
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, seed=2))
    assert [type(n) for n in started.notices] == [ProgramFailed] and started.notices[0].seat == 3
    assert "no such program" in str(started.notices[0])
    assert started.driver.controllers[3].level == "normal"


def test_a_failed_save_is_reported(tmp_path):
    reported = []
    s = session(tmp_path, report=reported.append)
    (tmp_path / "match.json").mkdir()  # a folder where the file should go: writing fails
    with pytest.raises(SaveFailed):
        s.autosave({"match": {}, "table": {}})
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, seed=2))
    assert started.driver is not None and reported and isinstance(reported[0], SaveFailed)


def test_autoplay_is_bots_only_and_not_saved(tmp_path):
    s = session(tmp_path, autoplay=True)
    started = s.autoplay_match("lanzhou-2010", 7, "easy")
    assert started.viewer is None and started.driver.match.length == get_ruleset("lanzhou-2010").match_options[0]
    assert not s.storage.has_save()
