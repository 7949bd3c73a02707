"""Take the README's screenshot of the table mid-hand: ``docs/screenshot-table.png``.

    python tools/table_screenshot.py                 # or: --out FILE --seed N --tricks N

The game plays itself (``--autoplay``: bots in all four seats) on simulated time, headless,
and the window is saved just after the given trick is complete in the rules, while the
last card is leaving South's hand: trump, points won, three cards on the felt. The same
seed gives the same picture.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.__main__ import first_scene  # noqa: E402
from game.ui.kit.scene import Options  # noqa: E402
from game.ui.navigation import make_app  # noqa: E402

FRAME = 1 / 60


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshot-table.png")
    p.add_argument("--ruleset", default="hebi-2010")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--tricks", type=int, default=7, help="complete tricks before the picture")
    p.add_argument("--settle", type=int, default=5, help="frames to draw after that trick")
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    args = p.parse_args()

    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as data:
        app = make_app(
            Options(ruleset=args.ruleset, seed=args.seed, lang=args.lang, autoplay=True, data_dir=Path(data))
        )
        first_scene(app)
        scene = app.top
        for _ in range(round(600 / FRAME)):  # ten minutes of game time at most
            app.step(FRAME)
            if sum(1 for t in scene.driver.hand.tricks if t.complete) >= args.tricks:
                break
        else:
            print("the hand never got that far", file=sys.stderr)
            return 1
        for _ in range(args.settle):
            app.step(FRAME)
        args.out.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.surface, str(args.out))
    pygame.quit()
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
