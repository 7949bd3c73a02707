"""The player's tournament events on disk: one file per event in ``events/`` of the data folder.

An event spans hours, so its file is written (atomically: ``game.files.atomic_write_json``)
after every trick and hand of the player's match and after every bots-only result. The file
holds the event (``Tournament.to_dict``: its settings and log) and, while the player's match
is under way, that match's save as the table writes it (``TableDriver.save_data``), so a
continued event goes on at the trick where it stopped.

Every event has its own file, named when it starts, so starting a new event (or a match)
never writes over one in progress; a finished event stays as the event's history. A file
that fails any check is set aside (``Storage.set_aside``) with the player's message.

The seeds that decide deals still to be played are sealed in the file, as the saved
match's are (``game.app.seal``, the folder's ``seal.key``): the event's seed (every match's seed
is drawn from it) and the seeds of the player's match under way (``EVENT_SEALED_FIELDS``).
They are sealed where the file is written (``save``) and opened where it is read (``load``);
an older file with plain seeds loads and is sealed at its next write, and a file whose seal
does not open is set aside like any damaged file. The results' log holds no seed, and a
duplicate match's ``boards`` only numbers its boards (their deals come from the match's
seed, which is the event's); a board under way is never written (``deal_only``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
import time
from typing import Any

from game.app.saved_data import check_save
from game.app.seal import SEALED_FIELDS, Fields, SealError, open_save, read_key, seal_save
from game.app.storage import Storage
from game.files import EVENT_NAME, DataError, atomic_write_json, own_folder, read_json
from game.i18n import tr
from game.table import TOURNAMENT, TableSettings
from game.tournament import Pairing, Tournament, TournamentError, TournamentRulesError
from game.tournament.field import HUMAN

EVENTS_DIR = "events"
FILE_VERSION = 1
FILE_KIND = "tournament-event"
MAX_EVENT_FILE = 16 << 20  # the event's log and a match's save: a few hundred kilobytes at most
EVENT_KEY = "event_match"  # TableSettings.extra: the event's match being played at the table
EVENT_FILE_KEY = "event_file"  # TableSettings.extra: the event's file, for the one who reads the save
# The seeds sealed in an event's file: the event's, and the player's match under way's (its
# ``table``: a match save, sealed where the saved match is).
EVENT_SEALED_FIELDS: Fields = (("event", "seed"), *(("table", *path) for path in SEALED_FIELDS))


@dataclass
class SavedEvent:
    """An event as read from its file: ``table`` is the player's match under way (None: none)."""

    path: Path
    event: Tournament
    table: dict[str, Any] | None
    started: float  # when the event began (seconds since the epoch)
    boards: dict[str, Any] | None = None  # a person's duplicate match between boards (event_boards.Boards)

    @property
    def round(self) -> int | None:
        """The round the event is at: the player's next match's, else the next ready one's."""
        ready = self.event.player_matches() or self.event.ready()
        return ready[0].round if ready else None

    @property
    def place(self) -> int | None:
        """The best place a team with a person took (None: unfinished, or bots only)."""
        if not self.event.finished:
            return None
        mine = {t.id for t in self.event.teams if not t.bots_only}
        places = [p.place for p in self.event.places() if p.team in mine]
        return min(places) if places else None


class EventStore:
    """The events of one data folder."""

    def __init__(self, storage: Storage):
        self.storage = storage

    @property
    def folder(self) -> Path:
        return self.storage.folder / EVENTS_DIR

    def new_path(self) -> Path:
        """A file name no other event has (the time it began, then a number)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.folder / f"event-{stamp}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.folder / f"event-{stamp}-{n}.json"
        return path

    def save(self, saved: SavedEvent) -> None:
        """Write the event (raises OSError); a copy that may not write keeps it in memory."""
        if not self.storage.writable:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        data = {
            "version": FILE_VERSION,
            "kind": FILE_KIND,
            "started": saved.started,
            "event": saved.event.to_dict(),
            "table": saved.table,
        }
        if saved.boards is not None:
            data["boards"] = saved.boards
        atomic_write_json(saved.path, seal_save(data, self.storage._seal_key(), EVENT_SEALED_FIELDS))

    def paths(self) -> list[Path]:
        """Every event file, the newest first."""
        if not self.folder.is_dir():
            return []
        files = [p for p in self.folder.glob("event-*.json") if p.is_file()]
        return sorted(files, key=lambda p: (p.stat().st_mtime, p.name), reverse=True)

    def load(self, path: Path) -> SavedEvent:
        """The event in ``path``, through every check; ``DataError`` (with the reason) when
        it cannot be used."""
        data = read_json(path, MAX_EVENT_FILE)
        keys = {"version", "kind", "started", "event", "table"}
        if not isinstance(data, dict) or set(data) - {"boards"} != keys:
            raise DataError("not an event file")
        try:
            data = open_save(data, lambda: read_key(self.storage.folder), EVENT_SEALED_FIELDS)
        except SealError as e:
            raise DataError(str(e)) from None
        if data["version"] != FILE_VERSION or data["kind"] != FILE_KIND:
            raise DataError(f"unsupported event file version {str(data['version'])[:20]}")
        started = data["started"]
        if isinstance(started, bool) or not isinstance(started, (int, float)) or not 0 <= started < 1e11:
            raise DataError("the event's start time is not valid")
        try:
            event = Tournament.from_dict(data["event"])
        except (TournamentError, TournamentRulesError) as e:
            raise DataError(f"the event cannot be continued: {e}") from None
        check_replays_of(event, replay_folder(path))
        table = data["table"]
        if table is not None:
            check_table_of(event, table)
        boards = data.get("boards")
        if boards is not None:
            check_boards_of(event, boards)
        return SavedEvent(path, event, table, float(started), boards)

    def events(self) -> tuple[list[SavedEvent], list[str]]:
        """Every event that can be read (newest first), and the messages for those set aside."""
        found, messages = [], []
        for path in self.paths():
            try:
                found.append(self.load(path))
            except (DataError, OSError) as e:
                messages.append(self.set_aside(path, str(e)))
        return found, messages

    def events_quiet(self) -> tuple[list[SavedEvent], int]:
        """Every event that can be read, and how many cannot (left where they are: the
        Tournament entry sets them aside and says so)."""
        found, damaged = [], 0
        for path in self.paths():
            try:
                found.append(self.load(path))
            except (DataError, OSError):
                damaged += 1
        return found, damaged

    def unfinished(self) -> tuple[list[SavedEvent], list[str]]:
        events, messages = self.events()
        return [e for e in events if not e.event.finished], messages

    def history(self) -> list[SavedEvent]:
        """The finished events, newest first (files that cannot be read are left to the
        Tournament entry, which sets them aside and says so)."""
        found, _ = self.events_quiet()
        return [e for e in found if e.event.finished]

    def set_aside(self, path: Path, reason: str) -> str:
        """Rename a damaged event file out of the way; the player's message says where. Only
        a file the game named (``files.EVENT_NAME``): another is left where it is, as a file
        in a folder linked to ``events`` is (``Storage.set_aside``)."""
        before = len(self.storage.notices)
        moved = self.storage.set_aside(path, reason) if EVENT_NAME.fullmatch(path.name) else None
        del self.storage.notices[before:]  # said now, by the screen, not again at the next start
        if moved is not None:
            return tr("data_folder.set_aside", file=path.name, reason=reason[:160], moved=moved.name)
        return tr("data_folder.unusable", file=path.name, reason=reason[:160])

    def delete(self, path: Path) -> None:
        """Delete an event's file: only one the game named, in its own ``events`` folder."""
        if self.storage.writable and path.parent == self.folder and EVENT_NAME.fullmatch(path.name):
            with own_folder(self.storage.folder, EVENTS_DIR) as events:
                if events is not None:
                    events.remove(path.name)


def replay_folder(path: Path) -> Path:
    """Where an event's bots-only matches keep their replays: beside the event's file."""
    return path.with_name(path.stem + "-replays")


def check_replays_of(event: Tournament, folder: Path) -> None:
    """Every replay a result names is a file of the event's replay folder: the viewer opens
    what the file names, so a name (or a link in the folder) must not lead anywhere else."""
    try:
        inside = folder.resolve()
        for p in event.pairings:
            for name in p.result.replays if p.result is not None else ():
                if (folder / name).resolve().parent != inside:
                    raise DataError(f"the replay {name[:60]!r} of the match {p.id} is not in the event's replay folder")
    except (OSError, RuntimeError):  # a link that loops
        raise DataError("the event's replays cannot be found") from None


def regulation_settings(event: Tournament, pairing: Pairing) -> TableSettings:
    """The player's match as the regulation plays it: tournament mode (its clocks, none of
    the practice aids), the event's seats, bots, length and seed."""
    seats = event.seats(pairing)
    return TableSettings(
        ruleset=event.ruleset_id,
        humans=tuple(event.humans(pairing)),
        levels=tuple("normal" if s == HUMAN else s for s in seats),
        mode=TOURNAMENT,
        length=event.length(pairing),
        seed=pairing.seed,
    )


def check_table_of(event: Tournament, table: Any) -> None:
    """The saved match of an event: a valid match save (every hand replayed) of a match the
    event is waiting for, with the event's seats, seed and length, played as the regulation
    has it (its rules, tournament mode): a file is never trusted for more."""
    try:
        match, _ = check_save(table)
        settings = TableSettings.from_dict(table.get("table"))
    except Exception as e:  # whatever the file holds, it is refused here, not at the table
        raise DataError(f"the event's match cannot be continued: {str(e)[:120]}") from None
    pid = settings.extra.get(EVENT_KEY)
    waiting = {p.id: p for p in event.player_matches()}
    if not isinstance(pid, str) or pid not in waiting:
        raise DataError("the event's match is not one the event is waiting for")
    p = waiting[pid]
    humans = tuple(event.humans(p))
    if match.seed != p.seed or match.length != event.length(p) or settings.humans != humans:
        raise DataError("the event's match does not belong to the event")
    if match.ruleset.id != event.ruleset_id or match.over:
        raise DataError("the event's match does not belong to the event")
    regulation = regulation_settings(event, p)
    if (
        settings.with_(names={}, extra={}) != regulation
        or set(settings.extra) - {EVENT_KEY, EVENT_FILE_KEY}
        or match.ruleset != event.ruleset
    ):
        raise DataError("the event's match is not played as the regulation has it (tournament mode, its rules)")


def check_boards_of(event: Tournament, boards: Any) -> None:
    """A person's duplicate match between boards: of a duplicate match the event is waiting for."""
    from game.app.event_boards import Boards

    state = Boards.from_dict(boards)
    waiting = {p.id for p in event.player_matches()}
    if not event.duplicate or state.match not in waiting:
        raise DataError("the duplicate match's boards do not belong to the event")
