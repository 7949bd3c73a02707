"""The person's controls ask the driver once per selection, and a play made in the same
moment the cards are raised (a double click) is not refused for want of a verdict."""

from __future__ import annotations

from bots.hint import hint
from game.core import Hand
from game.table import hint_action
from tests.ui.test_table_draw_is_pure import _until_play
from tests.ui_helpers import make_app, run, start_match


def test_cards_raised_and_played_before_the_next_frame_are_played(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    _until_play(app, table)
    run(app, 1 / 30)
    log = len(table.driver.hand.log)
    action = hint_action(table.driver.hand, 0, hint)
    table.hand_view.select_cards(list(action.cards))  # no update in between
    table.person._play_request()
    assert len(table.driver.hand.log) == log + 1


def test_a_click_on_play_checks_the_raised_cards_once(tmp_path, monkeypatch):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    _until_play(app, table)
    action = hint_action(table.driver.hand, 0, hint)
    calls = []
    real = Hand.check
    monkeypatch.setattr(Hand, "check", lambda self, a: calls.append(a) or real(self, a))
    table.hand_view.select_cards(list(action.cards))
    run(app, 0.2)  # frames drawn: the prompt and the Play button read the verdict
    play = table.controls[-1]
    assert play.enabled
    play.on_click()
    assert [a for a in calls if a.cards == action.cards] == [calls[0]]
    assert len(calls) == 1
