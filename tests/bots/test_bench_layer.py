"""The packages follow the dependencies (read with ``ast``, as the import-cycle test does):
the benchmarks are imported by nothing the game or its bots run, the bots need nothing of
the data folder, and everything outside the rules core uses the core's public API."""

from __future__ import annotations

import ast

from tests.core.test_import_cycles import _import_nodes, imports_of, module_files

BENCH = "bots.bench"


def _edges() -> dict[str, set[str]]:
    files = module_files()
    names = set(files)
    return {name: imports_of(name, path, names) for name, path in files.items()}


def test_nothing_the_game_runs_imports_the_benchmarks():
    edges = _edges()
    runtime = [m for m in edges if m != BENCH and not m.startswith(BENCH + ".")]
    bad = sorted(f"{m} -> {t}" for m in runtime for t in edges[m] if t == BENCH or t.startswith(BENCH + "."))
    assert not bad, bad
    assert "bots.bench.hard" in edges and "bots.bench.disagreements" in edges


def test_the_bots_import_neither_the_records_nor_the_storage():
    edges = _edges()
    bad = sorted(
        f"{m} -> {t}"
        for m, targets in edges.items()
        if m.split(".")[0] == "bots"
        for t in targets
        if t in ("game.app.records", "game.app.storage", "game.app.saved_data")
    )
    assert not bad, bad


def test_outside_the_core_imports_go_through_its_public_api():
    files = module_files()
    bad = []
    for name, path in files.items():
        if name == "game.core" or name.startswith("game.core."):
            continue
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            bad += [f"{name}: {m}" for m in modules if m.startswith("game.core.")]
    assert not bad, bad
