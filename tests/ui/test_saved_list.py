"""Continue with several saved matches: the list screen (issue 13, defect 1)."""
from game.ui.menus import StartScene
from game.ui.mode_table import ModeTableScene
from game.ui.saved_list import SavedListScene
from tests.ui_helpers import click, make_app, start_match


def test_continue_lists_every_saved_match_and_opens_the_one_clicked(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "tournament", 10)
    first = app.top.driver.match.seed
    start_match(app, "logistics-2015", 4, 0, ["normal"] * 4, "practice", 60)
    app.nav.start()
    assert isinstance(app.top, StartScene) and "2" in app.top.saved
    app.top.resume()
    assert isinstance(app.top, SavedListScene) and len(app.top.items) == 2
    app.step(1 / 60)
    row = app.top.row_rect(1)
    click(app, (row.x + 20, row.centery))
    assert isinstance(app.top, ModeTableScene)
    assert app.top.driver.match.seed == first and app.top.driver.match.ruleset.id == "hebi-2010"


def test_deleting_a_saved_match_asks_twice(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    start_match(app, "hebi-2010", 4, 0, ["normal"] * 4, "practice", 10)
    app.nav.start()
    app.top.resume()
    app.step(1 / 60)
    cross = app.top.delete_rect(0)
    click(app, cross.center)
    assert len(app.top.items) == 2 and app.top.armed == 0
    app.step(1 / 60)
    click(app, cross.center)
    assert len(app.storage.saved_matches()) == 1


def test_the_saved_line_follows_the_language(tmp_path):
    from game.i18n import set_language
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    app.nav.start()
    english = app.top.saved
    set_language("zh")
    try:
        assert app.top.saved != english and "鹤壁" in app.top.saved
    finally:
        set_language("en")
