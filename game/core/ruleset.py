"""Rulesets as data: one TOML file per tournament regulation.

Loading validates every field and names the field that is wrong, so a hand-edited custom
ruleset fails with a message a player can act on. ``Ruleset.replace`` makes a custom copy.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
import tomllib
from typing import Any

RULESET_DIR = Path(__file__).resolve().parent.parent / "rulesets"
BUILTIN_IDS = ("hebi-2010", "lanzhou-2010", "logistics-2015")


class RulesetError(ValueError):
    """A ruleset file is missing a field or has a value the rules cannot use."""


@dataclass(frozen=True)
class Band:
    side: str  # "dealers" or "defenders"
    levels: int


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: dict[str, str]
    description: dict[str, str]
    decks: int
    kitty: int
    declare_open: str
    overturn: str
    first_hand_overturn_takes_deal: bool
    defenders_after_deal: bool
    fallback: str
    fallback_card: int
    fallback_joker: str
    throw_penalty: int
    kitty_multiplier: str
    kitty_multiplier_base: int
    step_per_deck: int
    shutout: int
    bands: tuple[Band, ...]
    beyond: str
    dealer_keeps: str
    win_past_ace: bool
    bury_seconds: int
    play_seconds: int
    match_length: str
    match_options: tuple[int, ...]
    match_score: str
    tie: str
    # May a player look back at finished tricks during the hand (RULES.md §10)? A default
    # so that saves written before the field existed still load.
    review_played: bool = True
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def hand_size(self) -> int:
        return (54 * self.decks - self.kitty) // 4

    @property
    def step(self) -> int:
        """Points per settlement band (RULES.md §9)."""
        return self.step_per_deck * self.decks

    @property
    def total_points(self) -> int:
        return 100 * self.decks

    def text(self, table: dict[str, str], lang: str) -> str:
        return table.get(lang) or table.get("en") or next(iter(table.values()))

    def replace(self, **changes: Any) -> Ruleset:
        """A custom copy with fields changed, validated like a file."""
        custom = replace(self, **changes)
        _check_consistency(custom)
        return custom

    def to_dict(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        data["bands"] = [{"side": b.side, "levels": b.levels} for b in self.bands]
        data["match_options"] = list(self.match_options)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        data = dict(data)
        data["bands"] = tuple(Band(**b) for b in data["bands"])
        data["match_options"] = tuple(data["match_options"])
        ruleset = cls(**data)
        _check_consistency(ruleset)
        return ruleset


_CHOICES = {
    "declare.open": ("level-and-joker", "level-card"),
    "declare.overturn": ("pair-once", "one-change", "none"),
    "declare.fallback": ("kitty-card", "redeal"),
    "declare.fallback_joker": ("skip", "no-trump"),
    "play.kitty_multiplier": ("by-unit", "fixed"),
    "levels.beyond": ("continue", "cap"),
    "levels.dealer_keeps": ("same", "partner"),
    "match.length": ("hands", "minutes"),
    "match.score": ("level", "levels-gained"),
    "match.tie": ("dealer-wins", "extra-hand", "extra-hand-by-lot"),
}


def _get(data: dict[str, Any], dotted: str, kind: type, source: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise RulesetError(f"{source}: the field '{dotted}' is missing")
        node = node[part]
    if (kind is int and isinstance(node, bool)) or not isinstance(node, kind):
        raise RulesetError(f"{source}: the field '{dotted}' must be {_KIND_NAMES[kind]}, not {node!r}")
    if dotted in _CHOICES and node not in _CHOICES[dotted]:
        allowed = ", ".join(repr(c) for c in _CHOICES[dotted])
        raise RulesetError(f"{source}: the field '{dotted}' is {node!r}; it must be one of {allowed}")
    return node


_KIND_NAMES = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a table"}


def _languages(data: dict[str, Any], dotted: str, source: str) -> dict[str, str]:
    table = _get(data, dotted, dict, source)
    for lang in ("en", "zh"):
        if not isinstance(table.get(lang), str) or not table[lang].strip():
            raise RulesetError(f"{source}: the field '{dotted}.{lang}' is missing or empty")
    return dict(table)


def parse_ruleset(data: dict[str, Any], source: str = "ruleset") -> Ruleset:
    """Build a validated ``Ruleset`` from parsed TOML."""

    def g(dotted: str, kind: type) -> Any:
        return _get(data, dotted, kind, source)
    bands = []
    for i, band in enumerate(g("levels.bands", list)):
        where = f"levels.bands[{i}]"
        if not isinstance(band, dict) or band.get("side") not in ("dealers", "defenders") \
                or not isinstance(band.get("levels"), int) or isinstance(band.get("levels"), bool) \
                or band["levels"] < 0:
            raise RulesetError(f"{source}: the field '{where}' must be {{ side = \"dealers\" or "
                               f"\"defenders\", levels = a whole number >= 0 }}")
        bands.append(Band(band["side"], band["levels"]))
    options = g("match.options", list)
    if not options or not all(isinstance(o, int) and not isinstance(o, bool) and o > 0 for o in options):
        raise RulesetError(f"{source}: the field 'match.options' must list positive whole numbers")
    ruleset = Ruleset(
        id=g("id", str),
        source=data.get("source", ""),
        name=_languages(data, "name", source),
        description=_languages(data, "description", source),
        decks=g("deal.decks", int),
        kitty=g("deal.kitty", int),
        declare_open=g("declare.open", str),
        overturn=g("declare.overturn", str),
        first_hand_overturn_takes_deal=g("declare.first_hand_overturn_takes_deal", bool),
        defenders_after_deal=g("declare.defenders_after_deal", bool),
        fallback=g("declare.fallback", str),
        fallback_card=g("declare.fallback_card", int),
        fallback_joker=g("declare.fallback_joker", str),
        throw_penalty=g("play.throw_penalty", int),
        kitty_multiplier=g("play.kitty_multiplier", str),
        kitty_multiplier_base=g("play.kitty_multiplier_base", int),
        step_per_deck=g("levels.step_per_deck", int),
        shutout=g("levels.shutout", int),
        bands=tuple(bands),
        beyond=g("levels.beyond", str),
        dealer_keeps=g("levels.dealer_keeps", str),
        win_past_ace=g("levels.win_past_ace", bool),
        bury_seconds=g("clocks.bury_seconds", int),
        play_seconds=g("clocks.play_seconds", int),
        match_length=g("match.length", str),
        match_options=tuple(options),
        match_score=g("match.score", str),
        tie=g("match.tie", str),
        review_played=g("play.review_played", bool),
    )
    try:
        _check_consistency(ruleset)
    except RulesetError as e:
        raise RulesetError(f"{source}: {e}") from None
    return ruleset


def _check_consistency(r: Ruleset) -> None:
    if not 1 <= r.decks <= 3:
        raise RulesetError(f"the field 'deal.decks' must be 1, 2 or 3, not {r.decks}")
    if r.kitty < 0 or (54 * r.decks - r.kitty) % 4 or r.kitty >= 54 * r.decks:
        raise RulesetError(f"the field 'deal.kitty' ({r.kitty}) must leave a number of cards "
                           f"that divides evenly among four players")
    if r.fallback == "kitty-card" and not 1 <= r.fallback_card <= r.kitty:
        raise RulesetError(f"the field 'declare.fallback_card' must be between 1 and the kitty size {r.kitty}")
    for name in ("throw_penalty", "kitty_multiplier_base", "step_per_deck", "shutout",
                 "bury_seconds", "play_seconds"):
        if getattr(r, name) < 0:
            raise RulesetError(f"the field '{name}' must not be negative")
    if r.step_per_deck == 0:
        raise RulesetError("the field 'levels.step_per_deck' must be above 0")
    if not r.bands:
        raise RulesetError("the field 'levels.bands' must have at least one band")


def load_ruleset_file(path: str | Path) -> Ruleset:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise RulesetError(f"{path.name}: cannot be read ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{path.name}: is not valid TOML ({e})") from None
    return parse_ruleset(data, path.name)


_CACHE: dict[str, Ruleset] = {}


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A built-in ruleset by id (``hebi-2010``, ``lanzhou-2010``, ``logistics-2015``)."""
    if ruleset_id not in _CACHE:
        if ruleset_id not in BUILTIN_IDS:
            known = ", ".join(BUILTIN_IDS)
            raise RulesetError(f"'{ruleset_id}' is not a known ruleset (known: {known})")
        _CACHE[ruleset_id] = load_ruleset_file(RULESET_DIR / f"{ruleset_id}.toml")
    return _CACHE[ruleset_id]


def all_rulesets() -> list[Ruleset]:
    return [get_ruleset(i) for i in BUILTIN_IDS]
