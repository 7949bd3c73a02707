"""The command line modes: autoplay, the monkey, screenshots, settings; no pygame in the core."""

import json
import subprocess
import sys

import pygame
import pytest

from game.__main__ import main
from game.ui.kit.cardview import card_width
from game.ui.kit.layout import TableLayout
from game.ui.menus.menus import SettingsScene, StartScene
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, make_app, run

SIZES = [(1024, 640), (1280, 800), (1920, 1080)]


def test_autoplay_one_hand_completes_with_screenshots(tmp_path):
    shots = tmp_path / "shots"
    code = main(
        [
            "--autoplay",
            "--hands",
            "1",
            "--speed",
            "60",
            "--seed",
            "2",
            "--data-dir",
            str(tmp_path),
            "--screenshot",
            str(shots),
        ]
    )
    assert code == 0
    names = sorted(p.name for p in shots.glob("*.png"))
    assert any("kitty" in n for n in names) and any("hand-end" in n for n in names)


def test_the_monkey_never_crashes(tmp_path, capsys):
    code = main(["--monkey", "3000", "--seed", "1", "--data-dir", str(tmp_path), "--frame-stats"])
    assert code == 0
    out = capsys.readouterr().out
    assert "p99" in out and "table-" in out  # it reached the table


def test_nothing_but_the_front_end_imports_pygame():
    code = (
        "import sys, game, game.core, game.referee, game.table, game.app.storage, bots;"
        " sys.exit('pygame' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("size", SIZES)
def test_table_layout_fits_every_size(size):
    lay = TableLayout(*size)
    screen = pygame.Rect(0, 0, *size)
    plates = [lay.plate_rect(p) for p in range(4)]
    assert all(screen.contains(r) for r in plates)
    assert not any(a.colliderect(b) for i, a in enumerate(plates) for b in plates[i + 1 :])
    for n in (12, 33, 45):  # the three rulesets' largest hands (with the kitty)
        xs = lay.hand_positions(n)
        w = card_width(lay.hand_card_h(n))  # a three-deck hand is drawn a little smaller
        assert xs[0][0] >= 0 and xs[-1][0] + w <= size[0]
        assert xs[1][0] - xs[0][0] >= w * 0.2  # every index stays visible
    for p in range(4):
        _cx, cy = lay.trick_center(p)
        assert lay.bar_h < cy - lay.trick_h / 2 and cy + lay.trick_h / 2 < lay.buttons_y()
    assert lay.buttons_y() > plates[2].bottom


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_draws_at_every_size(tmp_path, size):
    from game.ui.learning.rules_scene import RulesScene
    from game.ui.menus.new_match import NewMatchScene
    from tests.ui_helpers import start_match

    app = make_app(tmp_path, size=size, lang="zh", speed=8.0)
    for scene in (StartScene(app), NewMatchScene(app), SettingsScene(app), RulesScene(app, "lanzhou-2010")):
        app.reset(scene)
        run(app, 0.1)
    start_match(app, "lanzhou-2010", 3, 0, ["normal"] * 4)
    run(app, 3.0)
    table = app.top
    assert isinstance(table, TableScene)
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
    run(app, 0.5)


def test_settings_are_saved_and_restored(tmp_path):
    app = make_app(tmp_path, lang=None)
    app.push(SettingsScene(app))
    language, _speed, sound, back = (choice for _, choice in app.top.rows[:4])
    click(app, language._segments()[1].center)
    click(app, back._segments()[0].center)
    click(app, sound._segments()[1].center)
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert (saved["language"], saved["card_back"], saved["sound"]) == ("zh", "red", False)
    again = make_app(tmp_path, lang=None)
    assert (again.settings.language, again.settings.card_back, again.settings.sound) == ("zh", "red", False)
    from game.i18n import get_language, set_language

    assert get_language() == "zh"
    set_language("en")
