"""The saved matches as the Continue list shows them (no pygame).

A summary is read straight from the file (the ruleset's name, the mode, who plays, the hand
reached, when it was saved) without replaying the match, so the list opens at once; a file
that cannot be summarised is still listed, and opening it explains what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass
import datetime
from pathlib import Path

from game.storage import Storage


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
        match, table = data["match"], data.get("table") or {}
        names = match["ruleset"]["name"]
        humans = tuple(int(h) for h in (table.get("humans") or
                                        ([] if table.get("human") is None else [table["human"]])))
        seats = list((table.get("names") or {}).get("seats") or [])
        return SavedMatch(path, current, {str(k): str(v) for k, v in names.items()},
                          str(table.get("mode") or "practice"), humans,
                          tuple(str(s or "") for s in seats + [""] * (4 - len(seats)))[:4],
                          len(match["hands"]) + 1, when)
    except (ValueError, KeyError, TypeError, AttributeError):
        return SavedMatch(path, current, {}, "", (), ("",) * 4, 0, when)


def saved_matches(storage: Storage) -> list[SavedMatch]:
    """Every saved match, the one played last first."""
    return [summarise(storage, p) for p in storage.saved_matches()]


__all__ = ["SavedMatch", "saved_matches", "summarise"]
