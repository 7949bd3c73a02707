"""Puzzles from the player's own games, with spaced repetition (issue 27; no pygame).

Every confident mistake or blunder of the review (``game.learn.coach.puzzle_of``) becomes a
``Puzzle``: the position the player faced (an observation: only what that seat saw), the
ruleset, the kind (lead, follow, bury, declare), the accepted answers and the expected gain.

**Scheduling: Leitner boxes.** A new puzzle is in box 0 and due at once. Solved, it moves up
one box and comes back after that box's interval (``INTERVALS``: a day, three, a week, three
weeks, two months); failed, it drops back to box 0 and comes back after ``RETRY`` (ten
minutes) — a solved puzzle later, a failed one sooner. Times are seconds since the epoch,
passed in by the caller (the store never reads the clock, so it is testable).

**Scores** per ruleset and per kind: ``[solved, tried]``.

Kept in ``puzzles.json`` in the data folder, written atomically
(``game.files.atomic_write_json``). A file that cannot be read or does not hold what it must
is moved aside (``game.app.saved_data.set_aside``) and the store starts empty, saying where the
old file went (``PuzzleStore.set_aside``): a damaged file costs the puzzles, not the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.app.saved_data import Notice
from game.core import Card, Observation, observation_from_json, parse_cards
from game.files import DataError, atomic_write_json, read_json
from game.files import set_aside as move_aside

PUZZLE_FILE = "puzzles.json"
VERSION = 1
KINDS = ("lead", "follow", "bury", "declare")
DAY = 86_400.0
INTERVALS = (DAY, 3 * DAY, 7 * DAY, 21 * DAY, 60 * DAY)  # after a solve, from each box
RETRY = 600.0  # a failed puzzle comes back after ten minutes
MAX_PUZZLES = 500  # the oldest learned ones go first
MAX_FILE = 8 << 20


@dataclass
class Puzzle:
    id: str
    ruleset: str
    kind: str
    observation: dict[str, Any]
    accepted: list[list[str]]  # card notation; [] is the pass (declaring)
    played: list[str]
    gain: float  # levels: what the best move is expected to gain over the move played
    options: list[list[str]] = field(default_factory=list)  # a declaring puzzle's choices
    reason: dict[str, Any] | None = None  # the Hint's reason, when the answer is the Hint's
    worlds: int = 0  # the sampled deals the gain was measured on
    share: float = 0.0  # the share of them in which the answer did better
    box: int = 0
    due: float = 0.0
    created: float = 0.0
    tries: int = 0
    solved: int = 0

    def position(self) -> Observation:
        """What the seat saw when it chose (the puzzle's position)."""
        return observation_from_json(self.observation)

    def accepts(self, cards: Sequence[Card]) -> bool:
        """Is ``cards`` (empty: the pass) one of the accepted answers?"""
        got = Counter(str(c) for c in cards)
        return any(Counter(a) == got for a in self.accepted)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """A puzzle read back; ``DataError`` saying what is wrong otherwise."""
        if not isinstance(data, dict):
            raise DataError("a puzzle is not an object")
        try:
            p = cls(
                id=_text(data["id"]),
                ruleset=_text(data["ruleset"]),
                kind=_text(data["kind"]),
                observation=dict(data["observation"]),
                accepted=[_card_list(a) for a in data["accepted"]],
                played=_card_list(data.get("played", [])),
                gain=_number(data["gain"]),
                options=[_card_list(o) for o in data.get("options") or []],
                reason=data.get("reason") if isinstance(data.get("reason"), dict) else None,
                worlds=_int(data.get("worlds", 0)),
                share=_number(data.get("share", 0.0)),
                box=_int(data.get("box", 0)),
                due=_number(data.get("due", 0.0)),
                created=_number(data.get("created", 0.0)),
                tries=_int(data.get("tries", 0)),
                solved=_int(data.get("solved", 0)),
            )
            if p.kind not in KINDS:
                raise DataError(f"a puzzle's kind {p.kind[:20]!r} is unknown")
            if not p.accepted or p.solved > p.tries or not 0.0 <= p.share <= 1.0:
                raise DataError("a puzzle has no answer, more solves than tries or a share out of range")
            p.box = min(p.box, len(INTERVALS) - 1)
            obs = p.position()  # the position must be one the rules core can rebuild
            if obs.ruleset.id != p.ruleset:
                raise DataError("a puzzle's position is of another ruleset")
            for a in p.accepted:
                parse_cards(a)
        except DataError:
            raise
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f"a puzzle is not valid ({type(e).__name__}: {str(e)[:60]})") from e
        return p


def _text(v: Any) -> str:
    if not isinstance(v, str) or not 0 < len(v) <= 200:
        raise DataError("a puzzle's text field is not valid")
    return v


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1 << 40:
        raise DataError("a puzzle's count is not valid")
    return v


def _number(v: Any) -> float:
    if not isinstance(v, (int, float)) or isinstance(v, bool) or v != v or abs(v) > 1e12:
        raise DataError("a puzzle's number is not valid")
    return float(v)


def _card_list(v: Any) -> list[str]:
    if not isinstance(v, list) or not all(isinstance(c, str) for c in v):
        raise DataError("a puzzle's cards are not a list of card names")
    parse_cards(v)
    return list(v)


def schedule(p: Puzzle, solved: bool, now: float) -> None:
    """Leitner: up a box and later when solved, back to box 0 and soon when failed."""
    p.tries += 1
    if solved:
        p.solved += 1
        p.due = now + INTERVALS[p.box]
        p.box = min(p.box + 1, len(INTERVALS) - 1)
    else:
        p.box = 0
        p.due = now + RETRY


@dataclass
class PuzzleStore:
    folder: Path | None = None
    puzzles: dict[str, Puzzle] = field(default_factory=dict)
    scores: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # ruleset -> kind -> [solved, tried]
    set_aside: Path | None = None  # where a damaged file went, for the screen to say so
    problem: str = ""  # what was wrong with it

    @property
    def path(self) -> Path | None:
        return None if self.folder is None else self.folder / PUZZLE_FILE

    @classmethod
    def load(cls, folder: Path | None) -> PuzzleStore:
        """The store in ``folder`` (empty when there is none; a damaged file set aside)."""
        store = cls(folder)
        path = store.path
        if path is None or not path.exists():
            return store
        try:
            data = read_json(path, MAX_FILE)
            if not isinstance(data, dict) or data.get("version") != VERSION:
                raise DataError("not a puzzle file of this version")
            raw = data.get("puzzles")
            if not isinstance(raw, list):
                raise DataError("no list of puzzles")
            for item in raw:
                p = Puzzle.from_json(item)
                store.puzzles[p.id] = p
            store.scores = _scores(data.get("scores", {}))
        except (OSError, DataError) as e:
            store.puzzles, store.scores = {}, {}
            store.problem = str(e)
            store.set_aside = move_aside(path)
        return store

    def notice(self) -> Notice | None:
        """What to tell the player about a damaged file (None when all was well)."""
        if not self.problem:
            return None
        if self.set_aside is None:
            return Notice("data_folder.unusable", {"file": PUZZLE_FILE, "reason": self.problem})
        return Notice(
            "data_folder.set_aside", {"file": PUZZLE_FILE, "reason": self.problem, "moved": self.set_aside.name}
        )

    def save(self) -> None:
        if self.path is None:
            return
        atomic_write_json(
            self.path,
            {"version": VERSION, "puzzles": [p.to_json() for p in self.puzzles.values()], "scores": self.scores},
        )

    def add(self, data: dict[str, Any]) -> Puzzle | None:
        """A new puzzle (``coach.puzzle_of``'s data); one already kept is not reset."""
        p = Puzzle.from_json(data)
        if p.id in self.puzzles:
            return None
        self.puzzles[p.id] = p
        if len(self.puzzles) > MAX_PUZZLES:  # the best learned (highest box, oldest) go first
            drop = max(self.puzzles.values(), key=lambda q: (q.box, -q.created))
            del self.puzzles[drop.id]
        return p

    def due(self, now: float, ruleset: str | None = None) -> list[Puzzle]:
        """The puzzles due now (of one ruleset, or all), the longest overdue first."""
        out = [p for p in self.puzzles.values() if p.due <= now and (ruleset is None or p.ruleset == ruleset)]
        return sorted(out, key=lambda p: (p.due, p.id))

    def answer(self, puzzle_id: str, cards: Sequence[Card], now: float) -> bool:
        """The player's answer to a puzzle: judged, scheduled and scored (True: solved)."""
        p = self.puzzles[puzzle_id]
        ok = p.accepts(cards)
        schedule(p, ok, now)
        row = self.scores.setdefault(p.ruleset, {}).setdefault(p.kind, [0, 0])
        row[0] += int(ok)
        row[1] += 1
        return ok

    def score(self, ruleset: str, kind: str) -> tuple[int, int]:
        """(solved, tried) for one ruleset and kind."""
        row = self.scores.get(ruleset, {}).get(kind, [0, 0])
        return row[0], row[1]


def _scores(raw: Any) -> dict[str, dict[str, list[int]]]:
    if not isinstance(raw, dict):
        raise DataError("the scores are not an object")
    out: dict[str, dict[str, list[int]]] = {}
    for ruleset, kinds in raw.items():
        if not isinstance(kinds, dict):
            raise DataError("a ruleset's scores are not an object")
        for kind, row in kinds.items():
            if kind not in KINDS or not isinstance(row, list) or len(row) != 2:
                raise DataError("a score is not [solved, tried]")
            solved, tried = _int(row[0]), _int(row[1])
            if solved > tried:
                raise DataError("a score has more solved than tried")
            out.setdefault(_text(ruleset), {})[kind] = [solved, tried]
    return out


__all__ = ["INTERVALS", "KINDS", "PUZZLE_FILE", "RETRY", "Puzzle", "PuzzleStore", "schedule"]
