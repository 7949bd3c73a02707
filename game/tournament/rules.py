"""A ruleset's competition as data: the ``[tournament]`` table of its TOML file.

The match rules stay in ``game.core.ruleset``; this module reads only the ``[tournament]``
table (RULES.md §11) and validates it field by field, naming the field that is wrong, the
way the ruleset loader does. The table is kept with a saved event (``to_dict``), so an event
goes on with the rules it began with even if the file changes.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
import tomllib
from typing import Any

from game.core import BUILTIN_IDS, RULESET_DIR

FORMATS = ("knockout", "groups", "duplicate", "duplicate-groups")
THIRD_PLACES = ("joint", "match")


class TournamentRulesError(ValueError):
    """A ``[tournament]`` table is missing a field or has a value an event cannot use."""


@dataclass(frozen=True)
class TournamentRules:
    """How a regulation runs its competition (RULES.md §11)."""

    format: str  # the regulation's own format
    formats: tuple[str, ...]  # every format an event of this ruleset may use
    third_place: str  # "joint": both losing semi-finalists third; "match": they play for it
    draw_seats: bool  # seats drawn by lot at every match (hebi's 抽签决定座次)
    prizes: int  # places that take a prize (1st, 2nd, 3rd …)
    merit_award: bool  # every other team gets a merit award (hebi's 优胜奖)
    preliminary: int  # a preliminary match's length, in the ruleset's match unit
    final: int  # the final's length
    group_size: int
    win_points: int
    loss_points: int
    # The notional clock of a bots-only table (docs/tournaments.md): seconds a hand costs.
    seconds_per_play: float
    seconds_per_bury: float
    seconds_per_deal: float

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["formats"] = list(self.formats)
        return data

    @classmethod
    def from_dict(cls, data: Any, source: str = "the saved tournament rules") -> TournamentRules:
        if not isinstance(data, dict):
            raise TournamentRulesError(f"{source}: must be a table")
        return parse_tournament({"tournament": data}, source)


_KINDS: dict[str, tuple[type, ...]] = {
    "format": (str,),
    "formats": (list,),
    "third_place": (str,),
    "draw_seats": (bool,),
    "prizes": (int,),
    "merit_award": (bool,),
    "preliminary": (int,),
    "final": (int,),
    "group_size": (int,),
    "win_points": (int,),
    "loss_points": (int,),
    "seconds_per_play": (int, float),
    "seconds_per_bury": (int, float),
    "seconds_per_deal": (int, float),
}
_NAMES = {str: "text", list: "a list", bool: "true or false", int: "a whole number", float: "a number"}


def parse_tournament(data: dict[str, Any], source: str = "ruleset") -> TournamentRules:
    """The validated ``[tournament]`` table of a parsed ruleset file."""
    table = data.get("tournament")
    if not isinstance(table, dict):
        raise TournamentRulesError(f"{source}: the table '[tournament]' is missing")
    unknown = sorted(set(table) - set(_KINDS))
    if unknown:
        raise TournamentRulesError(f"{source}: the field 'tournament.{unknown[0]}' is not known")
    values: dict[str, Any] = {}
    for name, kinds in _KINDS.items():
        if name not in table:
            raise TournamentRulesError(f"{source}: the field 'tournament.{name}' is missing")
        value = table[name]
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            raise TournamentRulesError(
                f"{source}: the field 'tournament.{name}' must be {_NAMES[kinds[0]]}, not {value!r}"
            )
        values[name] = value

    def fail(name: str, why: str) -> None:
        raise TournamentRulesError(f"{source}: the field 'tournament.{name}' {why}")

    formats = values["formats"]
    if not formats or not all(f in FORMATS for f in formats) or len(set(formats)) != len(formats):
        fail("formats", f"must list formats among {', '.join(FORMATS)}, each once")
    if values["format"] not in formats:
        fail("format", f"is {values['format']!r}; it must be one of 'tournament.formats'")
    if values["third_place"] not in THIRD_PLACES:
        fail("third_place", f"is {values['third_place']!r}; it must be 'joint' or 'match'")
    for name, low, high in (
        ("prizes", 1, 4),
        ("preliminary", 1, 10_000),
        ("final", 1, 10_000),
        ("group_size", 3, 5),
        ("win_points", 1, 100),
        ("loss_points", 0, 100),
    ):
        if not low <= values[name] <= high:
            fail(name, f"must be between {low} and {high}, not {values[name]}")
    if values["loss_points"] >= values["win_points"]:
        fail("loss_points", "must be below 'tournament.win_points'")
    for name in ("seconds_per_play", "seconds_per_bury", "seconds_per_deal"):
        if not 0 <= values[name] <= 3600:
            fail(name, f"must be between 0 and 3600, not {values[name]}")
    if values["seconds_per_play"] <= 0:
        fail("seconds_per_play", "must be above 0 (a timed match must end)")
    values["formats"] = tuple(formats)
    for name in ("seconds_per_play", "seconds_per_bury", "seconds_per_deal"):
        values[name] = float(values[name])
    return TournamentRules(**values)


def load_tournament_file(path: str | Path) -> TournamentRules:
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        raise TournamentRulesError(f"{path.name}: cannot be read ({e})") from None
    except tomllib.TOMLDecodeError as e:
        raise TournamentRulesError(f"{path.name}: is not valid TOML ({e})") from None
    return parse_tournament(data, path.name)


_CACHE: dict[str, TournamentRules] = {}


def tournament_rules(ruleset_id: str) -> TournamentRules:
    """The built-in ruleset's competition rules."""
    if ruleset_id not in _CACHE:
        if ruleset_id not in BUILTIN_IDS:
            raise TournamentRulesError(f"'{ruleset_id}' is not a known ruleset (known: {', '.join(BUILTIN_IDS)})")
        _CACHE[ruleset_id] = load_tournament_file(RULESET_DIR / f"{ruleset_id}.toml")
    return _CACHE[ruleset_id]
