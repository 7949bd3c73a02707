"""The player's settings, in one place (no pygame here): their fields (``Settings``), the
choices each may take, how a settings file is read and checked (a value that is not one of
the choices falls back to its default, and a file with such values is set aside and said),
and how the settings are written."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.core import BUILTIN_IDS
from game.files import DataError, atomic_write_json, read_json
from game.table.seats import BOT_LEVELS, HUMAN
from game.table.settings import Mode

SETTINGS_FILE = "settings.json"

SPEEDS = {"very_slow": 0.4, "slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 8.0}
"""Animation speed names and their factors (higher is faster). ``normal`` is the table's
own pace (issue 26: a deal of a few seconds, a card a second); ``very_slow`` reads a
finished trick about as long as the table did before it."""
CARD_BACKS = ("red", "blue", "green", "purple")
CARD_SIZES = {"small": 0.86, "normal": 1.0, "large": 1.15}
"""Card-size names and their factors on the table's card height."""
CARD_COLOURS = ("classic", "four", "colourblind")
"""Suit colours: red and black, a four-colour deck, a palette safe for colour blindness."""
PLAY_CLICKS = ("double", "single")
"""How a card is played by mouse: a double-click, or a click on a card already raised."""
TRICK_LINGERS = (0.0, 1.0, 2.0, 4.0)
"""Seconds a finished trick stays on the table; 0 keeps it until the next lead."""
OBVIOUS_MOVES = ("practice", "on", "off")
"""When a move the rules leave no choice about (the last card, the one legal follow) is
played for the person: in practice matches only (tournament clocks are a test of the
player), always, or never."""
DUPLICATE_CHOICES = ("off", "hard", "normal", "easy")
"""Duplicate practice on the new-match screen: off, or the level replaying each deal
(``game.app.duplicate.LEVELS``; kept here so that the settings import no bots)."""


@dataclass
class Settings:
    """What a player sets once and expects to find again next time."""

    language: str = "en"
    speed: str = "normal"
    sound: bool = True
    card_back: str = "blue"
    # Remembered choices of the new-match screen, so a second match is one click away.
    last_ruleset: str = "hebi-2010"
    last_seat: int = 0
    last_bots: list[str] = field(default_factory=lambda: ["normal"] * 4)
    last_mode: str = "practice"
    last_duplicate: str = "off"  # duplicate practice: "off" or the level (DUPLICATE_CHOICES)
    # Names typed for the seats (South, East, North, West) and the teams; "" is the default.
    last_names: list[str] = field(default_factory=lambda: [""] * 4)
    last_teams: list[str] = field(default_factory=lambda: [""] * 2)
    # The table as the player likes it.
    card_size: str = "normal"
    card_colours: str = "classic"
    play_click: str = "double"
    confirm_play: bool = False
    trick_linger: float = 0.0
    reduce_motion: bool = False
    obvious_moves: str = "practice"  # OBVIOUS_MOVES

    @property
    def card_scale(self) -> float:
        """The card size as a factor on the table's card height."""
        return CARD_SIZES.get(self.card_size, 1.0)

    @property
    def speed_factor(self) -> float:
        """The animation speed as a factor."""
        return SPEEDS.get(self.speed, 1.0)

    @classmethod
    def from_dict(cls, data: dict, language: str) -> Settings:
        """Known fields with the right type are kept; anything else falls back to defaults."""
        out = cls(language=language)
        if not isinstance(data, dict):
            return out
        for f in fields(cls):
            value = data.get(f.name)
            default = getattr(out, f.name)
            if isinstance(default, float) and type(value) is int:
                value = float(value)  # JSON writes 2.0 as 2 in some hands
            if value is not None and type(value) is type(default):
                setattr(out, f.name, value)
        for name in ("last_names", "last_teams"):
            if any(isinstance(n, str) and len(n) > 200 for n in getattr(out, name)):
                setattr(out, name, [""] * len(getattr(out, name)))
        if out.language not in ("en", "zh"):
            out.language = language
        if out.speed not in SPEEDS:
            out.speed = "normal"
        if out.card_back not in CARD_BACKS:
            out.card_back = "blue"
        if len(out.last_bots) != 4 or any(b not in (HUMAN, *BOT_LEVELS) for b in out.last_bots):
            out.last_bots = ["normal"] * 4
        if len(out.last_names) != 4 or not all(isinstance(n, str) for n in out.last_names):
            out.last_names = [""] * 4
        if len(out.last_teams) != 2 or not all(isinstance(n, str) for n in out.last_teams):
            out.last_teams = [""] * 2
        if out.last_seat not in range(4):
            out.last_seat = 0
        if out.last_ruleset not in BUILTIN_IDS:
            out.last_ruleset = "hebi-2010"
        if out.last_mode not in tuple(Mode):
            out.last_mode = "practice"
        if out.last_duplicate not in DUPLICATE_CHOICES:
            out.last_duplicate = "off"
        if out.card_size not in CARD_SIZES:
            out.card_size = "normal"
        if out.card_colours not in CARD_COLOURS:
            out.card_colours = "classic"
        if out.play_click not in PLAY_CLICKS:
            out.play_click = "double"
        if out.obvious_moves not in OBVIOUS_MOVES:
            out.obvious_moves = "practice"
        if not (0.0 <= out.trick_linger <= 30.0):  # NaN fails both comparisons
            out.trick_linger = 0.0
        return out


def settings_problems(data: Mapping[str, Any], kept: Mapping[str, Any]) -> list[str]:
    """The fields of a settings file whose value was not kept (``kept``: the settings read)."""
    return [name for name, value in data.items() if name in kept and value != kept[name]]


def load_settings(path: Path, default_language: str, set_aside: Callable[[Path, str], object]) -> Settings:
    """The settings saved at ``path``, or defaults (with the system's language) when none can
    be read; a file that does not hold settings is handed to ``set_aside(path, reason)``
    (which renames it and tells the player), as is one with values that were not kept."""
    try:
        data = read_json(path, 1 << 20)
        if not isinstance(data, dict):
            raise DataError("not an object")
        settings = Settings.from_dict(data, default_language)
        wrong = settings_problems(data, asdict(settings))
        if wrong:  # the values that were kept stay; the file is kept aside for the rest
            set_aside(path, "wrong values: " + ", ".join(sorted(wrong))[:100])
        return settings
    except FileNotFoundError:
        pass
    except DataError as e:
        set_aside(path, str(e))
    return Settings.from_dict({}, default_language)


def write_settings(path: Path, settings: Settings) -> None:
    """Write the settings to ``path`` (a read-only folder costs the settings, not the game)."""
    try:
        atomic_write_json(path, asdict(settings))
    except OSError:
        pass
