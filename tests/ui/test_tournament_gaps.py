"""Issue 28's gaps: an event continued from the start screen, the events' history in the
statistics, every hand of a bots-only match opened as a replay."""

from __future__ import annotations

from game.i18n import tr
from game.ui import ruleset_text
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
    name = ruleset_text.name(app.nav.events.load(path).event.ruleset)
    assert button.text == tr("event.continue_event_round", ruleset=name, n=1)
    click(app, button.rect.center)
    assert names(app) == "TournamentScene"
    assert app.nav.event is not None and app.nav.event.saved.path == path


def test_no_continue_event_line_without_an_event_under_way(tmp_path):
    app = make_app(tmp_path)
    app.nav.start()
    app.step(1 / 60)
    start = app.top
    assert not [b for b in start.buttons if getattr(start, "resume_event", None) == b.on_click and b.visible]
