"""Only ``game.ui.navigation`` knows which screen comes next: screens never import each other
(a screen's module may import another only for the base class it extends)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.app.session import NoSavedMatch
from game.ui.kit.scene import App, Options
from game.ui.menus.menus import StartScene
from game.ui.menus.new_match import NewMatchScene
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import make_app, start_match

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def _screen_modules() -> dict[str, ast.Module]:
    """The modules of ``game/ui`` that define a screen (a class whose bases end in ``Scene`` or ``Dialog``)."""
    found = {}
    for path in sorted(UI.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and b.id.endswith(("Scene", "Dialog")) for b in node.bases
            ):
                found[path.stem] = tree
                break
    return found


def test_screens_import_other_screens_only_to_extend_them():
    screens = _screen_modules()
    assert {"menus", "new_match", "replays", "results", "deal_again", "table_scene"} <= set(screens)
    for name, tree in screens.items():
        bases = {
            b.id for node in tree.body if isinstance(node, ast.ClassDef) for b in node.bases if isinstance(b, ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.ui."):
                other = node.module.rsplit(".", 1)[1]
                if other in screens and other not in ("scene", name):
                    used = {alias.name for alias in node.names}
                    assert used <= bases, f"game/ui/{name}.py imports {used - bases} from the screen {other}"
            if isinstance(node, ast.ImportFrom) and node.module == "game.ui.navigation":
                pytest.fail(f"game/ui/{name}.py imports the navigation (screens ask app.nav)")


def test_an_app_without_navigation_says_how_to_build_one(tmp_path):
    app = App(Options(data_dir=tmp_path), surface=make_app(tmp_path).surface)
    with pytest.raises(RuntimeError, match="make_app"):
        app.nav.start()


def test_start_new_match_and_back(tmp_path):
    app = make_app(tmp_path)
    app.nav.start()
    assert isinstance(app.top, StartScene)
    app.top.new_match()
    assert isinstance(app.top, NewMatchScene)
    app.top.begin()
    assert isinstance(app.top, TableScene) and len(app.stack) == 1
    assert app.storage.has_save()


def test_continue_without_a_save_is_a_typed_error_and_the_start_screen(tmp_path):
    app = make_app(tmp_path)
    with pytest.raises(NoSavedMatch):
        app.session.continue_match()
    app.nav.continue_match()
    assert isinstance(app.top, StartScene) and app.message


def test_a_match_continued_through_the_session_resumes_where_it_stopped(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 4, 0, ["normal"] * 4, "practice", 2)
    saved = app.top.driver.match.to_dict()
    started = make_app(tmp_path).session.continue_match()
    assert started.resumed and started.viewer == 0 and not started.notices
    assert started.driver.match.to_dict() == saved
