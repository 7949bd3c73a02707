"""Writing files so that a crash never leaves half of one, and reading them back without
trusting them: the lowest layer of the data folder, below the saves, the replays, the
lessons' progress, the tournament files and the bots' arena (it imports nothing of the game).

``read_json`` refuses what is not plain JSON of a sane size and depth (and ``NaN``/
``Infinity``) with a ``DataError``; the caller sets the file aside (``set_aside``: renamed,
never deleted) and tells the player."""

from __future__ import annotations

import itertools
import json
import os
from pathlib import Path
import stat
import tempfile
import time
from typing import Any

MAX_FILE = 32 << 20  # far above a long match's save (about 1 MB after 100 hands)


class DataError(ValueError):
    """A file in the data folder does not hold what it must; the message says why."""


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


def set_aside(path: Path) -> Path | None:
    """Rename a file that cannot be used to ``NAME.broken-DATE-TIME-N`` next to it (a unique
    name: two in one second never overwrite each other); None when it cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for _ in range(1000):
        target = path.with_name(f"{path.name}.broken-{stamp}-{os.getpid()}-{next(_counter)}")
        if target.exists():
            continue
        try:
            os.rename(path, target)  # a new name, so nothing is overwritten
        except OSError:
            return None
        sync_dir(path.parent)
        return target
    return None  # pragma: no cover - a thousand set-aside files of this second


__all__ = ["MAX_FILE", "DataError", "atomic_write_json", "parse_json", "read_json", "set_aside", "sync_dir"]
