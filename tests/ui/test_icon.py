"""The icon files: every PNG size, and ICO/ICNS containers that parse consistently."""

import struct

import pygame
import pytest

from game.ui.kit import assets
from tests.tools_loader import load_tool

ICON = assets.asset_path("icon")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128, 256, 512, 1024])
def test_png_icons(size):
    path = ICON / f"icon-{size}.png"
    assert png_size(path.read_bytes()) == (size, size)
    surface = assets.image(f"icon/icon-{size}.png")
    assert surface.get_size() == (size, size)
    # Round corners: transparent at the very corner, opaque in the middle.
    assert surface.get_at((0, 0)).a == 0
    assert surface.get_at((size // 2, size // 2)).a == 255


def test_ico_directory_matches_its_images():
    data = (ICON / "shengji.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 6)
    sizes, end = [], 6 + 16 * count
    for i in range(count):
        w, h, colours, zero, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        size = w or 256
        assert (h or 256) == size and colours == 0 and zero == 0 and planes == 1 and bits == 32
        assert offset == end, "images follow the directory back to back"
        assert png_size(data[offset : offset + length]) == (size, size)
        end = offset + length
        sizes.append(size)
    assert end == len(data)
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_icns_elements_match_their_types():
    data = (ICON / "shengji.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}
    found, pos = {}, 8
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        assert length > 8 and pos + length <= len(data)
        found[kind] = png_size(data[pos + 8 : pos + length])[0]
        pos += length
    assert pos == len(data)
    assert found == expected


def test_containers_are_built_from_the_pngs():
    make_icon = load_tool("make_icon")
    pngs = {s: (ICON / f"icon-{s}.png").read_bytes() for s in make_icon.PNG_SIZES}
    assert make_icon.ico_bytes({s: pngs[s] for s in make_icon.ICO_SIZES}) == (ICON / "shengji.ico").read_bytes()
    assert make_icon.icns_bytes(pngs) == (ICON / "shengji.icns").read_bytes()


def test_icon_draws_at_any_size():
    pygame.init()
    make_icon = load_tool("make_icon")
    assert make_icon.draw_icon(64).get_size() == (64, 64)
    assert make_icon.draw_icon(32, simple=True).get_size() == (32, 32)
