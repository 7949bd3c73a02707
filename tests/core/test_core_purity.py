"""The rules core stays pure: no pygame, no bots, no front end, and it runs without them."""

import ast
from pathlib import Path
import subprocess
import sys

CORE = Path(__file__).resolve().parents[2] / "game" / "core"
FORBIDDEN = ("pygame", "bots", "game.ui", "game.table", "game.app.storage")


def imported_names(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_no_core_module_imports_the_front_end_or_the_bots():
    for path in sorted(CORE.glob("*.py")):
        for name in imported_names(path):
            assert not name.startswith(FORBIDDEN), f"{path.name} imports {name}"


def test_importing_the_core_loads_neither_pygame_nor_the_bots():
    code = "import sys, game.core; sys.exit(any(m.split('.')[0] in ('pygame', 'bots') for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=CORE.parents[1]).returncode == 0
