"""Settings and the saved match on disk (no pygame here).

Both live in one data folder: the platformdirs user data folder, or ``--data-dir``. Every
write goes to a temporary file first and then replaces the old one (``os.replace``), so a
crash mid-write never leaves half a file. A save that cannot be read is moved aside and
reported, never a crash: the player can still start a new match.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
import json
import os
from pathlib import Path
import tempfile
import time
from typing import Any

APP_NAME = "shengji"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "match.json"

SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 8.0}
"""Animation speed names and their factors (higher is faster)."""
CARD_BACKS = ("red", "blue", "green", "purple")
BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")


def default_data_dir() -> Path:
    """The per-user folder for settings and saves."""
    import platformdirs  # only without --data-dir: tests and tools never need it
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def atomic_write_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON to ``path`` through a temporary file and ``os.replace``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


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
    # Names typed for the seats (South, East, North, West) and the teams; "" is the default.
    last_names: list[str] = field(default_factory=lambda: [""] * 4)
    last_teams: list[str] = field(default_factory=lambda: [""] * 2)

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
            if value is not None and type(value) is type(default):
                setattr(out, f.name, value)
        if out.language not in ("en", "zh"):
            out.language = language
        if out.speed not in SPEEDS:
            out.speed = "normal"
        if out.card_back not in CARD_BACKS:
            out.card_back = "blue"
        if len(out.last_bots) != 4 or any(b not in BOT_LEVELS + ("human",) for b in out.last_bots):
            out.last_bots = ["normal"] * 4
        if len(out.last_names) != 4 or not all(isinstance(n, str) for n in out.last_names):
            out.last_names = [""] * 4
        if len(out.last_teams) != 2 or not all(isinstance(n, str) for n in out.last_teams):
            out.last_teams = [""] * 2
        if out.last_seat not in range(4):
            out.last_seat = 0
        return out


class Storage:
    """The data folder: settings and the one saved match."""

    def __init__(self, folder: Path | str | None = None):
        self.folder = Path(folder) if folder is not None else default_data_dir()

    @property
    def settings_path(self) -> Path:
        """Where the settings are kept."""
        return self.folder / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        """Where the match is saved."""
        return self.folder / SAVE_FILE

    def load_settings(self, default_language: str) -> Settings:
        """The saved settings, or defaults (with the system's language) when none can be read."""
        try:
            data = json.loads(self.settings_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            data = {}
        return Settings.from_dict(data, default_language)

    def save_settings(self, settings: Settings) -> None:
        """Write the settings (a read-only folder is not an error)."""
        try:
            atomic_write_json(self.settings_path, asdict(settings))
        except OSError:
            pass  # A read-only folder costs the settings, not the game.

    # ------------------------------------------------------------------ the saved match

    def has_save(self) -> bool:
        """Is there a saved match?"""
        return self.save_path.is_file()

    def write_save(self, data: dict) -> None:
        """Save the match atomically."""
        atomic_write_json(self.save_path, data)

    def delete_save(self) -> None:
        """Forget the saved match."""
        try:
            self.save_path.unlink()
        except OSError:
            pass

    def read_save(self) -> dict:
        """The saved data; raises ValueError (with a reason) when it cannot be used."""
        try:
            text = self.save_path.read_text(encoding="utf-8")
        except OSError as e:
            raise ValueError(str(e)) from None
        try:
            data = json.loads(text)
        except ValueError as e:
            raise ValueError(f"not valid JSON ({e})") from None
        if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
            raise ValueError("no match in the file")
        return data

    def move_aside(self) -> Path | None:
        """Rename a save that cannot be read, so it is kept for a bug report but out of the way."""
        target = self.folder / f"{SAVE_FILE}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            os.replace(self.save_path, target)
            return target
        except OSError:
            return None
