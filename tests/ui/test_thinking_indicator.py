"""A bot is visibly thinking (issue 26 item 4): its plate shows a ring (filling over a
searching level's think budget) while the table waits for its move, and nothing otherwise."""

import threading

from game.core import DEALING
from game.table import WaitKind, default_action
from game.ui.table import table_view
from tests.ui_helpers import make_app, start_match

FRAME = 1 / 60


def _spy(monkeypatch) -> list[tuple[int, float | None]]:
    """The (plate's avatar x, budget) of every thinking indicator drawn."""
    drawn: list[tuple[int, float | None]] = []
    real = table_view.draw_thinking

    def spy(surface, face, name, room, seconds, budget, s):
        drawn.append((face.x, budget))
        real(surface, face, name, room, seconds, budget, s)

    monkeypatch.setattr(table_view, "draw_thinking", spy)
    return drawn


def test_the_indicator_is_drawn_while_a_bot_thinks_and_not_otherwise(tmp_path, monkeypatch):
    drawn = _spy(monkeypatch)
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 4, 0, ["human", "normal", "normal", "normal"])
    table, driver = app.top, app.top.driver
    # East thinks until the test lets it answer (a search in the worker).
    go = threading.Event()
    east = driver.controllers[1].bot
    play = east.play

    def slow_play(obs):
        go.wait(10)
        return play(obs)

    east.play = slow_play
    plate_x = {seat: table.lay.plate_rect(table.pos(seat)).x for seat in range(4)}

    def step():
        drawn.clear()
        app.dirty = True  # a full picture each frame: what is on the plates now
        app.step(FRAME)
        wait = None if table.busy else driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(wait.seat)
        return wait

    while driver.hand.phase == DEALING:
        step()
        assert not drawn, "nobody thinks during the deal"
    frames = 0
    while driver.thinking_seat() != 1 or table.busy:
        wait = step()
        if wait is not None and wait.seat == 0 and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            assert not drawn, "the person's turn: no bot is thinking"
            driver.submit(default_action(driver.hand, 0))
        elif table.thinking is None:
            assert not drawn
        frames += 1
        assert frames < 6000
    for _ in range(30):  # half a second of East thinking
        step()
        assert [x for x, _ in drawn] == [plate_x[1] + round(6 * table.lay.scale)]
        assert table.thinking is not None and table.thinking[0] == 1
    go.set()
    while table.thinking is not None and table.thinking[0] == 1:
        step()
    # Once East's card is shown its ring is gone (another bot's may follow, never East's).
    step()
    assert all(x != plate_x[1] + round(6 * table.lay.scale) for x, _ in drawn)
    while not (driver.waiting() is not None and driver.waiting().seat == 0 and not table.busy):
        step()
    step()
    assert not drawn


def test_the_indicator_moves_on_screen_a_few_times_a_second(tmp_path):
    """While a bot thinks the table is not a still picture: its plate is sent to the screen
    at the indicator's steps (and only the plate)."""
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 4, 0, ["human", "normal", "normal", "normal"])
    table, driver = app.top, app.top.driver
    go = threading.Event()
    east = driver.controllers[1].bot
    play = east.play
    east.play = lambda obs: (go.wait(10), play(obs))[1]
    frames = 0
    while driver.thinking_seat() != 1 or table.busy:
        app.step(FRAME)
        wait = None if table.busy else driver.waiting()
        if wait is not None and wait.seat == 0:
            if wait.kind == WaitKind.DECLARE:
                driver.pass_declaration(0)
            else:
                driver.submit(default_action(driver.hand, 0))
        frames += 1
        assert frames < 6000
    plate = table.view.thinking_region(table.pos(1))
    sent = []
    for _ in range(60):
        app.step(FRAME)
        if app.drawn:
            sent.append(app.update_rects)
    go.set()
    with_plate = [rects for rects in sent if rects is not None and plate in rects]
    assert 9 <= len(with_plate) <= 14  # about twelve steps in a second, not sixty frames
    assert all(rects == [plate] for rects in sent[-6:])  # once the hand is still: the plate alone


def test_a_searching_levels_ring_fills_over_its_think_budget(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 4, 0, ["human", "normal", "normal", "normal"])
    table = app.top
    table.driver.controllers[1].bot.think_ms = 2000.0  # as ``expert``'s
    assert table.thinking_budget(1) == 2.0
    assert table.thinking_budget(2) is None  # the stand-in (like ``normal``) has none
