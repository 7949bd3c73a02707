"""Settings and the saved match on disk (no pygame here).

Both live in one data folder: the platformdirs user data folder, or ``--data-dir``. Every
write goes to a temporary file first and then replaces the old one (``os.replace``, then the
folder is synced), so a crash mid-write never leaves half a file; temporary files a crash
left behind are removed at the next start. A file that cannot be used is set aside (renamed,
never deleted) and reported in ``Storage.notices``, never a crash: the player can still play.

One copy of the game holds a folder at a time: ``Storage`` takes a lock (``FolderLock``) that
the system drops when the process ends, crash or not. A second copy opens the folder
read-only (``Storage.shared``) and says so; ``watch_only`` storage (``--autoplay``) never
writes at all and takes no lock.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
import os
from pathlib import Path
import re
import stat
import sys
import tempfile
import time
from typing import ClassVar
import weakref

from game.core import BUILTIN_IDS
from game.files import EVENT_NAME, REPLAY_NAME, atomic_write_json, own_folder, temporary_names
from game.saved_data import DataError, Notice, read_json, set_aside, settings_problems
from game.seal import KEY_FILE, SealError, create_key, needs_sealing, open_save, read_key, seal_save
from game.table.seats import BOT_LEVELS, HUMAN
from game.table.settings import Mode

APP_NAME = "shengji"
SETTINGS_FILE = "settings.json"
SAVE_FILE = "match.json"
SHELF_DIR = "saves"
"""Matches set aside when another one is started: never overwritten, listed on Continue."""

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
(``game.duplicate.LEVELS``; kept here so that storage imports no bots)."""


def default_data_dir() -> Path:
    """The per-user folder for settings and saves."""
    import platformdirs  # only without --data-dir: tests and tools never need it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


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


_PROBE = ".write-probe"
_LEFTOVERS = (
    ("", temporary_names("|".join(re.escape(name) for name in (SETTINGS_FILE, SAVE_FILE, "stats.json", _PROBE)))),
    ("replays", temporary_names(REPLAY_NAME.pattern)),
    ("events", temporary_names(EVENT_NAME.pattern)),
)
"""Where a crash may leave ``atomic_write_json``'s temporary files, and their exact names:
the data folder may be a folder of the player's other files too (``--data-dir``)."""


def folder_writable(folder: Path) -> bool:
    """Can files be made in ``folder`` (created if missing)? Tried rather than asked: the
    permission bits do not tell a read-only mount, an ACL or a network share."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=_PROBE + ".", suffix=".tmp", dir=folder)
    except OSError:
        return False
    os.close(fd)
    try:
        os.unlink(probe)
    except OSError:
        pass  # removed at the next start (clean_leftovers)
    return True


LOCK_FILE = ".lock"


class FolderLock:
    """This process holds a data folder: an OS lock that the system drops when the process
    ends however it ends (so a crash never leaves it stuck). Shared within one process:
    every ``Storage`` on the folder uses the same lock.

    Where the system can (Linux, macOS) the lock is on the folder itself, ``flock`` on its
    own descriptor, so nothing put at ``.lock`` can defeat it: a folder, a link, a FIFO or an
    unreadable file there once left no lock to take, and two copies both wrote the same
    match, neither saying so. ``.lock`` is locked as well when it is a regular file (an
    earlier version of the game locks only it) and holds the holder's process id; it is
    opened without following a link or waiting on a FIFO, so it never writes elsewhere or
    hangs. Where a folder cannot be locked (Windows, some network shares) ``.lock`` is the
    lock, and anything else in its place is set aside for a fresh file."""

    _held: ClassVar[dict[Path, list]] = {}  # folder -> [the .lock file or None, users, the folder's descriptor or None]

    @classmethod
    def acquire(cls, folder: Path) -> bool | None:
        """True: held (now or already by this process); False: another process holds it;
        None: no lock can be taken here (a read-only folder, or a system without locks)."""
        key = folder.resolve()
        if key in cls._held:
            cls._held[key][1] += 1
            return True
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return None
        try:
            folder_fd = _lock_folder(folder)
        except BlockingIOError:
            return False
        try:
            lock_file = _lock_file_at(folder / LOCK_FILE, replace_odd=folder_fd is None)
        except BlockingIOError:
            if folder_fd is not None:
                os.close(folder_fd)
            return False
        if folder_fd is None and lock_file is None:
            return None
        if lock_file is not None:
            try:
                lock_file.truncate(0)
                lock_file.write(str(os.getpid()).encode())
                lock_file.flush()
            except OSError:
                pass
        cls._held[key] = [lock_file, 1, folder_fd]
        return True

    @classmethod
    def release(cls, folder: Path) -> None:
        key = folder.resolve()
        entry = cls._held.get(key)
        if entry is None:
            return
        entry[1] -= 1
        if entry[1] <= 0:
            del cls._held[key]
            lock_file, _, folder_fd = entry
            try:
                if lock_file is not None:
                    lock_file.close()  # closing drops the lock
            except OSError:  # the pid left unwritten on a full disk: the file is closed all the same
                pass
            finally:
                if folder_fd is not None:
                    os.close(folder_fd)


def _lock_folder(folder: Path) -> int | None:
    """The folder's own descriptor, locked; None where folders cannot be locked. Raises
    BlockingIOError when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows has no lock on a folder
        return None
    import fcntl

    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise
    except OSError:  # a share that cannot lock a folder: the file below may still do
        os.close(fd)
        return None
    return fd


def _lock_file_at(path: Path, *, replace_odd: bool):
    """``path`` opened as a regular file and locked; None when it cannot be. With
    ``replace_odd`` (the file is the only lock) whatever else is there is set aside for a
    fresh file. Raises BlockingIOError when another process holds it."""
    f = _open_regular(path)
    if f is None and replace_odd and os.path.lexists(path):
        set_aside(path)  # another copy may have set it aside first: opened again all the same
        f = _open_regular(path)
    if f is None:
        return None
    try:
        _lock_file(f)
    except BlockingIOError:
        f.close()
        raise
    except OSError:
        f.close()
        return None
    return f


def _open_regular(path: Path):
    """``path`` opened for reading and writing (created if missing), never through a link
    nor waiting on a FIFO; None when it is not a regular file or cannot be opened."""
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_BINARY", 0), 0o644)
    except OSError:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        return None
    return os.fdopen(fd, "r+b")


def _lock_file(f) -> None:
    """Lock ``f`` without waiting; raises BlockingIOError when another process holds it."""
    if sys.platform == "win32":  # pragma: no cover - Windows
        import msvcrt

        f.seek(0)
        try:
            msvcrt.locking(f.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError as e:
            raise BlockingIOError(str(e)) from None
    else:
        import fcntl

        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)


class Storage:
    """The data folder: settings and the one saved match.

    ``notices`` collects what the player must be told (files set aside, another copy of
    the game on the folder, a folder that cannot be written); ``writable`` is False when
    nothing may be written."""

    def __init__(self, folder: Path | str | None = None, *, watch_only: bool = False):
        self.folder = Path(folder) if folder is not None else default_data_dir()
        self.notices: list[Notice] = []
        self.watch_only = watch_only
        self.shared = False  # another copy of the game holds the folder
        self.read_only = False  # the folder cannot be written: opened read-only
        if not watch_only and not folder_writable(self.folder):
            self.read_only = True
            self.notices.append(Notice("data_folder.read_only", {"folder": str(self.folder)}))
        elif not watch_only:
            held = FolderLock.acquire(self.folder)
            if held:
                weakref.finalize(self, FolderLock.release, self.folder)
                self.clean_leftovers()
            elif held is False:
                self.shared = True
                self.notices.append(Notice("data_folder.shared", {"folder": str(self.folder)}))
            else:  # a folder no lock works on: this copy plays and saves, but never in silence
                self.notices.append(Notice("data_folder.unlocked", {"folder": str(self.folder)}))

    @property
    def writable(self) -> bool:
        """May this copy write to the folder? (Not when watching bots, nor beside another
        copy, nor on a folder that cannot be written.)"""
        return not (self.watch_only or self.shared or self.read_only)

    @property
    def settings_path(self) -> Path:
        """Where the settings are kept."""
        return self.folder / SETTINGS_FILE

    @property
    def save_path(self) -> Path:
        """Where the match is saved."""
        return self.folder / SAVE_FILE

    def clean_leftovers(self) -> None:
        """Remove the temporary files of writes a crash interrupted (only this copy writes
        here): only regular files of the names the game gives them, and never in a folder
        linked into the data folder from elsewhere (``files.own_folder``)."""
        for sub, leftover in _LEFTOVERS:
            with own_folder(self.folder, sub) as folder:
                if folder is not None:
                    for name in folder.names(leftover):
                        folder.remove(name)

    def set_aside(self, path: Path, reason: str) -> Path | None:
        """Rename a file that cannot be used (never in a read-only copy) and note it for the player."""
        moved = set_aside(path, self.folder) if self.writable else None
        self.notices.append(
            Notice(
                "data_folder.set_aside" if moved else "data_folder.unusable",
                {"file": path.name, "reason": reason[:160], "moved": moved.name if moved else ""},
            )
        )
        return moved

    def load_settings(self, default_language: str) -> Settings:
        """The saved settings, or defaults (with the system's language) when none can be read;
        a file that does not hold settings is set aside and reported."""
        try:
            data = read_json(self.settings_path, 1 << 20)
            if not isinstance(data, dict):
                raise DataError("not an object")
            settings = Settings.from_dict(data, default_language)
            wrong = settings_problems(data, asdict(settings))
            if wrong:  # the values that were kept stay; the file is kept aside for the rest
                self.set_aside(self.settings_path, "wrong values: " + ", ".join(sorted(wrong))[:100])
            return settings
        except FileNotFoundError:
            pass
        except DataError as e:
            self.set_aside(self.settings_path, str(e))
        return Settings.from_dict({}, default_language)

    def save_settings(self, settings: Settings) -> None:
        """Write the settings (a read-only folder is not an error)."""
        if not self.writable:
            return
        try:
            atomic_write_json(self.settings_path, asdict(settings))
        except OSError:
            pass  # A read-only folder costs the settings, not the game.

    # ------------------------------------------------------------------ the saved match

    def has_save(self) -> bool:
        """Is there a saved match?"""
        return self.save_path.is_file()

    def write_save(self, data: dict) -> None:
        """Save the match atomically, its seeds sealed (raises OSError); a read-only copy
        writes nothing."""
        if not self.writable:
            return
        atomic_write_json(self.save_path, seal_save(data, self._seal_key()))

    def _seal_key(self) -> bytes:
        """The folder's seal key, made at the first save. A damaged one is set aside and a
        new one made: the saves it sealed no longer open, and are set aside when opened."""
        try:
            key = read_key(self.folder)
        except SealError as e:
            self.set_aside(self.folder / KEY_FILE, str(e))
            key = None
        return key if key is not None else create_key(self.folder)

    def _seal_file(self, path: Path) -> None:
        """Seal a save written before seeds were sealed (one that cannot be read stays as it is)."""
        try:
            data = read_json(path)
        except (OSError, DataError):
            return
        if isinstance(data, dict) and needs_sealing(data):
            atomic_write_json(path, seal_save(data, self._seal_key()))

    def delete_save(self) -> None:
        """Forget the saved match (the match is over)."""
        if not self.writable:
            return
        try:
            self.save_path.unlink()
        except OSError:
            pass

    def read_save(self, path: Path | None = None) -> dict:
        """The saved data (the match in progress, or the one at ``path``), in shape; raises
        ValueError (with a reason) when it cannot be used."""
        try:
            data = read_json(path or self.save_path)
        except OSError as e:
            raise ValueError(str(e)) from None
        if not isinstance(data, dict) or not isinstance(data.get("match"), dict):
            raise ValueError("no match in the file")
        # A SealError is a ValueError: a save whose seeds do not open is set aside like any other.
        return open_save(data, lambda: read_key(self.folder))

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
        if not self.writable or not self.has_save():
            return None
        self._seal_file(self.save_path)  # the shelf holds no seed in the clear either
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
            shelved = sorted(
                (p for p in self.shelf.glob("match-*.json") if p.is_file()),
                key=lambda p: (p.stat().st_mtime, p.name),
                reverse=True,
            )
        return ([self.save_path] if self.has_save() else []) + shelved

    def activate(self, path: Path) -> Path:
        """Make the saved match at ``path`` the one in progress (the current one is shelved);
        where it is now (a copy that may not write reads it where it lies). Raises OSError."""
        if Path(path) == self.save_path or not self.writable:
            return Path(path)
        if os.path.lexists(self.save_path) and not self.save_path.is_file():
            # A folder or a FIFO where the match is kept: nothing the game wrote; out of the way.
            self.set_aside(self.save_path, "not a regular file")
        self.shelve()
        os.replace(path, self.save_path)
        return self.save_path

    def delete_saved(self, path: Path) -> None:
        """Forget one saved match (the player asked for it)."""
        if not self.writable:
            return
        try:
            Path(path).unlink()
        except OSError:
            pass

    def move_aside(self) -> Path | None:
        """Rename a save that cannot be read, so it is kept for a bug report but out of the way."""
        if not self.writable:
            return None
        return set_aside(self.save_path)
