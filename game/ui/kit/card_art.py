"""Playing cards drawn in code: faces, backs, highlight states and shadows.

No third-party art: every card is drawn once at a master size with pygame's primitives
and the bundled font, then scaled smoothly to whatever height the table needs. Suit
symbols are vector shapes (not font glyphs), so they are crisp at any size and do not
depend on the font.

Drawing happens on a canvas :data:`SUPERSAMPLE` times the master size and is scaled
down, because pygame's polygons and rounded rectangles are not anti-aliased; the
averaging smooths their edges.

>>> import pygame
>>> from game.core import Card
>>> art = CardArt()
>>> art.get(Card.parse("10H"), 140).get_size()
(100, 140)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
import math

import pygame

from game.core import Card, Rank, Suit
from game.ui.kit import assets

MASTER_SIZE = (250, 350)
"""Design size of a card (a poker card's 63 × 88 mm proportion)."""
SUPERSAMPLE = 2
CORNER_RADIUS = 14

RED = (200, 22, 44)
BLACK = (28, 28, 36)
GOLD = (196, 152, 52)
GOLD_DARK = (138, 100, 28)
BORDER = (140, 140, 148)
FACE_TOP = (255, 255, 255)
FACE_BOTTOM = (250, 249, 245)

BACK_COLOURS: dict[str, tuple[int, int, int]] = {
    "red": (168, 28, 40),
    "blue": (28, 72, 150),
    "green": (18, 108, 66),
    "purple": (96, 46, 138),
}
"""Card-back colours a player can choose, by name (the settings' ``colour.*`` keys)."""

VARIANTS = ("normal", "selected", "highlight", "disabled")
"""``selected``: picked to play (gold rim); ``highlight``: hover or hint (blue tint);
``disabled``: cannot be played now (dimmed). Raising a selected card is the layout's job."""

# Characters the art draws with the font; tools/make_font_subset.py reads this file so
# they are always in the bundled subset.
JOKER_WORD = "JOKER"
BIG_JOKER_TEXT = "大王"
SMALL_JOKER_TEXT = "小王"
BACK_EMBLEM = "升"


def card_size(height: int) -> tuple[int, int]:
    """The (width, height) of a card drawn ``height`` pixels tall."""
    return round(height * MASTER_SIZE[0] / MASTER_SIZE[1]), int(height)


Colour = tuple[int, int, int]

PALETTES: dict[str, dict[Suit, Colour]] = {
    "classic": {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: RED, Suit.CLUBS: BLACK},
    # The four-colour deck of tournament bridge and poker sites.
    "four": {Suit.SPADES: BLACK, Suit.HEARTS: RED, Suit.DIAMONDS: (22, 82, 204), Suit.CLUBS: (20, 128, 52)},
    # Okabe and Ito's palette, darkened for a white card: the four stay apart under the
    # common colour blindnesses (red-green above all), and in luminance.
    "colourblind": {
        Suit.SPADES: BLACK,
        Suit.HEARTS: (205, 80, 0),
        Suit.DIAMONDS: (0, 100, 178),
        Suit.CLUBS: (0, 128, 96),
    },
}
"""Suit colours by the settings' ``card_colours`` name."""


def suit_colour(suit: Suit | None, palette: str = "classic") -> Colour:
    """A suit's ink in ``palette`` (classic: red hearts and diamonds, near-black spades and
    clubs); ``None`` (the small joker) is black."""
    if suit is None:
        return BLACK
    return PALETTES.get(palette, PALETTES["classic"])[suit]


# --- Suit shapes -------------------------------------------------------------------

Point = tuple[float, float]


def _quad(p0: Point, c: Point, p1: Point, steps: int = 24) -> list[Point]:
    """Points along a quadratic Bézier curve, excluding the start point."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, d = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * c[0] + d * p1[0], a * p0[1] + b * c[1] + d * p1[1]))
    return out


def _heart_outline(steps: int = 240) -> list[Point]:
    """The classic parametric heart, normalised to height 1 with y pointing down."""
    raw = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        raw.append(
            (16 * math.sin(t) ** 3, 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        )
    top = max(y for _, y in raw)
    height = top - min(y for _, y in raw)
    return [((x + 16) / height, (top - y) / height) for x, y in raw]


def _stem(cx: float, top: float, half_width: float) -> list[Point]:
    """The flared foot of a spade or club: narrow at ``top``, concave sides, flat base."""
    neck = 0.035
    left = [(cx - neck, top)] + _quad((cx - neck, top), (cx - neck, 0.93), (cx - half_width, 1.0))
    right = [(cx + half_width, 1.0)] + _quad((cx + half_width, 1.0), (cx + neck, 0.93), (cx + neck, top))
    return left + right


HEART_ASPECT = 32 / 29.0
SUIT_ASPECT = {Suit.HEARTS: HEART_ASPECT, Suit.SPADES: 0.82 * HEART_ASPECT, Suit.CLUBS: 0.96, Suit.DIAMONDS: 0.76}
"""Width over height of each suit symbol."""


def _suit_shapes(suit: Suit) -> tuple[list[list[Point]], list[tuple[float, float, float]]]:
    """Polygons and circles (cx, cy, r) of a suit, in a box of height 1 and its aspect's width."""
    if suit is Suit.HEARTS:
        return [_heart_outline()], []
    if suit is Suit.SPADES:
        body_h = 0.82
        body = [(x * body_h, (1 - y) * body_h) for x, y in _heart_outline()]
        cx = SUIT_ASPECT[suit] / 2
        return [body, _stem(cx, 0.55, 0.19)], []
    if suit is Suit.CLUBS:
        w, r = SUIT_ASPECT[suit], 0.232
        cx = w / 2
        circles = [(cx, r + 0.012, r), (cx - 0.245, 0.575, r), (cx + 0.245, 0.575, r)]
        core = [(cx, 0.3), (cx - 0.24, 0.6), (cx + 0.24, 0.6)]
        return [core, _stem(cx, 0.5, 0.19)], circles
    w = SUIT_ASPECT[suit]
    top, right, bottom, left = (w / 2, 0.0), (w, 0.5), (w / 2, 1.0), (0.0, 0.5)
    pinch = 0.06  # the sides bow inwards a little, as on printed cards
    points: list[Point] = [top]
    for a, b in ((top, right), (right, bottom), (bottom, left), (left, top)):
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (w / 2 - mid[0]) * pinch * 2, mid[1] + (0.5 - mid[1]) * pinch * 2)
        points += _quad(a, ctrl, b)
    return [points], []


@lru_cache(maxsize=256)
def suit_symbol(suit: Suit, height: int, colour: tuple[int, int, int] | None = None) -> pygame.Surface:
    """An anti-aliased suit symbol ``height`` pixels tall, in its suit colour by default.

    Useful beyond the cards: the table's trump indicator uses the same shapes.
    """
    colour = suit_colour(suit) if colour is None else colour
    ss = 4
    h = max(1, int(height))
    w = max(1, round(h * SUIT_ASPECT[suit]))
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    sx, sy = w * ss / SUIT_ASPECT[suit], h * ss
    polygons, circles = _suit_shapes(suit)
    for poly in polygons:
        pygame.draw.polygon(big, colour, [(x * sx, y * sy) for x, y in poly])
    for cx, cy, r in circles:
        pygame.draw.circle(big, colour, (cx * sx, cy * sy), r * sy)
    return pygame.transform.smoothscale(big, (w, h))


# --- Text --------------------------------------------------------------------------


@cache
def _cap_ratio(bold: bool) -> float:
    """Cap height over font size, measured on the bundled font itself."""
    probe = assets.font(200, bold).render("H", True, (0, 0, 0))
    return probe.get_bounding_rect().height / 200


def _ink(text: str, cap: float, colour, bold: bool = True, tracking: float = 0.0) -> pygame.Surface:
    """``text`` cropped to its ink, sized so capital letters are ``cap`` pixels tall.

    Characters are set one by one so ``tracking`` (a fraction of ``cap``) can tighten
    pairs such as "10", which would otherwise be too wide for a card's corner.
    """
    f = assets.font(max(4, round(cap / _cap_ratio(bold))), bold)
    glyphs = [f.render(ch, True, colour) for ch in text]
    boxes = [g.get_bounding_rect() for g in glyphs]
    top = min(b.top for b in boxes)
    bottom = max(b.bottom for b in boxes)
    gap = tracking * cap
    width = sum(b.width for b in boxes) + gap * (len(boxes) - 1)
    out = pygame.Surface((max(1, math.ceil(width)), max(1, bottom - top)), pygame.SRCALPHA)
    x = 0.0
    for g, b in zip(glyphs, boxes):
        out.blit(g, (round(x), 0), pygame.Rect(b.left, top, b.width, bottom - top))
        x += b.width + gap
    return out


def _fit(surface: pygame.Surface, max_width: float) -> pygame.Surface:
    """Squeeze ``surface`` horizontally to ``max_width`` if it is wider."""
    if surface.get_width() <= max_width:
        return surface
    return pygame.transform.smoothscale(surface, (max(1, int(max_width)), surface.get_height()))


# --- Drawing helpers ----------------------------------------------------------------


def _blit_centred(dest: pygame.Surface, src: pygame.Surface, centre: Point) -> None:
    dest.blit(src, src.get_rect(center=(round(centre[0]), round(centre[1]))))


def _rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    return mask


def _clip_rounded(surface: pygame.Surface, radius: int) -> None:
    """Make everything outside a rounded rectangle transparent."""
    surface.blit(_rounded_mask(surface.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)


def _vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    column = pygame.Surface((1, 2))
    column.set_at((0, 0), top)
    column.set_at((0, 1), bottom)
    return pygame.transform.smoothscale(column, size)


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


class _Canvas:
    """A supersampled card canvas addressed in design units (``MASTER_SIZE``)."""

    def __init__(self, scale: float, palette: str = "classic"):
        self.s = scale
        self.palette = palette
        self.surface = pygame.Surface((round(MASTER_SIZE[0] * scale), round(MASTER_SIZE[1] * scale)), pygame.SRCALPHA)

    def px(self, v: float) -> int:
        return round(v * self.s)

    def pt(self, x: float, y: float) -> tuple[int, int]:
        return round(x * self.s), round(y * self.s)

    def rect(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        return pygame.Rect(self.px(x), self.px(y), self.px(w), self.px(h))

    def blank_face(self, border=BORDER) -> None:
        """White face with a soft vertical sheen and a thin border, rounded corners."""
        size = self.surface.get_size()
        self.surface.blit(_vertical_gradient(size, FACE_TOP, FACE_BOTTOM), (0, 0))
        pygame.draw.rect(
            self.surface,
            border,
            self.surface.get_rect(),
            width=max(1, self.px(1.6)),
            border_radius=self.px(CORNER_RADIUS),
        )
        _clip_rounded(self.surface, self.px(CORNER_RADIUS))

    def finish(self, size: tuple[int, int]) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surface, size)


# --- Card faces ---------------------------------------------------------------------

_INDEX_CX = 33  # centre of the corner index column
_INDEX_TOP = 15
_INDEX_CAP = 56
_INDEX_MAX_W = 58
_INDEX_SUIT_H = 40


def _corner_block(c: _Canvas, card: Card) -> pygame.Surface:
    """The top-left index (rank over suit); the bottom-right one is this, turned round."""
    colour = suit_colour(card.suit, c.palette)
    rank = _ink(card.rank.label, c.px(_INDEX_CAP), colour, tracking=-0.02 if card.rank == Rank.TEN else 0.0)
    rank = _fit(rank, c.px(_INDEX_MAX_W))
    suit = suit_symbol(card.suit, c.px(_INDEX_SUIT_H), colour)
    block = pygame.Surface((c.px(2 * _INDEX_CX), c.px(_INDEX_CAP + _INDEX_SUIT_H + 14)), pygame.SRCALPHA)
    cx = block.get_width() / 2
    block.blit(rank, rank.get_rect(midtop=(round(cx), 0)))
    block.blit(suit, suit.get_rect(midtop=(round(cx), c.px(_INDEX_CAP + 10))))
    return block


def _place_corners(c: _Canvas, block: pygame.Surface, left: float = 0.0) -> None:
    top_left = c.pt(left, _INDEX_TOP)
    c.surface.blit(block, top_left)
    turned = pygame.transform.rotate(block, 180)
    w, h = c.surface.get_size()
    c.surface.blit(turned, (w - top_left[0] - turned.get_width(), h - top_left[1] - turned.get_height()))


def _draw_pip_card(c: _Canvas, card: Card) -> None:
    is_ace = card.rank == Rank.ACE
    height = 134 if is_ace else 118
    centre = c.pt(MASTER_SIZE[0] / 2, MASTER_SIZE[1] / 2)
    if is_ace:
        # A fine ring sets the ace apart at a glance, as ornate aces do on printed decks.
        ring = c.px(90)
        pygame.draw.circle(
            c.surface,
            _mix(suit_colour(card.suit, c.palette), (255, 255, 255), 0.8),
            centre,
            ring,
            width=max(1, c.px(2)),
        )
    _blit_centred(c.surface, suit_symbol(card.suit, c.px(height), suit_colour(card.suit, c.palette)), centre)


def _frame(c: _Canvas, rect: pygame.Rect, fill, line, accent) -> None:
    """A court-card frame: tinted panel, gold rim and a fine inner line."""
    radius = c.px(8)
    pygame.draw.rect(c.surface, fill, rect, border_radius=radius)
    pygame.draw.rect(c.surface, line, rect, width=max(1, c.px(3)), border_radius=radius)
    inner = rect.inflate(-c.px(12), -c.px(12))
    pygame.draw.rect(c.surface, accent, inner, width=max(1, c.px(1.2)), border_radius=c.px(5))


def _crown(c: _Canvas, centre: Point, width: float, points: int, rounded: bool) -> None:
    """A crown (``points`` tips) in gold: three sharp tips for a king, five round for a queen."""
    cx, cy = centre
    half = width / 2
    band_top, band_bottom = cy + 0.12 * width, cy + 0.3 * width
    tip_y, valley_y = cy - 0.28 * width, cy + 0.02 * width
    outline: list[Point] = [(cx - half, band_bottom), (cx - half, band_top)]
    for i in range(points):
        x_tip = cx - half + width * i / (points - 1)
        if i:
            outline.append((x_tip - width / (points - 1) / 2, valley_y))
        outline.append((x_tip, tip_y if not rounded else tip_y + 0.08 * width))
    outline += [(cx + half, band_top), (cx + half, band_bottom)]
    pts = [c.pt(x, y) for x, y in outline]
    pygame.draw.polygon(c.surface, GOLD, pts)
    pygame.draw.polygon(c.surface, GOLD_DARK, pts, width=max(1, c.px(1.6)))
    pygame.draw.line(c.surface, GOLD_DARK, c.pt(cx - half, band_top), c.pt(cx + half, band_top), max(1, c.px(1.6)))
    ball = 0.055 * width
    for i in range(points):
        x_tip = cx - half + width * i / (points - 1)
        y = tip_y if not rounded else tip_y + 0.08 * width
        pygame.draw.circle(c.surface, GOLD, c.pt(x_tip, y - ball * 0.6), c.px(ball))
        pygame.draw.circle(c.surface, GOLD_DARK, c.pt(x_tip, y - ball * 0.6), c.px(ball), max(1, c.px(1.2)))
    for i, colour in enumerate((RED, (40, 90, 170), RED)):
        x = cx + (i - 1) * width * 0.3
        pygame.draw.circle(c.surface, colour, c.pt(x, (band_top + band_bottom) / 2), c.px(0.05 * width))


def _star(c: _Canvas, centre: Point, radius: float) -> None:
    """A five-pointed gold star: the jack's emblem."""
    cx, cy = centre
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append(c.pt(cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(c.surface, GOLD, pts)
    pygame.draw.polygon(c.surface, GOLD_DARK, pts, width=max(1, c.px(1.6)))


def _draw_court_card(c: _Canvas, card: Card) -> None:
    assert card.suit is not None  # a jack, queen or king
    colour = suit_colour(card.suit, c.palette)
    tint = (253, 242, 236) if card.suit.is_red else (236, 240, 248)
    frame = c.rect(66, 24, MASTER_SIZE[0] - 132, MASTER_SIZE[1] - 48)
    _frame(c, frame, tint, GOLD, _mix(colour, tint, 0.5))
    cx = MASTER_SIZE[0] / 2
    if card.rank == Rank.KING:
        _crown(c, (cx, 84), 78, 3, rounded=False)
    elif card.rank == Rank.QUEEN:
        _crown(c, (cx, 86), 74, 5, rounded=True)
    else:
        _star(c, (cx, 82), 28)
    cap = c.px(98)
    letter = _ink(card.rank.label, cap, colour)
    shadow = _ink(card.rank.label, cap, _mix(GOLD, tint, 0.3))
    top = c.px(124)
    c.surface.blit(shadow, shadow.get_rect(midtop=(c.px(cx) + c.px(3), top + c.px(3))))
    c.surface.blit(letter, letter.get_rect(midtop=(c.px(cx), top)))
    _blit_centred(c.surface, suit_symbol(card.suit, c.px(40), colour), c.pt(cx, 282))


def _cubic(p0: Point, c1: Point, c2: Point, p1: Point, steps: int = 32) -> list[Point]:
    """Points along a cubic Bézier curve, excluding the start point."""
    out = []
    for i in range(1, steps + 1):
        t = i / steps
        a, b, d, e = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t**3
        out.append((a * p0[0] + b * c1[0] + d * c2[0] + e * p1[0], a * p0[1] + b * c1[1] + d * c2[1] + e * p1[1]))
    return out


# A jester's cap in a unit box (x from -0.5 to 0.5, y down): per prong, its outline as
# (start, outer curve controls, tip, inner curve controls, end) and where its bell hangs.
_HAT_PRONGS = (
    (
        (-0.34, 0.30),
        (-0.50, -0.20),
        (-0.80, -0.46),
        (-0.64, -0.02),
        (-0.50, -0.26),
        (-0.24, -0.16),
        (-0.04, 0.30),
        (-0.64, 0.02),
    ),
    (
        (0.34, 0.30),
        (0.50, -0.20),
        (0.80, -0.46),
        (0.64, -0.02),
        (0.50, -0.26),
        (0.24, -0.16),
        (0.04, 0.30),
        (0.64, 0.02),
    ),
    (
        (-0.20, 0.30),
        (-0.30, -0.20),
        (-0.08, -0.50),
        (0.12, -0.42),
        (0.00, -0.30),
        (0.18, -0.05),
        (0.20, 0.30),
        (0.14, -0.44),
    ),
)


def _jester_hat(c: _Canvas, centre: Point, width: float, colours: Sequence, bell, line) -> None:
    """A three-pronged jester's cap with bells: the jokers' emblem."""
    cx, cy = centre

    def at(p: Point) -> tuple[int, int]:
        return c.pt(cx + p[0] * width, cy + p[1] * width)

    stroke = max(1, c.px(1.8))
    for (start, c1, c2, tip, c3, c4, end, _bell_at), colour in zip(_HAT_PRONGS, colours):
        outline = [start] + _cubic(start, c1, c2, tip) + _cubic(tip, c3, c4, end)
        pts = [at(p) for p in outline]
        pygame.draw.polygon(c.surface, colour, pts)
        pygame.draw.polygon(c.surface, line, pts, width=stroke)
    band = (
        [(-0.44, 0.26)]
        + _quad((-0.44, 0.26), (0.0, 0.36), (0.44, 0.26))
        + [(0.44, 0.40)]
        + _quad((0.44, 0.40), (0.0, 0.52), (-0.44, 0.40))
    )
    pts = [at(p) for p in band]
    pygame.draw.polygon(c.surface, bell, pts)
    pygame.draw.polygon(c.surface, line, pts, width=stroke)
    for *_, bell_at in _HAT_PRONGS:
        pygame.draw.circle(c.surface, bell, at(bell_at), c.px(0.075 * width))
        pygame.draw.circle(c.surface, line, at(bell_at), c.px(0.075 * width), stroke)
    for x in (-0.26, 0.0, 0.26):
        pygame.draw.circle(c.surface, line, at((x, 0.36 + (0.04 if x == 0 else 0.015))), c.px(0.025 * width))


def _joker_index(c: _Canvas, big: bool) -> pygame.Surface:
    """The corner: JOKER read top to bottom. The big joker's letters stand white on a
    coloured band, the small joker's black on white, so the two differ in the strip a fanned
    hand shows, at a glance and without telling red from black."""
    ink = (255, 255, 255) if big else BLACK
    letters = [_ink(ch, c.px(27), ink) for ch in JOKER_WORD]
    column = pygame.Surface((c.px(44), c.px(34 * len(letters) + 12)), pygame.SRCALPHA)
    band = column.get_rect()
    if big:
        red = suit_colour(Suit.HEARTS, c.palette)
        pygame.draw.rect(column, red, band, border_radius=c.px(10))
        pygame.draw.rect(column, GOLD, band, width=max(1, c.px(3)), border_radius=c.px(10))
    else:
        pygame.draw.rect(column, BLACK, band, width=max(1, c.px(2.5)), border_radius=c.px(10))
    for i, glyph in enumerate(letters):
        column.blit(glyph, glyph.get_rect(midtop=(column.get_width() // 2, c.px(8 + 34 * i))))
    return column


def _draw_joker(c: _Canvas, card: Card) -> None:
    big = card.rank == Rank.BIG_JOKER
    ink = suit_colour(Suit.HEARTS, c.palette) if big else BLACK
    _place_corners(c, _joker_index(c, big), left=4)

    frame = c.rect(50, 22, MASTER_SIZE[0] - 100, MASTER_SIZE[1] - 44)
    if big:
        _frame(c, frame, (255, 246, 222), GOLD, (226, 160, 90))
        hat = (RED, (36, 84, 168), (232, 176, 40))
        bell, line = (240, 196, 64), GOLD_DARK
    else:
        _frame(c, frame, (243, 243, 243), (120, 120, 126), (170, 170, 176))
        hat = ((40, 40, 46), (110, 110, 118), (160, 160, 168))
        bell, line = (205, 205, 212), (60, 60, 66)
    cx = MASTER_SIZE[0] / 2
    if big:
        # Rays behind the cap: the big joker is the brighter card even in a glance.
        centre = c.pt(cx, 132)
        c.surface.set_clip(frame.inflate(-c.px(8), -c.px(8)))
        for i in range(16):
            a0, a1 = 2 * math.pi * i / 16, 2 * math.pi * (i + 0.5) / 16
            ray = [centre] + [
                (centre[0] + c.px(82) * math.cos(a), centre[1] + c.px(82) * math.sin(a)) for a in (a0, a1)
            ]
            pygame.draw.polygon(c.surface, (252, 228, 170), ray)
        c.surface.set_clip(None)
    _jester_hat(c, (cx, 138), 104, hat, bell, line)
    text = _ink(BIG_JOKER_TEXT if big else SMALL_JOKER_TEXT, c.px(48), ink)
    c.surface.blit(text, text.get_rect(midtop=(c.px(cx), c.px(218))))
    word = _ink(JOKER_WORD, c.px(16), ink, tracking=0.25)
    c.surface.blit(word, word.get_rect(midtop=(c.px(cx), c.px(285))))


def draw_face(card: Card, scale: float = SUPERSAMPLE, palette: str = "classic") -> pygame.Surface:
    """The face of ``card`` at ``scale`` times :data:`MASTER_SIZE` in ``palette``'s suit
    colours, unscaled and uncached."""
    c = _Canvas(scale, palette)
    c.blank_face()
    if card.is_joker:
        _draw_joker(c, card)
    else:
        _place_corners(c, _corner_block(c, card))
        if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
            _draw_court_card(c, card)
        else:
            _draw_pip_card(c, card)
    return c.surface


def draw_back(colour: str, scale: float = SUPERSAMPLE) -> pygame.Surface:
    """A card back: a lattice in ``colour`` inside a white margin, with a gold 升 medallion."""
    base = BACK_COLOURS[colour]
    light = _mix(base, (255, 255, 255), 0.28)
    dark = _mix(base, (0, 0, 0), 0.3)
    c = _Canvas(scale)
    c.blank_face()
    margin = 11
    panel_rect = c.rect(margin, margin, MASTER_SIZE[0] - 2 * margin, MASTER_SIZE[1] - 2 * margin)
    panel = pygame.Surface(panel_rect.size, pygame.SRCALPHA)
    panel.fill(base)
    w, h = panel.get_size()
    step = c.px(15)
    line = max(1, c.px(1.6))
    for k in range(-h, w + h, step):
        pygame.draw.line(panel, light, (k, 0), (k + h, h), line)
        pygame.draw.line(panel, light, (k, h), (k + h, 0), line)
    for k in range(-h, w + h, step):
        for j in range(0, h + step, step):
            # Dots at the lattice crossings, for texture.
            x = k + j
            if 0 <= x < w:
                pygame.draw.circle(panel, dark, (x, j), max(1, c.px(1.8)))
    inner = panel.get_rect().inflate(-c.px(16), -c.px(16))
    pygame.draw.rect(panel, light, inner, width=max(1, c.px(2)), border_radius=c.px(6))
    _clip_rounded(panel, c.px(CORNER_RADIUS - 5))
    c.surface.blit(panel, panel_rect)

    centre = c.pt(MASTER_SIZE[0] / 2, MASTER_SIZE[1] / 2)
    medallion = pygame.Rect(0, 0, c.px(112), c.px(148))
    medallion.center = centre
    pygame.draw.ellipse(c.surface, dark, medallion.inflate(c.px(14), c.px(14)))
    pygame.draw.ellipse(c.surface, GOLD, medallion.inflate(c.px(8), c.px(8)))
    pygame.draw.ellipse(c.surface, base, medallion)
    pygame.draw.ellipse(c.surface, light, medallion.inflate(-c.px(10), -c.px(10)), max(1, c.px(1.4)))
    emblem = _ink(BACK_EMBLEM, c.px(66), (240, 204, 110))
    _blit_centred(c.surface, emblem, centre)
    return c.surface


def _variant_overlay(variant: str, size: tuple[int, int]) -> pygame.Surface | None:
    """What a state adds on top of a card, drawn at ``size`` with anti-aliased corners."""
    if variant == "normal":
        return None
    ss = 3
    w, h = size[0] * ss, size[1] * ss
    radius = round(CORNER_RADIUS * w / MASTER_SIZE[0])
    over = pygame.Surface((w, h), pygame.SRCALPHA)
    if variant == "disabled":
        pygame.draw.rect(over, (30, 30, 40, 110), over.get_rect(), border_radius=radius)
    elif variant == "highlight":
        pygame.draw.rect(over, (90, 160, 255, 48), over.get_rect(), border_radius=radius)
        pygame.draw.rect(over, (60, 130, 235, 230), over.get_rect(), width=max(2, w // 45), border_radius=radius)
    elif variant == "selected":
        pygame.draw.rect(over, (255, 214, 90, 34), over.get_rect(), border_radius=radius)
        pygame.draw.rect(over, (236, 178, 24, 255), over.get_rect(), width=max(3, w // 30), border_radius=radius)
    else:
        raise ValueError(f"unknown card variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    return pygame.transform.smoothscale(over, size)


@lru_cache(maxsize=64)
def _interior(size: tuple[int, int]) -> pygame.Surface:
    inner = pygame.Surface(size, pygame.SRCALPHA)
    radius = round(CORNER_RADIUS * size[0] / MASTER_SIZE[0])
    pygame.draw.rect(inner, (0, 0, 0, 255), inner.get_rect().inflate(-4, -4), border_radius=max(0, radius - 2))
    return inner


def _scaled_card(surface: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """Smoothly scale a card, keeping its body fully opaque.

    pygame's smoothscale loses a couple of alpha levels at non-integer ratios, which
    would leave every card faintly see-through; the anti-aliased rim is kept as scaled.
    """
    scaled = pygame.transform.smoothscale(surface, size)
    scaled.blit(_interior(size), (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return scaled


def _ready(surface: pygame.Surface) -> pygame.Surface:
    """Match the display's pixel format when there is a display, for fast blits."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


class CardArt:
    """Card images at any height, drawn once and cached.

    One instance serves a whole session; create it after ``pygame.init()``. Surfaces are
    converted to the display format if a display mode is set when they are made, so
    create the window first (or call :meth:`clear` after changing it).
    """

    def __init__(self, palette: str = "classic") -> None:
        self.palette = palette if palette in PALETTES else "classic"
        self._masters: dict[object, pygame.Surface] = {}
        self._scaled: dict[tuple, pygame.Surface] = {}
        self._overlays: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self._shadows: dict[tuple[int, float], tuple[pygame.Surface, int]] = {}

    def get(self, card: Card, height: int, variant: str = "normal") -> pygame.Surface:
        """The face of ``card``, ``height`` pixels tall, in one of :data:`VARIANTS`."""
        return self._sized(card, int(height), variant)

    def back(self, height: int, colour: str = "red", variant: str = "normal") -> pygame.Surface:
        """A card back in one of :data:`BACK_COLOURS`, ``height`` pixels tall."""
        if colour not in BACK_COLOURS:
            raise ValueError(f"unknown card back colour {colour!r}; expected one of {', '.join(BACK_COLOURS)}")
        return self._sized(("back", colour), int(height), variant)

    def shadow(self, height: int, softness: float = 0.06) -> tuple[pygame.Surface, int]:
        """A soft drop shadow for a card ``height`` tall, and its margin.

        Blit it at the card's position minus the margin (plus any offset for the light):
        the shadow is larger than the card by ``margin`` on every side.
        """
        key = (int(height), softness)
        if key not in self._shadows:
            w, h = card_size(height)
            margin = max(2, round(h * softness))
            small = 8  # drawn tiny and scaled up: smoothscale's interpolation is the blur
            sw, sh = max(3, (w + 2 * margin) // small), max(3, (h + 2 * margin) // small)
            base = pygame.Surface((sw, sh), pygame.SRCALPHA)
            inset = max(1, margin // small)
            pygame.draw.rect(
                base, (0, 0, 0, 120), base.get_rect().inflate(-2 * inset, -2 * inset), border_radius=max(1, inset)
            )
            blurred = pygame.transform.smoothscale(base, (w + 2 * margin, h + 2 * margin))
            self._shadows[key] = (_ready(blurred), margin)
        return self._shadows[key]

    def master(self, card: Card) -> pygame.Surface:
        """The face at :data:`MASTER_SIZE`, from which smaller sizes are scaled."""
        return self._master(card)

    def clear(self) -> None:
        """Drop every cached image (after the display mode changes, or to free memory)."""
        self._masters.clear()
        self._scaled.clear()
        self._overlays.clear()
        self._shadows.clear()

    def _master(self, key) -> pygame.Surface:
        if key not in self._masters:
            drawn = draw_back(key[1]) if isinstance(key, tuple) else draw_face(key, palette=self.palette)
            self._masters[key] = _scaled_card(drawn, MASTER_SIZE)
        return self._masters[key]

    def _sized(self, key, height: int, variant: str) -> pygame.Surface:
        if height < 1:
            raise ValueError(f"card height must be positive, not {height}")
        cache_key = (key, height, variant)
        surface = self._scaled.get(cache_key)
        if surface is not None:
            return surface
        size = card_size(height)
        if variant == "normal":
            if height <= MASTER_SIZE[1]:
                surface = _scaled_card(self._master(key), size)
            else:
                # Bigger than the master: draw afresh so it stays sharp.
                scale = SUPERSAMPLE * height / MASTER_SIZE[1]
                drawn = draw_back(key[1], scale) if isinstance(key, tuple) else draw_face(key, scale, self.palette)
                surface = _scaled_card(drawn, size)
        else:
            surface = self._sized(key, height, "normal").copy()
            overlay_key = (variant, size)
            if overlay_key not in self._overlays:
                self._overlays[overlay_key] = _variant_overlay(variant, size)
            overlay = self._overlays[overlay_key]
            if overlay is not None:
                surface.blit(overlay, (0, 0))
        surface = _ready(surface)
        self._scaled[cache_key] = surface
        return surface
