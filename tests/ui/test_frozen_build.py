"""The frozen game: ``build.spec`` builds, and the executable plays an autoplayed hand.

One PyInstaller build (into a temporary folder, so nothing is left in the repository) is
shared by the tests of this module. It takes a minute or two on a small machine; the tests
are marked ``slow`` (``pytest -m "not slow"`` leaves them out) and are skipped when
PyInstaller is not installed. ``.ci/run`` installs it with the ``test`` extra.
"""

from __future__ import annotations

import os
from pathlib import Path
import subprocess
import sys

import pytest

pytest.importorskip("PyInstaller")

from game.core import BUILTIN_IDS
from game.i18n import LANGUAGES
from game.ui.kit.assets import FONT_BOLD, FONT_REGULAR, SOUND_NAMES

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build.spec"
SMOKE_TEST = ROOT / "packaging" / "smoke_test.py"
LINUX_SIZE_LIMIT = 60 * 1024 * 1024


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """``pyinstaller build.spec``, built once into a temporary dist folder."""
    out = tmp_path_factory.mktemp("pyinstaller")
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "PyInstaller",
            str(SPEC),
            "--noconfirm",
            "--log-level",
            "WARN",
            "--distpath",
            str(out / "dist"),
            "--workpath",
            str(out / "build"),
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert result.returncode == 0, f"PyInstaller failed:\n{result.stdout}\n{result.stderr[-6000:]}"
    return out / "dist"


def bundle_dir(dist: Path) -> Path:
    """The folder that becomes ``sys._MEIPASS`` (PyInstaller 6: ``_internal``)."""
    return dist / "shengji" / "_internal"


def folder_size(folder: Path) -> int:
    """Bytes in ``folder``, symbolic links counted once (as ``du`` does)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def test_the_build_holds_every_asset_where_the_game_looks(dist):
    internal = bundle_dir(dist)
    assets = internal / "assets"  # game.ui.kit.assets.assets_dir() when frozen
    for name in (FONT_REGULAR, FONT_BOLD, "OFL.txt"):
        assert (assets / "fonts" / name).is_file(), name
    for name in SOUND_NAMES:
        assert (assets / "sounds" / f"{name}.wav").is_file(), name
    for name in ("icon-16.png", "icon-64.png", "icon-256.png", "icon-1024.png", "shengji.ico", "shengji.icns"):
        assert (assets / "icon" / name).is_file(), name
    # The rules core and the language tables find these beside their modules.
    for ruleset_id in BUILTIN_IDS:
        assert (internal / "game" / "rulesets" / f"{ruleset_id}.toml").is_file(), ruleset_id
    for language in LANGUAGES:
        assert (internal / "game" / "i18n" / f"{language}.toml").is_file(), language


def test_the_build_leaves_out_what_the_game_never_uses(dist):
    internal = bundle_dir(dist)
    names = {p.name.split(".")[0] for p in internal.rglob("*")}
    for unwanted in ("_tkinter", "tkinter", "numpy", "_ssl", "_hashlib", "_sqlite3"):
        assert unwanted not in names, unwanted
    if sys.platform.startswith("linux"):
        size = folder_size(dist / "shengji")
        assert size < LINUX_SIZE_LIMIT, f"the Linux folder is {size / 2**20:.1f} MB"


def test_the_frozen_game_plays_an_autoplayed_hand_headless(dist, tmp_path):
    result = subprocess.run(
        [sys.executable, str(SMOKE_TEST), "--dist", str(dist), "--hands", "1", "--timeout", "600"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=700,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    if sys.platform != "win32":  # a Windows build has no console to print to
        assert "hands played: 1" in output, output


@pytest.mark.skipif(sys.platform == "win32", reason="a Windows build has no console to print the version to")
def test_the_frozen_game_says_which_search_it_runs(dist, tmp_path):
    # build.spec ships the compiled search when SHENGJI_COMPILED names its tree (the
    # workflow's builds); a plain build runs the pure Python modules.
    exe = next(p for p in (dist / "shengji" / "shengji", dist / "shengji" / "shengji.exe") if p.exists())
    result = subprocess.run([str(exe), "--version"], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    if os.environ.get("SHENGJI_COMPILED"):
        assert "search: compiled with mypyc (all" in result.stdout, result.stdout
        smoke = subprocess.run(
            [sys.executable, str(SMOKE_TEST), "--dist", str(dist), "--hands", "1", "--timeout", "600", "--compiled"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=700,
        )
        assert smoke.returncode == 0, smoke.stdout + smoke.stderr
    else:
        assert "search: pure Python" in result.stdout, result.stdout
