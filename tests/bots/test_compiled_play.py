"""The compiled search plays the same moves as the pure Python one.

``tools/build_compiled.py`` builds a separate tree (``build/compiled``, or the folder named
by ``SHENGJI_COMPILED``); this plays the moves fingerprint's seeded deals (``random``,
``easy``, ``normal`` in duels and ``hard`` with a fixed number of worlds, every ruleset) in a
subprocess running that tree and compares them with the same deals played here, in pure
Python. Skipped, saying why, when no compiled tree is built or it was built from other
sources than these.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
import subprocess
import sys

import pytest

from game.compiled import HOT_MODULES, compiled_modules
from tests.tools_loader import load_tool

ROOT = Path(__file__).resolve().parents[2]
TREE = Path(os.environ.get("SHENGJI_COMPILED") or ROOT / "build" / "compiled").resolve()

# In the compiled tree: say what runs compiled, then the fingerprint's first deal of each duel.
SCRIPT = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/tools"]
from game.compiled import compiled_modules
import moves_fingerprint
print(json.dumps({"compiled": compiled_modules(), "moves": moves_fingerprint.fingerprint(deals=1)}))
"""


def _stale() -> list[str]:
    """The sources that differ between this checkout and the compiled tree."""
    out = []
    for package in ("game", "bots"):
        for path in sorted((ROOT / package).rglob("*.py")):
            rel = path.relative_to(ROOT)
            built = TREE / rel
            if not built.exists() or built.read_bytes() != path.read_bytes():
                out.append(str(rel))
    return out


def _compiled_tree() -> Path:
    if TREE.parent.parent == ROOT and compiled_modules():
        pytest.skip("this run is itself the compiled tree (test_moves_unchanged checks its moves)")
    if not any(TREE.glob("game/core/*.so")) and not any(TREE.glob("game/core/*.pyd")):
        pytest.skip(f"no compiled build in {TREE} (python tools/build_compiled.py builds one; it needs a C compiler)")
    stale = _stale()
    if stale:
        pytest.skip(
            f"the compiled build in {TREE} is stale ({', '.join(stale[:3])} changed): "
            "run python tools/build_compiled.py again"
        )
    return TREE


def test_compiled_modules_play_the_moves_of_the_pure_ones():
    tree = _compiled_tree()
    assert compiled_modules() == [], "this side must run the pure Python modules"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-P", "-c", SCRIPT, str(tree)], capture_output=True, text=True, env=env, timeout=600
    )
    assert done.returncode == 0, done.stderr[-2000:]
    got = json.loads(done.stdout)
    assert got["compiled"] == list(HOT_MODULES), "the subprocess did not run the compiled modules"
    pure = load_tool("moves_fingerprint").fingerprint(deals=1)
    assert got["moves"].keys() == pure.keys()
    for key, value in pure.items():
        assert got["moves"][key] == value, f"compiled and pure play differ: {key}"


def test_version_says_the_search_runs_pure_python_here():
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-P", "-m", "game", "--version"], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("shengji ")
    assert "search: pure Python" in done.stdout


def test_the_build_without_a_compiler_says_so_and_builds_nothing(tmp_path):
    env = {**os.environ, "PATH": str(tmp_path), "CC": "no-such-cc"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "build_compiled.py"), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 3, done.stdout + done.stderr
    assert "no C compiler" in done.stdout
    assert not (tmp_path / "out").exists()
