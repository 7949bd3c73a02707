"""Naming the seats and the teams (hot-seat: "请东家就座" becomes "请老王就座").

``TextField`` takes typed text (``TEXTINPUT``, so an input method's Chinese works) and
refuses a character the bundled font cannot draw, saying so, rather than showing a blank.
The names are settings (``last_names``, ``last_teams``); an empty name is the default.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

import pygame
import pygame.freetype

from game.i18n import tr
from game.ui.kit import assets, theme
from game.ui.kit.names import COMPASS, default_seat_name, default_team_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button

MAX_NAME = 12


@lru_cache(maxsize=4096)
def font_covers(char: str) -> bool:
    """Can the bundled font draw ``char``? (FreeType reports no metrics for a missing glyph.)"""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return _face().get_metrics(char)[0] is not None


@lru_cache(maxsize=1)
def _face():
    return pygame.freetype.Font(str(assets.font_path()), 16)


class TextField:
    """One line of text; ``get``/``set_`` read and write the value."""

    def __init__(
        self,
        get: Callable[[], str],
        set_: Callable[[str], None],
        placeholder: Callable[[], str],
        on_refused: Callable[[str], None] | None = None,
        on_cut: Callable[[], None] | None = None,
    ):
        self.get = get
        self.set = set_
        self.placeholder = placeholder
        self.on_refused = on_refused
        self.on_cut = on_cut  # a name was cut to MAX_NAME characters: the scene says so
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.focused = False
        self.font_size = 18

    def focus(self, on: bool) -> None:
        self.focused = on
        if on:
            pygame.key.start_text_input()
            pygame.key.set_text_input_rect(self.rect)

    def type(self, text: str) -> None:
        """Add typed text, keeping what the font can draw and the length within bounds."""
        value = self.get()
        for char in text:
            if not char.isprintable():
                continue
            if not font_covers(char):
                if self.on_refused is not None:
                    self.on_refused(char)
                continue
            if len(value) < MAX_NAME:
                value += char
            elif self.on_cut is not None:
                self.on_cut()
        self.set(value)

    def handle_event(self, e) -> bool:
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            inside = self.rect.collidepoint(e.pos)
            self.focus(inside)
            return inside
        if not self.focused:
            return False
        if e.type == pygame.TEXTINPUT:
            self.type(e.text)
            return True
        if e.type == pygame.KEYDOWN and e.key == pygame.K_BACKSPACE:
            self.set(self.get()[:-1])
            return True
        return False

    def draw(self, surface) -> None:
        border = theme.GOLD if self.focused else (70, 120, 98)
        pygame.draw.rect(surface, (8, 30, 22), self.rect, border_radius=self.rect.h // 4)
        pygame.draw.rect(surface, border, self.rect, width=2, border_radius=self.rect.h // 4)
        value = self.get()
        x = self.rect.x + self.font_size // 2
        if value:
            r = blit_text(surface, value, self.font_size, (x, self.rect.centery), theme.INK, anchor="midleft")
            end = r.right
        else:
            blit_text(
                surface, self.placeholder(), self.font_size, (x, self.rect.centery), (110, 140, 125), anchor="midleft"
            )
            end = x
        if self.focused:
            pygame.draw.line(surface, theme.GOLD, (end + 2, self.rect.y + 7), (end + 2, self.rect.bottom - 7), 2)


class NamesScene(Scene):
    """Four seat names and two team names; Done keeps them."""

    def __init__(self, app):
        super().__init__(app)
        st = app.settings
        self.seats = list(st.last_names)
        self.teams = list(st.last_teams)
        self.note = ""

        def refused(char: str) -> None:
            self.note = tr("names.not_in_font")

        def cut() -> None:
            self.note = tr("names_cut.too_long", n=MAX_NAME)

        def field(
            label: Callable[[], str], values: Callable[[], list[str]], i: int, default: Callable[[], str]
        ) -> tuple[Callable[[], str], TextField]:
            # ``values`` is read at each call: Clear all puts new lists in place.
            return label, TextField(lambda: values()[i], lambda v: self._set(values(), i, v), default, refused, cut)

        def seat_label(seat: int) -> Callable[[], str]:
            return lambda: tr("seat." + COMPASS[seat])

        def team_label(team: int) -> Callable[[], str]:
            return lambda: tr("names.team", team=default_team_name(team))

        self.fields: list[tuple[Callable[[], str], TextField]] = []
        for seat in range(4):
            self.fields.append(field(seat_label(seat), lambda: self.seats, seat, partial(default_seat_name, seat)))
        for team in range(2):
            self.fields.append(field(team_label(team), lambda: self.teams, team, partial(default_team_name, team)))
        self.done = Button(lambda: tr("names.done"), self.finish, primary=True)
        self.cancel = Button(lambda: tr("button.cancel"), self.leave, key=pygame.K_ESCAPE)
        self.clear = Button(lambda: tr("names.clear"), self.clear_all)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def _set(self, values: list[str], i: int, value: str) -> None:
        values[i] = value

    def clear_all(self) -> None:
        self.seats = [""] * 4
        self.teams = [""] * 2
        self.note = ""

    def finish(self) -> None:
        st = self.app.settings
        st.last_names = [n.strip() for n in self.seats]
        st.last_teams = [n.strip() for n in self.teams]
        self.app.save_settings()
        self.leave()

    def leave(self) -> None:
        pygame.key.stop_text_input()
        self.app.pop()

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, round(min(w - 40, 720 * s)), round(min(h - 30, 590 * s)))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + round(110 * s)
        for i, (_, field) in enumerate(self.fields):
            if i == 4:
                y += round(22 * s)
            field.rect = pygame.Rect(self.panel.x + round(280 * s), y, self.panel.w - round(320 * s), round(40 * s))
            field.font_size = round(19 * s)
            y += round(52 * s)
        for i, b in enumerate((self.clear, self.cancel, self.done)):
            b.rect = pygame.Rect(0, 0, round(170 * s), round(44 * s))
            b.rect.bottomright = (
                self.panel.right - round(24 * s) - (2 - i) * round(186 * s),
                self.panel.bottom - round(20 * s),
            )
            b.font_size = round(18 * s)

    def handle_event(self, e) -> None:
        for b in (self.done, self.cancel, self.clear):
            if b.handle_event(e):
                return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.finish()
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_TAB:
            fields = [f for _, f in self.fields]
            current = next((i for i, f in enumerate(fields) if f.focused), -1)
            for f in fields:
                f.focus(False)
            fields[(current + 1) % len(fields)].focus(True)
            return
        for _, field in self.fields:
            if field.handle_event(e) and e.type != pygame.MOUSEBUTTONDOWN:
                self.note = "" if e.type != pygame.TEXTINPUT or not self.note else self.note
                return

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        theme.panel(surface, self.panel, theme.PANEL, round(16 * s))
        blit_text(
            surface,
            tr("names.title"),
            round(30 * s),
            (self.panel.centerx, self.panel.y + round(22 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        blit_text(
            surface,
            tr("names.help"),
            round(15 * s),
            (self.panel.centerx, self.panel.y + round(68 * s)),
            theme.INK_DIM,
            anchor="midtop",
        )
        for label, field in self.fields:
            blit_text(
                surface,
                label(),
                round(18 * s),
                (self.panel.x + round(40 * s), field.rect.centery),
                theme.INK,
                anchor="midleft",
            )
            field.draw(surface)
        if self.note:
            blit_text(
                surface,
                self.note,
                round(15 * s),
                (self.panel.x + round(40 * s), self.done.rect.y - round(10 * s)),
                theme.RED,
                anchor="bottomleft",
            )
        for b in (self.clear, self.cancel, self.done):
            b.draw(surface)

    def phase_name(self) -> str:
        return "names"
