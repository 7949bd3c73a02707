"""The layers of ``docs/architecture.md``, kept: read with ``ast``, never by importing.

Every import counts here, also one under ``if TYPE_CHECKING:`` and one inside a function:
a layer that names an upper one even for its types depends on it. ``LAYERS`` is the rule,
as data: each layer's packages and the layers it may import (the standard library and
its own layer always). Within ``game/ui`` the sub-packages must form no circle, and no
module may import another in a circle (types included).
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.core.test_import_cycles import _ancestors, module_files, tangles

# The rule, bottom to top: layer -> (its packages and modules, the layers it may import).
LAYERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "core": (("game.core",), ()),
    "shared": (("game.files", "game.compiled", "game.i18n"), ()),
    "table": (("game.table",), ("core", "shared")),
    "bots": (("bots",), ("core", "shared", "table")),
    "tournament": (("game.tournament",), ("core", "shared", "table")),
    "app": (("game.app", "game.learn"), ("core", "shared", "table", "bots", "tournament")),
    "ui": (("game.ui",), ("core", "shared", "table", "bots", "tournament", "app")),
    "entry": (("game", "game.__main__", "game.referee"), ("core", "shared", "table", "bots", "app", "ui")),
}
# The layers that may import pygame (the front end, and ``python -m game`` which opens it).
PYGAME_LAYERS = ("ui", "entry")
# Single imports allowed against the table, each with its reason.
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("game.core.refusal", "game.i18n"): "a refusal's words in a language: the tables are plain data, read lazily",
}


def layer_of(module: str) -> str | None:
    """The layer whose package or module is the longest prefix of ``module``."""
    best, best_len = None, -1
    for layer, (members, _) in LAYERS.items():
        for member in members:
            if (module == member or module.startswith(member + ".")) and len(member) > best_len:
                best, best_len = layer, len(member)
    return best


def all_imports(name: str, path: Path, modules: set[str]) -> set[str]:
    """Every module ``name`` names in an import (TYPE_CHECKING and function-level ones
    included; ``from pkg import sub`` names ``pkg.sub``); outside modules by their full name."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules)
    own = {name, *_ancestors(name)}
    return {t for t in found if t not in own and not (t in modules and t in own)}


def _graph() -> tuple[dict[str, Path], dict[str, set[str]]]:
    files = module_files()
    modules = set(files)
    return files, {name: all_imports(name, path, modules) for name, path in files.items()}


def layer_breaches(graph: dict[str, set[str]], modules: set[str]) -> list[str]:
    bad = []
    for name, targets in sorted(graph.items()):
        layer = layer_of(name)
        if layer is None:
            bad.append(f"{name} is in no layer (add it to LAYERS)")
            continue
        allowed = {layer, *LAYERS[layer][1]}
        for target in sorted(targets):
            if target.split(".")[0] == "pygame":
                if layer not in PYGAME_LAYERS:
                    bad.append(f"{name} ({layer}) imports pygame")
                continue
            if target.split(".")[0] not in ("game", "bots"):
                continue  # the standard library and outside packages
            if target in _ancestors(name):
                continue
            other = layer_of(target)
            if other in allowed or (name, target) in EXCEPTIONS:
                continue
            bad.append(f"{name} ({layer}) imports {target} ({other})")
    return bad


def ui_package_graph(graph: dict[str, set[str]], files: dict[str, Path]) -> dict[str, set[str]]:
    """``game.ui``'s sub-packages, each pointing at the ones its modules import."""

    def package(module: str) -> str:
        return module if files[module].name == "__init__.py" else module.rpartition(".")[0]

    ui = [m for m in graph if m == "game.ui" or m.startswith("game.ui.")]
    out: dict[str, set[str]] = {package(m): set() for m in ui}
    for m in ui:
        for t in graph[m]:
            if t in files and t.startswith("game.ui") and package(t) != package(m) and package(t) not in _ancestors(m):
                out[package(m)].add(package(t))
    return out


def test_every_import_keeps_to_its_layer():
    files, graph = _graph()
    bad = layer_breaches(graph, set(files))
    assert not bad, f"{len(bad)} import(s) against the layers of docs/architecture.md:\n  " + "\n  ".join(bad)


def test_the_ui_sub_packages_form_no_circle():
    files, graph = _graph()
    packages = ui_package_graph(graph, files)
    assert {"game.ui.kit", "game.ui.table", "game.ui.coach", "game.ui.menus"} <= set(packages)
    found = tangles(packages)
    assert not found, f"package circles in game/ui: {found}"


def test_no_ui_module_imports_in_a_circle_not_even_for_types():
    files, graph = _graph()
    ui = {m: {t for t in graph[m] if t in files and t.startswith("game.ui.")} for m in graph if m.startswith("game.ui")}
    found = tangles(ui)
    assert not found, f"import circles in game/ui (TYPE_CHECKING included): {found}"


def test_the_table_parts_take_a_protocol_not_the_screen():
    _, graph = _graph()
    parts = ("table_animator", "table_auto", "table_controls", "table_modes", "table_peek", "table_view", "host")
    for part in parts:
        assert "game.ui.table.table_scene" not in graph[f"game.ui.table.{part}"], part


def test_the_walk_sees_type_checking_and_function_imports(tmp_path):
    pkg = tmp_path / "game"
    (pkg / "core").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "__init__.py").write_text("")
    (pkg / "core" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.table import x\n"
    )
    (pkg / "core" / "b.py").write_text("def f():\n    import pygame\n    from ..app import session\n")
    modules = {"game", "game.core", "game.core.a", "game.core.b", "game.table", "game.table.x", "game.app.session"}
    graph = {
        "game.core.a": all_imports("game.core.a", pkg / "core" / "a.py", modules),
        "game.core.b": all_imports("game.core.b", pkg / "core" / "b.py", modules),
    }
    assert layer_breaches(graph, modules) == [
        "game.core.a (core) imports game.table (table)",
        "game.core.a (core) imports game.table.x (table)",
        "game.core.b (core) imports game.app (app)",
        "game.core.b (core) imports game.app.session (app)",
        "game.core.b (core) imports pygame",
    ]
    assert tangles({"game.ui.a": {"game.ui.b"}, "game.ui.b": {"game.ui.a"}}) == [["game.ui.a", "game.ui.b"]]
