"""The saved matches as the Continue list shows them (no pygame).

A summary is read straight from the file (the ruleset's name, the mode, who plays, the hand
reached, when it was saved) without replaying the match, so the list opens at once; what is
shown is checked first (the table settings and the ruleset, as a save is checked), and a file
that cannot be summarised is still listed, as unreadable: opening it explains what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
import datetime
from pathlib import Path

from game.app.saved_data import check_ruleset, check_table
from game.app.storage import Storage
from game.core import BUILTIN_IDS


@dataclass(frozen=True)
class SavedMatch:
    """One saved match, as listed."""

    path: Path
    current: bool  # the match played last (``match.json``)
    ruleset_names: dict[str, str]  # by language; empty when the file cannot be read
    mode: str
    humans: tuple[int, ...]
    names: tuple[str, ...]  # typed seat names ("" where none)
    hand: int  # the hand the match stands at (1: the first)
    saved_at: datetime.datetime

    @property
    def readable(self) -> bool:
        return bool(self.ruleset_names)

    def ruleset_name(self, language: str) -> str:
        return self.ruleset_names.get(language) or self.ruleset_names.get("en", "?")


def summarise(storage: Storage, path: Path) -> SavedMatch:
    """The list's line for the save at ``path``."""
    try:
        when = datetime.datetime.fromtimestamp(path.stat().st_mtime)
    except OSError:
        when = datetime.datetime.fromtimestamp(0)
    current = path == storage.save_path
    try:
        data = storage.read_save(path)
        match = data["match"]
        if not isinstance(data.get("table"), dict) or not isinstance(match.get("hands"), list):
            raise ValueError("no table settings")
        table = check_table(data["table"])
        ruleset = check_ruleset(match.get("ruleset"))
        if ruleset.id not in BUILTIN_IDS:  # listed as unreadable: opening it says why
            raise ValueError("an unknown ruleset")
        names = ruleset.name
        return SavedMatch(
            path,
            current,
            {str(k): str(v) for k, v in names.items()},
            str(table.mode),
            table.humans,
            tuple(table.seat_names()),
            len(match["hands"]) + 1,
            when,
        )
    except (ValueError, KeyError, TypeError, AttributeError):
        return SavedMatch(path, current, {}, "", (), ("",) * 4, 0, when)


def saved_matches(storage: Storage) -> list[SavedMatch]:
    """Every saved match, the one played last first."""
    return [summarise(storage, p) for p in storage.saved_matches()]


__all__ = ["SavedMatch", "saved_matches", "summarise"]
