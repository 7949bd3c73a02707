"""The Learn screens: the lesson list, a lesson (its text, then its positions) and the
rules trainer. Positions are drawn and judged by ``learn_board.Board``; what is learned is
kept by ``game.learn.progress.Progress`` (the navigation owns the one instance)."""

from __future__ import annotations

import random

import pygame

from game.core import BUILTIN_IDS, TrumpContext, get_ruleset
from game.i18n import get_language, tr
from game.learn import LESSONS, Lesson, Verdict
from game.learn.progress import Progress
from game.learn.trainer import KINDS, question
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width
from game.ui.kit.ruleset_text import name as ruleset_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button, Choice
from game.ui.learning.learn_board import TABLE_SHARE, Board


class LearnScene(Scene):
    """The nine lessons (with what is done) and the way to the trainer."""

    def __init__(self, app, progress: Progress):
        super().__init__(app)
        self.progress = progress
        self.lessons = [self._lesson_button(x) for x in LESSONS]
        self.trainer = Button(lambda: tr("learn.trainer_button"), app.nav.trainer, primary=True)
        self.back = Button(lambda: tr("button.back"), app.pop, key=pygame.K_ESCAPE)
        self.scale = 1.0

    def _lesson_button(self, lesson: Lesson) -> Button:
        def text() -> str:
            return tr(lesson.title_key)

        def open_lesson() -> None:
            self.app.nav.lesson(lesson.id)

        return Button(text, open_lesson)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        bw, bh, gap = round(420 * s), round(48 * s), round(12 * s)
        top = round(150 * s)
        for i, b in enumerate(self.lessons):
            col, row = i % 2, i // 2
            b.rect = pygame.Rect(
                w // 2 - bw - gap // 2 + col * (bw + gap), top + row * (bh + gap + round(20 * s)), bw, bh
            )
            b.font_size = round(18 * s)
        for i, b in enumerate((self.trainer, self.back)):
            b.rect = pygame.Rect(0, 0, round(260 * s), round(48 * s))
            b.rect.midbottom = (w // 2 + (i * 2 - 1) * round(140 * s), h - round(24 * s))
            b.font_size = round(19 * s)

    def handle_event(self, e) -> None:
        for b in self.lessons + [self.trainer, self.back]:
            if b.handle_event(e):
                return

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, _ = surface.get_size()
        blit_text(surface, tr("learn.title"), round(36 * s), (w / 2, round(24 * s)), theme.GOLD, True, anchor="midtop")
        for i, line in enumerate(theme.wrap(tr("learn.help"), round(17 * s), round(w * 0.8))):
            blit_text(surface, line, round(17 * s), (w / 2, round(80 * s + i * 24 * s)), theme.INK_DIM, anchor="midtop")
        for lesson, b in zip(LESSONS, self.lessons):
            b.draw(surface)
            done = len(self.progress.done(lesson.id) & {p.id for p in lesson.positions})
            total = len(lesson.positions)
            text = tr("learn.progress", done=done, total=total) + ("  ✓" if done == total else "")
            colour = theme.GOLD if done == total else theme.INK_DIM
            blit_text(
                surface, text, round(14 * s), (b.rect.centerx, b.rect.bottom + round(3 * s)), colour, anchor="midtop"
            )
        if self.progress.set_aside is not None:
            message = tr("learn.damaged", path=self.progress.set_aside.name)
            blit_text(
                surface,
                message,
                round(15 * s),
                (w / 2, self.trainer.rect.top - round(12 * s)),
                theme.RED,
                anchor="midbottom",
            )
        self.trainer.draw(surface)
        self.back.draw(surface)

    def phase_name(self) -> str:
        return f"learn-{get_language()}"


class _PositionScene(Scene):
    """A board in the right-hand column, with a header above it and buttons below it."""

    board: Board | None = None

    def __init__(self, app):
        super().__init__(app)
        self.back = Button(lambda: tr("button.back"), app.pop, key=pygame.K_ESCAPE)
        self.next = Button(
            lambda: tr("learn.next"), self.advance, primary=True, enabled=self.can_advance, key=pygame.K_RETURN
        )
        self.scale = 1.0
        self.header = pygame.Rect(0, 0, 0, 0)

    def can_advance(self) -> bool:
        return self.board is not None and self.board.solved

    def advance(self) -> None:
        """Go on (the subclasses know where)."""

    def header_height(self) -> int:
        return round(60 * self.scale)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        margin = round(16 * s)
        x = round(w * TABLE_SHARE) + margin // 2
        col_w = w - x - margin
        bh = round(44 * s)
        self.header = pygame.Rect(x, margin, col_w, self.header_height())
        half = (col_w - margin) // 2
        self.back.rect = pygame.Rect(x, h - margin - bh, half, bh)
        self.next.rect = pygame.Rect(x + half + margin, h - margin - bh, half, bh)
        for b in (self.back, self.next):
            b.font_size = round(18 * s)
        if self.board is not None:
            self.board.layout(size, self.header.bottom + margin // 2, self.back.rect.top - margin // 2)

    def handle_event(self, e) -> None:
        if self.back.handle_event(e) or self.next.handle_event(e):
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
        if self.board is not None:
            self.board.draw(surface)
        self.draw_header(surface)
        self.back.draw(surface)
        self.next.draw(surface)

    def draw_header(self, surface) -> None:
        """The title above the column."""


class LessonScene(_PositionScene):
    """A lesson: its sentences, then its positions one after another, then "complete"."""

    def __init__(self, app, lesson: Lesson, progress: Progress):
        super().__init__(app)
        self.lesson = lesson
        self.progress = progress
        self.index = -1  # -1: the text; len(positions): done
        self.start = Button(lambda: tr("learn.start"), self.advance, primary=True, key=pygame.K_RETURN)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def can_advance(self) -> bool:
        return self.index < 0 or super().can_advance()

    def advance(self) -> None:
        self.index += 1
        if self.index < len(self.lesson.positions):
            self.board = Board(self.lesson.positions[self.index], self.heard)
        else:
            self.board = None
        self.layout(self.app.size)
        self.app.dirty = True
        self.app.phase_changed()

    def heard(self, verdict: Verdict) -> None:
        if verdict.ok:
            self.progress.mark(self.lesson.id, self.lesson.positions[self.index].id)

    def layout(self, size) -> None:
        super().layout(size)
        s = self.scale
        w, h = size
        self.panel = pygame.Rect(0, 0, round(min(w * 0.8, 900 * s)), round(h * 0.72))
        self.panel.midtop = (w // 2, round(40 * s))
        self.start.rect = pygame.Rect(0, 0, round(220 * s), round(48 * s))
        self.start.rect.midbottom = (w // 2 + round(120 * s), h - round(30 * s))
        self.start.font_size = round(20 * s)
        if self.board is None:
            self.back.rect = pygame.Rect(0, 0, round(220 * s), round(48 * s))
            self.back.rect.midbottom = (w // 2 - round(120 * s) if self.index < 0 else w // 2, h - round(30 * s))

    def handle_event(self, e) -> None:
        if self.board is None:
            if self.back.handle_event(e):
                return
            if self.index < 0:
                self.start.handle_event(e)
            return
        super().handle_event(e)

    def draw(self, surface) -> None:
        if self.board is not None:
            super().draw(surface)
            return
        theme.draw_felt(surface)
        s = self.scale
        theme.panel(surface, self.panel, theme.PANEL, round(16 * s))
        x, y = self.panel.x + round(32 * s), self.panel.y + round(26 * s)
        blit_text(surface, tr(self.lesson.title_key), round(30 * s), (x, y), theme.GOLD, True)
        y += round(56 * s)
        if self.index < 0:
            examples = self.examples_rect(y)
            size = round(19 * s)
            # A long text gives way to its cards a little: a smaller size before it would reach them.
            while size > round(14 * s) and self._text_bottom(y, size) > examples.top:
                size -= 1
            for paragraph in tr(self.lesson.intro_key).split("\n"):
                for line in theme.wrap(paragraph, size, self.panel.w - round(64 * s)):
                    blit_text(surface, line, size, (x, y), theme.INK)
                    y += round(size * 1.47)
                y += round(12 * s)
            self.draw_examples(surface, examples)
            self.start.draw(surface)
        else:
            blit_text(surface, tr("learn.lesson_done"), round(24 * s), (x, y), (120, 220, 140), True)
        self.back.draw(surface)

    def _text_bottom(self, top: int, size: int) -> int:
        s = self.scale
        y = top
        for paragraph in tr(self.lesson.intro_key).split("\n"):
            y += len(theme.wrap(paragraph, size, self.panel.w - round(64 * s))) * round(size * 1.47)
            y += round(12 * s)
        return y

    def examples_rect(self, top: int) -> pygame.Rect:
        """The foot of the text's panel, where the cards the lesson speaks of lie."""
        s = self.scale
        if not self.lesson.examples:
            return pygame.Rect(self.panel.x, self.panel.bottom, self.panel.w, 0)
        # As large as the room under the text allows (readable indexes), within bounds.
        free = self.panel.bottom - round(14 * s) - self._text_bottom(top, round(19 * s)) - round(8 * s)
        h = max(round(110 * s), min(round(200 * s), free))
        return pygame.Rect(
            self.panel.x + round(32 * s), self.panel.bottom - h - round(14 * s), self.panel.w - round(64 * s), h
        )

    def draw_examples(self, surface, area: pygame.Rect) -> None:
        """Each example: its caption above its cards, sorted as the table sorts them."""
        lesson = self.lesson
        if not lesson.examples:
            return
        s = self.scale
        sort = TrumpContext.parse(lesson.level, lesson.trump).sort_hand
        size = round(15 * s)
        card_h = area.h - round(size * 1.5) * 2
        n = len(lesson.examples)
        gap = round(24 * s)
        slot = (area.w - gap * (n - 1)) / n
        for i, (name, cards) in enumerate(lesson.examples):
            left = area.x + i * (slot + gap)
            lines = theme.wrap(tr(lesson.example_key(name)), size, round(slot))[:2]
            y = area.y + (2 - len(lines)) * round(size * 1.5)
            for line in lines:
                blit_text(surface, line, size, (left, y), theme.GOLD)
                y += round(size * 1.5)
            w = card_width(card_h)
            step = min(w * 0.55, (slot - w) / max(1, len(cards) - 1))
            for j, card in enumerate(sort(cards)):
                surface.blit(card_image(card, card_h), (round(left + j * step), area.bottom - card_h))

    def draw_header(self, surface) -> None:
        s = self.scale
        blit_text(surface, tr(self.lesson.title_key), round(20 * s), self.header.topleft, theme.GOLD, True)
        blit_text(
            surface,
            tr("learn.step", n=self.index + 1, total=len(self.lesson.positions)),
            round(15 * s),
            (self.header.x, self.header.y + round(30 * s)),
            theme.INK_DIM,
        )

    def phase_name(self) -> str:
        step = "intro" if self.index < 0 else "done" if self.board is None else self.lesson.positions[self.index].id
        return f"lesson-{step}-{get_language()}"


class TrainerScene(_PositionScene):
    """Endless questions of one kind for one ruleset; the score is kept per both."""

    def __init__(self, app, progress: Progress, rng: random.Random):
        super().__init__(app)
        self.progress = progress
        self.rng = rng
        self.ruleset = app.settings.last_ruleset if app.settings.last_ruleset in BUILTIN_IDS else BUILTIN_IDS[0]
        self.kind = KINDS[0]
        self.counted = False
        # The tabs say the rulesets' names (Hebi 2010, 鹤壁 2010), never their ids.
        self.rulesets = Choice(
            BUILTIN_IDS, lambda r: ruleset_name(get_ruleset(r)).split(" · ")[0], lambda: self.ruleset, self._set_ruleset
        )
        self.kinds = Choice(KINDS, lambda k: tr(f"learn.trainer.{k}.name"), lambda: self.kind, self._set_kind)
        self.next = Button(lambda: tr("learn.trainer.next"), self.advance, primary=True)
        self.advance()

    def _set_ruleset(self, ruleset: str) -> None:
        self.ruleset = ruleset
        self.advance()

    def _set_kind(self, kind: str) -> None:
        self.kind = kind
        self.advance()

    def advance(self) -> None:
        self.board = Board(question(self.kind, self.ruleset, self.rng), self.heard)
        self.counted = False
        self.layout(self.app.size)
        self.app.dirty = True
        if self.app.top is self:
            self.app.phase_changed()

    def heard(self, verdict: Verdict) -> None:
        if not self.counted:  # the first answer counts; the learner may then try again
            self.counted = True
            self.progress.count(self.ruleset, self.kind, verdict.ok)

    def header_height(self) -> int:
        return round(150 * self.scale)

    def layout(self, size) -> None:
        super().layout(size)
        s = self.scale
        hd = self.header
        self.rulesets.rect = pygame.Rect(hd.x, hd.y + round(34 * s), hd.w, round(34 * s))
        self.kinds.rect = pygame.Rect(hd.x, hd.y + round(76 * s), hd.w, round(34 * s))
        self.rulesets.font_size = self.kinds.font_size = round(14 * s)

    def handle_event(self, e) -> None:
        if self.rulesets.handle_event(e) or self.kinds.handle_event(e):
            return
        super().handle_event(e)

    def draw_header(self, surface) -> None:
        s = self.scale
        hd = self.header
        blit_text(surface, tr("learn.trainer.title"), round(20 * s), hd.topleft, theme.GOLD, True)
        right, asked = self.progress.score(self.ruleset, self.kind)
        blit_text(
            surface,
            tr("learn.trainer.score", right=right, asked=asked),
            round(17 * s),
            (hd.right, hd.y + round(3 * s)),
            theme.INK,
            True,
            anchor="topright",
        )
        self.rulesets.draw(surface)
        self.kinds.draw(surface)

    def phase_name(self) -> str:
        return f"trainer-{self.kind}-{get_language()}"
