"""A person's duplicate match, board by board (docs/tournaments.md, "Duplicate matches").

The person plays each board at the first table as a one-hand match; the second table (the
teams turned, his seat played by a bot of his team's level) is played by the event's
worker. ``Boards`` is the match's running score between boards, kept in the event's file
(``SavedEvent.boards``) after every board, so a continued event goes on at the next board.
It follows the bots-only match (``game.tournament.play._play_duplicate``): the same boards,
the same end (a hands-length match plays that many boards, a timed one the boards both
tables finish on the notional clock, then extra boards while tied), the same result.
No pygame here.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from game.core import Hand
from game.files import DataError
from game.table.outcome import Result as TableResult
from game.tournament.play import EXTRA_BOARDS, board_score, hand_seconds
from game.tournament.rules import TournamentRules

BOARD_KEY = "duplicate_board"  # TableSettings.extra: the board being played at the table


@dataclass
class Boards:
    """Team a's score so far in one duplicate match of a person (team a: the match's first team)."""

    match: str
    board: int = 0  # the next board's number (every board dealt, counted or not)
    attempt: int = 0  # the next board's deal: raised when the second table re-deals
    net: int = 0  # team a's levels over both tables, the counted boards
    points: int = 0  # team a's card points (as good for it), the counted boards
    boards: int = 0  # the boards that count
    extra: int = 0  # extra boards played while tied
    elapsed: float = 0.0  # notional seconds (a timed match)
    regular: bool = True  # the match's own boards; then extra boards while tied
    last: dict[str, Any] | None = None  # the board just scored, for its panel

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Boards:
        """Read back ``to_dict``; ``DataError`` on anything not of the kind."""
        ints = ("board", "attempt", "net", "points", "boards", "extra")
        fields = {"match", "elapsed", "regular", "last", *ints}
        if not isinstance(data, dict) or set(data) != fields:
            raise DataError("the duplicate match's boards are not valid")
        ok = (
            isinstance(data["match"], str)
            and all(isinstance(data[k], int) and not isinstance(data[k], bool) for k in ints)
            and all(data[k] >= 0 for k in ("board", "attempt", "boards", "extra"))
            and data["board"] < 10_000
            and data["extra"] <= EXTRA_BOARDS
            and isinstance(data["elapsed"], (int, float))
            and not isinstance(data["elapsed"], bool)
            and 0 <= data["elapsed"] < 1e7
            and isinstance(data["regular"], bool)
            and data["boards"] <= data["board"]
            and _is_last_board(data["last"])
        )
        if not ok:
            raise DataError("the duplicate match's boards are not valid")
        return cls(**data)

    def over(self, length: int, timed: bool) -> bool:
        """Is the match decided (checked before each board)?"""
        if self.regular and not timed and self.boards >= length:
            self.regular = False
        if self.regular:
            return False
        return self.net != 0 or self.points != 0 or self.extra >= EXTRA_BOARDS

    def score(self, first: Hand, second: Hand, rules: TournamentRules, timed: bool, length: int) -> None:
        """Both tables of the board are settled: its score added (a board that ends past the
        time does not count, and the time is up)."""
        levels, points = board_score(first, second)
        seconds = max(hand_seconds(first, rules), hand_seconds(second, rules))
        counted = not (self.regular and timed and self.elapsed + seconds > length * 60.0)
        if counted:
            self.elapsed += seconds
            self.boards += 1
            self.net += levels
            self.points += points
            if not self.regular:
                self.extra += 1
        else:
            self.elapsed = length * 60.0
            self.regular = False
        tables = []
        for seat, hand in ((0, first), (1, second)):
            assert hand.settlement is not None and hand.dealer is not None  # board_score checked
            mine = TableResult.of(hand.settlement, hand.dealer, seat)
            tables.append([mine.levels, mine.points_for_team])
        self.last = {"board": self.board, "tables": tables, "levels": levels, "points": points, "counted": counted}
        self.board += 1
        self.attempt = 0

    def redealt(self) -> None:
        """The second table re-dealt (nobody declared): the board is dealt again for both."""
        self.last = {"board": self.board, "redeal": True}
        self.attempt += 1


def _is_last_board(last: Any) -> bool:
    """The board just scored as ``Boards.score`` or ``Boards.redealt`` keeps it (its panel
    reads every field), or None."""

    def whole(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)

    if last is None:
        return True
    if not isinstance(last, dict) or not whole(last.get("board")):
        return False
    if set(last) == {"board", "redeal"}:
        return last["redeal"] is True
    tables = last.get("tables")
    return (
        set(last) == {"board", "tables", "levels", "points", "counted"}
        and isinstance(tables, list)
        and len(tables) == 2
        and all(isinstance(t, list) and len(t) == 2 and all(whole(v) for v in t) for t in tables)
        and whole(last["levels"])
        and whole(last["points"])
        and isinstance(last["counted"], bool)
    )
