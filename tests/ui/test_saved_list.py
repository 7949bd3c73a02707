"""Continue with several saved matches: the list screen (issue 13, defect 1)."""

from game.ui.menus.menus import StartScene
from game.ui.menus.saved_list import SavedListScene, saved_line
from game.ui.table.table_scene import TableScene
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
    assert isinstance(app.top, TableScene)
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


def _two_saved(app, tmp_path):
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    start_match(app, "hebi-2010", 4, 0, ["normal"] * 4, "practice", 10)
    (shelved,) = list((tmp_path / "saves").glob("match-*.json"))
    return shelved


def test_a_damaged_shelved_save_is_listed_as_unreadable_not_a_crash(tmp_path):
    """Issue 24 item 3: seats out of range or 100,000-character names, drawn at once."""
    import json
    import time

    from game.i18n import tr

    app = make_app(tmp_path)
    shelved = _two_saved(app, tmp_path)
    for table in ({"humans": [0, 0, 9]}, {"humans": [0], "names": {"seats": ["x" * 100_000] * 4}}):
        data = json.loads(shelved.read_text(encoding="utf-8"))
        data["table"] = table
        shelved.write_text(json.dumps(data), encoding="utf-8")
        app.nav.start()
        app.top.resume()
        assert isinstance(app.top, SavedListScene)
        began = time.perf_counter()
        app.step(1 / 60)
        app.top.draw(app.surface)
        assert time.perf_counter() - began < 5
        assert not app.top.items[1].readable
        assert tr("saves.unreadable", date="")[:6] in saved_line(app.top.items[1])


def test_every_screen_works_on_a_read_only_folder(tmp_path, monkeypatch):
    """Issue 24 item 4 (simulated: the tests run as root, see ``make_read_only``)."""
    from game.i18n import tr
    from game.ui.learning.learn_scenes import LearnScene
    from game.ui.menus.new_match import NewMatchScene
    from tests.table.test_player_data import _snapshot, make_read_only

    app = make_app(tmp_path)
    _two_saved(app, tmp_path)
    app.nav.start()
    before = _snapshot(tmp_path)
    tried = make_read_only(monkeypatch)
    app = make_app(tmp_path)
    assert app.message and tr("data_folder.read_only", folder=tmp_path)[:20] in app.message
    app.step(1 / 60)
    for open_screen in (app.nav.new_match, app.nav.settings, app.nav.replays, app.nav.learn, app.nav.edit_names):
        app.nav.start()
        open_screen()
        app.step(1 / 60)
        app.top.draw(app.surface)
    app.nav.start()
    app.nav.new_match()
    assert isinstance(app.top, NewMatchScene)
    app.nav.learn()
    assert isinstance(app.top, LearnScene)
    app.nav.start()
    app.top.resume()
    assert isinstance(app.top, SavedListScene)
    app.step(1 / 60)
    row = app.top.row_rect(1)
    click(app, (row.x + 20, row.centery))
    assert isinstance(app.top, TableScene) and app.top.driver.match.seed == 3
    for _ in range(200):
        app.step(1 / 60)
    assert tried == [] and _snapshot(tmp_path) == before
