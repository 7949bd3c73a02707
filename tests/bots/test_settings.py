"""The searching levels' settings are one frozen value each; a wrong key is an error."""

from dataclasses import FrozenInstanceError, replace
import random

import pytest

from bots import EXPERT, HARD, make_bot
from bots.hard import HardBot
from bots.settings import HARD_CUT, SETTING_NAMES, configured
from game.core import get_ruleset

RULESET = get_ruleset("hebi-2010")


def test_a_misspelt_search_setting_is_an_error_naming_the_known_ones():
    with pytest.raises(ValueError, match="stear_steps") as err:
        make_bot("hard", 0, random.Random(0), RULESET, stear_steps=0)
    assert "steer_steps" in str(err.value) and "samples" in str(err.value)
    with pytest.raises(ValueError, match="stear_steps"):
        configured(HARD, {"stear_steps": 0})


def test_levels_without_a_search_take_no_settings():
    for level in ("random", "easy", "normal"):
        with pytest.raises(ValueError, match=level):
            make_bot(level, 0, random.Random(0), RULESET, samples=4)
    with pytest.raises(TypeError):
        HardBot(0, random.Random(0), RULESET, think_ms=None)  # type: ignore[call-arg]


def test_a_setting_of_the_wrong_kind_is_an_error():
    with pytest.raises(ValueError, match="samples"):
        configured(HARD, {"samples": "4"})
    with pytest.raises(ValueError, match="samples"):
        configured(HARD, {"samples": 0})
    with pytest.raises(ValueError, match="sort_worlds"):
        configured(HARD, {"sort_worlds": 1})
    assert configured(HARD, {"z": 1, "think_ms": None}).z == 1


def test_settings_are_frozen_values_and_expert_is_hard_changed():
    with pytest.raises(FrozenInstanceError):
        HARD.samples = 3  # type: ignore[misc]
    changed = {name for name in SETTING_NAMES if getattr(HARD, name) != getattr(EXPERT, name)}
    # learned_rules: on two and three decks ``expert`` has not been measured with them.
    assert changed == {
        "think_ms",
        "max_candidates",
        "steer_steps",
        "window",
        "steer_patience",
        "steer_share",
        "learned_rules",
    }
    assert replace(HARD, **{name: getattr(EXPERT, name) for name in changed}) == EXPERT


def test_make_bot_maps_options_onto_the_levels_settings():
    hard = make_bot("hard", 0, random.Random(0), RULESET, samples=4)
    assert isinstance(hard, HardBot)
    assert hard.settings == replace(HARD_CUT, think_ms=None, samples=4)  # hebi-2010: two decks
    timed = make_bot("hard", 0, random.Random(0), RULESET, think_ms=50, samples=4)
    assert isinstance(timed, HardBot) and timed.settings.think_ms == 50
    expert = make_bot("expert", 0, random.Random(0), RULESET, think_ms=50)  # hard's budget
    assert isinstance(expert, HardBot) and expert.settings == EXPERT
    told = make_bot("expert", 0, random.Random(0), RULESET, expert_ms=700, window=3)
    assert isinstance(told, HardBot)
    assert told.settings == replace(EXPERT, think_ms=700, window=3)
