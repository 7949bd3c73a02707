"""Screenshots of the new-match screen in both languages: ``expert`` chosen on a ruleset that
offers it (``game.app.session.EXPERT_RULESETS``), then a ruleset that does not (its seats play ``hard``).

    SDL_VIDEODRIVER=dummy python tools/levels_screenshots.py --out /tmp/levels-shots
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.app.session import EXPERT_RULESETS  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=Path("/tmp/levels-shots"))
    args = p.parse_args()
    pygame.display.init()
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    for lang, size in [(lang, size) for lang in ("en", "zh") for size in ((1024, 640), (1280, 800))]:
        pygame.display.set_mode(size)
        app = make_app(Options(lang=lang, data_dir=args.out / f"data-{lang}", size=size), pygame.display.get_surface())
        from game.ui.menus.new_match import NewMatchScene

        scene = NewMatchScene(app)
        app.push(scene)
        ids = [r.id for r in scene.rulesets]
        if EXPERT_RULESETS:
            scene.select(ids.index(min(EXPERT_RULESETS)))
            scene.levels[1] = scene.levels[3] = "expert"
            scene.levels[2] = "hard"
            for _ in range(6):
                app.step(1 / 60, [])
            pygame.image.save(app.surface, str(args.out / f"new-match-expert-{lang}-{size[0]}.png"))
        else:
            scene.levels[1] = scene.levels[3] = "expert"  # remembered from before: shown as hard
        without = set(ids) - EXPERT_RULESETS
        if not without:
            continue  # every ruleset offers expert: no second screen to show
        scene.select(ids.index(min(without)))
        app.dirty = True  # a still screen is not redrawn unless told
        for _ in range(6):
            app.step(1 / 60, [])
        pygame.image.save(app.surface, str(args.out / f"new-match-no-expert-{lang}-{size[0]}.png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
