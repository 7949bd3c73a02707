"""A match: team levels, the dealer's rotation, hands played or time used, the winner.

A match draws every hand's deal seed and the first hand's first drawer from its seed
(``seeds.MatchDraws``: keyed hashes of a wide seed, so a seat that knows its own cards
cannot search for the others), so a match is rebuilt exactly from its seed and its hands' logs
(``Match.from_dict``). The match clock is fed from outside (``add_time``) and recorded, so
a timed match replays too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import Rank
from .hand import Hand, HandSetup
from .phases import REDEAL, SETTLED
from .ruleset import MatchLength, MatchScore, Ruleset, Tie, get_ruleset
from .seeds import MatchDraws
from .settlement import DEALERS, next_dealer, raise_level

SAVE_VERSION = 1


@dataclass(frozen=True)
class HandSummary:
    """One finished hand, for the match history and statistics."""

    number: int
    seed: int
    dealer: int
    rank: str
    trump: str
    defender_points: int
    total: int
    multiplier: int
    up_team: int  # team whose level rose (0: seats 0 and 2)
    up_levels: int
    levels_after: tuple[str, str]

    def to_dict(self) -> dict[str, Any]:
        d = dict(self.__dict__)
        d["levels_after"] = list(self.levels_after)
        return d


class Match:
    def __init__(
        self,
        ruleset: Ruleset,
        seed: int,
        length: int | None = None,
        start_levels: tuple[Rank, Rank] = (Rank.TWO, Rank.TWO),
    ):
        """``length``: hands (or minutes, by the ruleset's match format); None plays until a
        team wins past A."""
        self.ruleset = ruleset
        self.seed = seed
        self.length = length
        self.start_levels = start_levels
        self.rng = MatchDraws(seed)
        self.levels = list(start_levels)
        self.gained = [0, 0]
        self.dealer: int | None = None
        self.first_drawer = self.rng.lot(4)
        self.history: list[HandSummary] = []
        self.finished_hands: list[dict[str, Any]] = []  # each finished hand's to_dict(), for replays
        self.elapsed = 0.0
        self.time_up = False
        self.time_up_after: int | None = None
        self.last_won_past_ace = False
        self.winner: int | None = None  # team 0 or 1
        self.lot_dealer: int | None = None  # the extra hand's dealer, drawn by lot (a tie)
        self.hand = self._new_hand()

    # ------------------------------------------------------------------ hands

    def _new_hand(self) -> Hand:
        first_hand = self.dealer is None
        setup = HandSetup(
            seed=self.rng.deal_seed(),
            first_hand=first_hand,
            levels=(self.levels[0], self.levels[1]),
            dealer=self.dealer,
            first_drawer=self.first_drawer if self.dealer is None else self.dealer,
        )
        return Hand(self.ruleset, setup)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def hands_played(self) -> int:
        return len(self.history)

    def next_hand(self) -> Hand:
        """After a settled (or re-dealt) hand: record it, level up, rotate, deal the next."""
        hand = self.hand
        if hand.phase == REDEAL:
            self.hand = self._new_hand()
            return self.hand
        if hand.phase != SETTLED:
            raise ValueError("the hand is not finished")
        self._record(hand)
        self._check_end(hand)
        self.hand = self._new_hand()
        return self.hand

    def _record(self, hand: Hand) -> None:
        s = hand.settlement
        # A settled hand has a dealer, a rank and a trump context.
        assert s is not None and hand.dealer is not None
        assert hand.rank is not None and hand.ctx is not None
        dealer_team = hand.dealer % 2
        up_team = dealer_team if s.up_side == DEALERS else 1 - dealer_team
        before = self.levels[up_team]
        self.levels[up_team] = raise_level(before, s.up_levels)
        self.gained[up_team] += int(self.levels[up_team]) - int(before)
        kept = s.deal_to == DEALERS
        self.last_won_past_ace = kept and self.ruleset.win_past_ace and hand.rank == Rank.ACE
        self.dealer = next_dealer(self.ruleset, hand.dealer, kept)
        self.history.append(
            HandSummary(
                number=len(self.history) + 1,
                seed=hand.setup.seed,
                dealer=hand.dealer,
                rank=hand.rank.label,
                trump=hand.ctx.trump_code,
                defender_points=hand.defender_points,
                total=s.total,
                multiplier=s.multiplier,
                up_team=up_team,
                up_levels=s.up_levels,
                levels_after=(self.levels[0].label, self.levels[1].label),
            )
        )
        self.finished_hands.append(hand.to_dict())

    def _check_end(self, hand: Hand) -> None:
        if self.last_won_past_ace:
            assert hand.dealer is not None
            self.winner = hand.dealer % 2
        elif self.time_up or (
            self.length is not None
            and self.ruleset.match_length == MatchLength.HANDS
            and self.hands_played >= self.length
        ):
            self.winner = self._leader()

    def _leader(self) -> int | None:
        """The team ahead by the ruleset's match score, or by its tie rule."""
        if self.ruleset.match_score == MatchScore.LEVELS_GAINED:
            a, b = self.gained
        else:
            a, b = int(self.levels[0]), int(self.levels[1])
        if a != b:
            return 0 if a > b else 1
        if self.ruleset.tie == Tie.DEALER_WINS and self.dealer is not None:
            return self.dealer % 2
        if self.ruleset.tie == Tie.EXTRA_HAND_BY_LOT:
            # The regulation (RULES.md §10): the extra hand's dealer is drawn by lot (the match's seeded
            # generator, so a saved match replays the same draw); it is dealt as a later hand.
            self.dealer = self.lot_dealer = self.rng.lot(4)
        return None  # one more hand decides

    # ------------------------------------------------------------------ match clock

    def add_time(self, seconds: float) -> None:
        """Advance the match clock of a minute-limited match."""
        if self.over or self.length is None or self.ruleset.match_length != MatchLength.MINUTES:
            return
        self.elapsed += seconds
        if not self.time_up and self.elapsed >= self.length * 60:
            self.time_up_after = self.hands_played
            self._expire()

    def _expire(self) -> None:
        # 届时停止比赛: the unfinished hand does not count; a tie plays one more hand.
        self.time_up = True
        self.winner = self._leader()
        if self.winner is None:
            self.hand = self._new_hand()

    # ------------------------------------------------------------------ save / load

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.to_dict(),
            "seed": self.seed,
            "length": self.length,
            "start_levels": [r.label for r in self.start_levels],
            "elapsed": self.elapsed,
            "time_up_after": self.time_up_after,
            "hands": self.finished_hands,
            "current": self.hand.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        """Rebuild a match from ``to_dict()``; raises ValueError on anything inconsistent."""
        if not isinstance(data, dict) or data.get("version") != SAVE_VERSION:
            version = data.get("version") if isinstance(data, dict) else None
            raise ValueError(f"unsupported save version {version!r}")
        try:
            ruleset = Ruleset.from_dict(data["ruleset"])
            match = cls(ruleset, int(data["seed"]), data["length"], _two_levels(data["start_levels"]))
            expire_at = data.get("time_up_after")
            for i, hand_data in enumerate(data["hands"]):
                if expire_at == i:
                    match.time_up_after = i
                    match._expire()
                match._replay_hand(hand_data)
                match.next_hand()
            if expire_at == len(data["hands"]):
                match.time_up_after = expire_at
                match._expire()
            if not match.over:
                match._replay_hand(data["current"])
            match.elapsed = float(data.get("elapsed", 0.0))
        except (KeyError, TypeError, IndexError) as e:
            raise ValueError(f"the saved match is incomplete ({e!r})") from None
        return match

    def _replay_hand(self, hand_data: dict[str, Any]) -> None:
        setup = HandSetup.from_dict(hand_data["setup"])
        # Re-dealt hands are not saved: deal on until the recorded hand comes up.
        for _ in range(1000):
            if self.hand.setup == setup:
                self.hand = Hand.from_dict(self.ruleset, hand_data)
                return
            self.hand = self._new_hand()
        raise ValueError("a saved hand does not follow from the match's seed")


def new_match(ruleset_id: str, seed: int, length: int | None = None) -> Match:
    return Match(get_ruleset(ruleset_id), seed, length)


def _two_levels(labels: list[str]) -> tuple[Rank, Rank]:
    first, second = (Rank.parse(x) for x in labels)
    return first, second
