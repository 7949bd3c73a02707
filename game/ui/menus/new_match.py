"""Choosing a match: the ruleset, the person's seat, each bot's level, the mode, the length."""

from __future__ import annotations

from functools import partial

import pygame

from game.app.duplicate import LEVELS as DUPLICATE_LEVELS
from game.app.session import MatchChoice, offered_levels
from game.core import all_rulesets
from game.i18n import tr
from game.ui.kit import ruleset_text, theme
from game.ui.kit.names import COMPASS, level_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button, Choice


class NewMatchScene(Scene):
    """The new-match form; Start deals the first hand."""

    def __init__(self, app):
        super().__init__(app)
        st = app.settings
        self.rulesets = all_rulesets()
        ids = [r.id for r in self.rulesets]
        wanted = app.options.ruleset or st.last_ruleset
        self.index = ids.index(wanted) if wanted in ids else 0
        self.seat = st.last_seat
        self.levels = list(st.last_bots)
        self.mode = st.last_mode
        self.length = self.ruleset.match_options[0]
        self.cards: list[pygame.Rect] = []
        self.seat_choice = Choice(range(4), lambda s: tr("seat." + COMPASS[s]), lambda: self.seat, self._set_seat)
        # "human" seats beside yours make a hot-seat match (several people at this screen).
        self.level_choices = [
            Choice(
                (),
                lambda v: tr("player.human") if v == "human" else level_name(v),
                partial(self._level, s),
                partial(self._set_level, s),
            )
            for s in range(4)
        ]
        self._offer_levels()
        self.mode_choice = Choice(
            ("practice", "tournament"),
            lambda v: tr("new_match.mode_" + v),
            lambda: self.mode,
            lambda v: setattr(self, "mode", v),
        )
        self.length_choice = Choice(
            self.ruleset.match_options,
            lambda n: ruleset_text.length_label(self.ruleset, n),
            lambda: self.length,
            lambda v: setattr(self, "length", v),
        )
        # Duplicate practice: a bot replays each deal in the person's seat (the last choice).
        self.duplicate = st.last_duplicate if st.last_duplicate in ("off", *DUPLICATE_LEVELS) else "off"
        self.duplicate_choice = Choice(
            ("off", *DUPLICATE_LEVELS),
            lambda v: tr("duplicate.off" if v == "off" else "bots." + v),
            lambda: self.duplicate,
            lambda v: setattr(self, "duplicate", v),
        )
        self.start = Button(lambda: tr("new_match.start"), self.begin, primary=True, key=pygame.K_RETURN)
        self.back = Button(lambda: tr("new_match.back"), app.pop, key=pygame.K_ESCAPE)
        self.names = Button(lambda: tr("names.button"), self.edit_names)
        self.scale = 1.0

    @property
    def ruleset(self):
        """The ruleset chosen."""
        return self.rulesets[self.index]

    def _set_seat(self, seat: int) -> None:
        self.seat = seat

    def _level(self, seat: int) -> str:
        return self.levels[seat]

    def _set_level(self, seat: int, level: str) -> None:
        self.levels[seat] = level

    def select(self, index: int) -> None:
        """Choose the ruleset at ``index``."""
        self.index = index
        self.length_choice.options = list(self.ruleset.match_options)
        self.length = self.ruleset.match_options[0]
        self._offer_levels()

    def _offer_levels(self) -> None:
        """The levels this ruleset offers; a seat at a level it does not offer plays ``hard``."""
        offered = offered_levels(self.ruleset.id)
        for choice in self.level_choices:
            choice.options = ["human", *offered]
        self.levels = [v if v == "human" or v in offered else "hard" for v in self.levels]

    def humans(self) -> list[int]:
        """Your seat and every seat set to Player."""
        return [s for s in range(4) if s == self.seat or self.levels[s] == "human"]

    def edit_names(self) -> None:
        self.app.nav.edit_names()

    def begin(self) -> None:
        """Remember the choices and deal the first hand."""
        st = self.app.settings
        st.last_ruleset, st.last_seat, st.last_bots, st.last_mode = (
            self.ruleset.id,
            self.seat,
            list(self.levels),
            self.mode,
        )
        st.last_duplicate = self.duplicate
        self.app.save_settings()
        self.app.nav.start_match(
            MatchChoice(
                self.ruleset.id,
                list(self.levels),
                self.seat,
                self.humans(),
                self.mode,
                self.length,
                self.app.options.seed,
                {"seats": list(st.last_names), "teams": list(st.last_teams)},
                None if self.duplicate == "off" else self.duplicate,
            )
        )

    # ------------------------------------------------------------------ layout and input

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        margin = round(30 * s)
        top = round(106 * s)
        col_w = round(w * 0.42)
        card_h = round((h - top - round(110 * s)) / 3) - round(10 * s)
        self.cards = [pygame.Rect(margin, top + i * (card_h + round(12 * s)), col_w, card_h) for i in range(3)]
        x = margin * 2 + col_w
        right_w = w - x - margin
        label_w = round(150 * s)
        y = top + round(200 * s)
        row_h = round(38 * s)
        gap = round(10 * s)
        self.rows: list[tuple[str, Choice, pygame.Rect]] = []
        self.seat_choice.rect = pygame.Rect(x + label_w, y, right_w - label_w, row_h)
        self.rows.append((tr("new_match.your_seat"), self.seat_choice, self.seat_choice.rect))
        y += row_h + gap
        for _seat, choice in enumerate(self.level_choices):
            choice.rect = pygame.Rect(x + label_w, y, right_w - label_w, row_h)
            y += row_h + gap
        self.mode_choice.rect = pygame.Rect(x + label_w, y, right_w - label_w, row_h)
        y += row_h + round(30 * s)
        self.length_choice.rect = pygame.Rect(x + label_w, y, right_w - label_w, row_h)
        y += row_h + gap
        self.duplicate_choice.rect = pygame.Rect(x + label_w, y, right_w - label_w, row_h)
        for c in [self.seat_choice, self.mode_choice, self.length_choice, self.duplicate_choice, *self.level_choices]:
            c.font_size = round(16 * s)
        self.features_rect = pygame.Rect(x, top, right_w, round(190 * s))
        self.label_x = x
        for i, b in enumerate((self.back, self.start)):
            b.rect = pygame.Rect(0, 0, round(200 * s), round(48 * s))
            b.rect.bottomright = (w - margin - (1 - i) * round(220 * s), h - round(20 * s))
            b.font_size = round(20 * s)
        self.names.rect = pygame.Rect(0, 0, round(170 * s), round(40 * s))
        self.names.rect.bottomleft = (x, h - round(24 * s))
        self.names.font_size = round(17 * s)

    def handle_event(self, e) -> None:
        for b in (self.start, self.back, self.names):
            if b.handle_event(e):
                return
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            for i, rect in enumerate(self.cards):
                if rect.collidepoint(e.pos):
                    self.select(i)
                    return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_DOWN):
            self.select((self.index + (1 if e.key == pygame.K_DOWN else -1)) % len(self.rulesets))
            return
        for c in [self.seat_choice, self.mode_choice, self.length_choice, self.duplicate_choice, *self.level_choices]:
            if c is self.level_choices[self.seat]:
                continue
            if c.handle_event(e):
                return

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        _w, _h = surface.get_size()
        blit_text(surface, tr("new_match.title"), round(32 * s), (round(30 * s), round(24 * s)), theme.GOLD, True)
        blit_text(surface, tr("new_match.ruleset"), round(17 * s), (round(30 * s), round(78 * s)), theme.INK_DIM)
        for i, (rect, r) in enumerate(zip(self.cards, self.rulesets)):
            selected = i == self.index
            theme.panel(
                surface,
                rect,
                (12, 50, 37, 230) if selected else (8, 36, 26, 200),
                round(14 * s),
                theme.GOLD if selected else (50, 100, 80),
            )
            pad = round(14 * s)
            blit_text(
                surface,
                ruleset_text.name(r),
                round(21 * s),
                (rect.x + pad, rect.y + pad),
                theme.GOLD if selected else theme.INK,
                True,
            )
            lines = theme.wrap(ruleset_text.description(r), round(15 * s), rect.w - 2 * pad)
            max_lines = max(1, (rect.h - round(50 * s)) // round(21 * s))
            for j, line in enumerate(lines[:max_lines]):
                blit_text(
                    surface,
                    line,
                    round(15 * s),
                    (rect.x + pad, rect.y + round(44 * s) + j * round(21 * s)),
                    theme.INK_DIM,
                )
        # What makes the chosen ruleset different.
        box = self.features_rect
        theme.panel(surface, box)
        y = box.y + round(10 * s)
        for line in ruleset_text.features(self.ruleset):
            for k, part in enumerate(theme.wrap(line, round(15 * s), box.w - round(36 * s))):
                blit_text(
                    surface, ("• " if k == 0 else "  ") + part, round(15 * s), (box.x + round(12 * s), y), theme.INK
                )
                y += round(20 * s)
                if y > box.bottom - round(20 * s):
                    break

        def label(text: str, rect: pygame.Rect) -> None:
            blit_text(surface, text, round(16 * s), (self.label_x, rect.centery), theme.INK, anchor="midleft")

        label(tr("new_match.your_seat"), self.seat_choice.rect)
        self.seat_choice.draw(surface)
        for seat, choice in enumerate(self.level_choices):
            label(tr("seat." + COMPASS[seat]), choice.rect)
            if seat == self.seat:
                theme.panel(surface, choice.rect, (34, 82, 64), choice.rect.h // 3)
                blit_text(
                    surface, tr("player.you"), round(16 * s), choice.rect.center, theme.GOLD, True, anchor="center"
                )
            else:
                choice.draw(surface)
        label(tr("new_match.mode"), self.mode_choice.rect)
        self.mode_choice.draw(surface)
        help_key = "new_match.mode_practice_help" if self.mode == "practice" else "new_match.mode_tournament_help"
        blit_text(
            surface,
            tr(help_key),
            round(14 * s),
            (self.mode_choice.rect.x, self.mode_choice.rect.bottom + 4),
            theme.INK_DIM,
        )
        label(tr("new_match.length"), self.length_choice.rect)
        self.length_choice.draw(surface)
        label(tr("duplicate.choice"), self.duplicate_choice.rect)
        self.duplicate_choice.draw(surface)
        # What the row does, as the mode's row says what it does.
        room = self.duplicate_choice.rect.right - self.label_x
        for i, line in enumerate(theme.wrap(tr("duplicate.help"), round(13 * s), room)[:2]):
            blit_text(
                surface,
                line,
                round(13 * s),
                (self.label_x, self.duplicate_choice.rect.bottom + 3 + i * round(16 * s)),
                theme.INK_DIM,
            )
        self.back.draw(surface)
        self.start.draw(surface)
        self.names.draw(surface)
        people = len(self.humans())
        if people > 1:
            blit_text(
                surface,
                tr("new_match.hotseat", n=people),
                round(15 * s),
                (self.names.rect.x, self.names.rect.y - round(8 * s)),
                theme.GOLD,
                anchor="bottomleft",
            )

    def phase_name(self) -> str:
        return "new-match"
