"""The translation tables and tr()."""

import doctest

import pytest

import game.i18n as i18n
from game.i18n import LANGUAGES, default_language, params_of, refusal, set_language, table, tr

REFUSALS = {
    "follow.count": {"n"},
    "follow.suit": {"suit"},
    "follow.tractor": {"cards"},
    "follow.pair": {"cards"},
    "follow.tractor_pairs": {"cards"},
    "follow.pairs": {"cards"},
    "follow.count_one": {"n"},
    "follow.not_held": set(),
    "lead.mixed": set(),
    "lead.empty": set(),
    "throw.failed": {"cards", "penalty"},
    "declare.invalid": set(),
    "bury.count": {"n"},
}


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_tables_have_the_same_keys():
    en, zh = table("en"), table("zh")
    assert sorted(set(en) - set(zh)) == []
    assert sorted(set(zh) - set(en)) == []


def test_tables_have_the_same_params_per_key():
    en, zh = table("en"), table("zh")
    mismatched = {k: (params_of(en[k]), params_of(zh[k])) for k in en if params_of(en[k]) != params_of(zh[k])}
    assert mismatched == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_empty_or_untranslated_strings(language):
    assert all(v.strip() for v in table(language).values())
    if language == "zh":
        # Sentences left in English would be a missed translation; names may stay Latin.
        latin_only = [
            k
            for k, v in table("zh").items()
            if v.isascii() and any(c.isalpha() for c in v) and not k.startswith("language.")
        ]
        assert latin_only == []


@pytest.mark.parametrize("code, params", REFUSALS.items())
def test_every_refusal_code_is_there_with_its_params(code, params):
    for language in LANGUAGES:
        assert params_of(table(language)["refusal." + code]) == params


def test_the_strings_a_full_game_needs_are_seeded():
    needed = [
        "menu.new_match",
        "menu.continue",
        "menu.settings",
        "menu.rules",
        "menu.quit",
        "table.dealer",
        "table.trump",
        "table.no_trump",
        "table.level",
        "table.points",
        "team.dealers",
        "team.defenders",
        "seat.east",
        "seat.south",
        "seat.west",
        "seat.north",
        "button.play",
        "button.hint",
        "button.bury",
        "button.declare",
        "button.pass",
        "button.continue",
        "button.undo",
        "hand_end.title",
        "match_end.title",
        "settings.language",
        "settings.animation_speed",
        "settings.sound",
        "settings.card_back",
    ]
    assert [k for k in needed if k not in table("en")] == []


def test_tr_formats_in_the_current_language():
    set_language("en")
    assert tr("table.level", rank="J") == "Level J"
    set_language("zh")
    assert i18n.get_language() == "zh"
    assert tr("table.level", rank="J") == "打 J"
    assert tr("seat.east") == "东"
    assert refusal("follow.pair", cards="♥Q♥Q") == "你手里有♥Q♥Q：首家出了对子，你必须跟对子。"


def test_refusal_reads_naturally_in_english():
    set_language("en")
    assert refusal("follow.tractor", cards="♠K♠K♠Q♠Q") == (
        "You hold ♠K♠K♠Q♠Q: a tractor was led, so you must play a tractor."
    )
    assert refusal("throw.failed", cards="♣K", penalty=20).endswith("Penalty: 20 points.")


def test_gaps_degrade_gracefully():
    assert tr("no.such.key") == "no.such.key"
    assert tr("table.level") == "Level {rank}"


def test_unknown_language_is_refused():
    with pytest.raises(ValueError, match="unknown language"):
        set_language("fr")


@pytest.mark.parametrize(
    "name, expected",
    [
        ("zh_CN.UTF-8", "zh"),
        ("zh_TW", "zh"),
        ("ZH", "zh"),
        ("Chinese (Simplified)_China", "zh"),
        ("en_US.UTF-8", "en"),
        ("de_DE", "en"),
        ("C", "en"),
        ("", "en"),
    ],
)
def test_default_language(name, expected):
    assert default_language(name) == expected


def test_default_language_reads_the_environment(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert default_language() == "zh"
    monkeypatch.setenv("LANGUAGE", "en_GB:zh_CN")
    assert default_language() == "en"


def test_doctests():
    assert doctest.testmod(i18n).failed == 0
