"""Rulesets as data (RULES.md tables; game/rulesets/*.toml)."""

import copy
import dataclasses
import tomllib

import pytest

from game.core.ruleset import (
    BUILTIN_IDS,
    RULESET_DIR,
    Overturn,
    Ruleset,
    RulesetError,
    Side,
    all_rulesets,
    get_ruleset,
    load_ruleset_file,
    parse_ruleset,
)
from tests.support import RULESET_IDS


def raw(rid="hebi-2010"):
    return tomllib.loads((RULESET_DIR / f"{rid}.toml").read_text(encoding="utf-8"))


def refused(data, field):
    with pytest.raises(RulesetError) as info:
        parse_ruleset(data, "custom.toml")
    message = str(info.value)
    assert field in message and "custom.toml" in message, message
    return message


# ------------------------------------------------------------------------------ loading


def test_all_three_load():
    assert tuple(r.id for r in all_rulesets()) == BUILTIN_IDS == RULESET_IDS


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_each_file_parses_to_the_cached_ruleset(rid):
    assert load_ruleset_file(RULESET_DIR / f"{rid}.toml") == get_ruleset(rid)
    assert get_ruleset(rid) is get_ruleset(rid)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_names_and_descriptions_in_english_and_chinese(rid):
    r = get_ruleset(rid)
    for table in (r.name, r.description):
        assert table["en"].strip() and table["zh"].strip()
    assert r.text(r.name, "fr") == r.name["en"]


@pytest.mark.parametrize(
    "rid,expected",
    [
        (
            "hebi-2010",
            dict(
                decks=2,
                kitty=8,
                declare_open="level-and-joker",
                overturn="pair-once",
                first_hand_overturn_takes_deal=True,
                defenders_after_deal=True,
                fallback="kitty-card",
                fallback_card=3,
                fallback_joker="skip",
                throw_penalty=10,
                kitty_multiplier="by-unit",
                step_per_deck=20,
                shutout=3,
                beyond="continue",
                dealer_keeps="same",
                bury_seconds=60,
                play_seconds=30,
                match_length="hands",
                match_options=(10, 16),
                match_score="level",
                tie="dealer-wins",
            ),
        ),
        (
            "lanzhou-2010",
            dict(
                decks=3,
                kitty=6,
                declare_open="level-card",
                overturn="one-change",
                first_hand_overturn_takes_deal=False,
                defenders_after_deal=False,
                fallback="kitty-card",
                fallback_card=3,
                fallback_joker="no-trump",
                throw_penalty=10,
                kitty_multiplier="by-unit",
                step_per_deck=20,
                shutout=3,
                beyond="continue",
                dealer_keeps="partner",
                bury_seconds=40,
                play_seconds=30,
                match_length="minutes",
                match_options=(60, 120),
                match_score="levels-gained",
                tie="extra-hand-by-lot",
                review_played=True,
            ),
        ),
        (
            "logistics-2015",
            dict(
                decks=1,
                kitty=6,
                declare_open="level-card",
                overturn="none",
                defenders_after_deal=False,
                fallback="redeal",
                throw_penalty=0,
                kitty_multiplier="fixed",
                kitty_multiplier_base=2,
                step_per_deck=40,
                shutout=2,
                beyond="cap",
                dealer_keeps="partner",
                match_length="minutes",
                match_options=(60,),
                match_score="level",
                tie="extra-hand",
            ),
        ),
    ],
)
def test_ruleset_fields_follow_rules_md(rid, expected):
    r = get_ruleset(rid)
    for name, value in expected.items():
        assert getattr(r, name) == value, name


def test_unknown_ruleset_is_refused_with_the_known_ones():
    with pytest.raises(RulesetError, match="hebi-2010"):
        get_ruleset("nowhere-1999")


def test_to_dict_and_back():
    r = get_ruleset("lanzhou-2010")
    assert Ruleset.from_dict(r.to_dict()) == r


# -------------------------------------------------------------------------- bad files


@pytest.mark.parametrize(
    "path,field",
    [
        (("id",), "id"),
        (("deal", "decks"), "deal.decks"),
        (("deal", "kitty"), "deal.kitty"),
        (("declare", "open"), "declare.open"),
        (("declare", "overturn"), "declare.overturn"),
        (("play", "throw_penalty"), "play.throw_penalty"),
        (("levels", "bands"), "levels.bands"),
        (("levels", "dealer_keeps"), "levels.dealer_keeps"),
        (("match", "tie"), "match.tie"),
        (("name",), "name"),
        (("clocks",), "clocks.bury_seconds"),
    ],
)
def test_a_missing_field_is_named(path, field):
    data = raw()
    node = data
    for part in path[:-1]:
        node = node[part]
    del node[path[-1]]
    message = refused(data, field)
    assert "missing" in message


@pytest.mark.parametrize(
    "section,key,value,field",
    [
        ("deal", "decks", "two", "deal.decks"),
        ("deal", "decks", True, "deal.decks"),
        ("deal", "kitty", 8.0, "deal.kitty"),
        ("declare", "first_hand_overturn_takes_deal", "yes", "declare.first_hand_overturn_takes_deal"),
        ("play", "throw_penalty", [10], "play.throw_penalty"),
        ("levels", "bands", "none", "levels.bands"),
        ("match", "options", 10, "match.options"),
    ],
)
def test_a_wrong_type_is_named(section, key, value, field):
    data = raw()
    data[section][key] = value
    refused(data, field)


@pytest.mark.parametrize(
    "section,key,value,field",
    [
        ("declare", "open", "joker-only", "declare.open"),
        ("declare", "overturn", "twice", "declare.overturn"),
        ("declare", "fallback", "random", "declare.fallback"),
        ("declare", "fallback_joker", "big", "declare.fallback_joker"),
        ("play", "kitty_multiplier", "double", "play.kitty_multiplier"),
        ("levels", "beyond", "wrap", "levels.beyond"),
        ("levels", "dealer_keeps", "left", "levels.dealer_keeps"),
        ("match", "length", "days", "match.length"),
        ("match", "score", "points", "match.score"),
        ("match", "tie", "coin", "match.tie"),
    ],
)
def test_a_bad_enum_value_is_named_with_the_choices(section, key, value, field):
    data = raw()
    data[section][key] = value
    message = refused(data, field)
    assert "must be one of" in message


@pytest.mark.parametrize("decks,kitty", [(2, 7), (2, 9), (1, 5), (3, 5), (2, 108), (2, -4)])
def test_a_kitty_that_does_not_divide_is_named(decks, kitty):
    data = raw()
    data["deal"]["decks"], data["deal"]["kitty"] = decks, kitty
    refused(data, "deal.kitty")


@pytest.mark.parametrize("decks", [0, 4])
def test_deck_count_must_be_one_to_three(decks):
    data = raw()
    data["deal"]["decks"] = decks
    refused(data, "deal.decks")


def test_bad_band_is_named_with_its_index():
    data = raw()
    data["levels"]["bands"][1] = {"side": "nobody", "levels": 1}
    refused(data, "levels.bands[1]")


def test_empty_language_table_is_named():
    data = raw()
    data["name"]["zh"] = "  "
    refused(data, "name.zh")


def test_fallback_card_beyond_the_kitty_is_named():
    data = raw()
    data["declare"]["fallback_card"] = 9
    refused(data, "fallback_card")


def test_bad_toml_file_names_the_file(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text("id = \n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"broken\.toml"):
        load_ruleset_file(path)


def test_a_file_with_a_missing_field_names_file_and_field(tmp_path):
    text = (RULESET_DIR / "hebi-2010.toml").read_text(encoding="utf-8")
    path = tmp_path / "mine.toml"
    path.write_text(text.replace("kitty = 8\n", ""), encoding="utf-8")
    with pytest.raises(RulesetError, match=r"mine\.toml.*deal\.kitty"):
        load_ruleset_file(path)


def test_missing_file_is_a_ruleset_error(tmp_path):
    with pytest.raises(RulesetError):
        load_ruleset_file(tmp_path / "absent.toml")


# ---------------------------------------------------------------------------- replace()


def test_replace_makes_a_validated_custom_copy():
    base = get_ruleset("lanzhou-2010")
    snapshot = copy.deepcopy(base.to_dict())
    custom = base.replace(decks=2, kitty=8)
    assert custom is not base and custom != base
    assert (custom.decks, custom.kitty, custom.hand_size, custom.step) == (2, 8, 25, 40)
    assert base.to_dict() == snapshot and get_ruleset("lanzhou-2010") is base


def test_replace_refuses_an_inconsistent_copy():
    with pytest.raises(RulesetError, match=r"deal\.kitty"):
        get_ruleset("hebi-2010").replace(kitty=7)
    with pytest.raises(RulesetError, match=r"deal\.decks"):
        get_ruleset("hebi-2010").replace(decks=5)


def test_replace_keeps_the_cache_clean():
    get_ruleset("hebi-2010").replace(throw_penalty=0)
    assert get_ruleset("hebi-2010").throw_penalty == 10


def test_rulesets_are_immutable():
    with pytest.raises(dataclasses.FrozenInstanceError):
        get_ruleset("hebi-2010").decks = 3


# ------------------------------------------------------------------------------ rule variants


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_rule_variants_load_as_enum_members_and_save_as_their_words(rid):
    from game.core.ruleset import FIELD_PATHS, VARIANTS

    r = get_ruleset(rid)
    saved = r.to_dict()
    for name, dotted in FIELD_PATHS.items():
        if dotted in VARIANTS:
            value = getattr(r, name)
            assert isinstance(value, VARIANTS[dotted]), name
            assert type(saved[name]) is str and saved[name] == value, name
    assert all(isinstance(b.side, Side) and type(s["side"]) is str for b, s in zip(r.bands, saved["bands"]))


@pytest.mark.parametrize(
    "field,word,dotted",
    [
        ("overturn", "sometimes", "declare.overturn"),
        ("tie", "coin-toss", "match.tie"),
        ("beyond", "Cap", "levels.beyond"),
    ],
)
def test_a_saved_ruleset_with_an_unknown_word_is_refused_by_name(field, word, dotted):
    data = get_ruleset("hebi-2010").to_dict()
    data[field] = word
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert dotted in str(info.value) and repr(word) in str(info.value)


@pytest.mark.parametrize(
    "change,named",
    [
        ({"decks": "2"}, "deal.decks"),
        ({"bands": [{"side": "attackers", "levels": 1}]}, "levels.bands[0]"),
        ({"colour": "red"}, "colour"),
        ({"source": 7}, "source"),
    ],
)
def test_a_saved_ruleset_is_checked_like_a_file(change, named):
    data = {**get_ruleset("lanzhou-2010").to_dict(), **change}
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert named in str(info.value)


def test_a_custom_copy_parses_its_words_and_refuses_unknown_ones():
    r = get_ruleset("hebi-2010").replace(overturn="none")
    assert r.overturn is Overturn.NONE
    with pytest.raises(RulesetError, match=r"declare\.overturn"):
        get_ruleset("hebi-2010").replace(overturn="nobody")
