"""Draw the application icon and write it in every format the packagers need.

Two fanned cards, a heart and a red 升, on a round-cornered square of green felt, drawn
with pygame (so nothing here is third-party art). Writes, into ``assets/icon/``:

- ``icon-{16,32,48,64,128,256,512,1024}.png`` — Linux desktops, the window icon;
- ``shengji.ico`` — Windows: an ICO container of PNG images, 16 to 256 px;
- ``shengji.icns`` — macOS: an ICNS container of PNG images, 16 to 1024 px.

Both containers are written here by hand (they are a small header and a table of
offsets), so no image library beyond pygame is needed. Rerun after changing the design::

    python tools/make_icon.py            # or: --out DIR
"""

from __future__ import annotations

import argparse
import io
import os
from pathlib import Path
import struct
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402  (after the SDL environment is set)

from game.core.cards import Suit  # noqa: E402
from game.ui.kit import assets  # noqa: E402
from game.ui.kit.card_art import RED, suit_symbol  # noqa: E402

OUT_DIR = ROOT / "assets" / "icon"
PNG_SIZES = (16, 32, 48, 64, 128, 256, 512, 1024)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size.
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
)

SIMPLE_UP_TO = 32
FELT_CENTRE = (40, 140, 84)
FELT_EDGE = (12, 78, 46)
CARD_WHITE = (252, 251, 247)
CARD_EDGE = (170, 170, 176)


def _felt(size: int) -> pygame.Surface:
    """A rounded square of felt, lit from the middle."""
    felt = pygame.Surface((size, size), pygame.SRCALPHA)
    steps = 48
    for i in range(steps):
        # Concentric squares from the edge inwards, each a little lighter: a cheap radial light.
        t = i / (steps - 1)
        inset = round(t * size * 0.42)
        colour = tuple(round(e + (c - e) * t**0.8) for e, c in zip(FELT_EDGE, FELT_CENTRE))
        rect = pygame.Rect(inset, inset, size - 2 * inset, size - 2 * inset)
        pygame.draw.rect(felt, colour, rect, border_radius=max(1, round(size * 0.2) - inset))
    lowered = pygame.transform.smoothscale(felt, (16, 16))
    felt = pygame.transform.smoothscale(lowered, (size, size))  # blur away the banding
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=round(size * 0.2))
    felt.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    rim = max(1, size // 128)
    pygame.draw.rect(felt, (8, 56, 32), felt.get_rect(), width=rim, border_radius=round(size * 0.2))
    return felt


def _card(width: int, height: int, content) -> pygame.Surface:
    """A blank card with ``content(surface)`` drawn on it."""
    card = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = round(width * 0.09)
    pygame.draw.rect(card, CARD_WHITE, card.get_rect(), border_radius=radius)
    pygame.draw.rect(card, CARD_EDGE, card.get_rect(), width=max(1, width // 90), border_radius=radius)
    content(card)
    return card


def _shadowed(surface: pygame.Surface, angle: float) -> tuple[pygame.Surface, pygame.Surface]:
    """``surface`` turned by ``angle`` degrees, and a soft shadow of the same shape."""
    turned = pygame.transform.rotozoom(surface, angle, 1.0)
    shadow = turned.copy()
    shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
    w, h = shadow.get_size()
    small = pygame.transform.smoothscale(shadow, (max(1, w // 12), max(1, h // 12)))
    shadow = pygame.transform.smoothscale(small, (w, h))
    return turned, shadow


def draw_icon(size: int = 1024, simple: bool = False) -> pygame.Surface:
    """The icon at ``size`` pixels, drawn at twice the size and scaled down for smooth edges.

    ``simple`` draws a single, larger card: at 16 and 32 pixels two cards are a smudge.
    """
    big = size * 2
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    margin = round(big * 0.04)
    canvas.blit(_felt(big - 2 * margin), (margin, margin))

    scale = 1.2 if simple else 1.0
    card_w, card_h = round(big * 0.42 * scale), round(big * 0.59 * scale)

    def heart_face(card: pygame.Surface) -> None:
        # Up in the corner the front card leaves uncovered.
        heart = suit_symbol(Suit.HEARTS, round(card_h * 0.24))
        card.blit(heart, heart.get_rect(center=(round(card_w * 0.3), round(card_h * 0.24))))

    def sheng_face(card: pygame.Surface) -> None:
        glyph = assets.font(round(card_h * 0.62), bold=True).render("升", True, RED)
        ink = glyph.subsurface(glyph.get_bounding_rect())
        card.blit(ink, ink.get_rect(center=(card_w // 2, round(card_h * 0.5))))

    centre = (big // 2, round(big * 0.52))
    cards = [(sheng_face, -6, 0.0)] if simple else [(heart_face, 16, -0.13), (sheng_face, -9, 0.1)]
    for content, angle, dx in cards:
        turned, shadow = _shadowed(_card(card_w, card_h, content), angle)
        pos = (centre[0] + round(dx * big), centre[1])
        canvas.blit(shadow, shadow.get_rect(center=(pos[0] + big // 90, pos[1] + big // 60)))
        canvas.blit(turned, turned.get_rect(center=pos))
    return pygame.transform.smoothscale(canvas, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    """``surface`` encoded as PNG."""
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are the given PNGs (Windows Vista and later read these)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = b"", b""
    for s in sizes:
        data = pngs[s]
        # Width and height are one byte each; 0 means 256.
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with one PNG element per entry of :data:`ICNS_TYPES`."""
    body = b""
    for kind, s in ICNS_TYPES:
        body += kind + struct.pack(">I", 8 + len(pngs[s])) + pngs[s]
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def _icon_at(size: int) -> pygame.Surface:
    """The icon at ``size``, drawn larger and halved step by step.

    Each halving averages exactly four pixels, which keeps small icons crisp (one big
    jump blurs them, and odd ratios leave the body faintly transparent). Small sizes get
    the simple design.
    """
    surface = draw_icon(size * 8 if size <= 128 else size, simple=size <= SIMPLE_UP_TO)
    while surface.get_width() > size:
        w = surface.get_width() // 2
        surface = pygame.transform.smoothscale(surface, (w, w))
    return surface


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)
    pygame.init()
    args.out.mkdir(parents=True, exist_ok=True)
    pngs = {s: png_bytes(_icon_at(s)) for s in PNG_SIZES}
    for s, data in pngs.items():
        (args.out / f"icon-{s}.png").write_bytes(data)
    (args.out / "shengji.ico").write_bytes(ico_bytes({s: pngs[s] for s in ICO_SIZES}))
    (args.out / "shengji.icns").write_bytes(icns_bytes(pngs))
    for path in sorted(args.out.iterdir()):
        print(f"{path.name}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
