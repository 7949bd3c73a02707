"""Run the frozen game headless through autoplayed hands and fail unless it exits 0.

    python packaging/smoke_test.py                 # dist/ from `pyinstaller build.spec`
    python packaging/smoke_test.py --dist DIR --hands 1 --timeout 300
    python packaging/smoke_test.py --compiled      # a build of tools/build_compiled.py's tree

It finds the executable PyInstaller wrote (``dist/Shengji.app/Contents/MacOS/shengji`` on
macOS when the .app exists, else ``dist/shengji/shengji`` or ``shengji.exe``), runs it with
SDL's dummy video and audio drivers, bots in all four seats and a throw-away data folder,
and waits for it with a time limit. The CI workflow and ``tests/test_frozen_build.py``
both use it. Python's ``subprocess`` waits for a Windows GUI-subsystem program as for any
other, which a shell such as PowerShell would not.

Standard library only: it runs before anything is installed.
"""

from __future__ import annotations

import argparse
import ast
import os
from pathlib import Path
import subprocess
import sys
import tempfile
import time

ROOT = Path(__file__).resolve().parent.parent
APP_NAME = "shengji"
BUNDLE_NAME = "Shengji.app"


def find_executable(dist: Path) -> Path:
    """The frozen game's executable inside ``dist``."""
    if sys.platform == "darwin":
        in_app = dist / BUNDLE_NAME / "Contents" / "MacOS" / APP_NAME
        if in_app.is_file():
            return in_app
    exe = dist / APP_NAME / (APP_NAME + (".exe" if os.name == "nt" else ""))
    if not exe.is_file():
        raise FileNotFoundError(f"no frozen game at {exe}: run `pyinstaller build.spec` first")
    return exe


def folder_size(folder: Path) -> int:
    """Bytes in ``folder``, each symbolic link counted once (as ``du`` does)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def bundle_root(exe: Path) -> Path:
    """What is shipped: the ``.app`` on macOS, else the folder beside the executable."""
    for parent in exe.parents:
        if parent.suffix == ".app":
            return parent
    return exe.parent


def headless_env() -> dict[str, str]:
    """The environment for a run without a display or a sound card."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    # The frozen game must find everything inside its own folder, never beside the sources.
    for name in ("SHENGJI_ASSETS", "PYTHONPATH", "PYTHONHOME"):
        env.pop(name, None)
    return env


def run_frozen(exe: Path, args: list[str], timeout: float, cwd: Path) -> subprocess.CompletedProcess:
    """Run ``exe args`` headless from ``cwd``; output is captured as text."""
    # No check: the caller reads the exit code and prints the output when it is not 0.
    return subprocess.run(
        [str(exe), *args],
        cwd=cwd,
        env=headless_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
        check=False,
    )


def hot_modules() -> list[str]:
    """``game.compiled.HOT_MODULES``, read from the source (nothing is installed yet)."""
    tree = ast.parse((ROOT / "game" / "compiled.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "HOT_MODULES" for t in node.targets):
            return list(ast.literal_eval(node.value))
    raise LookupError("game/compiled.py has no HOT_MODULES")


def check_compiled(exe: Path, root: Path, timeout: float, cwd: Path) -> list[str]:
    """What is wrong with a build that should run the compiled search (empty: nothing)."""
    problems = []
    for name in hot_modules():  # wherever the layout puts them (_internal, or inside the .app)
        *package, stem = name.split(".")
        found = [
            p
            for p in root.rglob(stem + ".*")
            if p.suffix in (".so", ".pyd") and list(p.parent.parts[-len(package) :]) == package
        ]
        if not found:
            problems.append(f"no compiled {name} in {root}")
    if os.name != "nt":  # a Windows build has no console to print the version to
        result = run_frozen(exe, ["--version"], timeout, cwd)
        print(result.stdout, end="", flush=True)
        if "compiled with mypyc (all" not in result.stdout:
            problems.append(f"--version does not say the search runs compiled: {result.stdout!r}")
    return problems


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="PyInstaller's dist folder")
    p.add_argument("--hands", type=int, default=1, help="autoplayed hands before the game quits")
    p.add_argument("--speed", type=float, default=50.0, help="animation speed factor")
    p.add_argument("--timeout", type=float, default=600.0, help="seconds before giving up")
    p.add_argument(
        "--compiled",
        action="store_true",
        help="fail unless the hot modules are compiled extensions in the bundle and are loaded",
    )
    args = p.parse_args(argv)

    exe = find_executable(args.dist)
    root = bundle_root(exe)
    print(f"{root}: {folder_size(root) / 2**20:.1f} MB", flush=True)
    if args.compiled:
        problems = check_compiled(exe, root, args.timeout, ROOT)
        for problem in problems:
            print(f"FAILED: {problem}", file=sys.stderr)
        if problems:
            return 1
    with tempfile.TemporaryDirectory(prefix="shengji-smoke-") as tmp:
        game_args = [
            "--autoplay",
            "--hands",
            str(args.hands),
            "--speed",
            str(args.speed),
            "--data-dir",
            str(Path(tmp) / "data"),
            "--frame-stats",
        ]
        print(f"$ {exe} {' '.join(game_args)}", flush=True)
        started = time.perf_counter()
        try:
            result = run_frozen(exe, game_args, args.timeout, Path(tmp))
        except subprocess.TimeoutExpired as e:
            # A Windows build without a console shows a traceback in a message box and
            # waits for a click: that ends here, as a time-out.
            print(f"FAILED: still running after {args.timeout:.0f} s", file=sys.stderr)
            for stream in (e.stdout, e.stderr):
                if stream:
                    print(stream if isinstance(stream, str) else stream.decode(errors="replace"))
            return 1
        elapsed = time.perf_counter() - started
    print(result.stdout, end="")
    print(result.stderr, end="", file=sys.stderr)
    print(f"exit status {result.returncode} after {elapsed:.1f} s", flush=True)
    return 0 if result.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
