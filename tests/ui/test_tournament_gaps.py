"""Issue 28's gaps: an event continued from the start screen, the events' history in the
statistics, every hand of a bots-only match opened as a replay."""

from __future__ import annotations

from game.app.records import Records
from game.i18n import tr
from game.ui.kit import ruleset_text
from tests.ui.test_tournament_ui import board_until_ready, names, setup
from tests.ui_helpers import click, make_app


def test_the_start_screen_continues_the_event_under_way_and_names_it(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    setup(app, ruleset="lanzhou-2010", size=4, format="knockout", practice=True).begin()
    app.top.skip_draw()
    board_until_ready(app)
    path = app.nav.event.saved.path
    app.nav.start()  # leave the board: the event stays in its file
    start = app.top
    app.step(1 / 60)
    (button,) = [b for b in start.buttons if b.on_click == start.resume_event]
    assert button.visible
    name = ruleset_text.short_name(app.nav.events.load(path).event.ruleset)
    assert name == "Lanzhou 2010"
    assert button.text == tr("event.continue_event_round", ruleset=name, n=1)
    click(app, button.rect.center)
    assert names(app) == "TournamentScene"
    assert app.nav.event is not None and app.nav.event.saved.path == path


def test_no_continue_event_line_without_an_event_under_way(tmp_path):
    app = make_app(tmp_path)
    app.nav.start()
    app.step(1 / 60)
    start = app.top
    (button,) = [b for b in start.buttons if b.on_click == start.resume_event]
    assert start.event is None and not button.visible


def finished_event(app, seed: int, player: str, started: float):
    """A finished event in the data folder (results recorded straight: the screen reads the file)."""
    import random

    from game.app.event_store import SavedEvent
    from game.tournament import Result, Tournament
    from game.tournament.field import make_field

    event = Tournament.new("hebi-2010", make_field(4, random.Random(seed), player=player), seed, "knockout", (1, 1))
    while not event.finished:
        for p in event.ready():
            event.record(p.id, Result(winner=p.a, score=(3, 2), gained=(1, 0), hands=1))  # from level 2
    saved = SavedEvent(app.nav.events.new_path().with_name(f"event-{seed}.json"), event, None, started)
    app.nav.events.save(saved)
    return saved


def test_the_statistics_list_every_finished_event(tmp_path):
    import os

    app = make_app(tmp_path)
    a = finished_event(app, 1, "bot-partner", 1_700_000_000.0)
    b = finished_event(app, 2, "none", 1_710_000_000.0)
    os.utime(a.path, (1, 1))  # the first event is the older file
    app.nav.start()
    app.nav.statistics()
    app.step(1 / 60)
    scene = app.top
    assert names(app) == "StatisticsScene"
    rows = scene.event_rows()
    assert len(rows) == 2  # a list of the events, not one line
    assert b.place is None and rows[0][1].endswith(tr("event.watched"))
    assert a.place is not None and rows[1][1].endswith(tr("event.place", n=a.place))
    assert tr("event.format_short.knockout") in rows[1][1] and tr("event.teams", n=4) in rows[1][1]
    assert ruleset_text.name(a.event.ruleset) in rows[1][0]
    assert scene.events_box.w > 0 and not scene.events_box.colliderect(scene.back.rect)


def test_every_hand_of_a_bots_only_match_opens_as_a_replay(tmp_path):
    app = make_app(tmp_path, speed=20.0, seed=1)  # seeded: the same matches every run
    # Watched: every table bots, so the event goes on until a match of several hands is done.
    setup(app, ruleset="lanzhou-2010", size=8, format="knockout", player="none", practice=True).begin()
    board = app.top
    board.skip_draw()
    play = app.nav.event
    for _ in range(3000):
        if names(app) != "TournamentScene":
            break
        done = [p for p in play.event.pairings if p.result is not None and len(p.result.replays) > 1]
        if done:
            break
        app.step(1 / 30)
    assert done, "no bots-only match of several hands finished"
    p = done[0]
    board.stage = board._stage_of(p.id)
    board.layout(app.size)  # the matches' places on the board
    (rect,) = [r for q, r, _ in board.placed if q is not None and q.id == p.id]
    click(app, rect.center)
    viewer = app.top
    assert names(app) == "ReplayScene"
    files = [play.replay_dir / name for name in p.result.replays]
    assert viewer.hands == (files, 0)
    prev, following = viewer.hand_buttons
    assert not prev.enabled and following.enabled
    depth = len(app.stack)
    for i in range(1, len(files)):  # on through the match, hand by hand
        click(app, app.top.hand_buttons[1].rect.center)
        assert names(app) == "ReplayScene" and app.top.hands == (files, i)
        assert app.top.replay.meta == Records.load(files[i]).meta
        assert len(app.stack) == depth  # in the viewer's place: Back goes to the board
    assert not app.top.hand_buttons[1].enabled
    click(app, app.top.hand_buttons[0].rect.center)
    assert app.top.hands == (files, len(files) - 2)
    app.top.back.on_click()
    assert names(app) == "TournamentScene"
