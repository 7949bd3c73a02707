"""The data folder: the saved matches, and where the settings are kept (no pygame here).

The settings themselves (their fields, their choices, their checks) are
``game.app.settings``. Everything lives in one data folder: the platformdirs user data folder, or ``--data-dir``. Every
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

import os
from pathlib import Path
import re
import stat
import sys
import tempfile
import time
from typing import ClassVar
import weakref

from game.app.saved_data import Notice
from game.app.seal import KEY_FILE, SealError, create_key, needs_sealing, open_save, read_key, seal_save
from game.app.settings import SETTINGS_FILE, Settings, load_settings, write_settings
from game.files import (
    EVENT_NAME,
    REPLAY_NAME,
    DataError,
    atomic_write_json,
    own_folder,
    read_json,
    set_aside,
    temporary_names,
)

APP_NAME = "shengji"
SAVE_FILE = "match.json"
SHELF_DIR = "saves"
"""Matches set aside when another one is started: never overwritten, listed on Continue."""


def default_data_dir() -> Path:
    """The per-user folder for settings and saves."""
    import platformdirs  # only without --data-dir: tests and tools never need it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


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
        """The saved settings, or defaults (``game.app.settings.load_settings``)."""
        return load_settings(self.settings_path, default_language, self.set_aside)

    def save_settings(self, settings: Settings) -> None:
        """Write the settings (a read-only folder is not an error)."""
        if self.writable:
            write_settings(self.settings_path, settings)

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
