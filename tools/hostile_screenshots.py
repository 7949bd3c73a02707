"""Screenshots of what the player is told about a hostile data folder, in both languages.

    SDL_VIDEODRIVER=dummy python tools/hostile_screenshots.py --out /tmp/hostile

The start screen after damaged settings, statistics and save were set aside; the start
screen of a second copy on a data folder another copy holds; the table when a save fails.
"""

from __future__ import annotations

import argparse
import errno
import os
from pathlib import Path
import subprocess
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app import storage as storage_module  # noqa: E402
from game.app.session import MatchChoice  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

HOLD = (
    "import sys, time; from game.app.storage import Storage; s = Storage(sys.argv[1]); print('held', flush=True); "
    "time.sleep(60)"
)


def app_for(folder: Path, lang: str):
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1280, 800))
    return make_app(Options(lang=lang, data_dir=folder, size=(1280, 800)), surface)


def frames(app, seconds: float) -> None:
    for _ in range(round(seconds * 60)):
        app.step(1 / 60)


def shoot(app, out: Path, name: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app.step(1 / 60)
    pygame.image.save(app.surface, str(out / f"{name}.png"))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--out", type=Path, default=Path("/tmp/hostile"))
    out = p.parse_args().out
    for lang in ("en", "zh"):
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            for name in ("settings.json", "stats.json", "match.json"):
                (folder / name).write_text("[" * 5000, encoding="utf-8")
            app = app_for(folder, lang)
            app.nav.start()
            frames(app, 0.2)
            shoot(app, out, f"set_aside_{lang}")

            real = storage_module.atomic_write_json

            def full(path, data):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

            app.nav.start_match(MatchChoice("hebi-2010", ["normal"] * 4, None, [], "practice", None, 4, {}))
            storage_module.atomic_write_json = full
            table = app.top
            for _ in range(60 * 120):
                app.step(1 / 60)
                if getattr(table, "notice", None):
                    break
            frames(app, 0.3)
            shoot(app, out, f"save_failed_{lang}")
            storage_module.atomic_write_json = real
        with tempfile.TemporaryDirectory() as tmp:
            holder = subprocess.Popen([sys.executable, "-c", HOLD, tmp], cwd=ROOT, stdout=subprocess.PIPE, text=True)
            try:
                holder.stdout.readline()
                app = app_for(Path(tmp), lang)
                app.nav.start()
                frames(app, 0.2)
                shoot(app, out, f"second_copy_{lang}")
            finally:
                holder.kill()
                holder.wait()
    print(f"saved in {out}")


if __name__ == "__main__":
    main()
