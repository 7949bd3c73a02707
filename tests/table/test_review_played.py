"""Reviewing played cards (RULES.md §10): a ruleset field, obeyed by the tournament table."""

import tomllib

import pytest

from game.core import Match, get_ruleset
from game.core.ruleset import RULESET_DIR, RulesetError, parse_ruleset
from game.table import PRACTICE, TOURNAMENT, TableDriver, TableSettings, make_controllers
from tests.standin_bots import standin_factory


@pytest.mark.parametrize(
    "ruleset_id, allowed", [("hebi-2010", False), ("lanzhou-2010", True), ("logistics-2015", False)]
)
def test_each_ruleset_says_whether_played_cards_may_be_reviewed(ruleset_id, allowed):
    assert get_ruleset(ruleset_id).review_played is allowed
    match = Match(get_ruleset(ruleset_id), 1, None)
    controllers = make_controllers([0], ["normal"] * 4, match.ruleset, 1, standin_factory, threaded=False)
    tournament = TableDriver(match, controllers, TableSettings(mode=TOURNAMENT)).aids
    assert tournament.last_trick is allowed and tournament.history is allowed
    practice = TableDriver(match, controllers, TableSettings(mode=PRACTICE)).aids
    assert practice.last_trick and practice.history  # practice always offers them


def test_the_field_is_validated_by_name():
    data = tomllib.loads((RULESET_DIR / "hebi-2010.toml").read_text(encoding="utf-8"))
    data["play"]["review_played"] = "no"
    with pytest.raises(RulesetError, match=r"play\.review_played"):
        parse_ruleset(data, "custom.toml")
    del data["play"]["review_played"]
    with pytest.raises(RulesetError, match=r"play\.review_played"):
        parse_ruleset(data, "custom.toml")


def test_a_save_from_before_the_field_still_loads():
    data = get_ruleset("hebi-2010").to_dict()
    del data["review_played"]
    from game.core import Ruleset

    assert Ruleset.from_dict(data).review_played is True
