"""Seat avatars drawn in code: a person's head and shoulders, or a bot's robot head,
on a disc in the team's colour. Drawn once per size at four times the size and scaled down
(pygame's shapes are not anti-aliased; the averaging smooths them)."""

from __future__ import annotations

from functools import lru_cache

import pygame

SUPER = 4


def _mix(a, b, t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


@lru_cache(maxsize=32)
def avatar(kind: str, diameter: int, colour: tuple[int, int, int], seat: int = 0) -> pygame.Surface:
    """``kind`` is "person" or "bot"; ``seat`` varies the bot's eyes and the person's hair."""
    d = max(8, int(diameter))
    big = d * SUPER
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big // 2
    dark, light = _mix(colour, (0, 0, 0), 0.55), _mix(colour, (255, 255, 255), 0.35)
    # The disc, lit from the top left: a lighter crescent over a darker base.
    pygame.draw.circle(surf, dark, (c, c), c)
    pygame.draw.circle(surf, _mix(colour, (0, 0, 0), 0.25), (c - big // 16, c - big // 16), c - big // 10)
    ink = (245, 240, 228)
    if kind == "bot":
        head = pygame.Rect(0, 0, round(big * 0.5), round(big * 0.4))
        head.center = (c, round(c + big * 0.04))
        pygame.draw.rect(surf, ink, head, border_radius=big // 12)
        pygame.draw.line(surf, ink, (c, head.top), (c, head.top - big // 9), max(2, big // 28))
        pygame.draw.circle(surf, light, (c, head.top - big // 9), big // 18)
        eye = big // 14 if seat % 2 == 0 else big // 18
        for dx in (-1, 1):
            pygame.draw.circle(surf, dark, (c + dx * big // 9, head.centery - big // 30), eye)
        mouth = pygame.Rect(0, 0, head.w // 2, big // 28)
        mouth.midtop = (c, head.centery + big // 12)
        pygame.draw.rect(surf, dark, mouth, border_radius=mouth.h // 2)
    else:
        shoulders = pygame.Rect(0, 0, round(big * 0.7), round(big * 0.5))
        shoulders.midtop = (c, round(c + big * 0.12))
        pygame.draw.ellipse(surf, ink, shoulders)
        pygame.draw.circle(surf, ink, (c, round(c - big * 0.08)), round(big * 0.19))
        hair = _mix(colour, (40, 30, 20), 0.6 + 0.1 * (seat % 2))
        pygame.draw.arc(
            surf,
            hair,
            pygame.Rect(c - round(big * 0.2), round(c - big * 0.29), round(big * 0.4), round(big * 0.4)),
            0.2,
            2.95,
            max(2, big // 16),
        )
    # Everything outside the disc goes: the shoulders are cut by its edge, as in a portrait.
    mask = pygame.Surface((big, big), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (c, c), c)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.circle(surf, light, (c, c), c, max(2, big // 24))
    out = pygame.transform.smoothscale(surf, (d, d))
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        out = out.convert_alpha()
    return out
