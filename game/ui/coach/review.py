"""The review of a finished hand: the replay with each of one seat's decisions judged.

The analysis (``bots.analysis``) runs in a background thread (``AnalysisJob``) while a
progress bar fills: a frame never waits for it. When it is done it is kept with the replay
(``Records.save_analysis``), so that opening the review again is instant, and counted once
in the statistics of the ruleset. The screen is the replay viewer with a panel on the
right: the hand's accuracy and total loss, the decision at the current step with its label
and the better move as cards, and a chart of the team's expected result after each trick.
Keys as in the replay viewer, plus N / P for the next / previous decision, V for the
engine's view of the decision (its top candidates, their expected results and spread) and
T for "Try again": the seat's mistakes and blunders, each from the position it faced. Those
are also kept as puzzles (``game.learn.retry.keep_mistakes``) when the seat was a person's.
"""

from __future__ import annotations

from pathlib import Path
import threading
from typing import Any

import pygame

from game.app.records import Records, Replay
from game.core import Hand
from game.i18n import tr
from game.learn import coach, retry
from game.learn.puzzles import Puzzle
from game.learn.retry import keep_mistakes, review_puzzles
from game.ui.coach.engine_view import draw_engine_view
from game.ui.coach.replays import ReplayScene
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width
from game.ui.kit.names import seat_name
from game.ui.kit.theme import blit_text
from game.ui.kit.widgets import Button

LABEL_COLOURS = {
    "best": (96, 206, 128),
    "good": (160, 214, 170),
    "inaccuracy": (236, 206, 86),
    "mistake": (240, 146, 60),
    "blunder": (226, 70, 62),
    "unrated": (150, 160, 156),
    "unclear": (176, 186, 206),
}


# The analysis settings of the screen (None: ``bots.analysis.Settings()``); the tests and the
# screenshot tool make it quicker.
JOB_SETTINGS: Any = None


class AnalysisJob:
    """One analysis in a daemon thread: ``progress`` (0–1), then ``result`` or ``error``."""

    def __init__(self, hand: Hand, seat: int, settings: Any = None):
        self.hand = hand
        self.seat = seat
        self.settings = settings if settings is not None else JOB_SETTINGS
        self.progress = 0.0
        self.result: Any = None
        self.error: str | None = None
        self._stop = False
        self.thread = threading.Thread(target=self._run, name="analysis", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            # The bots package is optional for the front end (see game.app.session).
            from bots.analysis import Settings, analyse_hand

            self.result = analyse_hand(
                self.hand, self.seat, self.settings or Settings(), progress=self._progress, cancel=lambda: self._stop
            )
        except Exception as e:  # a review is a nicety: it never takes the game down
            self.error = type(e).__name__ if self._stop else f"{type(e).__name__}: {e}"

    def _progress(self, value: float) -> None:
        self.progress = value

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    def cancel(self) -> None:
        self._stop = True


def load_analysis(data: dict[str, Any] | None) -> Any:
    """An ``Analysis`` from what a replay keeps (None when absent or unreadable)."""
    if not data:
        return None
    try:
        from bots.analysis import Analysis

        return Analysis.from_json(data)
    except (ImportError, KeyError, TypeError, ValueError):
        return None


class ReviewScene(ReplayScene):
    """The replay of ``replay`` with ``seat``'s decisions judged."""

    def __init__(self, app, replay: Replay, seat: int, title: str | None = None, companion: tuple | None = None):
        super().__init__(app, replay)
        self.seat = seat
        self.title = title
        self.companion = companion  # (replay, seat, title): the other hand of a duplicate deal
        self.other = Button(lambda: tr("duplicate.other_hand"), self.switch) if companion else None
        self.analysis = load_analysis(Records.stored_analysis(replay.meta, seat))
        self.job: AnalysisJob | None = None
        if self.analysis is None and replay.hand.settlement is not None:
            self.job = AnalysisJob(replay.hand, seat)
        self.error: str | None = None
        self.prev_decision = Button(
            lambda: tr("review.prev"), lambda: self.jump(-1), self._has_analysis, key=pygame.K_p
        )
        self.next_decision = Button(lambda: tr("review.next"), lambda: self.jump(1), self._has_analysis, key=pygame.K_n)
        self.back = Button(lambda: tr("button.back"), self.leave, primary=True, key=pygame.K_ESCAPE)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.show_engine = False
        self._retry: list[Puzzle] | None = None
        self.new_puzzles = 0
        self.retry_button = Button(
            lambda: tr("coach.try_again", n=len(self.retry_puzzles())),
            self.try_again,
            lambda: bool(self.retry_puzzles()),
            key=pygame.K_t,
        )
        self.engine_button = Button(
            lambda: tr("coach.engine_hide" if self.show_engine else "coach.engine"),
            self.toggle_engine,
            self._has_analysis,
            key=pygame.K_v,
        )
        if self.analysis is not None:
            self._analysed()

    def switch(self) -> None:
        """To the other hand of the deal (duplicate practice), at the same step."""
        if self.companion is None:
            return
        self.closing()
        replay, seat, title = self.companion
        self.app.nav.review(replay, seat, title, (self.replay, self.seat, self.title), swap=True)

    def leave(self) -> None:
        """Back to where the review was opened; an analysis still running is stopped."""
        self.closing()
        self.app.pop()

    def _has_analysis(self) -> bool:
        return self.analysis is not None

    # ------------------------------------------------------------------ practice (issue 27)

    def retry_puzzles(self) -> list[Puzzle]:
        """The seat's mistakes and blunders as puzzles (worked out once)."""
        if self._retry is None:
            if self.analysis is None:
                return []
            try:
                self._retry = review_puzzles(self.replay.hand, self.seat, self.analysis)
            except (ValueError, KeyError, TypeError):  # an analysis kept by an older version
                self._retry = []
        return self._retry

    def _analysed(self) -> None:
        """A person's confident mistakes become puzzles (kept once: the ids are stable)."""
        if self.seat not in (self.replay.meta.get("humans") or []) or not self.retry_puzzles():
            return
        try:
            self.new_puzzles = keep_mistakes(
                self.app.nav.puzzle_store, self.replay.hand, self.seat, self.analysis, retry.CLOCK()
            )
        except (ValueError, KeyError, TypeError):
            self.new_puzzles = 0

    def try_again(self) -> None:
        self.app.nav.try_again(self.retry_puzzles())

    def toggle_engine(self) -> None:
        self.show_engine = not self.show_engine
        self.app.dirty = True

    # ------------------------------------------------------------------ the job

    def update(self, dt: float) -> None:
        super().update(dt)
        job = self.job
        if job is None or not job.done:
            return
        self.job = None
        self.app.dirty = True
        if job.result is None:
            self.error = job.error or "?"
            return
        self.analysis = job.result
        self._keep(job.result)
        self._analysed()

    def _keep(self, analysis) -> None:
        """With the replay (instant next time) and in the statistics, once per replay."""
        path = self.replay.path
        data = analysis.to_json()
        self.replay.meta.setdefault("analysis", {})[str(self.seat)] = data
        if path is not None and Records.save_analysis(Path(path), self.seat, data):
            rated = analysis.rated
            good = sum(1 for d in rated if d.label in ("best", "good"))
            Records(self.app.storage.folder).record_review(
                self.replay.ruleset.id, len(rated), good, analysis.total_loss, analysis.accuracy
            )

    def animating(self) -> bool:
        return self.job is not None or super().animating()

    def closing(self) -> None:
        if self.job is not None:
            self.job.cancel()

    def phase_name(self) -> str:
        return "review"

    # ------------------------------------------------------------------ stepping

    def decision_here(self):
        """The seat's decision made at the current step, if any."""
        if self.analysis is None:
            return None
        upto = self.replay.steps[self.step]
        return next((d for d in self.analysis.decisions if d.step == upto), None)

    def jump(self, direction: int) -> None:
        if self.analysis is None:
            return
        upto = self.replay.steps[self.step]
        marks = [d.step for d in self.analysis.decisions if d.step in self.replay.steps]
        ahead = [m for m in marks if (m > upto if direction > 0 else m < upto)]
        if ahead:
            target = min(ahead) if direction > 0 else max(ahead)
            self.go(self.replay.steps.index(target))

    def handle_event(self, e) -> None:
        if self.other is not None and self.other.handle_event(e):
            return
        if self.analysis is not None:
            for b in (self.prev_decision, self.next_decision, self.retry_button, self.engine_button):
                if b.handle_event(e):
                    return
        super().handle_event(e)

    # ------------------------------------------------------------------ layout

    def regions(self) -> dict[str | int, pygame.Rect]:
        """The replay's regions in the left part of the window; the panel takes the right."""
        w, h = self.size
        self.size = (w - self.panel.w - round(8 * self.scale), h)
        try:
            return super().regions()
        finally:
            self.size = (w, h)

    def layout(self, size) -> None:
        s = self.scale = theme.scale_for(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, round(min(w * 0.34, 440 * s)), 0)
        super().layout(size)
        left_w = w - self.panel.w - round(8 * s)
        shift = left_w // 2 - w // 2
        for b in self.buttons:
            b.rect.x += shift
        self.play.rect.bottomright = (left_w - round(8 * s), h - round(10 * s))
        self.play.visible = False  # "Play this deal" and "Review" stay in the replay viewer
        self.review.visible = False
        if self.other is not None:
            self.other.rect = self.play.rect.copy()
            self.other.font_size = self.play.font_size
        self.panel = pygame.Rect(left_w, round(48 * s), w - left_w - round(10 * s), h - round(58 * s))
        bw, bh = (self.panel.w - round(36 * s)) // 2, round(36 * s)
        y = self.panel.y + round(10 * s) + round(34 * s) + round(24 * s) + round(28 * s)  # as drawn
        self.prev_decision.rect = pygame.Rect(self.panel.x + round(12 * s), y, bw, bh)
        self.next_decision.rect = pygame.Rect(self.prev_decision.rect.right + round(12 * s), y, bw, bh)
        y += bh + round(8 * s)
        self.retry_button.rect = pygame.Rect(self.prev_decision.rect.x, y, bw, bh)
        self.engine_button.rect = pygame.Rect(self.next_decision.rect.x, y, bw, bh)
        for button in (self.prev_decision, self.next_decision, self.retry_button, self.engine_button):
            button.font_size = round(16 * s)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.other is not None:
            self.other.draw(surface)
        s = self.scale
        box = self.panel
        theme.panel(surface, box, (8, 34, 25, 235), round(12 * s), theme.GOLD)
        x, y = box.x + round(14 * s), box.y + round(10 * s)
        title = self.title or tr("review.title", player=seat_name(self.seat, None, self.names))
        blit_text(surface, title, round(20 * s), (x, y), theme.GOLD, True)
        y += round(34 * s)
        if self.analysis is None:
            self._draw_waiting(surface, x, y)
            return
        a = self.analysis
        blit_text(
            surface,
            tr("review.summary", accuracy=round(100 * a.accuracy), loss=f"{a.total_loss:.2f}"),
            round(16 * s),
            (x, y),
            theme.INK,
            True,
        )
        y += round(24 * s)
        counts = a.counts()
        cx = x
        for name, n in counts.items():
            r = blit_text(surface, f"{tr('review.label_' + name)} {n}", round(13 * s), (cx, y), LABEL_COLOURS[name])
            cx = r.right + round(10 * s)
        y += round(28 * s)
        for b in (self.prev_decision, self.next_decision, self.retry_button, self.engine_button):
            b.draw(surface)
        y = self.retry_button.rect.bottom + round(12 * s)
        if self.new_puzzles:
            for line in theme.wrap(tr("coach.new_puzzles", n=self.new_puzzles), round(12 * s), box.w - round(28 * s)):
                y = blit_text(surface, line, round(12 * s), (x, y), theme.GOLD).bottom + round(2 * s)
            y += round(6 * s)
        chart_h = round(min(188 * s, box.h * 0.3))
        chart = pygame.Rect(box.x + round(12 * s), box.bottom - chart_h - round(12 * s), box.w - round(24 * s), chart_h)
        area = pygame.Rect(x, y, box.w - round(28 * s), chart.y - y - round(8 * s))
        d = self.decision_here()
        if self.show_engine and d is not None:
            draw_engine_view(surface, area, d, s)
        else:
            self._draw_decision(surface, area)
        self._draw_chart(surface, chart)

    def _draw_waiting(self, surface, x: int, y: int) -> None:
        s = self.scale
        box = self.panel
        if self.error:
            for line in theme.wrap(tr("review.failed", error=self.error), round(15 * s), box.w - round(28 * s)):
                blit_text(surface, line, round(15 * s), (x, y), theme.RED)
                y += round(22 * s)
            return
        progress = self.job.progress if self.job is not None else 0.0
        blit_text(surface, tr("review.running", percent=round(100 * progress)), round(16 * s), (x, y), theme.INK)
        bar = pygame.Rect(x, y + round(30 * s), box.w - round(28 * s), round(16 * s))
        pygame.draw.rect(surface, (30, 70, 55), bar, border_radius=bar.h // 2)
        done = bar.copy()
        done.w = max(done.h, round(bar.w * progress))
        pygame.draw.rect(surface, theme.GOLD, done, border_radius=bar.h // 2)
        y = bar.bottom + round(14 * s)
        for line in theme.wrap(tr("review.help"), round(14 * s), box.w - round(28 * s)):
            blit_text(surface, line, round(14 * s), (x, y), theme.INK_DIM)
            y += round(20 * s)

    def _draw_decision(self, surface, area: pygame.Rect) -> None:
        s = self.scale
        d = self.decision_here()
        x, y = area.x, area.y
        if d is None:
            for line in theme.wrap(tr("review.no_decision"), round(15 * s), area.w):
                blit_text(surface, line, round(15 * s), (x, y), theme.INK_DIM)
                y += round(22 * s)
            return
        colour = LABEL_COLOURS.get(d.label, theme.INK)
        head = tr("review.label_" + d.label) if d.label in LABEL_COLOURS else d.label
        if d.forced:
            head += "  " + tr("review.forced")
        r = blit_text(surface, head, round(22 * s), (x, y), colour, True)
        if d.label != "unrated" and not d.forced and d.loss > 0:  # "-0.00" says nothing
            blit_text(
                surface,
                coach.loss_text(d),
                round(14 * s),
                (r.right + round(12 * s), r.centery),
                theme.INK_DIM,
                anchor="midleft",
            )
        y = r.bottom + round(10 * s)
        for line in theme.wrap(coach.better_text(d), round(13 * s), area.w):  # why (issue 27)
            y = blit_text(surface, line, round(13 * s), (x, y), theme.INK_DIM).bottom + round(2 * s)
        rows = [(tr("review.played"), d.played)]
        if d.kind == "declare":  # a declaration shown, or a chance to declare let pass
            rows = [(tr("review_declare.shown") if d.played else tr("review_declare.passed"), d.played)]
            options = getattr(d, "options", None) or []
            if not d.played and options and d.best == d.played:  # what the pass gave up
                rows.append((tr("review_declare.could"), options[0]))
        if d.best != d.played:
            rows.append((tr("review.better"), d.best))
        h = round(min(74 * s, max(30, (area.bottom - y) / max(1, len(rows)) - 26 * s)))
        for label, cards in rows:
            blit_text(surface, label, round(14 * s), (x, y), theme.INK_DIM)
            y += round(20 * s)
            if not cards:  # the pass
                r = blit_text(surface, tr("review_declare.pass"), round(18 * s), (x, y), theme.INK, True)
                y = r.bottom + round(8 * s)
                continue
            cw = card_width(h)
            step = min(cw * 0.6, (area.w - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
            for i, card in enumerate(cards):
                surface.blit(card_image(card, h), (x + i * step, y))
            y += h + round(8 * s)

    def _draw_chart(self, surface, box: pygame.Rect) -> None:
        """The team's expected result (levels) after the bury and each trick; the seat's
        decisions as dots in their labels' colours; the current trick marked."""
        s = self.scale
        curve = self.analysis.curve
        theme.panel(surface, box, (4, 24, 18, 230), round(8 * s))
        blit_text(
            surface, tr("review.chart"), round(13 * s), (box.x + round(8 * s), box.y + round(4 * s)), theme.INK_DIM
        )
        if len(curve) < 2:
            return
        # The plot starts below the caption: its top axis label is clear of it at every size.
        plot = pygame.Rect(box.x + round(34 * s), box.y + round(34 * s), box.w - round(44 * s), box.h - round(44 * s))
        top = max(1.0, *curve)
        bottom = min(-1.0, *curve)

        def px(i: float) -> float:
            return plot.x + plot.w * i / (len(curve) - 1)

        def py(v: float) -> float:
            return plot.y + plot.h * (top - v) / (top - bottom)

        for value in (top, 0.0, bottom):
            yy = py(value)
            pygame.draw.line(surface, (60, 96, 80) if value else (120, 150, 130), (plot.x, yy), (plot.right, yy), 1)
            blit_text(
                surface,
                f"{value:+.0f}" if value else "0",
                round(11 * s),
                (plot.x - round(4 * s), yy),
                theme.INK_DIM,
                anchor="midright",
            )
        hand = self.hand
        done = sum(1 for t in hand.tricks if t.complete) if hand.play_state is not None else -1
        if done >= 0:
            xx = px(min(done, len(curve) - 1))
            pygame.draw.line(surface, theme.GOLD, (xx, plot.y), (xx, plot.bottom), max(1, round(2 * s)))
        points = [(px(i), py(v)) for i, v in enumerate(curve)]
        pygame.draw.lines(surface, theme.TEAM_COLOURS[self.seat % 2], False, points, max(2, round(2 * s)))
        for d in self.analysis.decisions:
            if d.label not in LABEL_COLOURS or d.label == "unrated":
                continue
            i = 0 if d.trick is None else min(d.trick, len(curve) - 2)
            mid = (curve[i] + curve[i + 1]) / 2 if d.kind == "play" else curve[0]
            centre = (round(px(i + 0.5 if d.kind == "play" else 0)), round(py(mid)))
            radius = max(3, round((5 if d.label in ("mistake", "blunder") else 3) * s))
            pygame.draw.circle(surface, LABEL_COLOURS.get(d.label, theme.INK), centre, radius)


__all__ = ["LABEL_COLOURS", "AnalysisJob", "ReviewScene", "load_analysis"]
