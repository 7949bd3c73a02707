"""What the arena writes while it runs: the progress bar, one JSON line per finished deal
(``--out``, read back by ``--resume``) and each hand as a replay file (``--record``).

Nothing written while a run goes on holds the run's seed, from which every deal follows: a
seated program can read the files. An ``--out`` line holds a digest of it (``seed_sha256``),
enough to tell the run's file from another's; a replay holds its deal's own shuffle seed."""

from __future__ import annotations

from collections.abc import Sequence
import hashlib
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


def seed_digest(seed: int) -> str:
    """What an ``--out`` file keeps of the run's seed: one-way, so a seated program that reads
    the file cannot deal the next deals, while ``--resume --seed S`` can check S against it."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def _lines(path: Path | str) -> list[dict[str, Any]]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []  # DealLog says what is wrong with the file
    out = []
    for line in text.splitlines():
        try:
            data = json.loads(line)
        except ValueError:
            continue
        if isinstance(data, dict):
            out.append(data)
    return out


def _an_int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def legacy_seed(path: Path | str) -> int | None:
    """The seed an ``--out`` file written before the seed was kept out of it holds in every
    line's ``run`` (None: not such a file)."""
    for data in _lines(path):
        run = data.get("run")
        if isinstance(run, dict) and (seed := _an_int(run.get("seed"))) is not None:
            return seed
    return None


def finished_seed(path: Path | str) -> int | None:
    """The seed in the last line of a run that finished (None: it did not, or no file)."""
    lines = _lines(path)
    if lines and lines[-1].get("finished") is True:
        return _an_int(lines[-1].get("seed"))
    return None


def has_deals(path: Path | str) -> bool:
    return any("deal" in data for data in _lines(path))


class DealLog:
    """``--out FILE.jsonl``: one JSON object per finished deal, written as it finishes (and
    flushed, so the file can be watched); ``--resume`` reads back the deals already played.

    Every line carries the run's settings (``run``, with the digest of its seed), so a file
    is only resumed by the same run; a line cut short (the run was stopped while writing) is
    dropped and its deal played again. A file of before, whose lines hold the seed itself, is
    resumed by the same settings given as ``legacy_run`` and rewritten without the seed;
    so is the last line of a finished run (``finish``), which gives the seed.
    """

    def __init__(self, path: Path, run: dict[str, Any], resume: bool, legacy_run: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.run = run
        self.legacy_run = legacy_run
        self.done: list[dict[str, Any]] = []
        if resume and self.path.exists():
            self.done = self._read()
            keep = "".join(json.dumps({**d, "run": self.run}) + "\n" for d in self.done)
            self.path.write_text(keep, encoding="utf-8")  # without a line cut short, nor the seed
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
            if data.get("run") != self.run and (self.legacy_run is None or data.get("run") != self.legacy_run):
                raise ValueError(f"{self.path} was written by another run ({data.get('run')}); this one is {self.run}")
            out.append(data)
        return out

    def write(self, deal: dict[str, Any]) -> None:
        self.file.write(json.dumps({**deal, "run": self.run}, allow_nan=False) + "\n")
        self.file.flush()

    def finish(self, seed: int) -> None:
        """The run is over: its seed can be given (``--resume`` of a finished run takes it)."""
        self.file.write(json.dumps({"finished": True, "seed": seed}) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


# ---------------------------------------------------------------------------- --record


def record_path(folder: Path | str, index: int, play: int) -> Path:
    """``DIR/deal-0001-play-0.json``: deals numbered from 1; play 0 has team A at seats 0
    and 2, play 1 at seats 1 and 3."""
    return Path(folder) / f"deal-{index + 1:04d}-play-{play}.json"


def record_hand(
    folder: Path | str, hand: Hand, index: int, play: int, seat_levels: Sequence[str], teams: tuple[str, str]
) -> Path:
    """Write one hand the arena played as a replay file the game's replay viewer opens
    (``game.app.records``), with each seat's level (``seat_levels``) and the arena's facts.

    Its seed is the hand's own shuffle seed (a keyed hash of the run's), never the run's: a
    seated program that reads the replay learns nothing of the deals still to come. The
    caller writes a deal's replays only once both its plays are over, as the first play's
    shows every hand the second deals again."""
    seed = hand.setup.seed
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


__all__ = [
    "DealLog",
    "Progress",
    "finished_seed",
    "has_deals",
    "legacy_seed",
    "mean_ci",
    "record_hand",
    "record_path",
    "seed_digest",
]
