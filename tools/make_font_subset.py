"""Rebuild the bundled Chinese font subsets from Noto Sans CJK SC.

The game ships only the glyphs it can show, so the full 16 MB font shrinks to a few
hundred kilobytes. A character missing from the subset renders as blank space, so **rerun
this script whenever a string changes** in ``game/i18n/*.toml`` or ``game/rulesets/*.toml``
(or in a file listed in ``EXTRA_FILES``), then commit the fonts it writes;
``tests/ui/test_font_subset.py`` fails until you do.

Usage, from the repository root::

    apt-get install fonts-noto-cjk          # once; Debian/Ubuntu
    python tools/make_font_subset.py         # or: --source DIR_OR_TTC

It needs fontTools (``pip install fonttools``), which the game itself does not.

What goes in: every character of both i18n tables and of every ruleset file (comments
included, which costs a few glyphs and saves a parser), printable ASCII, the suit symbols,
common Chinese punctuation, ``EXTRA_TEXT``, ``NAME_TEXT`` (for typed names) and every
character of ``EXTRA_FILES``.
What comes out: ``assets/fonts/NotoSansSC-Subset.otf`` (Regular) and
``assets/fonts/NotoSansSC-Bold-Subset.otf`` (Bold, for headings and card indices), both
under the SIL Open Font License in ``assets/fonts/OFL.txt``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "fonts"

# Where Debian's fonts-noto-cjk puts the collections; other systems can pass --source.
DEFAULT_SOURCE_DIRS = (
    Path("/usr/share/fonts/opentype/noto"),
    Path("/usr/share/fonts/noto-cjk"),
    Path("/usr/share/fonts/google-noto-cjk"),
)

# (collection file, subset file written) for each weight the game uses.
WEIGHTS = (
    ("NotoSansCJK-Regular.ttc", "NotoSansSC-Subset.otf"),
    ("NotoSansCJK-Bold.ttc", "NotoSansSC-Bold-Subset.otf"),
)

TEXT_GLOBS = ("game/i18n/*.toml", "game/rulesets/*.toml")

# Files whose every character is kept: text drawn straight from code, not from a table.
EXTRA_FILES = ("game/ui/kit/card_art.py", "tools/make_icon.py")

SUITS = "♠♥♣♦♤♡♧♢"
PUNCTUATION = "，。：；！？（）「」『』《》【】—–…·、“”‘’×→←↑↓✓•"
PRINTABLE_ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
# Card-table words players type or expect to see even before a string uses them.
EXTRA_TEXT = "大王小王升级拖拉机主牌无主庄家闲家底牌甩牌亮主反主抠底一二三四五六七八九十百零0123456789"
# For names typed on the names screen (hot-seat): the hundred commonest surnames and
# characters common in given names and nicknames. Others are refused as they are typed.
NAME_TEXT = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏"
    "魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万"
    "钱严覃武戴莫孔向汤"
    "小老阿大明华国建文军平志伟东海强晓生光春玉英秀兰芳丽敏静燕红霞娟婷雪梅琳杰涛浩宇轩子涵欣怡佳"
    "俊豪鹏飞勇刚斌超磊亮哥姐弟妹爸妈爷奶叔姨舅伯我你他她们队虎狼鹰龙凤"
)


def characters(root: Path = ROOT) -> str:
    """Every character the subset must hold, sorted (so reruns give the same font)."""
    chars = set(PRINTABLE_ASCII + SUITS + PUNCTUATION + EXTRA_TEXT + NAME_TEXT)
    for pattern in TEXT_GLOBS:
        for path in sorted(root.glob(pattern)):
            chars |= set(path.read_text(encoding="utf-8"))
    for name in EXTRA_FILES:
        path = root / name
        if path.exists():
            chars |= set(path.read_text(encoding="utf-8"))
    # Line breaks and tabs are layout, not glyphs.
    return "".join(sorted(c for c in chars if c.isprintable()))


def find_source(name: str, source: Path | None) -> Path:
    """The collection file ``name``, from ``source`` (a file or folder) or a known folder."""
    candidates = []
    if source is not None:
        candidates.append(source if source.is_file() else source / name)
    candidates += [d / name for d in DEFAULT_SOURCE_DIRS]
    for path in candidates:
        if path.is_file() and path.name == name:
            return path
    raise SystemExit(
        f"{name} not found; install fonts-noto-cjk or pass --source "
        f"(looked in: {', '.join(str(c.parent) for c in candidates)})"
    )


def simplified_chinese_face(collection: Path) -> TTFont:
    """The proportional Simplified Chinese face of a Noto Sans CJK collection.

    Picked by its name table, not by index: the order of faces in the collection has
    changed between releases.
    """
    for face in TTCollection(str(collection)).fonts:
        family = face["name"].getDebugName(1) or ""
        if family.endswith("CJK SC") and "Mono" not in family:
            return face
    raise SystemExit(f"{collection} has no 'Noto Sans CJK SC' face")


def make_subset(face: TTFont, text: str) -> TTFont:
    """Cut ``face`` down to ``text``, keeping kerning and the names the OFL asks for."""
    options = subset.Options()
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(face)
    # Keep the source's timestamp so an unchanged text gives a byte-identical file.
    face.recalcTimestamp = False
    return face


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="a Noto Sans CJK .ttc, or the folder holding the collections")
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)

    text = characters()
    args.out.mkdir(parents=True, exist_ok=True)
    for collection_name, out_name in WEIGHTS:
        face = simplified_chinese_face(find_source(collection_name, args.source))
        missing = [c for c in text if ord(c) not in face.getBestCmap()]
        if missing:
            # The card art draws suits as shapes, so only text is affected.
            print(f"warning: the source font lacks {''.join(missing)!r}; those render blank", file=sys.stderr)
        out = args.out / out_name
        make_subset(face, text).save(str(out))
        print(
            f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
            f"{len(text)} characters, {out.stat().st_size // 1024} KB"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
