"""Writing files so that a crash never leaves half of one: the lowest layer of the data
folder, below the saves, the replays and the bots' arena (it imports nothing of the game)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
import json
import os
from pathlib import Path
import re
import stat
import tempfile
from typing import Any

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


__all__ = ["EVENT_NAME", "REPLAY_NAME", "OwnFolder", "atomic_write_json", "own_folder", "sync_dir", "temporary_names"]
