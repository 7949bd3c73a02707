"""The statistics screen (issue 27): is practice working?

Per ruleset, the last reviewed hands (``Records.review_history``, oldest first) as two
charts side by side: the accuracy of each hand (the share of its rated decisions that were
best or good) and its mean loss per decision (levels); under them the puzzles' score per
ruleset and kind (``PuzzleStore.score``); beside it the tournament events finished
(``EventStore.history``: date, ruleset, format, field, the team's place). Read once when
the screen opens.
"""

from __future__ import annotations

from collections.abc import Sequence
import time
from typing import Any

import pygame

from game.app.event_store import EventStore, SavedEvent
from game.app.records import Records
from game.core import all_rulesets
from game.i18n import tr
from game.learn.puzzles import KINDS, PuzzleStore
from game.ui.kit import ruleset_text, theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button

MAX_RULESETS = 3
MAX_EVENTS = 4  # the newest finished events; the panel shares the bottom band with the puzzles
ACCURACY_COLOUR = (96, 206, 128)
LOSS_COLOUR = (240, 146, 60)


class StatisticsScene(Scene):
    def __init__(self, app, store: PuzzleStore):
        super().__init__(app)
        self.store = store
        known = {r.id: r for r in all_rulesets()}
        history = Records(app.storage.folder, writable=False).review_history()
        ranked = sorted((rid for rid in history if rid in known and history[rid]), key=lambda r: -len(history[r]))
        self.rulesets = [known[r] for r in ranked[:MAX_RULESETS]]
        self.history: dict[str, list[dict[str, Any]]] = {r.id: history[r.id] for r in self.rulesets}
        scored = [rid for rid in store.scores if rid in known]
        self.scored = [known[r] for r in sorted(scored)]
        self.finished = EventStore(app.storage).history()
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scale = 1.0
        self.events_box = pygame.Rect(0, 0, 0, 0)
        self.charts: list[tuple[str, pygame.Rect, pygame.Rect]] = []  # ruleset id, accuracy, loss
        self.table = pygame.Rect(0, 0, 0, 0)
        self.marks: dict[str, tuple[list[pygame.Rect], list[pygame.Rect]]] = {}  # as last drawn

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.bottomright = (w - round(24 * s), h - round(16 * s))
        self.back.font_size = round(18 * s)
        rows = 1 + max(1, len(self.scored))
        line = round(24 * s)
        self.table = pygame.Rect(round(40 * s), 0, round(w * (0.46 if self.finished else 0.62)), 0)
        self.table.h = line * rows + round(40 * s)
        self.table.bottom = h - round(16 * s)
        band_top = self.table.top
        if self.finished:
            shown = min(MAX_EVENTS, len(self.finished))
            x = self.table.right + round(20 * s)
            self.events_box = pygame.Rect(x, 0, w - round(40 * s) - x, round(40 * s) + shown * round(40 * s))
            self.events_box.bottom = self.back.rect.top - round(10 * s)
            band_top = min(band_top, self.events_box.top)
        top, bottom = round(76 * s), band_top - round(14 * s)
        n = max(1, len(self.rulesets))
        each = (bottom - top) // n
        gap = round(20 * s)
        width = (w - round(80 * s) - gap) // 2
        self.charts = []
        for i, r in enumerate(self.rulesets):
            y = top + i * each + round(24 * s)
            height = each - round(32 * s)
            left = pygame.Rect(round(40 * s), y, width, height)
            right = pygame.Rect(left.right + gap, y, width, height)
            self.charts.append((r.id, left, right))

    def handle_event(self, e) -> None:
        self.back.handle_event(e)

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, _ = surface.get_size()
        blit_text(
            surface, tr("coach.stats_title"), round(32 * s), (w / 2, round(18 * s)), theme.GOLD, True, anchor="midtop"
        )
        if not self.rulesets:
            blit_text(surface, tr("coach.stats_none"), round(17 * s), (round(40 * s), round(90 * s)), theme.INK_DIM)
        names = {r.id: r for r in self.rulesets}
        for rid, left, right in self.charts:
            points = self.history[rid]
            caption = tr("coach.stats_last", ruleset=ruleset_text.name(names[rid]), n=len(points))
            blit_text(surface, caption, round(16 * s), (left.x, left.y - round(24 * s)), theme.INK, True)
            accuracy = [100 * p["accuracy"] for p in points]
            loss = [p["mean_loss"] for p in points]
            dots = draw_series(
                surface, left, tr("coach.stats_accuracy"), accuracy, 0.0, 100.0, ACCURACY_COLOUR, s, "{:.0f}"
            )
            top = max([0.1] + loss)
            bars = draw_series(
                surface, right, tr("coach.stats_loss"), loss, 0.0, top, LOSS_COLOUR, s, "{:.2f}", bars=True
            )
            self.marks[rid] = (dots, bars)
        self._draw_scores(surface)
        if self.finished:
            self._draw_events(surface)
        self.back.draw(surface)

    def event_rows(self) -> list[tuple[str, str]]:
        """Each finished event shown: (date · ruleset, format · teams · place), newest first."""
        return [event_row(saved) for saved in self.finished[:MAX_EVENTS]]

    def _draw_events(self, surface) -> None:
        s = self.scale
        box = self.events_box
        theme.panel(surface, box, (8, 36, 26, 210), round(10 * s))
        x, y = box.x + round(12 * s), box.y + round(8 * s)
        room = box.w - round(24 * s)
        blit_text(
            surface,
            fit(tr("event.history", n=len(self.finished)), round(15 * s), room),
            round(15 * s),
            (x, y),
            theme.GOLD,
            True,
        )
        y += round(28 * s)
        for first, second in self.event_rows():
            blit_text(surface, fit(first, round(14 * s), room), round(14 * s), (x, y), theme.INK)
            blit_text(surface, fit(second, round(13 * s), room), round(13 * s), (x, y + round(17 * s)), theme.INK_DIM)
            y += round(40 * s)

    def _draw_scores(self, surface) -> None:
        s = self.scale
        box = self.table
        theme.panel(surface, box, (8, 36, 26, 210), round(10 * s))
        x, y = box.x + round(12 * s), box.y + round(8 * s)
        blit_text(surface, tr("coach.scores"), round(15 * s), (x, y), theme.GOLD, True)
        y += round(28 * s)
        col0 = round(box.w * 0.36)
        col = (box.w - col0 - round(12 * s)) // len(KINDS)
        for i, kind in enumerate(KINDS):
            blit_text(surface, tr("coach.kind_" + kind), round(14 * s), (x + col0 + i * col, y), theme.INK_DIM)
        if not self.scored:
            blit_text(surface, "—", round(14 * s), (x, y + round(24 * s)), theme.INK_DIM)
        for r in self.scored:
            y += round(24 * s)
            blit_text(
                surface, fit(ruleset_text.name(r), round(14 * s), col0 - round(8 * s)), round(14 * s), (x, y), theme.INK
            )
            for i, kind in enumerate(KINDS):
                solved, tried = self.store.score(r.id, kind)
                text = f"{solved}/{tried}" if tried else "—"
                blit_text(surface, text, round(14 * s), (x + col0 + i * col, y), theme.INK)

    def phase_name(self) -> str:
        return "statistics"


def draw_series(
    surface,
    box: pygame.Rect,
    title: str,
    values: Sequence[float],
    low: float,
    high: float,
    colour,
    s: float,
    fmt: str,
    bars: bool = False,
) -> list[pygame.Rect]:
    """One chart: a title, the axis's top and bottom values, a line (or bars) of ``values``
    oldest first; returns the marks drawn (the tests check them)."""
    theme.panel(surface, box, (4, 24, 18, 230), round(8 * s))
    size = round(13 * s)
    blit_text(
        surface,
        fit(title, size, box.w - round(16 * s)),
        size,
        (box.x + round(8 * s), box.y + round(4 * s)),
        theme.INK_DIM,
    )
    plot = pygame.Rect(box.x + round(44 * s), box.y + round(36 * s), box.w - round(54 * s), box.h - round(46 * s))
    marks: list[pygame.Rect] = []
    if plot.h < 10 or not values:
        return marks
    for v in (high, low):
        yy = plot.y + (0 if v == high else plot.h)
        pygame.draw.line(surface, (60, 96, 80), (plot.x, yy), (plot.right, yy), 1)
        blit_text(surface, fmt.format(v), round(11 * s), (plot.x - round(4 * s), yy), theme.INK_DIM, anchor="midright")
    span = (high - low) or 1.0
    n = len(values)
    step = plot.w / max(1, n)

    def py(v: float) -> float:
        return plot.bottom - plot.h * (min(high, max(low, v)) - low) / span

    if bars:
        width = max(1, round(step * 0.7))
        for i, v in enumerate(values):
            top = round(py(v))
            rect = pygame.Rect(round(plot.x + i * step + (step - width) / 2), top, width, max(1, plot.bottom - top))
            marks.append(pygame.draw.rect(surface, colour, rect))
        return marks
    points = [(plot.x + (i + 0.5) * step, py(v)) for i, v in enumerate(values)]
    if len(points) > 1:
        pygame.draw.lines(surface, colour, False, points, max(2, round(2 * s)))
    for x, y in points:
        marks.append(pygame.draw.circle(surface, colour, (round(x), round(y)), max(2, round(3 * s))))
    return marks


def event_row(saved: SavedEvent) -> tuple[str, str]:
    event = saved.event
    day = time.strftime("%Y-%m-%d", time.localtime(saved.started))
    place = saved.place
    where = tr("event.place", n=place) if place is not None else tr("event.watched")
    return (
        f"{day} · {ruleset_text.name(event.ruleset)}",
        " · ".join([tr("event.format_short." + event.format), tr("event.teams", n=len(event.teams)), where]),
    )


def fit(text: str, size: int, width: int) -> str:
    """Cut a text that does not fit, with an ellipsis."""
    if theme.text(text, size).get_width() <= width:
        return text
    while len(text) > 1 and theme.text(text + "…", size).get_width() > width:
        text = text[:-1]
    return text + "…"


__all__ = ["StatisticsScene", "draw_series"]
