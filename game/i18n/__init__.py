"""Translated user-interface text: ``tr("menu.new_match")``.

Each language is one TOML file beside this module (``en.toml``, ``zh.toml``) that reads as
one flat table of dotted keys; TOML sections are only a way to group them, so
``[menu] new_match = "..."`` and ``menu.new_match = "..."`` are the same key. Values are
``str.format`` templates: ``tr("table.level", rank="J")``.

Both tables must hold exactly the same keys with the same ``{params}`` (a test checks),
so no screen can ever show a raw key in one language only. Ruleset names and
descriptions are not here: they come with the ruleset data.

Refusals from the rules core arrive as a code and params (``follow.pair``,
``{"cards": ...}``); :func:`refusal` turns them into a sentence. The params are display
text already (for instance a suit name from ``tr("suit.H")``), never raw values.

>>> set_language("en")
>>> tr("table.level", rank="J")
'Level J'
>>> refusal("bury.count", n=8)
'Bury exactly 8 cards.'
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
import locale
import os
from pathlib import Path
import string
import tomllib

LANGUAGES: tuple[str, ...] = ("en", "zh")
"""Every language with a table, in the order a settings screen lists them."""

FALLBACK = "en"
_DIR = Path(__file__).resolve().parent
_current = FALLBACK


def table_path(language: str) -> Path:
    """The TOML file that holds ``language``'s strings."""
    _check(language)
    return _DIR / f"{language}.toml"


@cache
def table(language: str) -> Mapping[str, str]:
    """All strings of one language as a flat ``{dotted.key: template}`` mapping."""
    with table_path(language).open("rb") as f:
        data = tomllib.load(f)
    flat: dict[str, str] = {}
    _flatten(data, "", flat)
    return flat


def set_language(language: str) -> None:
    """Make ``language`` (``"en"`` or ``"zh"``) the one :func:`tr` uses."""
    global _current
    _check(language)
    _current = language


def get_language() -> str:
    """The language :func:`tr` uses now."""
    return _current


def default_language(locale_name: str | None = None) -> str:
    """``"zh"`` for a Chinese system locale (any ``zh*``), else ``"en"``.

    With no argument the system's locale is read from the usual environment variables,
    then from Python's locale module (which is how Windows and macOS report it).

    >>> default_language("zh_CN.UTF-8"), default_language("en_GB"), default_language("C")
    ('zh', 'en', 'en')
    """
    if locale_name is None:
        locale_name = _system_locale()
    name = locale_name.strip().lower()
    # Windows spells its locales out ("Chinese (Simplified)_China").
    return "zh" if name.startswith(("zh", "chinese")) else "en"


def tr(key: str, /, **params: object) -> str:
    """The text for ``key`` in the current language, formatted with ``params``.

    A key missing from the current table falls back to English, then to the key itself,
    and a missing param stays as ``{name}``: a gap in the tables must show up on screen
    as an odd word, not crash a match in progress.

    A count ``n`` of one reads from the ``<key>_one`` form when the tables have one ("1 card",
    not "1 cards").
    """
    if str(params.get("n")) == "1" and key + "_one" in table(_current):
        key += "_one"
    template = table(_current).get(key)
    if template is None:
        template = table(FALLBACK).get(key, key)
    return string.Formatter().vformat(template, (), _KeepMissing(params))


def refusal(code: str, /, **params: object) -> str:
    """The sentence for a rules-core refusal ``code`` (such as ``"follow.suit"``).

    A count of one reads from the ``<code>_one`` key when the tables have it ("1 card").
    """
    return tr(refusal_key(code, params, table(_current)), **params)


def refusal_key(code: str, params: Mapping[str, object], strings: Mapping[str, str]) -> str:
    """The table key for refusal ``code``: its singular form when ``n`` is one and one exists."""
    key = "refusal." + code
    if str(params.get("n")) == "1" and key + "_one" in strings:
        return key + "_one"
    return key


def params_of(template: str) -> frozenset[str]:
    """The ``{names}`` a template uses.

    >>> sorted(params_of("{cards} cost {penalty} points"))
    ['cards', 'penalty']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name is not None and name != "")


def _check(language: str) -> None:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")


def _flatten(node: Mapping[str, object], prefix: str, out: dict[str, str]) -> None:
    for name, value in node.items():
        key = prefix + name
        if isinstance(value, Mapping):
            _flatten(value, key + ".", out)
        elif isinstance(value, str):
            out[key] = value
        else:
            raise ValueError(f"i18n key {key!r} is {type(value).__name__}, not a string")


def _system_locale() -> str:
    # LANGUAGE, LC_ALL, LC_MESSAGES, LANG is the precedence gettext uses on Unix.
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return value.split(":")[0]
    try:
        name = locale.getlocale()[0]
    except ValueError:
        name = None
    return name or ""


class _KeepMissing(dict[str, object]):
    def __missing__(self, name: str) -> str:
        return "{" + name + "}"
