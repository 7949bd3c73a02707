"""What the learner has done: finished positions per lesson and the trainer's scores.

Kept in ``learn.json`` in the data folder, written atomically like every other file
(``game.files.atomic_write_json``). A file that cannot be read or does not have the
expected shape is moved aside (``game.app.saved_data.set_aside``: ``learn.json.broken-<time>-<n>``,
a name never used before) and the learner starts afresh: progress is worth less than a crash.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import atomic_write_json, read_json
from game.files import set_aside as move_aside

PROGRESS_FILE = "learn.json"
VERSION = 1


@dataclass
class Progress:
    folder: Path | None = None
    lessons: dict[str, list[str]] = field(default_factory=dict)  # lesson id -> position ids done
    scores: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # ruleset -> kind -> [right, asked]
    set_aside: Path | None = None  # where a damaged file went, for the screen to say so
    writable: bool = True  # False: a read-only folder, or another copy of the game holds it

    # ------------------------------------------------------------------ queries and updates

    def done(self, lesson_id: str) -> set[str]:
        return set(self.lessons.get(lesson_id, []))

    def mark(self, lesson_id: str, position_id: str) -> None:
        done = self.lessons.setdefault(lesson_id, [])
        if position_id not in done:
            done.append(position_id)
            self.save()

    def score(self, ruleset_id: str, kind: str) -> tuple[int, int]:
        right, asked = self.scores.get(ruleset_id, {}).get(kind, [0, 0])
        return right, asked

    def count(self, ruleset_id: str, kind: str, right: bool) -> None:
        got, asked = self.score(ruleset_id, kind)
        self.scores.setdefault(ruleset_id, {})[kind] = [got + int(right), asked + 1]
        self.save()

    # ------------------------------------------------------------------ disk

    def to_dict(self) -> dict[str, Any]:
        return {"version": VERSION, "lessons": self.lessons, "scores": self.scores}

    def save(self) -> None:
        if self.folder is None or not self.writable:
            return
        try:
            atomic_write_json(self.folder / PROGRESS_FILE, self.to_dict())
        except OSError:
            pass  # a read-only folder costs the progress, not the lesson

    @classmethod
    def load(cls, folder: Path | str | None, writable: bool = True) -> Progress:
        """The saved progress, an empty one when there is none, and a damaged file (or what is
        not a regular file) set aside; ``writable`` False: nothing is moved or written."""
        if folder is None:
            return cls()
        folder = Path(folder)
        path = folder / PROGRESS_FILE
        try:
            lessons, scores = _validate(read_json(path, 4 << 20))
        except FileNotFoundError:
            return cls(folder, writable=writable)
        except ValueError:  # a DataError too: read_json caps the size and the nesting
            target = (move_aside(path) if writable else None) or path
            return cls(folder, set_aside=target, writable=writable)
        return cls(folder, lessons, scores, writable=writable)


def _validate(data: Any) -> tuple[dict[str, list[str]], dict[str, dict[str, list[int]]]]:
    """The file's two tables, or ValueError when anything has the wrong shape."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise ValueError("not a progress file of this version")
    lessons, scores = data.get("lessons"), data.get("scores")
    if not isinstance(lessons, dict) or not isinstance(scores, dict):
        raise ValueError("lessons and scores must be tables")
    for key, done in lessons.items():
        if not isinstance(key, str) or not isinstance(done, list) or not all(isinstance(d, str) for d in done):
            raise ValueError(f"lesson {key!r} is not a list of positions")
    for ruleset, kinds in scores.items():
        if not isinstance(kinds, dict):
            raise ValueError(f"scores of {ruleset!r} are not a table")
        for kind, pair in kinds.items():
            if (
                not isinstance(pair, list)
                or len(pair) != 2
                or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pair)
                or pair[0] > pair[1]
            ):
                raise ValueError(f"score {ruleset}/{kind} is not [right, asked]")
    return lessons, scores
