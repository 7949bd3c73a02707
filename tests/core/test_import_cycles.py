"""No import cycles in ``game`` and ``bots``: read with ``ast``, not by importing.

Every ``import`` counts, also one inside a function (an import moved into a function to
dodge a cycle is still a cycle). ``from pkg import name`` is an import of the submodule
``pkg.name`` when there is one. Importing a submodule runs its parent packages'
``__init__`` first, so those count too, except the importer's own packages, which are
already being imported when it runs. Imports under ``if TYPE_CHECKING:`` never run and are
left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("game", "bots")


def module_files() -> dict[str, Path]:
    """Every module of the packages: dotted name -> file (a package is its ``__init__``)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(tree: ast.AST):
    """The import statements that can run (all but those under ``if TYPE_CHECKING``)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
            continue
        children = list(ast.iter_child_nodes(node))
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            children = list(node.orelse)
        stack.extend(children)


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def imports_of(name: str, path: Path, modules: set[str]) -> set[str]:
    """The modules of the packages that importing ``name`` imports directly."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join(anchor + ([base] if base else []))
        targets.add(base)
        for alias in node.names:
            if f"{base}.{alias.name}" in modules:
                targets.add(f"{base}.{alias.name}")
    own = set(_ancestors(name)) | {name}
    edges = set()
    for target in targets:
        for t in [*_ancestors(target), target]:
            if t in modules and t not in own:
                edges.add(t)
    return edges


def import_graph() -> dict[str, set[str]]:
    files = module_files()
    modules = set(files)
    return {name: imports_of(name, path, modules) for name, path in files.items()}


def tangles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with a cycle (Tarjan): modules that import each other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each tangle, to print."""
    return [_cycle_in(component, graph) for component in tangles(graph)]


def _cycle_in(component: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One cycle through the component's first module (a shortest one, by breadth first)."""
    members = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        v = queue.pop(0)
        for w in sorted(graph[v] & members):
            if w == start:
                return [*paths[v], start]
            if w not in paths:
                paths[w] = [*paths[v], w]
                queue.append(w)
    return component


def test_the_packages_have_no_import_cycle():
    graph = import_graph()
    found = tangles(graph)
    report = "\n".join(
        f"  {len(c)} modules: {', '.join(c)}\n    e.g. " + " -> ".join(_cycle_in(c, graph)) for c in found
    )
    print(f"import cycles in game/ and bots/: {len(found)}")
    assert not found, f"{len(found)} import cycle(s):\n{report}"


def test_the_walk_sees_imports_inside_functions_and_relative_ones(tmp_path):
    # The rule itself, on a made-up package: a cycle closed by a function's relative import.
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import a\n")
    modules = {"pkg", "pkg.a", "pkg.b", "pkg.c"}
    graph = {
        name: imports_of(name, pkg / (name.split(".")[-1] + ".py") if "." in name else pkg / "__init__.py", modules)
        for name in modules
    }
    assert graph["pkg.c"] == set()
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.a"]]


if __name__ == "__main__":
    for cycle in cycles(import_graph()):
        print(" -> ".join(cycle))
