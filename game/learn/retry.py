"""Trying a decision again (issue 27): the review's mistakes and the saved puzzles, judged.

"Try again" on the review and the Puzzles screen ask the same thing: the player faces a
``Puzzle`` (what the seat saw when it chose) and picks a move. A move the rules refuse is
refused with the core's own reason and costs nothing (the player picks again); a legal move
is right when it is one of the puzzle's accepted answers (the analysis's best, or within its
margin: ``coach.accepted_answers``).

The review's puzzles are built here from the analysis the review holds, the same data that
``PuzzleStore`` keeps, so the two screens cannot drift apart; ``keep_mistakes`` adds them to
the store when a hand is reviewed (puzzles from the player's own games).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
import time
from typing import Any

from game.core import BURYING, Card, Hand, Observation, Refusal, check_bury_cards, check_play_cards
from game.learn import coach
from game.learn.puzzles import Puzzle, PuzzleStore

# The clock of the schedule (seconds since the epoch) for the screens; the tests set it.
CLOCK: Callable[[], float] = time.time


@dataclass(frozen=True)
class Outcome:
    """How a try went: ``refusal`` set when the rules refuse the move (no verdict yet)."""

    solved: bool
    refusal: Refusal | None = None

    @property
    def judged(self) -> bool:
        return self.refusal is None


def refusal_of(obs: Observation, cards: Sequence[Card]) -> Refusal | None:
    """Why the rules refuse ``cards`` in the position (None when they are legal). A
    declaration is chosen among the puzzle's options, never typed, so it is not checked."""
    if obs.phase == BURYING:
        return check_bury_cards(obs.hand, cards, obs.ruleset.kitty)
    if obs.phase.declaring or obs.ctx is None:
        return None
    lead = obs.current.lead if obs.current is not None and obs.current.plays else None
    return check_play_cards(obs.hand, lead, cards, obs.ctx)


def judge_try(p: Puzzle, cards: Sequence[Card]) -> Outcome:
    """The player's move in the puzzle ``p``: refused, right, or wrong."""
    refusal = None if p.kind == "declare" else refusal_of(p.position(), cards)
    if refusal is not None:
        return Outcome(False, refusal)
    return Outcome(p.accepts(cards))


def review_puzzles(hand: Hand, seat: int, analysis: Any, now: float = 0.0) -> list[Puzzle]:
    """The decisions of ``seat`` the review labelled mistake or blunder, as puzzles, in the
    order they were made (not saved: "Try again" is practice on the spot)."""
    out = []
    for d in sorted(analysis.decisions, key=lambda d: d.step):
        data = coach.puzzle_of(hand, seat, d, now)
        if data is not None:
            out.append(Puzzle.from_json(data))
    return out


def keep_mistakes(store: PuzzleStore, hand: Hand, seat: int, analysis: Any, now: float) -> int:
    """Add the review's confident mistakes to the store and save it; how many were new.
    A store that cannot be written keeps them for this session only."""
    added = 0
    for d in analysis.decisions:
        data = coach.puzzle_of(hand, seat, d, now)
        if data is not None and store.add(data) is not None:
            added += 1
    if added:
        try:
            store.save()
        except OSError:
            pass  # a read-only data folder costs the puzzles' future, not the review
    return added


__all__ = ["CLOCK", "Outcome", "judge_try", "keep_mistakes", "refusal_of", "review_puzzles"]
