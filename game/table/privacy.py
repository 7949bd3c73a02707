"""The hot-seat privacy rule: who may see which hand, and when (pure; the screen obeys it).

With several people at one screen every hand lies face down until the person the table
waits for has sat down (a privacy screen asks the others to look away). A hand shown to
``unlocked`` is covered again as soon as anything happens that is not that person's own
doing: a card is dealt, another seat acts, the hand is replaced (undo, a new hand), or the
turn passes to someone else.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from game.core import BURYING, DEAL, PLAYING, Hand

from .events import Wait, WaitKind


@dataclass(frozen=True)
class Privacy:
    """What the screen must do now: ``cover`` every hand; ``call`` the person at that seat
    to the screen (a privacy screen), None for nobody."""

    cover: bool
    call: int | None


def must_cover(hand: Hand, shown: tuple[Hand, int] | None, unlocked: int | None) -> bool:
    """Must the hand shown to ``unlocked`` be covered? ``shown`` is (the hand, its log length)
    when it was shown; None when nothing is shown."""
    if shown is None:
        return False
    shown_hand, mark = shown
    if hand is not shown_hand:
        return True
    new = hand.log[mark:]
    if any(a.kind == DEAL or (a.seat is not None and a.seat != unlocked) for a in new):
        return True
    return bool(new) and hand.phase in (BURYING, PLAYING) and hand.to_act() != unlocked


def hotseat_privacy(
    hand: Hand,
    shown: tuple[Hand, int] | None,
    unlocked: int | None,
    locked: bool,
    wait: Wait | None,
    humans: Collection[int],
) -> Privacy:
    """The privacy rule at a hot-seat table.

    ``shown``/``unlocked``: whose hand is face up since when (None when ``locked``);
    ``wait``: the decision the table waits for, None while the screen is busy (animations,
    an overlay) so nobody is called yet; ``humans``: the people's seats."""
    cover = not locked and must_cover(hand, shown, unlocked)
    locked = locked or cover
    call = None
    if (
        wait is not None
        and wait.kind in (WaitKind.DECLARE, WaitKind.BURY, WaitKind.PLAY)
        and wait.seat in humans
        and (locked or wait.seat != unlocked)
    ):
        call = wait.seat
    return Privacy(cover or call is not None, call)


__all__ = ["Privacy", "hotseat_privacy", "must_cover"]
