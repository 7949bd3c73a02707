"""What the arena writes while it runs: the progress bar, one JSON line per finished deal
(``--out``, read back by ``--resume``) and each hand as a replay file (``--record``)."""

from __future__ import annotations

from collections.abc import Sequence
import json
import math
from pathlib import Path
import statistics
import sys
import time
from typing import IO, Any

from game.core import Hand
from game.files import atomic_write_json
from game.table.replay import replay_data


def mean_ci(diffs: Sequence[float]) -> tuple[float, list[float] | None]:
    """The mean and its 95% confidence interval; None for the interval with fewer than two
    deals (it is unbounded, and JSON has no infinity)."""
    if not diffs:
        return 0.0, None
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return mean, None
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return mean, [round(mean - half, 4), round(mean + half, 4)]


class Progress:
    """A one-line progress bar on standard error: deals done, the running mean with its CI,
    the time left. It shows up only once the run has lasted ``after`` seconds; on a terminal
    it redraws in place, elsewhere (a log file) it writes a line every ``every`` seconds."""

    def __init__(
        self,
        total: int | None,
        deadline: float | None,
        enabled: bool,
        stream: IO[str] | None = None,
        after: float = 3.0,
        every: float = 10.0,
        initial: int = 0,
    ) -> None:
        self.total = total
        self.initial = initial  # deals done before this run started (--resume)
        self.deadline = deadline  # time.monotonic() after which no deal starts
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.after = after
        self.every = every if not self.tty else 0.5
        self.start = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.shown = False

    def step(self, done: int, diffs: Sequence[float], final: bool = False) -> None:
        self.done = done
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.start
        if elapsed < self.after or (now - self.last < self.every and not final):
            return
        if final and not self.shown:
            return  # a short run: nothing was shown, nothing to close
        self.last = now
        self.shown = True
        self.stream.write(
            ("\r" if self.tty else "") + self.line(done, diffs, elapsed) + ("" if self.tty and not final else "\n")
        )
        self.stream.flush()

    def line(self, done: int, diffs: Sequence[float], elapsed: float) -> str:
        mean, ci = mean_ci(diffs)
        ci_text = f"[{ci[0]:+.2f}, {ci[1]:+.2f}]" if ci else "[?]"
        left = []
        if self.total and done > self.initial:
            left.append((self.total - done) * elapsed / (done - self.initial))
        if self.deadline is not None:
            left.append(max(0.0, self.deadline - time.monotonic()))
        eta = f"{min(left):.0f}s left" if left else ""
        if self.total:
            width = 24
            filled = int(width * min(done, self.total) / self.total)
            bar = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total}"
        else:
            bar = f"{done}"
        return f"{bar} deals  A {mean:+.3f}/deal {ci_text}  {eta} "


# ---------------------------------------------------------------------------- --out


def run_seed(path: Path | str) -> int | None:
    """The seed of the run an ``--out`` file holds (None: no file, or no deal in it yet)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None  # DealLog says what is wrong with the file
    for line in text.splitlines():
        try:
            seed = json.loads(line)["run"]["seed"]
        except (ValueError, KeyError, TypeError):
            continue
        if isinstance(seed, int) and not isinstance(seed, bool):
            return seed
    return None


class DealLog:
    """``--out FILE.jsonl``: one JSON object per finished deal, written as it finishes (and
    flushed, so the file can be watched); ``--resume`` reads back the deals already played.

    Every line carries the run's settings (``run``), so a file is only resumed by the same
    run; a line cut short (the run was stopped while writing) is dropped and its deal played
    again."""

    def __init__(self, path: Path, run: dict[str, Any], resume: bool) -> None:
        self.path = Path(path)
        self.run = run
        self.done: list[dict[str, Any]] = []
        if resume and self.path.exists():
            self.done = self._read()
            keep = "".join(json.dumps(d) + "\n" for d in self.done)
            self.path.write_text(keep, encoding="utf-8")  # without a line cut short
        elif self.path.exists() and self.path.stat().st_size > 0:
            raise FileExistsError(f"{self.path} exists: add --resume to go on with it, or remove it")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.file = self.path.open("a", encoding="utf-8")

    def _read(self) -> list[dict[str, Any]]:
        out = []
        for line in self.path.read_text(encoding="utf-8").splitlines():
            try:
                data = json.loads(line)
            except ValueError:
                continue
            if not isinstance(data, dict) or "deal" not in data:
                continue
            if data.get("run") != self.run:
                raise ValueError(f"{self.path} was written by another run ({data.get('run')}); this one is {self.run}")
            out.append(data)
        return out

    def write(self, deal: dict[str, Any]) -> None:
        self.file.write(json.dumps({**deal, "run": self.run}, allow_nan=False) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------------------- --record


def record_path(folder: Path | str, index: int, play: int) -> Path:
    """``DIR/deal-0001-play-0.json``: deals numbered from 1; play 0 has team A at seats 0
    and 2, play 1 at seats 1 and 3."""
    return Path(folder) / f"deal-{index + 1:04d}-play-{play}.json"


def record_hand(
    folder: Path | str, hand: Hand, index: int, play: int, seed: int, seat_levels: Sequence[str], teams: tuple[str, str]
) -> Path:
    """Write one hand the arena played as a replay file the game's replay viewer opens
    (``game.app.records``), with each seat's level (``seat_levels``) and the arena's facts."""
    data = replay_data(hand, index + 1, {}, "arena", seed, [])
    data["seat_levels"] = list(seat_levels)
    data["arena"] = {
        "deal": index + 1,
        "play": play,
        "seed": seed,
        "a": teams[0],
        "b": teams[1],
        "team_a_seats": [play, play + 2],
    }
    path = record_path(folder, index, play)
    atomic_write_json(path, data)
    return path


__all__ = ["DealLog", "Progress", "mean_ci", "record_hand", "record_path"]
