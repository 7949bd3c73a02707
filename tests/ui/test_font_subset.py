"""The bundled font subsets cover every character the game can show.

A character missing from the font renders as blank space, silently; this test is the
only thing that notices. When it fails, rerun ``python tools/make_font_subset.py``.
"""

from functools import cache
from pathlib import Path
import tomllib

from fontTools.ttLib import TTFont
import pytest

from game.i18n import LANGUAGES, table

ROOT = Path(__file__).resolve().parents[2]
FONTS = ["NotoSansSC-Subset.otf", "NotoSansSC-Bold-Subset.otf"]


def strings_in(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield key
            yield from strings_in(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings_in(item)


@cache
def shown_text() -> str:
    parts = [text for language in LANGUAGES for text in table(language).values()]
    for path in sorted(ROOT.glob("game/rulesets/*.toml")):
        parts += strings_in(tomllib.loads(path.read_text(encoding="utf-8")))
    parts.append("♠♥♣♦0123456789")
    return "".join(parts)


@cache
def cmap(name: str) -> frozenset[int]:
    return frozenset(TTFont(ROOT / "assets" / "fonts" / name, lazy=True).getBestCmap())


@pytest.mark.parametrize("name", FONTS)
def test_font_covers_every_string(name):
    missing = sorted({c for c in shown_text() if c.isprintable() and ord(c) not in cmap(name)})
    assert missing == [], f"rerun tools/make_font_subset.py: {name} lacks {''.join(missing)!r}"


@pytest.mark.parametrize("name", FONTS)
def test_font_is_the_sc_face_and_small(name):
    path = ROOT / "assets" / "fonts" / name
    assert path.stat().st_size < 400_000
    family = TTFont(path, lazy=True)["name"].getDebugName(1)
    assert family == "Noto Sans CJK SC"


def test_licence_ships_beside_the_fonts():
    text = (ROOT / "assets" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Adobe" in text and "DISCLAIMER" in text
