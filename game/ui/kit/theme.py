"""Colours, sizes and cached text: the look shared by every screen."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.ui.kit import assets

FELT = (21, 92, 66)
FELT_DARK = (14, 66, 47)
FELT_LIGHT = (33, 118, 86)
INK = (242, 240, 230)
INK_DIM = (190, 205, 196)
INK_DARK = (30, 34, 38)
GOLD = (242, 196, 80)
RED = (232, 86, 76)
PANEL = (10, 40, 30, 190)
PANEL_SOLID = (18, 52, 40)
BUTTON = (236, 232, 218)
BUTTON_HOVER = (255, 250, 236)
BUTTON_DISABLED = (120, 134, 126)
BUTTON_PRIMARY = (242, 196, 80)
TEAM_COLOURS = ((88, 170, 255), (255, 150, 70))
"""Seats 0 and 2, seats 1 and 3."""


def scale_for(size: tuple[int, int]) -> float:
    """The UI scale: 1.0 at 1280×800, smaller and larger windows in proportion."""
    return max(0.6, min(size[0] / 1280, size[1] / 800))


_TEXT_CACHE: OrderedDict = OrderedDict()


def text(value: str, size: int, colour=INK, bold: bool = False) -> pygame.Surface:
    """Rendered, anti-aliased text, cached (the same labels are drawn every frame)."""
    key = (value, int(size), tuple(colour), bold)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        surface = assets.font(max(8, int(size)), bold).render(value, True, colour)
        _TEXT_CACHE[key] = surface
        if len(_TEXT_CACHE) > 1500:
            _TEXT_CACHE.popitem(last=False)
    else:
        _TEXT_CACHE.move_to_end(key)
    return surface


def blit_text(
    surface: pygame.Surface, value: str, size: int, pos, colour=INK, bold=False, anchor: str = "topleft"
) -> pygame.Rect:
    """Draw text with its ``anchor`` (a pygame.Rect attribute name) at ``pos``."""
    rendered = text(value, size, colour, bold)
    rect = rendered.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(rendered, rect)
    return rect


def fit_text(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value``, cut with an ellipsis when it is wider than ``width`` pixels."""
    if width <= 0 or text(value, size, INK, bold).get_width() <= width:
        return value
    lo, hi = 0, len(value)
    while lo < hi:  # the longest prefix that fits with its ellipsis
        mid = (lo + hi + 1) // 2
        if text(value[:mid].rstrip() + "…", size, INK, bold).get_width() <= width:
            lo = mid
        else:
            hi = mid - 1
    return value[:lo].rstrip() + "…"


def wrap(value: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``value`` that fit ``width`` pixels; Chinese breaks between any characters."""
    f = assets.font(max(8, int(size)), bold)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for token in _tokens(paragraph):
            trial = line + token
            if line and f.size(trial)[0] > width:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = trial
        lines.append(line)
    return lines


def _tokens(paragraph: str) -> list[str]:
    # Latin words stay whole; each CJK character (and its trailing punctuation) is a token.
    out: list[str] = []
    word = ""
    for ch in paragraph:
        if ord(ch) < 0x2E80:
            word += ch
            if ch == " ":
                out.append(word)
                word = ""
        else:
            if word:
                out.append(word)
                word = ""
            if out and ch in "，。：；！？、）」』》”’" and out[-1]:
                out[-1] += ch
            else:
                out.append(ch)
    if word:
        out.append(word)
    return out


def panel(surface: pygame.Surface, rect: pygame.Rect, colour=PANEL, radius: int = 12, border=None) -> None:
    """A rounded, translucent panel."""
    rect = pygame.Rect(rect)
    if len(colour) == 4 and colour[3] < 255:
        surface.blit(translucent(rect.size, colour, radius), rect)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width=2, border_radius=radius)


_FELT_CACHE: dict = {}
_LAYERS: OrderedDict = OrderedDict()


def translucent(size, colour, radius: int = 0) -> pygame.Surface:
    """A rounded translucent rectangle, cached (panels and shades are drawn every frame)."""
    key = (tuple(size), tuple(colour), radius)
    layer = _LAYERS.get(key)
    if layer is None:
        layer = pygame.Surface(size, pygame.SRCALPHA)
        if radius:
            pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
        else:
            layer.fill(colour)
        if pygame.display.get_surface() is not None:
            layer = layer.convert_alpha()
        _LAYERS[key] = layer
        if len(_LAYERS) > 200:
            _LAYERS.popitem(last=False)
    else:
        _LAYERS.move_to_end(key)
    return layer


def clear_caches() -> None:
    """Drop rendered text and the felt (after ``pygame.quit()``)."""
    _TEXT_CACHE.clear()
    _FELT_CACHE.clear()
    _LAYERS.clear()


def draw_felt(surface: pygame.Surface) -> None:
    """The table cloth: a soft radial vignette, rendered once per window size."""
    size = surface.get_size()
    felt = _FELT_CACHE.get(size)
    if felt is None:
        _FELT_CACHE.clear()
        small = pygame.Surface((64, 40))
        for y in range(40):
            for x in range(64):
                d = ((x - 32) / 32) ** 2 + ((y - 20) / 20) ** 2
                t = min(1.0, d / 1.6)
                small.set_at((x, y), tuple(int(FELT_LIGHT[i] + (FELT_DARK[i] - FELT_LIGHT[i]) * t) for i in range(3)))
        felt = pygame.transform.smoothscale(small, size)
        if pygame.display.get_surface() is not None:
            felt = felt.convert()  # the same pixel format as the window: a plain copy per frame
        _FELT_CACHE[size] = felt
    surface.blit(felt, (0, 0))
