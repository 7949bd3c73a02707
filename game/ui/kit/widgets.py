"""Buttons and option pickers: rectangles laid out by their scene, drawn from state.

Widgets take their text through a callable (usually ``lambda: tr(key)``), so a language
change shows at once. ``handle_event`` returns True when it used the event.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui.kit import assets, theme
from game.ui.kit.theme import blit_text


def play_sound(name: str) -> None:
    """A short sound when the settings allow it (the app installs the switch)."""
    if SOUND_ON[0]:
        try:
            assets.sound(name).play()
        except (FileNotFoundError, pygame.error):
            pass


SOUND_ON = [True]


class Button:
    """A rounded button; ``enabled`` may be a callable that is asked every frame."""

    def __init__(
        self,
        label: Callable[[], str] | str,
        on_click: Callable[[], Any],
        enabled: Callable[[], bool] | bool = True,
        primary: bool = False,
        key: int | None = None,
    ):
        self.label = label
        self.on_click = on_click
        self._enabled = enabled
        self.primary = primary
        self.key = key
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.hover = False
        self.font_size = 20

    @property
    def text(self) -> str:
        """The label now."""
        return self.label() if callable(self.label) else self.label

    @property
    def enabled(self) -> bool:
        """Can it be clicked now?"""
        return self._enabled() if callable(self._enabled) else bool(self._enabled)

    def preferred_width(self, size: int) -> int:
        """Wide enough for the label at ``size``."""
        return theme.text(self.text, size, theme.INK_DARK, True).get_width() + size * 2

    def handle_event(self, e: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.rect.collidepoint(e.pos):
            if self.enabled:
                play_sound("click")
                self.on_click()
            return True
        elif e.type == pygame.KEYDOWN and self.key is not None and e.key == self.key and self.enabled:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        enabled = self.enabled
        if not enabled:
            fill = theme.BUTTON_DISABLED
        elif self.primary:
            fill = (255, 214, 110) if self.hover else theme.BUTTON_PRIMARY
        else:
            fill = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        shadow = self.rect.move(0, max(2, self.rect.h // 14))
        pygame.draw.rect(surface, (8, 36, 26), shadow, border_radius=self.rect.h // 3)
        pygame.draw.rect(surface, fill, self.rect, border_radius=self.rect.h // 3)
        colour = theme.INK_DARK if enabled else (70, 80, 76)
        size = self.font_size
        label = self.text
        while size > 10 and theme.text(label, size, colour, True).get_width() > self.rect.w - 8:
            size -= 1
        blit_text(surface, label, size, self.rect.center, colour, True, anchor="center")


class Choice:
    """A row of segments, one of them selected (language, speed, bot level …)."""

    def __init__(
        self, options: Sequence[Any], labels: Callable[[Any], str], get: Callable[[], Any], set_: Callable[[Any], None]
    ):
        self.options = list(options)
        self.labels = labels
        self.get = get
        self.set = set_
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font_size = 18
        self.hover: int | None = None

    def _segments(self) -> list[pygame.Rect]:
        n = max(1, len(self.options))
        w = self.rect.w / n
        return [pygame.Rect(round(self.rect.x + i * w), self.rect.y, round(w) - 2, self.rect.h) for i in range(n)]

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self._segments()) if r.collidepoint(e.pos)), None)
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for option, r in zip(self.options, self._segments()):
                if r.collidepoint(e.pos):
                    play_sound("click")
                    self.set(option)
                    return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        current = self.get()
        for i, (option, r) in enumerate(zip(self.options, self._segments())):
            selected = option == current
            fill = theme.BUTTON_PRIMARY if selected else ((60, 110, 90) if self.hover == i else (34, 82, 64))
            pygame.draw.rect(surface, fill, r, border_radius=r.h // 3)
            colour = theme.INK_DARK if selected else theme.INK
            label = self.labels(option)
            size = self.font_size
            while size > 10 and theme.text(label, size, colour, selected).get_width() > r.w - 6:
                size -= 1
            blit_text(surface, label, size, r.center, colour, selected, anchor="center")


def layout_row(widgets: Sequence[Button], center_x: float, y: float, height: int, size: int, gap: int) -> None:
    """Place buttons side by side, centred on ``center_x``, each as wide as its label."""
    widths = [max(height * 2, w.preferred_width(size)) for w in widgets]
    total = sum(widths) + gap * (len(widgets) - 1)
    x = center_x - total / 2
    for w, width in zip(widgets, widths):
        w.rect = pygame.Rect(round(x), round(y), width, height)
        w.font_size = size
        x += width + gap


def layout_column(
    widgets: Sequence[Button], center_x: float, top: float, width: int, height: int, size: int, gap: int
) -> None:
    """Stack buttons vertically, centred on ``center_x``."""
    for i, w in enumerate(widgets):
        w.rect = pygame.Rect(round(center_x - width / 2), round(top + i * (height + gap)), width, height)
        w.font_size = size
