"""Drawing the table changes nothing: every change happens in ``update`` and the handlers.

A frame may be drawn twice (a resize, a screenshot, a partial update that falls back to a
whole one); a ``draw`` that changed state would make the second picture differ from the
first, or make what is shown depend on how often it was drawn. The test draws the table in
the states that used to change it (a refusal whose moment has passed, a play under way)
and compares the scene and its parts before and after.
"""

from __future__ import annotations

import pygame

from bots.hint import hint
from game.table import WaitKind, hint_action
from tests.ui_helpers import make_app, run, start_match


def _snapshot(obj, depth: int = 2) -> dict:
    """The fields of ``obj`` and of the front end's objects it holds, as text."""
    out = {}
    for name, value in sorted(vars(obj).items()):
        module = type(value).__module__ or ""
        if depth > 0 and module.startswith("game.ui") and hasattr(value, "__dict__") and name != "scene":
            out[name] = _snapshot(value, depth - 1)
        elif isinstance(value, list) and value and all(type(v).__module__.startswith("game.ui") for v in value):
            out[name] = [_snapshot(v, depth - 1) if depth > 0 else repr(v) for v in value]
        else:
            out[name] = repr(value)
    return out


def _until_play(app, table, limit=40000):
    for _ in range(limit):
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY and wait.seat == 0:
            return wait
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind == WaitKind.BURY:
            table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        app.step(1 / 30)
    raise AssertionError("no play came")


def _drawn_twice_leaves_it_as_it_was(app, table) -> None:
    surface = pygame.Surface(app.size)
    before = _snapshot(table)
    table.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    assert _snapshot(table) == before
    table.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == first
    assert _snapshot(table) == before


def test_drawing_the_table_changes_nothing(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    _until_play(app, table)
    _drawn_twice_leaves_it_as_it_was(app, table)
    # A refusal is shown; then the play it answered is made (its moment passes) before the
    # next update: drawing must not be what clears it.
    table.error = "not this one"
    action = hint_action(table.driver.hand, 0, hint)
    table.hand_view.select_cards(list(action.cards))
    run(app, 1 / 30)
    assert table.driver.submit(action) is None
    _drawn_twice_leaves_it_as_it_was(app, table)
    run(app, 0.2)  # the cards in flight
    _drawn_twice_leaves_it_as_it_was(app, table)
    assert table.error == ""


def test_a_tournament_table_with_its_clock_draws_without_changing(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 8, 0, ["normal"] * 4, "tournament", 10)
    table = app.top
    _until_play(app, table)
    run(app, 1.0)
    _drawn_twice_leaves_it_as_it_was(app, table)
