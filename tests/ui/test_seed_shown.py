"""The deal's seed is shown once the hand is over, never during it (issue 24, item 2).

A seed on the table's header lets whoever sits there (a person in a hot-seat tournament, or
a script reading the screen) compute every hidden hand. The end-of-hand panel and the
replay viewer show the hand's own deal seed, which tells nothing about the next deals.
"""

from __future__ import annotations

import pygame
import pytest

from game.app.records import Records
from game.ui.coach import replays
from game.ui.coach.replays import ReplayScene
from game.ui.kit import theme
from game.ui.table import results, table_view
from tests.ui_helpers import make_app, start_match


def _drawn_texts(monkeypatch, *modules) -> list[str]:
    texts: list[str] = []
    real = theme.blit_text

    def spy(surface, text, *args, **kwargs):
        texts.append(str(text))
        return real(surface, text, *args, **kwargs)

    for module in modules:
        monkeypatch.setattr(module, "blit_text", spy)
    return texts


WIDE_SEED = (1 << 127) + 987654321


@pytest.mark.parametrize(
    "mode, humans", [("practice", [0]), ("tournament", [0]), ("tournament", [0, 1]), ("practice", [0, 2])]
)
def test_the_header_never_shows_a_seed_during_the_hand(tmp_path, monkeypatch, mode, humans):
    app = make_app(tmp_path, size=(1920, 1080))
    start_match(app, "hebi-2010", WIDE_SEED, humans[0], ["normal"] * 4, mode=mode, length=2, humans=humans)
    texts = _drawn_texts(monkeypatch, table_view)
    for _ in range(30):
        app.dirty = True
        app.step(1 / 30)
    table = app.stack[0]
    seeds = {str(table.driver.match.seed), str(table.driver.hand.setup.seed)}
    assert table.driver.match.seed == WIDE_SEED
    assert texts and not [t for t in texts if any(s in t for s in seeds)]


def _finish_hand(app) -> None:
    for _ in range(20000):
        if type(app.top).__name__ in ("ModeHandEndScene", "HandEndScene"):
            return
        app.step(1 / 10)
    raise AssertionError("the hand did not end")


def test_the_end_of_hand_panel_and_the_replay_show_the_deal_seed(tmp_path, monkeypatch):
    app = make_app(tmp_path, size=(1280, 800), speed=50.0)
    start_match(app, "logistics-2015", None, None, ["normal"] * 4, length=2)
    _finish_hand(app)
    panel = app.top
    deal = panel.hand.setup.seed
    texts = _drawn_texts(monkeypatch, results)
    app.dirty = True
    app.step(1 / 60)
    assert any(str(deal) in t for t in texts)
    assert not any(str(panel.match.seed) in t for t in texts)  # the match's seed gives away the next deals
    replay_texts = _drawn_texts(monkeypatch, replays)
    assert app.session.last_replay is not None
    app.push(ReplayScene(app, Records.load(app.session.last_replay)))
    app.dirty = True
    app.step(1 / 60)
    assert any(str(deal) in t for t in replay_texts)
    pygame.display.quit()
