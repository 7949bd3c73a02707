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
SHELF_DIR = "saves"
"""Matches set aside when another one is started: never overwritten, listed on Continue."""

SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 8.0}
"""Animation speed names and their factors (higher is faster)."""
CARD_BACKS = ("red", "blue", "green", "purple")
BOT_LEVELS = ("random", "easy", "normal", "hard")


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
    # Seconds a finished trick stays on the table; 0: until the next lead (or a click).
    trick_linger: int = 0

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
        if not 0 <= out.trick_linger <= 30:
            out.trick_linger = 0
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

    def read_save(self, path: Path | None = None) -> dict:
        """The saved data (the match in progress, or the one at ``path``); raises ValueError
        (with a reason) when it cannot be used."""
        try:
            text = (path or self.save_path).read_text(encoding="utf-8")
        except OSError as e:
            raise ValueError(str(e)) from None
        try:
            data = json.loads(text)
        except ValueError as e:
            raise ValueError(f"not valid JSON ({e})") from None
        if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
            raise ValueError("no match in the file")
        return data

    # ------------------------------------------------------------------ several saved matches
    # The match being played is always ``match.json``; starting another match shelves it in
    # ``saves/`` rather than writing over it, and continuing a shelved one swaps the two. So a
    # match is only ever lost when the player deletes it or wins it.

    @property
    def shelf(self) -> Path:
        """The folder of the matches set aside."""
        return self.folder / SHELF_DIR

    def shelve(self) -> Path | None:
        """Set the match in progress aside (before another one is started); where it went."""
        if not self.has_save():
            return None
        self.shelf.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.save_path.stat().st_mtime))
        target = self.shelf / f"match-{stamp}.json"
        n = 1
        while target.exists():
            n += 1
            target = self.shelf / f"match-{stamp}-{n}.json"
        os.replace(self.save_path, target)
        return target

    def saved_matches(self) -> list[Path]:
        """Every saved match: the one in progress first, then the shelved ones, newest first."""
        shelved: list[Path] = []
        if self.shelf.is_dir():
            shelved = sorted((p for p in self.shelf.glob("match-*.json") if p.is_file()),
                             key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
        return ([self.save_path] if self.has_save() else []) + shelved

    def activate(self, path: Path) -> None:
        """Make the saved match at ``path`` the one in progress (the current one is shelved)."""
        if Path(path) == self.save_path:
            return
        self.shelve()
        os.replace(path, self.save_path)

    def delete_saved(self, path: Path) -> None:
        """Forget one saved match (the player asked for it)."""
        try:
            Path(path).unlink()
        except OSError:
            pass

    def move_aside(self) -> Path | None:
        """Rename a save that cannot be read, so it is kept for a bug report but out of the way."""
        target = self.folder / f"{SAVE_FILE}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
        try:
            os.replace(self.save_path, target)
            return target
        except OSError:
            return None
