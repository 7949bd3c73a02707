"""The settings screen offers the table's settings and saves them; the table's menu offers
settings and rules, not only leaving; a new card size or palette reaches the table."""

import pygame

from game.ui.learning.rules_scene import RulesScene
from game.ui.menus.menus import LeaveDialog, SettingsScene
from tests.ui_helpers import click, key, make_app, run, start_match


def segment(choice, option):
    return choice._segments()[choice.options.index(option)].center


def row(scene, key_name):
    return next(choice for k, choice in scene.rows if k == key_name)


def test_every_new_setting_is_on_the_screen_and_saved(tmp_path):
    app = make_app(tmp_path)
    app.nav.settings()
    scene = app.top
    assert isinstance(scene, SettingsScene)
    for key_name, option in (
        ("settings.card_size", "large"),
        ("settings.card_colours", "four"),
        ("settings.play_click", "single"),
        ("settings.confirm_play_setting", True),
        ("settings.trick_linger", 2.0),
        ("settings.reduce_motion", True),
        ("settings.obvious_moves", "off"),
    ):
        click(app, segment(row(scene, key_name), option))
    again = app.storage.load_settings("en")
    assert (
        again.card_size,
        again.card_colours,
        again.play_click,
        again.confirm_play,
        again.trick_linger,
        again.reduce_motion,
    ) == ("large", "four", "single", True, 2.0, True)
    assert again.obvious_moves == "off"


def test_the_rows_fit_the_panel_at_every_size(tmp_path):
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        app.nav.settings()
        scene = app.top
        rects = [choice.rect for _, choice in scene.rows] + [scene.back.rect, scene.preview]
        for r in rects:
            assert scene.panel.contains(r), (size, r)
        for i, a in enumerate(rects):
            for b in rects[i + 1 :]:
                assert not a.colliderect(b), (size, a, b)


def test_the_table_menu_offers_settings_and_rules(tmp_path):
    app = make_app(tmp_path, speed=8.0)
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    run(app, 0.5)
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, LeaveDialog)
    click(app, menu.settings.rect.center)
    settings = app.top
    assert isinstance(settings, SettingsScene) and app.stack[-2] is table
    card_h = table.lay.card_h
    click(app, segment(row(settings, "settings.card_size"), "large"))
    assert table.lay.card_h > card_h  # the table lays out again at once
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    click(app, app.top.rules.rect.center)
    assert isinstance(app.top, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is table
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # Escape closes the menu
    assert app.top is table


def test_the_statistics_panel_shows_rates_and_a_chart_inside_the_window(tmp_path):
    from game.app.records import Records
    from tests.table.test_statistics import hand_and_summary

    records = Records(tmp_path)
    for i in range(30):
        records.record_hand("hebi-2010" if i % 2 else "lanzhou-2010", 0, *hand_and_summary(i % 4, i % 2, 1 + i % 3, 40))
    records.record_match("hebi-2010", 0, 0)
    for size in ((1024, 640), (1280, 800), (1920, 1080)):
        app = make_app(tmp_path, size=size)
        app.nav.start()
        run(app, 0.1)
        panel = app.top.stats
        assert len(panel.lines) == 2 and len(panel.history) == 30
        window = pygame.Rect((0, 0), size)
        assert window.contains(panel.rect) and panel.rect.contains(panel.chart) and panel.chart.h > 20
        buttons = [b.rect for b in app.top.buttons if b.visible]
        assert not any(panel.rect.colliderect(b) for b in buttons)
