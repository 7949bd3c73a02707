"""Build the compiled search: ``python tools/build_compiled.py [--out build/compiled]``.

Copies ``game/``, ``bots/``, ``tests/`` and ``tools/`` into ``--out`` and compiles the hot modules
there with mypyc (``game.compiled.HOT_MODULES``; it needs a C compiler and the Python
headers). The working tree is never touched: its plain Python stays what a checkout runs,
and an edit cannot leave a stale extension behind it. Run the compiled tree with it first
on the path and the current directory left off (``-P``, else ``python -m`` finds the
source checkout first)::

    python tools/build_compiled.py
    PYTHONPATH=build/compiled python -P -m game --version      # says what runs compiled
    PYTHONPATH=build/compiled python -P -m bots.bench.rollouts
    cd build/compiled && python -m pytest tests/core            # the tests against it

Exits with status 3, having built nothing, when there is no C compiler, no Python
headers, or no setuptools or mypy (``--check`` only asks that question), so a script can
skip the compiled half with a message. The C compile takes about a minute.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
from pathlib import Path
import shutil
import subprocess
import sys
import sysconfig

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.compiled import HOT_MODULES  # noqa: E402 - after the path is set

NO_COMPILER = 3
# mypy's settings for the compile: the project's checks are mypy's job in .ci/run; these
# only let mypyc read the types.
MYPY_INI = "[mypy]\npython_version = 3.11\nignore_missing_imports = True\nfollow_imports = silent\n"
SETUP = """\
from setuptools import setup
from mypyc.build import mypycify
setup(name="shengji-compiled", ext_modules=mypycify({files!r}, opt_level="3"),
      script_args=["build_ext", "--inplace", "--parallel", "2"])
"""


def compiler() -> str | None:
    """The C compiler setuptools would call, if it is installed and the headers are there."""
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    found = shutil.which(os.environ.get("CC", cc).split()[0]) or shutil.which("cc")
    if sys.platform == "win32":  # MSVC is found by setuptools itself, not on the PATH
        return "msvc"
    include = sysconfig.get_paths()["include"]
    if found is None or not (Path(include) / "Python.h").exists():
        return None
    return found


def copy_tree(out: Path) -> None:
    """The sources, fresh: what was compiled last time and is no longer on the list goes."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "*.pyc")
    for name in ("game", "bots", "tests", "tools"):
        shutil.copytree(ROOT / name, out / name, ignore=skip)
    try:  # game.ui.kit.assets looks beside the packages
        (out / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    except OSError:  # no symlinks (Windows without the privilege)
        shutil.copytree(ROOT / "assets", out / "assets")


def build(out: Path, modules: tuple[str, ...] | list[str] = HOT_MODULES) -> int:
    copy_tree(out)
    (out / "mypy.ini").write_text(MYPY_INI, encoding="utf-8")
    files = [name.replace(".", "/") + ".py" for name in modules]
    (out / "setup_compiled.py").write_text(SETUP.format(files=files), encoding="utf-8")
    done = subprocess.run([sys.executable, "setup_compiled.py"], cwd=out, stdout=subprocess.DEVNULL)
    if done.returncode:
        print(f"build_compiled: mypyc failed (status {done.returncode}); see the messages above", file=sys.stderr)
        return done.returncode
    # pytest's settings for the tests run there; only now, or setuptools reads its [project]
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")
    check = subprocess.run(
        [sys.executable, "-P", "-m", "game", "--version"],
        cwd=out,
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(out)},
    )
    print(check.stdout.strip() or check.stderr.strip())
    return check.returncode


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=ROOT / "build" / "compiled", help="the compiled tree")
    p.add_argument(
        "--modules",
        nargs="+",
        choices=HOT_MODULES,
        default=HOT_MODULES,
        metavar="MODULE",
        help="compile only these of the hot modules (to find which one plays differently)",
    )
    p.add_argument("--check", action="store_true", help="only say whether a C compiler is there")
    args = p.parse_args(argv)
    cc = compiler()
    if cc is None:
        print(
            "build_compiled: no C compiler or no Python headers here: nothing compiled "
            "(the pure Python modules are used)"
        )
        return NO_COMPILER
    for needed in ("setuptools", "mypyc"):  # Python 3.12's venvs come without setuptools
        if importlib.util.find_spec(needed) is None:
            print(
                f"build_compiled: {needed} is not installed here (pip install {needed.replace('mypyc', 'mypy')}): "
                "nothing compiled (the pure Python modules are used)"
            )
            return NO_COMPILER
    if args.check:
        print(f"build_compiled: C compiler {cc}")
        return 0
    return build(args.out.resolve(), args.modules)


if __name__ == "__main__":
    sys.exit(main())
