"""The rules of a ruleset, readable in game: tabs per ruleset, a scrolling page."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.core import all_rulesets
from game.i18n import get_language, tr
from game.ui.kit import ruleset_text, theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button, Choice


class RulesScene(Scene):
    """Headings and paragraphs from ``ruleset_text.sections``; wheel, arrows and page keys scroll."""

    def __init__(self, app, ruleset_id: str, tick: Callable[[float], None] | None = None):
        """``tick(dt)``: over a tournament's table, whose clocks run on while the rules are read."""
        super().__init__(app)
        self.tick = tick
        self.table_overlay = tick is not None
        self.rulesets = all_rulesets()
        ids = [r.id for r in self.rulesets]
        self.index = ids.index(ruleset_id) if ruleset_id in ids else 0
        self.tabs = Choice(
            range(len(self.rulesets)), lambda i: ruleset_text.name(self.rulesets[i]), lambda: self.index, self._select
        )
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scroll = 0.0
        self.scale = 1.0
        self.page = pygame.Rect(0, 0, 0, 0)
        self._lines: list[tuple[str, int, tuple, bool, int]] = []
        self._key: tuple[int, str, int] | None = None  # what the lines were wrapped for

    def update(self, dt: float) -> None:
        if self.tick is not None:
            self.tick(dt)

    def _select(self, i: int) -> None:
        self.index = i
        self.scroll = 0.0

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.tabs.rect = pygame.Rect(round(30 * s), round(74 * s), w - round(60 * s), round(40 * s))
        self.tabs.font_size = round(16 * s)
        self.page = pygame.Rect(round(30 * s), round(126 * s), w - round(60 * s), h - round(200 * s))
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.midbottom = (w // 2, h - round(14 * s))
        self.back.font_size = round(20 * s)
        self._key = None

    def lines(self) -> list[tuple[str, int, tuple, bool, int]]:
        """(text, size, colour, bold, gap above) for the page, cached per ruleset, language and width."""
        key = (self.index, get_language(), self.page.w)
        if key != self._key:
            s = self.scale
            width = self.page.w - round(48 * s)
            out = []
            for heading, paragraphs in ruleset_text.sections(self.rulesets[self.index]):
                out.append((heading, round(21 * s), theme.GOLD, True, round(16 * s)))
                for paragraph in paragraphs:
                    for i, line in enumerate(theme.wrap(paragraph, round(16 * s), width)):
                        out.append((line, round(16 * s), theme.INK, False, round(6 * s) if i == 0 else 0))
            self._lines, self._key = out, key
        return self._lines

    def content_height(self) -> int:
        return sum(size + round(8 * self.scale) + gap for _, size, _, _, gap in self.lines())

    def handle_event(self, e) -> None:
        if self.back.handle_event(e) or self.tabs.handle_event(e):
            return
        step = 60 * self.scale
        if e.type == pygame.MOUSEWHEEL:
            self.scroll -= e.y * step
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button in (4, 5):
            self.scroll += step if e.button == 5 else -step
        elif e.type == pygame.KEYDOWN:
            moves = {
                pygame.K_DOWN: step,
                pygame.K_UP: -step,
                pygame.K_PAGEDOWN: self.page.h * 0.9,
                pygame.K_PAGEUP: -self.page.h * 0.9,
                pygame.K_SPACE: self.page.h * 0.9,
            }
            if e.key in moves:
                self.scroll += moves[e.key]
            elif e.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._select((self.index + (1 if e.key == pygame.K_RIGHT else -1)) % len(self.rulesets))
        self.scroll = max(0.0, min(self.scroll, max(0, self.content_height() - self.page.h + 40 * self.scale)))

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        blit_text(surface, tr("rules.title"), round(32 * s), (round(30 * s), round(20 * s)), theme.GOLD, True)
        self.tabs.draw(surface)
        theme.panel(surface, self.page)
        clip = surface.get_clip()
        surface.set_clip(self.page.inflate(-8, -8))
        y = self.page.y + round(12 * s) - self.scroll
        x = self.page.x + round(24 * s)
        for text, size, colour, bold, gap in self.lines():
            y += gap
            if self.page.y - 40 < y < self.page.bottom:
                blit_text(surface, text, size, (x, y), colour, bold)
            y += size + round(8 * s)
        surface.set_clip(clip)
        # A scroll bar, so a long page announces itself.
        total = self.content_height()
        if total > self.page.h:
            track = self.page.inflate(0, -16)
            bar_h = max(30, track.h * self.page.h / total)
            bar_y = track.y + (track.h - bar_h) * self.scroll / max(1, total - self.page.h + 40 * s)
            pygame.draw.rect(surface, (120, 160, 140), (self.page.right - 10, bar_y, 5, bar_h), border_radius=3)
        self.back.draw(surface)

    def phase_name(self) -> str:
        return f"rules-{get_language()}"
