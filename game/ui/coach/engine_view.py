"""The engine's view of one decision, drawn in the review's panel when asked (issue 27).

The analysis keeps, per decision, its top candidates (``Decision.top``, best first, the move
made always among them) with their mean result for the seat's team over the sampled worlds
and the spread (standard deviation) across those worlds: as the bridge robots' and chess
engines' panels show, a player sees why one move is better, not only that it is.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width
from game.ui.kit.theme import blit_text

MAX_ROWS = 5


def _same(a, b) -> bool:
    return Counter(str(c) for c in a) == Counter(str(c) for c in b)


def rows_of(d: Any, limit: int = MAX_ROWS) -> list[tuple[list, float, float, int, bool]]:
    """(cards, mean, spread, worlds, is the move made) of the top candidates, best first, at
    most ``limit``; the move made is kept even when it ranks below the rows shown."""
    top = list(getattr(d, "top", None) or [])
    rows = [(list(c.cards), c.mean, c.spread, c.worlds, _same(c.cards, d.played)) for c in top]
    limit = max(1, limit)
    shown = rows[:limit]
    if not any(r[4] for r in shown):
        made = [r for r in rows if r[4]]
        if made:
            shown = shown[: limit - 1] + made[:1]
    return shown


def draw_engine_view(surface: pygame.Surface, area: pygame.Rect, d: Any, s: float) -> list[pygame.Rect]:
    """The candidates of ``d`` in ``area``; returns each row's rectangle (for the tests)."""
    x, y = area.x, area.y
    blit_text(surface, tr("coach.engine_title"), round(16 * s), (x, y), theme.GOLD, True)
    y += round(24 * s)
    for line in theme.wrap(tr("coach.engine_help"), round(12 * s), area.w):
        blit_text(surface, line, round(12 * s), (x, y), theme.INK_DIM)
        y += round(16 * s)
    y += round(4 * s)
    text_h = round(19 * s)  # a row: its line of text, then its cards
    least = max(22, round(30 * s))
    rows = rows_of(d, int((area.bottom - y) // (least + text_h + round(8 * s))))
    if not rows:
        for line in theme.wrap(tr("coach.engine_none"), round(14 * s), area.w):
            blit_text(surface, line, round(14 * s), (x, y), theme.INK_DIM)
            y += round(20 * s)
        return []
    h = round(min(46 * s, max(least, (area.bottom - y) / len(rows) - text_h - 8 * s)))
    out = []
    for i, (cards, mean, spread, worlds, made) in enumerate(rows):
        if y + h + text_h > area.bottom:
            break
        colour = theme.GOLD if i == 0 else (240, 146, 60) if made else theme.INK
        text = tr("coach.engine_row", mean=f"{mean:+.2f}", spread=f"{spread:.2f}", worlds=worlds)
        if made:
            text = tr("review.played") + ": " + text
        r = blit_text(surface, text, round(13 * s), (x, y), colour, i == 0 or made)
        y = r.bottom + round(2 * s)
        row = pygame.Rect(x, r.y, area.w, h + r.h)
        if cards:
            cw = card_width(h)
            step = min(cw * 0.6, (area.w - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
            for j, card in enumerate(cards):
                surface.blit(card_image(card, h), (round(x + j * step), y))
        else:
            blit_text(surface, tr("review_declare.pass"), round(15 * s), (x, y), theme.INK, True)
        y += h + round(6 * s)
        out.append(row)
    return out


__all__ = ["MAX_ROWS", "draw_engine_view", "rows_of"]
