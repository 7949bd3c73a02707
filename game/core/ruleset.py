"""Rulesets as data: one TOML file per tournament regulation.

Loading validates every field and names the field that is wrong, so a hand-edited custom
ruleset fails with a message a player can act on. ``Ruleset.replace`` makes a custom copy.

A rule variant is a word in the file (``overturn = "pair-once"``) and a ``StrEnum`` member
once loaded (``Overturn.PAIR_ONCE``): the rules compare members, so a misspelt variant is a
load error, never a comparison that is silently false. A member equals its word, so saves,
the bot protocol and the screens keep reading and writing the words.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from pathlib import Path
import tomllib
from typing import Any, TypeVar

RULESET_DIR = Path(__file__).resolve().parent.parent / "rulesets"
BUILTIN_IDS = ("hebi-2010", "lanzhou-2010", "logistics-2015")


class RulesetError(ValueError):
    """A ruleset file is missing a field or has a value the rules cannot use."""


class DeclareOpen(StrEnum):
    """What opens the bidding (RULES.md §8)."""

    LEVEL_AND_JOKER = "level-and-joker"  # a level card with a joker: big with red, small with black
    LEVEL_CARD = "level-card"  # one level card; a pair shown at once protects (自保)


class Overturn(StrEnum):
    """Who may change the trump once it is declared (RULES.md §8)."""

    PAIR_ONCE = "pair-once"  # one overturn by a pair, never by the player overturned
    ONE_CHANGE = "one-change"  # exactly one overturn or self-protection
    NONE = "none"  # the first declaration closes the bidding


class Fallback(StrEnum):
    """What happens after a deal nobody declared in."""

    KITTY_CARD = "kitty-card"  # the suit of the kitty's Nth card is trump
    REDEAL = "redeal"  # the hand is dealt again


class FallbackJoker(StrEnum):
    """A joker at the kitty card's place."""

    SKIP = "skip"  # look at the next card
    NO_TRUMP = "no-trump"


class KittyMultiplier(StrEnum):
    """How a dug kitty's points are multiplied (RULES.md §7)."""

    BY_UNIT = "by-unit"  # by the last trick's largest unit: single x2, pair x4 ...
    FIXED = "fixed"  # always ``kitty_multiplier_base``


class Side(StrEnum):
    """A team's role in a hand: it deals, or it defends and collects points."""

    DEALERS = "dealers"
    DEFENDERS = "defenders"


class Beyond(StrEnum):
    """Steps beyond the last settlement band."""

    CONTINUE = "continue"  # each further step adds a level for the last band's side
    CAP = "cap"  # it stays at the last band


class DealerKeeps(StrEnum):
    """Who deals next when the dealer side keeps the deal."""

    SAME = "same"
    PARTNER = "partner"


class MatchLength(StrEnum):
    HANDS = "hands"  # a fixed number of hands
    MINUTES = "minutes"  # a match clock


class MatchScore(StrEnum):
    LEVEL = "level"  # the higher level reached wins
    LEVELS_GAINED = "levels-gained"  # one point per level gained


class Tie(StrEnum):
    """What decides a match whose teams are level at the end."""

    DEALER_WINS = "dealer-wins"
    EXTRA_HAND = "extra-hand"
    EXTRA_HAND_BY_LOT = "extra-hand-by-lot"  # one more hand, its dealer drawn by lot


@dataclass(frozen=True)
class Band:
    side: Side
    levels: int


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: dict[str, str]
    description: dict[str, str]
    decks: int
    kitty: int
    declare_open: DeclareOpen
    overturn: Overturn
    first_hand_overturn_takes_deal: bool
    defenders_after_deal: bool
    fallback: Fallback
    fallback_card: int
    fallback_joker: FallbackJoker
    throw_penalty: int
    kitty_multiplier: KittyMultiplier
    kitty_multiplier_base: int
    step_per_deck: int
    shutout: int
    bands: tuple[Band, ...]
    beyond: Beyond
    dealer_keeps: DealerKeeps
    win_past_ace: bool
    bury_seconds: int
    play_seconds: int
    match_length: MatchLength
    match_options: tuple[int, ...]
    match_score: MatchScore
    tie: Tie
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
        for name, value in changes.items():
            dotted = FIELD_PATHS.get(name, name)
            if dotted in VARIANTS:
                changes[name] = parse_variant(VARIANTS[dotted], value, dotted, "the custom ruleset")
        custom = replace(self, **changes)
        _check_consistency(custom)
        return custom

    def to_dict(self) -> dict[str, Any]:
        """The saved form: flat fields, rule variants as their words."""
        data = {f.name: _plain(getattr(self, f.name)) for f in fields(self) if f.name != "extra"}
        data["bands"] = [{"side": str(b.side), "levels": b.levels} for b in self.bands]
        data["match_options"] = list(self.match_options)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any], source: str = "the saved ruleset") -> Ruleset:
        """``to_dict`` read back, checked by the file loader's rules (``parse_ruleset``): a
        save names the same fields and words as a file, so it is refused for the same reasons
        with the same messages."""
        if not isinstance(data, dict):
            raise RulesetError(f"{source}: a ruleset must be a table, not {type(data).__name__}")
        unknown = sorted(set(data) - set(FIELD_PATHS) - {"source"})
        if unknown:
            raise RulesetError(f"{source}: the field '{unknown[0]}' is not a ruleset field")
        nested: dict[str, Any] = {"source": data.get("source", "")}
        for name, dotted in FIELD_PATHS.items():
            if name in data:
                node = nested
                *parents, last = dotted.split(".")
                for part in parents:
                    node = node.setdefault(part, {})
                node[last] = data[name]
        # Saves written before the field existed read as the dataclass default.
        nested.setdefault("play", {}).setdefault("review_played", True)
        return parse_ruleset(nested, source)


def _plain(value: Any) -> Any:
    return value.value if isinstance(value, StrEnum) else value


#: Each field of ``Ruleset.to_dict`` and where the same value sits in a ruleset file.
FIELD_PATHS = {
    "id": "id",
    "name": "name",
    "description": "description",
    "decks": "deal.decks",
    "kitty": "deal.kitty",
    "declare_open": "declare.open",
    "overturn": "declare.overturn",
    "first_hand_overturn_takes_deal": "declare.first_hand_overturn_takes_deal",
    "defenders_after_deal": "declare.defenders_after_deal",
    "fallback": "declare.fallback",
    "fallback_card": "declare.fallback_card",
    "fallback_joker": "declare.fallback_joker",
    "throw_penalty": "play.throw_penalty",
    "kitty_multiplier": "play.kitty_multiplier",
    "kitty_multiplier_base": "play.kitty_multiplier_base",
    "step_per_deck": "levels.step_per_deck",
    "shutout": "levels.shutout",
    "bands": "levels.bands",
    "beyond": "levels.beyond",
    "dealer_keeps": "levels.dealer_keeps",
    "win_past_ace": "levels.win_past_ace",
    "bury_seconds": "clocks.bury_seconds",
    "play_seconds": "clocks.play_seconds",
    "match_length": "match.length",
    "match_options": "match.options",
    "match_score": "match.score",
    "tie": "match.tie",
    "review_played": "play.review_played",
}

#: The file's words for each rule variant: the enum that parses them.
VARIANTS: dict[str, type[StrEnum]] = {
    "declare.open": DeclareOpen,
    "declare.overturn": Overturn,
    "declare.fallback": Fallback,
    "declare.fallback_joker": FallbackJoker,
    "play.kitty_multiplier": KittyMultiplier,
    "levels.beyond": Beyond,
    "levels.dealer_keeps": DealerKeeps,
    "match.length": MatchLength,
    "match.score": MatchScore,
    "match.tie": Tie,
}

_E = TypeVar("_E", bound=StrEnum)


def parse_variant(kind: type[_E], word: object, dotted: str, source: str) -> _E:
    """The member of ``kind`` a file's word names; a ``RulesetError`` listing the words
    otherwise."""
    for member in kind:
        if member.value == word:
            return member
    allowed = ", ".join(repr(m.value) for m in kind)
    raise RulesetError(f"{source}: the field '{dotted}' is {word!r}; it must be one of {allowed}")


def _get(data: dict[str, Any], dotted: str, kind: type, source: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, dict) or part not in node:
            raise RulesetError(f"{source}: the field '{dotted}' is missing")
        node = node[part]
    if (kind is int and isinstance(node, bool)) or not isinstance(node, kind):
        raise RulesetError(f"{source}: the field '{dotted}' must be {_KIND_NAMES[kind]}, not {node!r}")
    if dotted in VARIANTS:
        return parse_variant(VARIANTS[dotted], node, dotted, source)
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
        if (
            not isinstance(band, dict)
            or band.get("side") not in tuple(Side)
            or not isinstance(band.get("levels"), int)
            or isinstance(band.get("levels"), bool)
            or band["levels"] < 0
        ):
            raise RulesetError(
                f"{source}: the field '{where}' must be {{ side = \"dealers\" or "
                f'"defenders", levels = a whole number >= 0 }}'
            )
        bands.append(Band(Side(band["side"]), band["levels"]))
    options = g("match.options", list)
    if not options or not all(isinstance(o, int) and not isinstance(o, bool) and o > 0 for o in options):
        raise RulesetError(f"{source}: the field 'match.options' must list positive whole numbers")
    ruleset = Ruleset(
        id=g("id", str),
        source=_source(data, source),
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


def _source(data: dict[str, Any], where: str) -> str:
    value = data.get("source", "")
    if not isinstance(value, str):
        raise RulesetError(f"{where}: the field 'source' must be text, not {value!r}")
    return value


def _check_consistency(r: Ruleset) -> None:
    if not 1 <= r.decks <= 3:
        raise RulesetError(f"the field 'deal.decks' must be 1, 2 or 3, not {r.decks}")
    if r.kitty < 0 or (54 * r.decks - r.kitty) % 4 or r.kitty >= 54 * r.decks:
        raise RulesetError(
            f"the field 'deal.kitty' ({r.kitty}) must leave a number of cards that divides evenly among four players"
        )
    if r.fallback == Fallback.KITTY_CARD and not 1 <= r.fallback_card <= r.kitty:
        raise RulesetError(f"the field 'declare.fallback_card' must be between 1 and the kitty size {r.kitty}")
    for name in ("throw_penalty", "kitty_multiplier_base", "step_per_deck", "shutout", "bury_seconds", "play_seconds"):
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
