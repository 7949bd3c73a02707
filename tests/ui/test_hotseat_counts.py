"""Hot-seat: the plates' card counts are the hands' true sizes in every turn of the table
(issue 26 item 7).

When the table turned to another person, the counts were rebuilt from the observation's
hand sizes, which are by seat, into the plates' list, which is by screen position: with the
table turned to East, Bob's view showed South 20 and North 18 where both held 19, and after
the bury North's plate said 33 cards.
"""

import pygame
import pytest

from bots.hint import hint
from game.core import BURYING, PLAYING
from game.table import WaitKind, hint_action
from game.ui.table.privacy import PrivacyScene
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, make_app, pick_all, start_match


def shown_counts(table: TableScene) -> list[int]:
    """The count on each seat's plate, as table_view draws it (by seat)."""
    out = [0] * 4
    for pos in range(4):
        out[table.seat_at(pos)] = len(table.hand_view.entries) if pos == 0 else table.anim.counts[pos]
    return out


@pytest.mark.parametrize(
    "ruleset_id, humans, seed",
    [
        ("hebi-2010", [0, 1, 2, 3], 5),  # the table turns to every seat
        ("lanzhou-2010", [1, 2], 3),
    ],
)
def test_plate_counts_are_the_true_hand_sizes_in_every_rotation(tmp_path, ruleset_id, humans, seed):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    levels = ["human" if s in humans else "normal" for s in range(4)]
    start_match(app, ruleset_id, seed, humans[0], levels, "practice", 1, humans=humans)
    table = app.top
    assert isinstance(table, TableScene) and table.driver.hotseat
    checked = {"deal": set(), "bury": set(), "play": set()}
    for _ in range(60000):
        top = app.top
        if isinstance(top, PrivacyScene):
            app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is None or table.locked or top is not table:
            app.step(1 / 30)
            continue
        hand = table.driver.hand
        if not table.anim.flights:  # every card in the air has landed
            sizes = [len(cards) for cards in hand.hands]
            assert shown_counts(table) == sizes, (table.bottom, hand.phase, hand.dealt)
            phase = "deal" if wait.kind == WaitKind.DECLARE else "bury" if hand.phase == BURYING else "play"
            checked[phase].add(table.bottom)
        if hand.phase == PLAYING and len(hand.tricks) > 3 and checked["deal"] and checked["play"]:
            break
        if wait.kind == WaitKind.DECLARE:
            click(app, table.controls[-1].rect.center)
            continue
        action = hint_action(hand, wait.seat, hint)
        assert pick_all(app, table, action.cards)
        app.step(1 / 30)
        click(app, table.controls[-1].rect.center)
    else:
        raise AssertionError(f"the hand did not get far enough: {checked}")
    assert set().union(*checked.values()) == set(humans), checked
    if hand.dealer in humans:  # a person buried: seen at his bury too
        assert hand.dealer in checked["bury"]
