"""The field of an event: teams of two, their names and who plays in them.

Bot teams are named after units like the regulations' entrants (hospitals, bureaux, union
groups; names written for this game), two pairs per unit as seed 000 allows (每个单位限选送2对).
A name is kept as i18n keys (``tournament.unit.*``, ``tournament.pair.*``) so it shows in the
player's language; ``team_name`` renders it.

The player's team is data too (``PLAYER_TEAMS``): one person with a bot partner, two people
at one screen (hot-seat), or one person on each of two teams (each with a bot partner).
"""

from __future__ import annotations

from dataclasses import dataclass
import random
from typing import Any

UNITS = (
    "health_bureau",
    "east_clinic",
    "west_clinic",
    "south_clinic",
    "north_clinic",
    "motor_pool",
    "office_union",
    "power_union",
    "power_bureau",
    "culture_bureau",
    "statistics_bureau",
    "construction_bureau",
    "design_institute",
    "computing_centre",
    "dispatch_centre",
    "repair_workshop",
    "metal_workshop",
    "logistics_department",
    "administration",
    "engineering",
    "college_union",
    "trade_union",
)
PAIRS = 2  # pairs a unit sends
LEVELS = ("random", "easy", "normal", "hard", "expert")
STRENGTHS = ("mixed", "strong")
MIXED_LEVELS = ("easy", "normal", "normal", "hard")
STRONG_LEVEL = "hard"
PLAYER_TEAMS = ("none", "bot-partner", "hotseat", "two-teams")
HUMAN = "human"
MIN_TEAMS, MAX_TEAMS = 4, 32  # the units send up to 44 pairs


@dataclass(frozen=True)
class Team:
    """One pair: ``seats`` are what plays in its two seats (a bot level or ``"human"``)."""

    id: str
    unit: str  # a key of ``tournament.unit`` or "player"
    pair: int  # 1 or 2: the unit's first or second pair; the player's team number
    seats: tuple[str, str]

    @property
    def people(self) -> int:
        return sum(1 for s in self.seats if s == HUMAN)

    @property
    def bots_only(self) -> bool:
        return self.people == 0

    @property
    def level(self) -> str:
        """The bot level of the team (its bot partner's for a player's team)."""
        return next((s for s in self.seats if s != HUMAN), HUMAN)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "unit": self.unit, "pair": self.pair, "seats": list(self.seats)}


def team_name(team: Team, tr: Any) -> str:
    """The team's name through a translation function (``game.i18n.tr`` or a table's)."""
    if team.unit == "player":
        return str(tr(f"tournament.player_team.{team.pair}"))
    return str(tr("tournament.team", unit=tr(f"tournament.unit.{team.unit}"), pair=tr(f"tournament.pair.{team.pair}")))


def make_field(
    size: int,
    rng: random.Random,
    strength: str = "mixed",
    player: str = "none",
    player_level: str = "normal",
    level: str | None = None,
) -> list[Team]:
    """``size`` teams (the player's first), their units drawn from ``rng``.

    ``strength``: "mixed" draws each bot team's level from ``MIXED_LEVELS``, "strong" makes
    every bot team ``STRONG_LEVEL``; ``level`` overrides both (every bot team that level, for
    measuring). ``player_level``: the level of the player's bot partners."""
    if not MIN_TEAMS <= size <= MAX_TEAMS:
        raise ValueError(f"a field has {MIN_TEAMS} to {MAX_TEAMS} teams, not {size}")
    if strength not in STRENGTHS:
        raise ValueError(f"the field's strength is 'mixed' or 'strong', not {strength!r}")
    if player not in PLAYER_TEAMS:
        raise ValueError(f"the player's team is one of {', '.join(PLAYER_TEAMS)}, not {player!r}")
    for value in (player_level, level):
        if value is not None and value not in LEVELS:
            raise ValueError(f"unknown bot level {value!r} (known: {', '.join(LEVELS)})")
    teams: list[Team] = []
    if player == "bot-partner":
        teams.append(Team("p1", "player", 1, (HUMAN, player_level)))
    elif player == "hotseat":
        teams.append(Team("p1", "player", 1, (HUMAN, HUMAN)))
    elif player == "two-teams":
        teams += [Team("p1", "player", 1, (HUMAN, player_level)), Team("p2", "player", 2, (HUMAN, player_level))]
    units = list(UNITS)
    rng.shuffle(units)
    slots = [(unit, pair) for unit in units for pair in range(1, PAIRS + 1)]
    for unit, pair in slots[: size - len(teams)]:
        if level is not None:
            bot = level
        elif strength == "strong":
            bot = STRONG_LEVEL
        else:
            bot = rng.choice(MIXED_LEVELS)
        teams.append(Team(f"{unit}-{pair}", unit, pair, (bot, bot)))
    return teams


def team_from_dict(data: Any, what: str) -> Team:
    """A saved team, checked field by field (``ValueError`` says which)."""
    if not isinstance(data, dict) or set(data) != {"id", "unit", "pair", "seats"}:
        raise ValueError(f"{what} must hold exactly id, unit, pair and seats")
    tid, unit, pair, seats = data["id"], data["unit"], data["pair"], data["seats"]
    if not isinstance(tid, str) or not 0 < len(tid) <= 60:
        raise ValueError(f"{what}'s id is not valid")
    if unit != "player" and unit not in UNITS:
        raise ValueError(f"{what}'s unit {str(unit)[:40]!r} is not known")
    if not isinstance(pair, int) or isinstance(pair, bool) or pair not in (1, 2):
        raise ValueError(f"{what}'s pair is not valid")
    if not isinstance(seats, list) or len(seats) != 2 or not all(s == HUMAN or s in LEVELS for s in seats):
        raise ValueError(f"{what}'s seats are not valid")
    if (unit == "player") != (HUMAN in seats):
        raise ValueError(f"{what}: only the player's team has a person in it")
    return Team(tid, unit, pair, (seats[0], seats[1]))
