"""Replays of finished hands and statistics per ruleset, in the data folder (no pygame here).

Every finished hand is kept as one small JSON file in ``replays/`` (the ruleset, the hand's
setup and action log, the names at the table and a summary for the list); the newest
``MAX_REPLAYS`` are kept, older ones are deleted. A replay is rebuilt with
``Hand.from_dict``, and ``Replay.state(step)`` is ``Hand.replay(upto)`` — the same mechanism
as saves and undo, so a replay shows exactly what happened.

``stats.json`` counts, per ruleset, the matches and hands played and won, the levels
gained, and the hands defended with the points won in them, from the point of view of the
team of the first person at the table; it also keeps the last ``MAX_HISTORY`` hands (who went
up by how much) for a small chart, and per ruleset the last ``MAX_REVIEWS`` reviewed hands'
accuracy and mean loss per decision (``review_history``: is practice working?). Older files
without these fields read as zeros.

Every write is atomic (``files.atomic_write_json``). Every file is checked before use
(``game.app.saved_data``): one that does not hold what it must is set aside (renamed, never
deleted) with a notice for the player (``Records.notices``), never a crash. A replay that
cannot be written (a full disk) is kept in memory and written with the next one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import hashlib
from pathlib import Path
import threading
import time
from typing import Any

from game.app.saved_data import Notice, check_replay_file, check_ruleset, check_stats, replay_hand
from game.core import BURY, DEAL, DECLARE, FINISH_DEAL, PLAY, Hand, HandSummary, Rank, Ruleset
from game.files import REPLAY_NAME, DataError, atomic_write_json, own_folder, read_json, set_aside
from game.table.replay import RECORD_VERSION, replay_data

REPLAY_DIR = "replays"
STATS_FILE = "stats.json"
MAX_REPLAYS = 200
STAT_FIELDS = (
    "matches",
    "matches_won",
    "hands",
    "hands_won",
    "levels",
    "defended",
    "defender_points",
    # Reviewed hands (the post-hand analysis): decisions rated, rated best or
    # good, and the loss in thousandths of a level.
    "reviews",
    "review_decisions",
    "review_good",
    "review_loss_milli",
    # Duplicate practice: deals compared with a bot in the person's seat, and the
    # person's levels and points minus the bot's over them.
    "duplicate_deals",
    "duplicate_levels",
    "duplicate_points",
)
SIGNED_FIELDS = ("duplicate_levels", "duplicate_points")  # differences: may be below zero
MAX_HISTORY = 60
MAX_REVIEWS = 100  # reviewed hands kept per ruleset for the accuracy chart


@dataclass(frozen=True)
class StatLine:
    """One ruleset's record, with the rates a player reads."""

    ruleset: str
    matches: int
    matches_won: int
    hands: int
    hands_won: int
    levels: int
    defended: int
    defender_points: int
    reviews: int = 0
    review_decisions: int = 0
    review_good: int = 0
    review_loss_milli: int = 0
    duplicate_deals: int = 0
    duplicate_levels: int = 0
    duplicate_points: int = 0

    @property
    def levels_per_hand(self) -> float:
        """Levels our team gained per hand played."""
        return self.levels / self.hands if self.hands else 0.0

    @property
    def points_per_defence(self) -> float:
        """Points our team won per hand it defended."""
        return self.defender_points / self.defended if self.defended else 0.0

    @property
    def hand_rate(self) -> float:
        return self.hands_won / self.hands if self.hands else 0.0


# ---------------------------------------------------------------------------- replays


def match_tag(match_seed: int | None) -> int | None:
    """What a replay names its match by: a one-way hash of the match seed, so the hands of
    one match are found together while the seed, which deals the hands still to come, is
    never written. (A small seed, typed with ``--seed``, can be searched for from its tag;
    such a seed's deals can be searched for from a seat's own cards anyway.)"""
    if match_seed is None:
        return None
    digest = hashlib.blake2b(str(match_seed).encode("ascii"), person=b"shengji-match", digest_size=7).digest()
    return int.from_bytes(digest, "big")


def replay_steps(hand: Hand) -> list[int]:
    """The points a replay stops at, as log lengths: the start, every declaration, the end
    of the deal, the bidding closed (kitty picked up), the bury, then every play."""
    log = hand.log
    steps = {0, len(log)}
    last_deal = None
    for i, action in enumerate(log):
        if action.kind == DEAL:
            last_deal = i
        elif action.kind in (DECLARE, FINISH_DEAL, BURY, PLAY):
            steps.add(i + 1)
    if last_deal is not None:
        steps.add(last_deal + 1)
    return sorted(steps)


@dataclass
class Replay:
    """One finished hand, as stored: ``hand`` is the final state, ``state(i)`` any step."""

    path: Path | None
    ruleset: Ruleset
    hand: Hand
    meta: dict[str, Any]
    steps: list[int] = field(default_factory=list)
    _cache: dict[int, Hand] = field(default_factory=dict, repr=False)

    def state(self, step: int) -> Hand:
        """The hand after the first ``steps[step]`` actions (cached; replays are rebuilt
        from the nearest earlier cached state, so stepping either way is quick)."""
        step = max(0, min(step, len(self.steps) - 1))
        upto = self.steps[step]
        if upto not in self._cache:
            self._cache[upto] = self.hand.replay(upto)
            if len(self._cache) > 64:
                self._cache.pop(next(iter(self._cache)))
        return self._cache[upto]

    def trick_step(self, step: int, direction: int) -> int:
        """The step index of the next (+1) or previous (-1) trick boundary or phase change."""
        i = step + direction
        while 0 < i < len(self.steps) - 1:
            action = self.hand.log[self.steps[i] - 1]
            if action.kind != PLAY:
                return i
            if self._completes_trick(self.steps[i]):
                return i
            i += direction
        return max(0, min(i, len(self.steps) - 1))

    def _completes_trick(self, upto: int) -> bool:
        plays = sum(1 for a in self.hand.log[:upto] if a.kind == PLAY)
        return plays % 4 == 0


class Records:
    """The replays folder and the statistics file of one data folder."""

    def __init__(self, folder: Path | str, limit: int = MAX_REPLAYS, writable: bool = True):
        self.folder = Path(folder)
        self.limit = limit
        self.writable = writable  # False: never write, rename or delete (another copy, or autoplay)
        self.notices: list[Notice] = []
        self.pending: list[tuple[Path, dict]] = []  # replays not written yet (a full disk)
        # Duplicate practice and the review write from their worker threads while the table
        # writes from the main one: one writer at a time, or a statistics update is lost and
        # two flushes pop one replay twice.
        self._lock = threading.RLock()

    def _set_aside(self, path: Path, reason: str) -> None:
        moved = set_aside(path, self.folder) if self.writable else None
        self.notices.append(
            Notice(
                "data_folder.set_aside" if moved else "data_folder.unusable",
                {"file": path.name, "reason": reason[:160], "moved": moved.name if moved else ""},
            )
        )

    @property
    def replay_dir(self) -> Path:
        return self.folder / REPLAY_DIR

    @property
    def stats_path(self) -> Path:
        return self.folder / STATS_FILE

    # ------------------------------------------------------------------ replays

    def add_replay(
        self,
        hand: Hand,
        number: int,
        names: dict | None = None,
        kind: str = "match",
        match_seed: int | None = None,
        humans: list[int] | None = None,
    ) -> Path | None:
        """Keep a finished hand; returns its file (None when it could not be written). The
        match is named by ``match_tag`` of its seed: the seed itself decides the deals still
        to come, and a seated program can read the replays folder."""
        if not hand.finished or hand.settlement is None:
            return None
        data = replay_data(hand, number, names, kind, match_tag(match_seed), humans)
        path = self.replay_dir / f"{time.time_ns():020d}.json"
        if not self.writable:
            return None
        with self._lock:
            self.pending.append((path, data))
            return path if self.flush() else None

    def flush(self) -> bool:
        """Write the replays still in memory; True when none is left."""
        with self._lock:
            while self.pending:
                path, data = self.pending[0]
                try:
                    atomic_write_json(path, data)
                except OSError:
                    return False
                self.pending.pop(0)
                self.prune()
            return True

    def replay_files(self) -> list[Path]:
        """The stored replays, newest first."""
        try:
            files = [p for p in self.replay_dir.glob("*.json") if REPLAY_NAME.fullmatch(p.name) and p.is_file()]
        except OSError:
            return []
        return sorted(files, key=lambda p: p.name, reverse=True)

    def prune(self) -> None:
        """Delete all but the newest ``limit`` replays: only regular files named as
        ``add_replay`` names them, in a real ``replays`` folder of the data folder. A folder
        linked there is the player's (or anyone's), so nothing in it is ever deleted; a link
        in place of a replay is not a file the game wrote: neither deleted nor followed."""
        if not self.writable:
            return
        with own_folder(self.folder, REPLAY_DIR) as replays:
            if replays is not None:
                for old in sorted(replays.names(REPLAY_NAME), reverse=True)[self.limit :]:
                    replays.remove(old)

    def list_replays(self) -> list[tuple[Path, dict]]:
        """(file, its data without rebuilding the hand) for every readable replay, newest first."""
        out = []
        for path in self.replay_files():
            try:
                data = check_replay_file(read_json(path, 4 << 20), RECORD_VERSION)
            except FileNotFoundError:
                continue
            except DataError as e:
                self._set_aside(path, str(e))
                continue
            out.append((path, data))
        return out

    @staticmethod
    def load(path: Path | None, data: dict | None = None) -> Replay:
        """Rebuild a replay; raises ValueError when it cannot be used."""
        try:
            if data is None:
                if path is None:
                    raise ValueError("no replay file")
                data = read_json(Path(path), 4 << 20)
            if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
                version = data.get("version") if isinstance(data, dict) else None
                raise ValueError(f"unsupported replay version {str(version)[:20]}")
            check_replay_file(data, RECORD_VERSION)
            ruleset = check_ruleset(data["ruleset"])
            hand = replay_hand(ruleset, data["hand"], "the hand")
        except ValueError:
            raise
        except Exception as e:  # whatever the file holds, the replay list goes on
            raise ValueError(f"the replay cannot be read ({type(e).__name__})") from None
        meta = {k: v for k, v in data.items() if k not in ("ruleset", "hand")}
        return Replay(path, ruleset, hand, meta, replay_steps(hand))

    @staticmethod
    def save_analysis(path: Path, seat: int, analysis: dict[str, Any]) -> bool:
        """Keep a review with its replay (``data["analysis"][seat]``) so that reopening it
        is instant; False when the replay cannot be read or written."""
        try:
            data = read_json(Path(path), 4 << 20)
            if not isinstance(data, dict):
                return False
            stored = data.get("analysis")
            if not isinstance(stored, dict):
                stored = {}
            stored[str(seat)] = analysis
            data["analysis"] = stored
            atomic_write_json(Path(path), data)
        except (OSError, ValueError, DataError):
            return False
        return True

    @staticmethod
    def stored_analysis(meta: dict[str, Any], seat: int) -> dict[str, Any] | None:
        """The review kept with a replay for ``seat`` (``Replay.meta``), if any."""
        stored = meta.get("analysis")
        got = stored.get(str(seat)) if isinstance(stored, dict) else None
        return got if isinstance(got, dict) else None

    def match_reviews(self, match_seed: int | None, seat: int) -> tuple[int, int, int, float]:
        """The reviews kept for ``seat`` in the hands of one match (its seed): (hands,
        decisions rated, rated best or good, total loss in levels)."""
        hands = decisions = good = 0
        loss = 0.0
        if match_seed is None:
            return 0, 0, 0, 0.0
        named = (match_tag(match_seed), match_seed)  # replays written before the tag hold the seed
        for _path, data in self.list_replays():
            if data.get("match_seed") not in named or data.get("kind") != "match":
                continue
            review = self.stored_analysis(data, seat)
            if review is None:
                continue
            rated = [d for d in review.get("decisions", []) if isinstance(d, dict) and d.get("label") != "unrated"]
            hands += 1
            decisions += len(rated)
            good += sum(1 for d in rated if d.get("label") in ("best", "good"))
            loss += sum(float(d.get("loss", 0.0)) for d in rated)
        return hands, decisions, good, loss

    # ------------------------------------------------------------------ statistics

    def _read_file(self) -> dict[str, Any] | None:
        """The statistics file, checked: ``{"rulesets": …, "history": …, "reviews": …}``; ``{}``
        when there is none; None when the file cannot be used and is still there. Entries of
        the history or the reviews the game would not have written are left out, and the file
        is set aside for them and written again with the rest (as the settings are)."""
        try:
            data = read_json(self.stats_path, 1 << 20)
            rulesets = check_stats(data, RECORD_VERSION, STAT_FIELDS, SIGNED_FIELDS)
        except FileNotFoundError:
            return {}
        except DataError as e:  # set aside, so the next count does not write over it
            self._set_aside(self.stats_path, str(e))
            return None if self.stats_path.exists() else {}
        kept = {"rulesets": rulesets, "history": _history_of(data), "reviews": _reviews_of(data)}
        damaged = [key for key in ("history", "reviews") if not _entries_kept(key, data.get(key))]
        if damaged:
            with self._lock:
                self._set_aside(self.stats_path, "entries that cannot be used in " + " and ".join(damaged))
                if self.writable and not self.stats_path.exists():
                    try:
                        atomic_write_json(self.stats_path, {"version": RECORD_VERSION, **kept})
                    except OSError:
                        pass  # the file set aside keeps everything; the counts go on in memory
        return kept

    def _read_stats(self) -> dict[str, dict[str, int]] | None:
        """The counts per ruleset; None when the file cannot be used and is still there."""
        data = self._read_file()
        return None if data is None else data.get("rulesets", {})

    def stats(self) -> dict[str, dict[str, int]]:
        """``{ruleset id: {matches, matches_won, hands, hands_won, levels, defended, defender_points}}``."""
        return self._read_stats() or {}

    def lines(self) -> list[StatLine]:
        """Every ruleset's record, the most played first."""
        rows = [StatLine(rid, **row) for rid, row in self.stats().items()]
        return sorted(rows, key=lambda r: (-r.hands, -r.matches, r.ruleset))

    def history(self) -> list[dict[str, Any]]:
        """The last hands, oldest first: ``{ruleset, won, levels, defending, points}``,
        ``levels`` signed (above zero our team went up, below zero the others did)."""
        return _history_of(self._read_file() or {})

    def review_history(self) -> dict[str, list[dict[str, Any]]]:
        """Per ruleset, the last reviewed hands, oldest first: ``{accuracy, mean_loss,
        decisions}`` (accuracy a share 0–1, the mean loss per rated decision in levels)."""
        return _reviews_of(self._read_file() or {})

    def _bump(
        self, ruleset_id: str, entry: dict[str, Any] | None = None, review: dict[str, Any] | None = None, **add: int
    ) -> None:
        if not self.writable:
            return
        with self._lock:
            self._bump_file(ruleset_id, entry, add, review)

    def _bump_file(
        self, ruleset_id: str, entry: dict[str, Any] | None, add: dict[str, int], review: dict[str, Any] | None = None
    ) -> None:
        data = self._read_file()
        if data is None:
            return  # a file that could not be set aside is kept, not written over
        stats = data.get("rulesets", {})
        history = _history_of(data)
        row = stats.setdefault(ruleset_id, dict.fromkeys(STAT_FIELDS, 0))
        for key, value in add.items():
            row[key] += value
        if entry is not None:
            history = (history + [entry])[-MAX_HISTORY:]
        reviews = _reviews_of(data)
        if review is not None:
            reviews[ruleset_id] = (reviews.get(ruleset_id, []) + [review])[-MAX_REVIEWS:]
        try:
            atomic_write_json(
                self.stats_path, {"version": RECORD_VERSION, "rulesets": stats, "history": history, "reviews": reviews}
            )
        except OSError:
            pass  # statistics are a nicety: a read-only folder costs them, not the game

    def record_hand(self, ruleset_id: str, team: int, hand: Hand, summary: HandSummary) -> None:
        """A finished hand seen from ``team`` (0: seats 0 and 2)."""
        before = int(hand.levels[team])
        after = int(_rank(summary.levels_after[team]))
        won = summary.up_team == team
        gained = max(0, after - before)
        defending = hand.dealer is not None and hand.dealer % 2 != team
        points = max(0, summary.defender_points) if defending else 0
        signed = gained if won else -summary.up_levels
        entry = {"ruleset": ruleset_id, "won": won, "levels": signed, "defending": defending, "points": points}
        self._bump(
            ruleset_id,
            entry,
            hands=1,
            hands_won=int(won),
            levels=gained,
            defended=int(defending),
            defender_points=points,
        )

    def record_review(
        self, ruleset_id: str, decisions: int, good: int, loss: float, accuracy: float | None = None
    ) -> None:
        """A reviewed hand: its rated decisions, how many were best or good, the loss; and
        its point of the accuracy chart (``accuracy``: the analysis's own, which leaves
        unclear decisions out; by default good / decisions)."""
        if accuracy is None:
            accuracy = good / decisions if decisions else 1.0
        point = {
            "accuracy": round(min(1.0, max(0.0, accuracy)), 4),
            "mean_loss": round(max(0.0, loss) / decisions if decisions else 0.0, 4),
            "decisions": max(0, decisions),
        }
        self._bump(
            ruleset_id,
            None,
            point,
            reviews=1,
            review_decisions=decisions,
            review_good=good,
            review_loss_milli=round(1000 * loss),
        )

    def record_duplicate(self, ruleset_id: str, levels: int, points: int) -> None:
        """A duplicate deal: the person's levels and points minus the bot's in his seat."""
        self._bump(ruleset_id, duplicate_deals=1, duplicate_levels=levels, duplicate_points=points)

    def record_match(self, ruleset_id: str, team: int, winner: int | None) -> None:
        self._bump(ruleset_id, matches=1, matches_won=int(winner == team))


def _history_of(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The well-formed entries of a statistics file's history (a damaged entry is skipped)."""
    raw = data.get("history")
    entries = (_history_entry(item) for item in (raw if isinstance(raw, list) else []))
    return [entry for entry in entries if entry is not None][-MAX_HISTORY:]


def _history_entry(item: Any) -> dict[str, Any] | None:
    """One hand of the history as the game reads it; None when it cannot be used."""
    if not (
        isinstance(item, dict)
        and isinstance(item.get("ruleset"), str)
        and isinstance(item.get("levels"), int)
        and not isinstance(item.get("levels"), bool)
    ):
        return None
    return {
        "ruleset": item["ruleset"],
        "won": bool(item.get("won")),
        "levels": item["levels"],
        "defending": bool(item.get("defending")),
        "points": _count(item.get("points", 0)),
    }


def _reviews_of(data: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """The well-formed reviewed-hand points of a statistics file, per ruleset (a damaged
    entry is skipped, as in the history: a chart is worth less than the counts)."""
    raw = data.get("reviews")
    out: dict[str, list[dict[str, Any]]] = {}
    for ruleset_id, items in raw.items() if isinstance(raw, dict) else ():
        if not isinstance(ruleset_id, str) or len(ruleset_id) > 100 or not isinstance(items, list):
            continue
        points = [point for point in map(_review_point, items) if point is not None]
        if points:
            out[ruleset_id] = points[-MAX_REVIEWS:]
    return out


def _review_point(item: Any) -> dict[str, Any] | None:
    """One reviewed hand's point of the chart; None when it cannot be used."""
    if not isinstance(item, dict):
        return None
    acc, loss, n = _number(item.get("accuracy")), _number(item.get("mean_loss")), item.get("decisions")
    if (
        acc is not None
        and 0.0 <= acc <= 1.0
        and loss is not None
        and 0.0 <= loss <= 100.0
        and isinstance(n, int)
        and not isinstance(n, bool)
        and 0 <= n <= 10_000
    ):
        return {"accuracy": acc, "mean_loss": loss, "decisions": n}
    return None


def _entries_kept(key: str, raw: Any) -> bool:
    """Did reading the statistics file's ``history`` or ``reviews`` keep every entry as it was
    written (nothing left out, nothing changed)? An older file without them keeps all."""
    if raw is None:
        return True
    if key == "history":
        return isinstance(raw, list) and all(_history_entry(item) == item for item in raw)
    return isinstance(raw, dict) and all(
        isinstance(ruleset_id, str)
        and len(ruleset_id) <= 100
        and isinstance(items, list)
        and all(_review_point(item) == item for item in items)
        for ruleset_id, items in raw.items()
    )


def _number(value: Any) -> float | None:
    """A stored number (not a flag, not NaN), or None."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == value:
        return float(value)
    return None


def _count(value: Any) -> int:
    """A stored count, or 0 when the file holds anything else."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def _rank(label: str):
    return Rank.parse(label)
