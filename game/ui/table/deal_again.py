"""Replay this deal (practice): the same cards again, from the same seat or another.

``DealAgainDialog`` asks for the seat; ``Session.deal_again`` then opens a one-hand practice
table dealt from the same setup (seed, levels, dealer, first drawer). The match in progress
stays saved: the replayed deal is never written over it. ``ModeHandEndScene`` is the end of
a hand with a *Replay this deal* button in practice mode.
"""

from __future__ import annotations

from functools import partial

import pygame

from game.core import HandSetup, Ruleset
from game.i18n import tr
from game.table import TableSettings
from game.ui.kit import theme
from game.ui.kit.names import default_seat_name, seat_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button
from game.ui.table.results import HandEndScene


class DealAgainDialog(Scene):
    """Choose the seat to play the deal again from."""

    opaque = False

    def __init__(self, app, ruleset: Ruleset, setup: HandSetup, settings: TableSettings, seat: int | None):
        super().__init__(app)
        self.ruleset = ruleset
        self.setup = setup
        self.settings = settings
        self.current = seat
        names = settings.seat_names()
        self.seats = [
            Button(partial(self._label, s, names), partial(self.choose, s), primary=s == seat) for s in range(4)
        ]
        self.cancel = Button(lambda: tr("button.cancel"), app.pop, key=pygame.K_ESCAPE)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    @staticmethod
    def _label(seat: int, names) -> str:
        typed = (names[seat] if seat < len(names) else "").strip()
        return typed or default_seat_name(seat)

    def choose(self, seat: int) -> None:
        self.app.nav.deal_again(self.ruleset, self.setup, seat, self.settings)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(min(size[0] - 40, 640 * s)), round(300 * s))
        self.box.center = (size[0] // 2, size[1] // 2)
        # The seats as they sit: North on top, West left, East right, South below.
        cx, cy = self.box.centerx, self.box.y + round(150 * s)
        bw, bh = round(150 * s), round(42 * s)
        spots = {
            0: (cx, cy + round(52 * s)),
            1: (cx + round(170 * s), cy),
            2: (cx, cy - round(52 * s)),
            3: (cx - round(170 * s), cy),
        }
        for seat, button in enumerate(self.seats):
            button.rect = pygame.Rect(0, 0, bw, bh)
            button.rect.center = spots[seat]
            button.font_size = round(18 * s)
        self.cancel.rect = pygame.Rect(0, 0, round(150 * s), round(38 * s))
        self.cancel.rect.bottomright = (self.box.right - round(16 * s), self.box.bottom - round(14 * s))
        self.cancel.font_size = round(17 * s)

    def handle_event(self, e) -> None:
        for button in [*self.seats, self.cancel]:
            if button.handle_event(e):
                return

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 130)), (0, 0))
        theme.panel(surface, self.box, theme.PANEL_SOLID, round(16 * s), theme.GOLD)
        blit_text(
            surface,
            tr("practice.replay_deal_title"),
            round(24 * s),
            (self.box.centerx, self.box.y + round(16 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        blit_text(
            surface,
            tr("practice.replay_deal_help"),
            round(15 * s),
            (self.box.centerx, self.box.y + round(52 * s)),
            theme.INK_DIM,
            anchor="midtop",
        )
        for button in self.seats:
            button.draw(surface)
        self.cancel.draw(surface)

    def phase_name(self) -> str:
        return "deal-again"


class ModeHandEndScene(HandEndScene):
    """The end of a hand; in practice mode with *Replay this deal*."""

    def __init__(self, app, table, hand, summary):
        super().__init__(app, table, hand, summary)
        self.deal_only = table.driver.settings.deal_only
        practice = table.driver.aids.undo and not app.options.autoplay
        self.again = Button(lambda: tr("practice.replay_deal"), self.replay) if practice else None
        person = table.driver.settings.human
        self.review = None
        if person is not None and not app.options.autoplay:
            self.review = Button(lambda: tr("review.button"), lambda: app.nav.review_last_hand(person))
        # Duplicate practice: the bots' hands of this deal, playing in the background.
        self.duplicates = [j for j in app.session.duplicates if j.played.setup == hand.setup]
        self.both = None
        if self.duplicates:
            job = self.duplicates[0]
            self.both = Button(
                lambda: tr("duplicate.review_both"),
                lambda: app.nav.review_duplicate(job),
                lambda: job.done and job.replay is not None,
            )

    def replay(self) -> None:
        table = self.table
        settings = table.driver.settings
        self.app.nav.ask_deal_again(self.hand.ruleset, self.hand.setup, settings, settings.human)

    def proceed(self) -> None:
        if self.deal_only and not self.done:
            self.done = True
            self.app.nav.deal_over()
            return
        super().proceed()

    def extra_buttons(self) -> list[Button]:
        return [b for b in (self.again, self.review, self.both) if b is not None]

    def animating(self) -> bool:
        return super().animating() or any(not j.done for j in self.duplicates)

    def duplicate_lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """One line per person: the bot's run, or both results side by side; the match's score."""
        out = []
        settings = self.table.driver.settings
        for job in self.duplicates:
            player = seat_name(job.seat, self.viewer, self.names)
            level = tr("bots." + job.level)
            c = job.comparison
            if not job.done:
                out.append((tr("duplicate.running", level=level, player=player), theme.INK_DIM))
            elif c is None:
                out.append((tr("duplicate.failed", error=job.error or "?"), theme.RED))
            else:
                out.append(
                    (
                        tr(
                            "duplicate.line",
                            player=player,
                            you_levels=f"{c.person.levels:+d}",
                            you_points=c.person.points,
                            level=level,
                            bot_levels=f"{c.bot.levels:+d}",
                            bot_points=c.bot.points,
                        ),
                        theme.GOLD,
                    )
                )
                row = (settings.extra.get("duplicate_score") or {}).get(str(job.seat))
                if row:
                    out.append(
                        (
                            tr("duplicate.score", n=row[0], deals=row[0], levels=f"{row[1]:+d}", points=f"{row[2]:+d}"),
                            theme.INK,
                        )
                    )
        return out

    def layout(self, size) -> None:
        super().layout(size)
        if self.duplicates:  # room for the comparison above the buttons
            s = self.scale
            extra = min(round(22 * s) * 2 * len(self.duplicates), size[1] - 20 - self.box.h)
            if extra > 0:
                self.box.h += extra
                self.box.center = (size[0] // 2, size[1] // 2)
            self.button.rect.midbottom = (self.box.centerx, self.box.bottom - round(18 * s))
        row = [*self.extra_buttons(), self.button]
        if len(row) > 1:
            s = self.scale
            gap = round(14 * s)
            width = min(self.button.rect.w, (self.box.w - round(40 * s) - gap * (len(row) - 1)) // len(row))
            x = self.box.centerx - (width * len(row) + gap * (len(row) - 1)) // 2
            for b in row:
                b.rect = pygame.Rect(x, self.button.rect.y, width, self.button.rect.h)
                b.font_size = self.button.font_size
                x += width + gap

    def handle_event(self, e) -> None:
        for b in self.extra_buttons():
            if b.handle_event(e):
                return
        super().handle_event(e)

    def draw(self, surface) -> None:
        super().draw(surface)
        for b in self.extra_buttons():
            b.draw(surface)
        s = self.scale
        y = self.button.rect.y - round(8 * s)
        for text, colour in reversed(self.duplicate_lines()):
            blit_text(surface, text, round(15 * s), (self.box.centerx, y), colour, anchor="midbottom")
            y -= round(21 * s)


__all__ = ["DealAgainDialog", "ModeHandEndScene"]
