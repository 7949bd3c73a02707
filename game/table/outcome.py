"""One hand's outcome for a team, as a small value (no pygame): what duplicate practice and
a tournament's duplicate boards compare."""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Settlement, Side


@dataclass(frozen=True)
class Result:
    """One hand's outcome for a team: levels (signed: negative when the others went up)
    and the defenders' points."""

    levels: int
    points: int
    defending: bool

    @classmethod
    def of(cls, settlement: Settlement, dealer: int, seat: int) -> Result:
        defending = seat % 2 != dealer % 2
        mine = (settlement.up_side == Side.DEFENDERS) == defending
        levels = settlement.up_levels if mine else -settlement.up_levels
        return cls(levels, settlement.total, defending)

    @property
    def points_for_team(self) -> int:
        """The points as good for the team: the defenders' total, or minus it for the dealers."""
        return self.points if self.defending else -self.points
