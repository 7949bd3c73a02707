"""Writing files so that a crash never leaves half of one: the lowest layer of the data
folder, below the saves, the replays and the bots' arena (it imports nothing of the game)."""

from __future__ import annotations

import json
import os
from pathlib import Path
import tempfile
from typing import Any


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


__all__ = ["atomic_write_json", "sync_dir"]
