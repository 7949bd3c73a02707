"""The Puzzles screens (issue 27): the puzzles from the player's own games, and "Try again".

``PuzzlesScene`` is the start screen's *Puzzles* entry: how many are due, the way to solve
them and to the statistics. ``PuzzleRunScene`` plays a list of puzzles one after another on
a ``PuzzleBoard``: the review's mistakes ("Try again", nothing saved) or the due puzzles,
whose Leitner box is moved by each answer and saved at once (``PuzzleStore``, atomically).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import tr
from game.learn import retry
from game.learn.puzzles import Puzzle, PuzzleStore
from game.learn.retry import Outcome
from game.ui.kit import theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button
from game.ui.learning.puzzle_board import PuzzleBoard


class PuzzleRunScene(Scene):
    """``puzzles`` one by one; with a ``store``, each answer is scheduled, scored and saved."""

    def __init__(self, app, puzzles: Sequence[Puzzle], store: PuzzleStore | None = None, retry: bool = False):
        super().__init__(app)
        self.puzzles = list(puzzles)
        self.store = store
        self.retry = retry
        self.index = 0
        self.solved = 0
        self.problem = ""  # a save that failed
        self.board: PuzzleBoard | None = None
        self.next = Button(self._next_text, self.advance, primary=True, key=pygame.K_n)
        self.back = Button(lambda: tr("button.back"), app.pop, key=pygame.K_ESCAPE)
        self.scale = 1.0
        self._size: tuple[int, int] = (0, 0)
        self._open()

    def _next_text(self) -> str:
        return tr("coach.next" if self.index + 1 < len(self.puzzles) else "coach.done")

    def _open(self) -> None:
        self.board = PuzzleBoard(self.puzzles[self.index], self._answered) if self.index < len(self.puzzles) else None
        self.next.visible = False
        if self._size[0]:
            self.layout(self._size)

    @property
    def over(self) -> bool:
        return self.board is None

    def _answered(self, outcome: Outcome) -> None:
        board = self.board
        assert board is not None and board.chosen is not None
        self.solved += int(outcome.solved)
        if self.store is not None:
            self.store.answer(board.p.id, board.chosen, retry.CLOCK())
            try:
                self.store.save()
            except OSError as e:  # the answer counts for this session; the player is told
                self.problem = tr("data_folder.unusable", file="puzzles.json", reason=str(e)[:80])
        self.next.visible = True
        if self._size[0]:
            self.layout(self._size)  # the Next button joins the column
        self.app.dirty = True

    def advance(self) -> None:
        if self.board is None:
            self.app.pop()
            return
        if self.board.outcome is None:
            return
        self.index += 1
        self._open()

    # ------------------------------------------------------------------ frames

    def layout(self, size) -> None:
        self._size = tuple(size)
        self.scale = s = scale_for(size)
        w, h = size
        if self.board is not None:
            extra = [b for b in (self.next, self.back) if b.visible]
            self.board.layout(size, round(56 * s), h - round(12 * s), extra)
        else:
            self.back.rect = pygame.Rect(0, 0, round(240 * s), round(46 * s))
            self.back.rect.midtop = (w // 2, h // 2 + round(40 * s))
            self.back.font_size = round(18 * s)

    def handle_event(self, e) -> None:
        if self.next.visible and self.next.handle_event(e):
            return
        if self.back.handle_event(e):
            return
        if self.board is not None:
            self.board.handle_event(e)

    def update(self, dt: float) -> None:
        if self.board is not None:
            self.board.update(dt)

    def animating(self) -> bool:
        return self.board is not None and self.board.animating()

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, h = surface.get_size()
        total = len(self.puzzles)
        if self.board is None:
            blit_text(
                surface,
                tr("coach.finished", solved=self.solved, total=total),
                round(24 * s),
                (w / 2, h / 2 - round(20 * s)),
                theme.GOLD,
                True,
                anchor="center",
            )
            self.back.draw(surface)
            return
        title = tr("coach.retry_title" if self.retry else "coach.puzzle_title", n=self.index + 1, total=total)
        blit_text(surface, title, round(22 * s), (round(16 * s), round(14 * s)), theme.GOLD, True)
        self.board.draw(surface)
        self.next.draw(surface)
        self.back.draw(surface)
        if self.problem:
            blit_text(
                surface,
                self.problem[:120],
                round(14 * s),
                (w - round(16 * s), round(18 * s)),
                theme.RED,
                anchor="topright",
            )

    def phase_name(self) -> str:
        return "retry" if self.retry else "puzzles"


class PuzzlesScene(Scene):
    """What is due, the way to solve it, the statistics; a damaged file's message."""

    def __init__(self, app, store: PuzzleStore):
        super().__init__(app)
        self.store = store
        self.solve = Button(lambda: tr("coach.start"), self.open_due, enabled=self._any_due, primary=True)
        self.stats = Button(lambda: tr("coach.statistics"), app.nav.statistics)
        self.back = Button(lambda: tr("button.back"), app.pop, key=pygame.K_ESCAPE)
        self.scale = 1.0

    def _any_due(self) -> bool:
        return bool(self.store.due(retry.CLOCK()))

    def open_due(self) -> None:
        due = self.store.due(retry.CLOCK())
        if due:
            self.app.push(PuzzleRunScene(self.app, due, self.store))

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        for i, b in enumerate((self.solve, self.stats, self.back)):
            b.rect = pygame.Rect(0, 0, round(320 * s), round(48 * s))
            b.rect.midtop = (w // 2, round(h * 0.5) + i * round(62 * s))
            b.font_size = round(18 * s)

    def handle_event(self, e) -> None:
        for b in (self.solve, self.stats, self.back):
            if b.handle_event(e):
                return

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w = surface.get_width()
        y = round(40 * s)
        blit_text(surface, tr("coach.home_title"), round(34 * s), (w / 2, y), theme.GOLD, True, anchor="midtop")
        y += round(66 * s)
        for line in theme.wrap(tr("coach.home_help"), round(17 * s), round(w * 0.7)):
            blit_text(surface, line, round(17 * s), (w / 2, y), theme.INK_DIM, anchor="midtop")
            y += round(25 * s)
        y += round(16 * s)
        due = len(self.store.due(retry.CLOCK()))
        text = tr("coach.home_count", due=due, total=len(self.store.puzzles)) if due else tr("coach.home_none")
        for line in theme.wrap(text, round(19 * s), round(w * 0.7), True):
            blit_text(surface, line, round(19 * s), (w / 2, y), theme.INK, True, anchor="midtop")
            y += round(27 * s)
        notice = self.store.notice()
        if notice is not None:
            for line in theme.wrap(str(notice), round(15 * s), round(w * 0.7)):
                blit_text(surface, line, round(15 * s), (w / 2, y), theme.RED, anchor="midtop")
                y += round(21 * s)
        for b in (self.solve, self.stats, self.back):
            b.draw(surface)

    def phase_name(self) -> str:
        return "puzzles"


__all__ = ["PuzzleRunScene", "PuzzlesScene"]
