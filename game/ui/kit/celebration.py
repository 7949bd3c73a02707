"""A moment of celebration: confetti when a team goes up a level or wins the match.

Particles are seeded (the same hand celebrates the same way), few (a frame stays cheap:
one small pre-drawn surface per colour and angle, blitted), and short. With the player's
*reduce motion* setting there are none: ``Confetti.still`` lays a few pieces still in the
panel's corners instead, so the moment is marked without movement.
"""

from __future__ import annotations

import math
import random

import pygame

COLOURS = ((242, 196, 80), (232, 86, 76), (88, 170, 255), (120, 210, 140), (250, 250, 240), (200, 120, 230))
ANGLES = 8  # pre-rotated pieces per colour


class Confetti:
    """Pieces of paper thrown up from the bottom of ``area``, falling back with a sway."""

    def __init__(self, area: pygame.Rect, seed: int, count: int = 90, duration: float = 2.6, scale: float = 1.0):
        rng = random.Random(seed)
        self.area = pygame.Rect(area)
        self.duration = duration
        self.t = 0.0
        size = max(4, round(10 * scale))
        self.pieces: list[list[float]] = []
        for _ in range(count):
            x = self.area.x + rng.random() * self.area.w
            y = self.area.bottom + rng.random() * 20 * scale
            vx = (rng.random() - 0.5) * 260 * scale
            vy = -(420 + rng.random() * 380) * scale * self.area.h / 800
            self.pieces.append(
                [x, y, vx, vy, rng.random() * math.tau, rng.randrange(len(COLOURS)), rng.uniform(2.0, 5.0)]
            )
        self.images = [[_piece(colour, size, 180 * a / ANGLES) for a in range(ANGLES)] for colour in COLOURS]
        self.gravity = 520 * scale * self.area.h / 800
        self.margin = size * 2
        self._alpha = 255

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float) -> None:
        if self.done:
            return
        self.t += dt
        for p in self.pieces:
            p[3] += self.gravity * dt
            p[3] = min(p[3], 260.0 * self.area.h / 800)  # paper falls slowly: a terminal speed
            p[0] += (p[2] + 40 * math.sin(p[4] + self.t * p[6])) * dt
            p[1] += p[3] * dt
            p[2] *= 0.99

    def draw(self, surface: pygame.Surface) -> None:
        if self.done:
            return
        alpha = round(255 * min(1.0, (self.duration - self.t) / 0.5))
        if alpha != self._alpha:
            # The pieces are shared: fading them is one alpha per picture, not a copy per piece.
            for row in self.images:
                for image in row:
                    image.set_alpha(alpha)
            self._alpha = alpha
        for x, y, _vx, _vy, phase, colour, spin in self.pieces:
            image = self.images[int(colour)][int((phase + self.t * spin) * ANGLES / math.pi) % ANGLES]
            surface.blit(image, (round(x), round(y)))

    def rect(self) -> pygame.Rect:
        """What a frame may change (the whole area and a margin)."""
        return self.area.inflate(self.margin * 2, self.margin * 2)

    @staticmethod
    def still(surface: pygame.Surface, rect: pygame.Rect, scale: float, seed: int = 0) -> None:
        """The motionless version: a few pieces of paper lying in the panel's top corners,
        beside its title (a bar across the panel's edge read as a drawing fault)."""
        rng = random.Random(seed)
        size = max(4, round(10 * scale))
        band_h = round(56 * scale)
        corner_w = round(rect.w * 0.24)
        for side in (0, 1):
            left = rect.x + round(18 * scale) if side == 0 else rect.right - round(18 * scale) - corner_w
            for _ in range(9):
                piece = _piece(COLOURS[rng.randrange(len(COLOURS))], size, rng.uniform(0, 180))
                x = left + rng.random() * (corner_w - piece.get_width())
                y = rect.y + round(12 * scale) + rng.random() * (band_h - piece.get_height())
                surface.blit(piece, (round(x), round(y)))


def _piece(colour, size: int, angle: float) -> pygame.Surface:
    paper = pygame.Surface((size, max(2, size // 2)), pygame.SRCALPHA)
    paper.fill(colour)
    return pygame.transform.rotate(paper, angle)
