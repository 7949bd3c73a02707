"""Writing files so that a crash never leaves half of one, and reading them back without
trusting them: the lowest layer of the data folder, below the saves, the replays, the
lessons' progress, the tournament files and the bots' arena (it imports nothing of the game).

``read_json`` refuses what is not plain JSON of a sane size and depth (and ``NaN``/
``Infinity``) with a ``DataError``; the caller sets the file aside (``set_aside``: renamed,
never deleted) and tells the player."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
import itertools
import json
import os
from pathlib import Path
import re
import stat
import tempfile
import time
from typing import Any

MAX_FILE = 32 << 20  # far above a long match's save (about 1 MB after 100 hands)


class DataError(ValueError):
    """A file in the data folder does not hold what it must; the message says why."""


REPLAY_NAME = re.compile(r"\d{20}\.json")
"""A replay's name in ``replays/`` (``Records.add_replay``: the time in nanoseconds)."""
EVENT_NAME = re.compile(r"event-\d{8}-\d{6}(?:-\d+)?\.json")
"""An event's file in ``events/`` (``EventStore.new_path``: when it began, then a number)."""


def temporary_names(name: str) -> re.Pattern[str]:
    """The temporary files ``atomic_write_json`` makes for files named by the pattern
    ``name``: mkstemp's ``NAME.`` prefix, its eight random characters, ``.tmp``."""
    return re.compile(rf"(?:{name})\.[a-z0-9_]{{8}}\.tmp")


def sync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows has no directory handles)."""
    if os.name != "posix":  # pragma: no cover - Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


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
        sync_dir(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ------------------------------------------------------------------------------ reading


def _refuse_constant(name: str) -> float:
    raise DataError(f"the number {name} is not allowed")


def parse_json(text: str) -> Any:
    """Plain JSON only: no NaN or Infinity, no nesting deep enough to exhaust the stack."""
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        raise DataError("nested too deeply") from None
    except DataError:
        raise
    except ValueError as e:  # JSONDecodeError, and integers past Python's digit limit
        raise DataError(f"not valid JSON ({e})") from None


def read_json(path: Path, limit: int = MAX_FILE) -> Any:
    """The JSON in ``path``; raises ``FileNotFoundError`` when there is none and
    ``DataError`` when it cannot be used (not a regular file, unreadable, too large, not
    UTF-8, not JSON)."""
    try:
        # Without waiting: a FIFO opened plainly would block until some writer came.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        raise
    except OSError as e:
        raise DataError(f"cannot be read ({e.strerror or e})") from None
    try:
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                raise DataError("not a regular file")
            raw = f.read(limit + 1)
    except OSError as e:
        raise DataError(f"cannot be read ({e.strerror or e})") from None
    if len(raw) > limit:
        raise DataError(f"larger than {limit >> 20} MB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text") from None
    return parse_json(text)


_counter = itertools.count()


def set_aside(path: Path, data_folder: Path | None = None) -> Path | None:
    """Rename a file that cannot be used to ``NAME.broken-DATE-TIME-N`` next to it (a unique
    name: two in one second never overwrite each other); None when it cannot be moved.

    With ``data_folder``, only a file in it or in a real folder of it (``own_folder``): a
    folder linked there from elsewhere is not the game's, and nothing in it is renamed."""
    if data_folder is None:
        return _set_aside_in(OwnFolder(path.parent, None), path)
    if path.parent == data_folder:
        sub = ""
    elif path.parent.parent == data_folder:
        sub = path.parent.name
    else:
        return None
    with own_folder(data_folder, sub) as folder:
        return _set_aside_in(folder, path) if folder is not None else None


def _set_aside_in(folder: OwnFolder, path: Path) -> Path | None:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for _ in range(1000):
        target = f"{path.name}.broken-{stamp}-{os.getpid()}-{next(_counter)}"
        if folder.exists(target):
            continue
        # A new name, so nothing is overwritten.
        return path.with_name(target) if folder.rename(path.name, target) else None
    return None  # pragma: no cover - a thousand set-aside files of this second


# The folders of the data folder the game removes and renames files in. A folder reached
# through a link is the player's (or anyone's) other folder: one linked as ``replays`` lost
# sixteen of its files to the pruning of old replays. So only the data folder itself and
# real folders in it, and in them only regular files with the names the game gives.
_DIR_FDS = (
    {os.open, os.stat, os.unlink, os.rename} <= os.supports_dir_fd
    and os.listdir in os.supports_fd
    and hasattr(os, "O_DIRECTORY")
    and hasattr(os, "O_NOFOLLOW")
)


class OwnFolder:
    """A folder the game may remove and rename its own files in (``own_folder``). Where the
    system allows it (Linux, macOS) the folder is held open and every name is taken in it,
    so a link put in its place after the check leads nowhere."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    def names(self, pattern: re.Pattern[str]) -> list[str]:
        """The regular files (not links, not folders) whose whole name fits ``pattern``."""
        try:
            listed = os.listdir(self._fd if self._fd is not None else self.path)
        except OSError:
            return []
        return [name for name in listed if pattern.fullmatch(name) and self._regular(name)]

    def _regular(self, name: str) -> bool:
        try:
            if self._fd is not None:
                mode = os.stat(name, dir_fd=self._fd, follow_symlinks=False).st_mode
            else:
                mode = os.lstat(self.path / name).st_mode
        except OSError:
            return False
        return stat.S_ISREG(mode)

    def exists(self, name: str) -> bool:
        try:
            if self._fd is not None:
                os.stat(name, dir_fd=self._fd, follow_symlinks=False)
            else:
                os.lstat(self.path / name)
        except FileNotFoundError:
            return False
        except OSError:
            return True  # something is there, whatever it is: not a free name
        return True

    def remove(self, name: str) -> bool:
        """Delete ``name`` (a link is removed, never followed); False when it could not be."""
        try:
            if self._fd is not None:
                os.unlink(name, dir_fd=self._fd)
            else:
                os.unlink(self.path / name)
        except OSError:
            return False
        return True

    def rename(self, name: str, new: str) -> bool:
        """Rename ``name`` to ``new`` in this folder, synced; False when it could not be."""
        try:
            if self._fd is not None:
                os.rename(name, new, src_dir_fd=self._fd, dst_dir_fd=self._fd)
                os.fsync(self._fd)
            else:
                os.rename(self.path / name, self.path / new)
                sync_dir(self.path)
        except OSError:
            return False
        return True


@contextmanager
def own_folder(data_folder: Path, sub: str = "") -> Iterator[OwnFolder | None]:
    """The data folder (``sub`` empty), or its folder named ``sub`` when that is a real
    folder in it: None when it is missing, not a folder, or a link (the data folder itself
    may be a link: the player chose it)."""
    path = data_folder / sub if sub else data_folder
    if not _DIR_FDS:  # pragma: no cover - Windows: checked by path (resolve sees junctions too)
        try:
            real = path.is_dir() and (
                not sub or (not os.path.islink(path) and path.resolve().parent == data_folder.resolve())
            )
        except OSError:
            real = False
        yield OwnFolder(path, None) if real else None
        return
    opening = os.O_RDONLY | os.O_DIRECTORY | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(data_folder, opening)
    except OSError:
        yield None
        return
    try:
        if sub:
            top = fd
            try:
                fd = os.open(sub, opening | os.O_NOFOLLOW, dir_fd=top)
            except OSError:
                fd = -1
            finally:
                os.close(top)
            if fd < 0:
                yield None
                return
        yield OwnFolder(path, fd)
    finally:
        if fd >= 0:
            os.close(fd)


__all__ = [
    "EVENT_NAME",
    "MAX_FILE",
    "REPLAY_NAME",
    "DataError",
    "OwnFolder",
    "atomic_write_json",
    "own_folder",
    "parse_json",
    "read_json",
    "set_aside",
    "sync_dir",
    "temporary_names",
]
