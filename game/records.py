"""Replays of finished hands and statistics per ruleset, in the data folder (no pygame here).

Every finished hand is kept as one small JSON file in ``replays/`` (the ruleset, the hand's
setup and action log, the names at the table and a summary for the list); the newest
``MAX_REPLAYS`` are kept, older ones are deleted. A replay is rebuilt with
``Hand.from_dict``, and ``Replay.state(step)`` is ``Hand.replay(upto)`` — the same mechanism
as saves and undo, so a replay shows exactly what happened.

``stats.json`` counts, per ruleset, the matches and hands played and won and the levels
gained, from the point of view of the team of the first person at the table.

Every write is atomic (``storage.atomic_write_json``); a file that cannot be read is
skipped (replays) or started afresh (statistics), never a crash.
"""
from __future__ import annotations

from dataclasses import dataclass, field
import json
from pathlib import Path
import time
from typing import Any

from game.core import BURY, DEAL, DECLARE, FINISH_DEAL, PLAY, Hand, HandSummary, Rank, Ruleset
from game.storage import atomic_write_json

REPLAY_DIR = "replays"
STATS_FILE = "stats.json"
MAX_REPLAYS = 200
RECORD_VERSION = 1
STAT_FIELDS = ("matches", "matches_won", "hands", "hands_won", "levels",
               # Reviewed hands (the post-hand analysis): decisions rated, rated best or
               # good, and the loss in thousandths of a level.
               "reviews", "review_decisions", "review_good", "review_loss_milli",
               # Duplicate practice: deals compared with a bot in the person's seat, and the
               # person's levels and points minus the bot's over them.
               "duplicate_deals", "duplicate_levels", "duplicate_points")


# ---------------------------------------------------------------------------- replays

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


def summarize(hand: Hand) -> dict[str, Any]:
    """What the replay list shows without rebuilding the hand."""
    s = hand.settlement
    return {"dealer": hand.dealer, "trump": hand.ctx.trump_code if hand.ctx else None,
            "rank": hand.rank.label if hand.rank else None,
            "points": s.total if s else None, "deal_to": s.deal_to if s else None,
            "up_side": s.up_side if s else None, "up_levels": s.up_levels if s else None,
            "levels": [r.label for r in hand.levels]}


class Records:
    """The replays folder and the statistics file of one data folder."""

    def __init__(self, folder: Path | str, limit: int = MAX_REPLAYS):
        self.folder = Path(folder)
        self.limit = limit

    @property
    def replay_dir(self) -> Path:
        return self.folder / REPLAY_DIR

    @property
    def stats_path(self) -> Path:
        return self.folder / STATS_FILE

    # ------------------------------------------------------------------ replays

    def add_replay(self, hand: Hand, number: int, names: dict | None = None, kind: str = "match",
                   match_seed: int | None = None, humans: list[int] | None = None) -> Path | None:
        """Keep a finished hand; returns its file (None when it could not be written)."""
        if not hand.finished or hand.settlement is None:
            return None
        data = {"version": RECORD_VERSION, "kind": kind, "time": time.strftime("%Y-%m-%d %H:%M"),
                "number": number, "match_seed": match_seed, "names": names or {},
                "humans": list(humans or []), "ruleset": hand.ruleset.to_dict(),
                "hand": hand.to_dict(), "summary": summarize(hand)}
        path = self.replay_dir / f"{time.time_ns():020d}.json"
        try:
            atomic_write_json(path, data)
        except OSError:
            return None
        self.prune()
        return path

    def replay_files(self) -> list[Path]:
        """The stored replays, newest first."""
        try:
            files = [p for p in self.replay_dir.glob("*.json") if p.is_file()]
        except OSError:
            return []
        return sorted(files, key=lambda p: p.name, reverse=True)

    def prune(self) -> None:
        for old in self.replay_files()[self.limit:]:
            try:
                old.unlink()
            except OSError:
                pass

    def list_replays(self) -> list[tuple[Path, dict]]:
        """(file, its data without rebuilding the hand) for every readable replay, newest first."""
        out = []
        for path in self.replay_files():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(data, dict) and data.get("version") == RECORD_VERSION:
                out.append((path, data))
        return out

    @staticmethod
    def load(path: Path | None, data: dict | None = None) -> Replay:
        """Rebuild a replay; raises ValueError when it cannot be used."""
        try:
            if data is None:
                data = json.loads(Path(path).read_text(encoding="utf-8"))
            if data.get("version") != RECORD_VERSION:
                raise ValueError(f"unsupported replay version {data.get('version')!r}")
            ruleset = Ruleset.from_dict(data["ruleset"])
            hand = Hand.from_dict(ruleset, data["hand"])
        except (OSError, KeyError, TypeError, AttributeError) as e:
            raise ValueError(f"the replay cannot be read ({e!r})") from None
        meta = {k: v for k, v in data.items() if k not in ("ruleset", "hand")}
        return Replay(path, ruleset, hand, meta, replay_steps(hand))

    @staticmethod
    def save_analysis(path: Path, seat: int, analysis: dict[str, Any]) -> bool:
        """Keep a review with its replay (``data["analysis"][seat]``) so that reopening it
        is instant; False when the replay cannot be read or written."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                return False
            stored = data.get("analysis")
            if not isinstance(stored, dict):
                stored = {}
            stored[str(seat)] = analysis
            data["analysis"] = stored
            atomic_write_json(Path(path), data)
        except (OSError, ValueError):
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
        for _path, data in self.list_replays():
            if data.get("match_seed") != match_seed or data.get("kind") != "match":
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

    def stats(self) -> dict[str, dict[str, int]]:
        """``{ruleset id: {matches, matches_won, hands, hands_won, levels}}``."""
        try:
            data = json.loads(self.stats_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("version") != RECORD_VERSION:
            return {}
        out = {}
        for ruleset_id, row in (data.get("rulesets") or {}).items():
            if isinstance(row, dict):
                out[ruleset_id] = {k: int(row.get(k, 0)) if isinstance(row.get(k, 0), int) else 0
                                   for k in STAT_FIELDS}
        return out

    def _bump(self, ruleset_id: str, **add: int) -> None:
        stats = self.stats()
        row = stats.setdefault(ruleset_id, dict.fromkeys(STAT_FIELDS, 0))
        for key, value in add.items():
            row[key] += value
        try:
            atomic_write_json(self.stats_path, {"version": RECORD_VERSION, "rulesets": stats})
        except OSError:
            pass  # statistics are a nicety: a read-only folder costs them, not the game

    def record_hand(self, ruleset_id: str, team: int, hand: Hand, summary: HandSummary) -> None:
        """A finished hand seen from ``team`` (0: seats 0 and 2)."""
        before = int(hand.levels[team])
        after = int(_rank(summary.levels_after[team]))
        won = summary.up_team == team
        self._bump(ruleset_id, hands=1, hands_won=int(won), levels=max(0, after - before))

    def record_review(self, ruleset_id: str, decisions: int, good: int, loss: float) -> None:
        """A reviewed hand: its rated decisions, how many were best or good, the loss."""
        self._bump(ruleset_id, reviews=1, review_decisions=decisions, review_good=good,
                   review_loss_milli=round(1000 * loss))

    def record_duplicate(self, ruleset_id: str, levels: int, points: int) -> None:
        """A duplicate deal: the person's levels and points minus the bot's in his seat."""
        self._bump(ruleset_id, duplicate_deals=1, duplicate_levels=levels,
                   duplicate_points=points)

    def record_match(self, ruleset_id: str, team: int, winner: int | None) -> None:
        self._bump(ruleset_id, matches=1, matches_won=int(winner == team))


def _rank(label: str):
    return Rank.parse(label)
