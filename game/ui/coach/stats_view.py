"""The start screen's statistics: per ruleset, matches and hands won, levels gained per hand
and points as defenders, and the last hands as a small chart (``game.app.records`` keeps them)."""

from __future__ import annotations

import pygame

from game.app.records import Records, StatLine
from game.core import all_rulesets
from game.i18n import tr
from game.ui.kit import ruleset_text, theme
from game.ui.kit.theme import blit_text, scale_for

MAX_RULESETS = 3  # the most played; the panel stays beside the buttons


class StatsPanel:
    """A small panel beside the start screen's buttons (read once, when the screen opens)."""

    def __init__(self, app):
        self.app = app
        records = Records(app.storage.folder, writable=app.storage.writable)
        self.rows = records.stats()
        known = {r.id for r in all_rulesets()}
        self.lines: list[StatLine] = [line for line in records.lines() if line.ruleset in known][:MAX_RULESETS]
        self.history = records.history()
        self.events = _event_history(app)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def layout(self, size, left: int, top: int) -> None:
        self.scale = s = scale_for(size)
        x = left + round(40 * s)
        width = min(size[0] - x - round(24 * s), round(440 * s))
        n = max(1, len(self.lines))
        extra = sum(len(extra_lines(self.rows.get(line.ruleset, {}))) for line in self.lines)
        chart_h = round(116 * s) if self.history else 0  # the bars and their legend
        height = round(56 * s) + n * round(72 * s) + extra * round(19 * s) + chart_h
        if self.event_line():
            height += round(22 * s)
        height = min(height, size[1] - top - round(16 * s))
        self.rect = pygame.Rect(x, top, max(0, width), max(0, height))
        pad = round(14 * s)
        self.chart = pygame.Rect(
            self.rect.x + pad, self.rect.bottom - chart_h, self.rect.w - 2 * pad, max(0, chart_h - pad)
        )

    def handle_event(self, e) -> bool:
        """A click on the panel opens the statistics screen (the charts, issue 27)."""
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self.rect.collidepoint(e.pos) and self.rect.w:
            self.app.nav.statistics()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w < 200 * self.scale:
            return
        s = self.scale
        box = self.rect
        theme.panel(surface, box, (8, 36, 26, 200), round(14 * s), (50, 100, 80))
        pad = round(14 * s)
        title = blit_text(surface, tr("stats.title"), round(19 * s), (box.x + pad, box.y + pad), theme.GOLD, True)
        more = self._fit(tr("coach.stats_open"), round(12 * s), box.right - pad - title.right - round(12 * s))
        blit_text(surface, more, round(12 * s), (box.right - pad, title.centery), theme.INK_DIM, anchor="midright")
        y = box.y + pad + round(32 * s)
        events = self.event_line()
        if events:
            blit_text(
                surface, self._fit(events, round(14 * s), box.w - 2 * pad), round(14 * s), (box.x + pad, y), theme.GOLD
            )
            y += round(22 * s)
        if not self.lines:
            blit_text(surface, tr("stats.none"), round(15 * s), (box.x + pad, y), theme.INK_DIM)
            return
        names = {r.id: r for r in all_rulesets()}
        small = round(14 * s)
        half = (box.w - 2 * pad) // 2
        for line in self.lines:
            if y + round(66 * s) > self.chart.top and self.history:
                break
            blit_text(surface, ruleset_text.name(names[line.ruleset]), round(15 * s), (box.x + pad, y), theme.INK, True)
            figures = (
                tr("stats.matches", won=line.matches_won, played=line.matches),
                tr("stats.hands", won=line.hands_won, played=line.hands),
                tr("stats.levels", value=f"{line.levels_per_hand:.2f}"),
                tr("stats.defence", value=f"{line.points_per_defence:.0f}")
                if line.defended
                else tr("stats.defence_none"),
            )
            for i, text in enumerate(figures):
                col, row = i % 2, i // 2
                blit_text(
                    surface,
                    self._fit(text, small, half - round(6 * s)),
                    small,
                    (box.x + pad + col * half, y + round(22 * s) + row * round(19 * s)),
                    theme.INK_DIM,
                )
            y += round(72 * s)
            for more in extra_lines(self.rows.get(line.ruleset, {})):
                blit_text(
                    surface,
                    self._fit(more, round(13 * s), box.w - 2 * pad),
                    round(13 * s),
                    (box.x + pad, y - round(8 * s)),
                    theme.INK_DIM,
                )
                y += round(19 * s)
        if self.history:
            self.draw_chart(surface)

    def event_line(self) -> str | None:
        """The tournament events finished, and the best place the player's team took."""
        played, best = self.events
        if not played:
            return None
        return tr("event.stats", played=played, best=best)

    @staticmethod
    def _fit(text: str, size: int, width: int) -> str:
        """Cut a figure that does not fit its column (a narrow window), with an ellipsis."""
        if theme.text(text, size).get_width() <= width:
            return text
        while len(text) > 1 and theme.text(text + "…", size).get_width() > width:
            text = text[:-1]
        return text + "…"

    def draw_chart(self, surface: pygame.Surface) -> None:
        """One bar per recent hand: up when our team went up, down when the others did."""
        s = self.scale
        area = self.chart
        caption = round(13 * s)
        blit_text(
            surface,
            self._fit(tr("stats.chart", n=len(self.history)), caption, area.w),
            caption,
            area.topleft,
            theme.INK_DIM,
        )
        legend_h = caption + round(6 * s)
        plot = pygame.Rect(area.x, area.y + caption + round(6 * s), area.w, area.h - caption - round(6 * s) - legend_h)
        if plot.h < 8:
            return
        self.draw_legend(surface, pygame.Rect(area.x, plot.bottom + round(5 * s), area.w, caption))
        mid = plot.centery
        pygame.draw.line(surface, (70, 120, 100), (plot.x, mid), (plot.right, mid), 1)
        n = len(self.history)
        step = plot.w / max(1, n)
        bar_w = max(1, round(step * 0.7))
        top = max([3] + [abs(h["levels"]) for h in self.history])
        unit = (plot.h / 2 - 1) / top
        for i, item in enumerate(self.history):
            levels = item["levels"]
            x = round(plot.x + i * step + (step - bar_w) / 2)
            height = max(2, round(abs(levels) * unit))
            if levels > 0:
                rect = pygame.Rect(x, mid - height, bar_w, height)
                colour = theme.TEAM_COLOURS[0]
            else:
                rect = pygame.Rect(x, mid + 1, bar_w, height)
                colour = theme.TEAM_COLOURS[1]
            pygame.draw.rect(surface, colour, rect)
            if item["defending"] and bar_w >= 3:
                # A defended hand: a gold tick under the line, so defence can be read off too.
                pygame.draw.line(surface, theme.GOLD, (x, plot.bottom - 1), (x + bar_w - 1, plot.bottom - 1), 2)

    def draw_legend(self, surface: pygame.Surface, row: pygame.Rect) -> None:
        """What the bars' colours and the gold tick mean."""
        s = self.scale
        size = round(12 * s)
        swatch = round(10 * s)
        keys = (
            ("stats.legend_up", theme.TEAM_COLOURS[0], swatch),
            ("stats.legend_down", theme.TEAM_COLOURS[1], swatch),
            ("stats.legend_defended", theme.GOLD, round(3 * s)),
        )
        x = row.x
        for key, colour, mark_h in keys:
            pygame.draw.rect(surface, colour, pygame.Rect(x, row.centery - mark_h // 2, swatch, mark_h))
            x += swatch + round(5 * s)
            room = row.right - x
            if room <= 0:
                return
            drawn = blit_text(
                surface, self._fit(tr(key), size, room), size, (x, row.centery), theme.INK_DIM, anchor="midleft"
            )
            x = drawn.right + round(14 * s)


def extra_lines(row: dict[str, int]) -> list[str]:
    """The reviews' accuracy and loss, and the duplicate score, where there are any."""
    out = []
    if row.get("reviews"):
        decisions = max(1, row["review_decisions"])
        out.append(
            tr(
                "review.stats_line",
                n=row["reviews"],
                hands=row["reviews"],
                accuracy=round(100 * row["review_good"] / decisions),
                loss=f"{row['review_loss_milli'] / 1000 / row['reviews']:.2f}",
            )
        )
    if row.get("duplicate_deals"):
        out.append(
            tr(
                "duplicate.stats_line",
                n=row["duplicate_deals"],
                deals=row["duplicate_deals"],
                levels=f"{row['duplicate_levels']:+d}",
                points=f"{row['duplicate_points']:+d}",
            )
        )
    return out


def _event_history(app) -> tuple[int, int]:
    """(events finished, the best place) from the events' files (``game.app.event_store``)."""
    from game.app.event_store import EventStore

    events, _ = EventStore(app.storage).events_quiet()
    best = 0
    played = 0
    for saved in events:
        if not saved.event.finished:
            continue
        mine = {t.id for t in saved.event.teams if not t.bots_only}
        places = [p.place for p in saved.event.places() if p.team in mine]
        if places:
            played += 1
            best = min(places) if best == 0 else min(best, *places)
    return played, best
