"""No nested function in ``game`` or ``bots`` calls itself: read with ``ast``.

A nested function that calls itself by name holds itself through its closure cell, so each
call of the function that defines it leaves a reference cycle that only the garbage
collector frees. The searches hold the collector off during a decision and run such
helpers thousands of times, so the cycles pile up into a pause just after the deadline
(bots/NOTES.md, "The pause after a decision"). Recurse in a module-level function or a
method instead. The example programs of ``bots/examples`` run in processes of their own
and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def recursive_closures(source: str) -> list[str]:
    """``outer.inner`` for every function nested in another that calls itself by name."""
    found = []
    for outer in ast.walk(ast.parse(source)):
        if not isinstance(outer, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for inner in ast.walk(outer):
            if inner is outer or not isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            if any(
                isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == inner.name
                for node in ast.walk(inner)
            ):
                found.append(f"{outer.name}.{inner.name}")
    return found


def test_the_check_finds_a_closure_that_calls_itself():
    source = "def outer(n):\n    def rec(k):\n        return 0 if k == 0 else rec(k - 1)\n    return rec(n)\n"
    assert recursive_closures(source) == ["outer.rec"]
    assert recursive_closures("def f(n):\n    return 0 if n == 0 else f(n - 1)\n") == []


def test_no_nested_function_calls_itself():
    found = []
    for package in ("game", "bots"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "examples" in path.relative_to(ROOT).parts:
                continue
            found += [f"{path.relative_to(ROOT)}: {name}" for name in recursive_closures(path.read_text("utf-8"))]
    assert found == []
