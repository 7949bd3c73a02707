"""With no display the game says so and stops (issue 26 item 6).

SDL silently falls back on its invisible ``offscreen`` driver when no X server answers, and
the game then ran for ever with no window and no word. Only the ``dummy`` driver, asked for
by name, is a headless run chosen on purpose.
"""

import os
from pathlib import Path
import subprocess
import sys

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_game(tmp_path: Path, driver: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
    env["DISPLAY"] = ":7613"  # no X server listens there
    if driver is not None:
        env["SDL_VIDEODRIVER"] = driver
    # --max-frames bounds the run should the game open an invisible window after all.
    return subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(tmp_path), "--max-frames", "300"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


@pytest.mark.parametrize("driver", [None, "offscreen"])
def test_no_display_is_said_and_the_game_exits(tmp_path, driver):
    done = run_game(tmp_path, driver)
    assert done.returncode != 0
    assert "cannot open a display" in done.stderr
    assert "无法打开显示器" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_dummy_driver_asked_for_by_name_still_runs(tmp_path):
    done = run_game(tmp_path, "dummy")
    assert done.returncode == 0, done.stderr
    assert "cannot open a display" not in done.stderr
