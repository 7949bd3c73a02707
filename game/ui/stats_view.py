"""The start screen's statistics: per ruleset, matches and hands played and won, levels gained."""
from __future__ import annotations

import pygame

from game.core import all_rulesets
from game.i18n import tr
from game.records import Records
from game.ui import ruleset_text, theme
from game.ui.theme import blit_text, scale_for


class StatsPanel:
    """A small table beside the start screen's buttons (read once, when the screen opens)."""

    def __init__(self, app):
        self.app = app
        self.rows = Records(app.storage.folder).stats()
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def layout(self, size, left: int, top: int) -> None:
        self.scale = s = scale_for(size)
        x = left + round(40 * s)
        width = min(size[0] - x - round(24 * s), round(430 * s))
        n = max(1, sum(1 for r in all_rulesets() if r.id in self.rows))
        extra = sum(len(extra_lines(row)) for row in self.rows.values())
        self.rect = pygame.Rect(x, top, max(0, width), round(60 * s) + n * round(50 * s) + extra * round(19 * s))

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w < 200 * self.scale:
            return
        s = self.scale
        box = self.rect
        theme.panel(surface, box, (8, 36, 26, 200), round(14 * s), (50, 100, 80))
        pad = round(14 * s)
        blit_text(surface, tr("stats.title"), round(19 * s), (box.x + pad, box.y + pad), theme.GOLD, True)
        y = box.y + pad + round(34 * s)
        rulesets = [r for r in all_rulesets() if r.id in self.rows]
        if not rulesets:
            blit_text(surface, tr("stats.none"), round(15 * s), (box.x + pad, y), theme.INK_DIM)
            return
        size = round(15 * s)
        for r in rulesets:
            row = self.rows[r.id]
            blit_text(surface, ruleset_text.name(r), size, (box.x + pad, y), theme.INK, True)
            line = tr("stats.line", matches=row["matches"], matches_won=row["matches_won"], hands=row["hands"],
                      hands_won=row["hands_won"], levels=row["levels"])
            blit_text(surface, line, round(14 * s), (box.x + pad, y + round(21 * s)), theme.INK_DIM)
            y += round(50 * s)
            for more in extra_lines(row):
                blit_text(surface, more, round(13 * s), (box.x + pad, y - round(8 * s)), theme.INK_DIM)
                y += round(19 * s)


def extra_lines(row: dict[str, int]) -> list[str]:
    """The reviews' accuracy and loss, and the duplicate score, where there are any."""
    out = []
    if row.get("reviews"):
        decisions = max(1, row["review_decisions"])
        out.append(tr("review.stats_line", hands=row["reviews"], accuracy=round(100 * row["review_good"] / decisions),
                      loss=f"{row['review_loss_milli'] / 1000 / row['reviews']:.2f}"))
    if row.get("duplicate_deals"):
        out.append(tr("duplicate.stats_line", deals=row["duplicate_deals"], levels=f"{row['duplicate_levels']:+d}",
                      points=f"{row['duplicate_points']:+d}"))
    return out
