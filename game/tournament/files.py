"""An event's file: ``save`` writes it atomically (a temporary file, then ``os.replace``);
``load`` reads it back through every check and raises ``game.app.saved_data.DataError`` for a
file that cannot be used, which the data folder turns into a set-aside file and a notice."""

from __future__ import annotations

from pathlib import Path

from game.files import DataError, atomic_write_json, read_json

from .event import Tournament, TournamentError
from .rules import TournamentRulesError

MAX_EVENT_FILE = 8 << 20  # the log of a 32-team event is a few hundred kilobytes


def save(event: Tournament, path: str | Path) -> None:
    atomic_write_json(Path(path), event.to_dict())


def load(path: str | Path) -> Tournament:
    """The saved event; ``FileNotFoundError`` when there is none, ``DataError`` (with the
    reason) when the file is damaged."""
    data = read_json(Path(path), MAX_EVENT_FILE)
    try:
        return Tournament.from_dict(data)
    except (TournamentError, TournamentRulesError) as e:
        raise DataError(f"the event cannot be continued: {e}") from None
