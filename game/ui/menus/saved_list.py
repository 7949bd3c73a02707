"""Continue with several saved matches: the list to choose from (and to delete from).

Each line names the ruleset, the mode, who plays (the people's seats), the hand reached and
when it was saved; a click continues that match, the cross beside it deletes it after a
second click (so a match is never lost by a slip of the mouse).
"""

from __future__ import annotations

import pygame

from game.app.saved_matches import SavedMatch, saved_matches
from game.i18n import get_language, tr
from game.ui.kit import theme
from game.ui.kit.names import default_seat_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button


def saved_line(item: SavedMatch) -> str:
    """ "Hebi 2010 · Tournament · South, North · hand 3 · 2026-11-30 06:12"."""
    when = item.saved_at.strftime("%Y-%m-%d %H:%M")
    if not item.readable:
        return tr("saves.unreadable", date=when)
    people = [item.names[s].strip() or default_seat_name(s) for s in item.humans]
    return tr(
        "saves.line",
        ruleset=item.ruleset_name(get_language()).split(" · ")[0],
        mode=tr("new_match.mode_" + ("tournament" if item.mode == "tournament" else "practice")),
        seats=", ".join(people) if people else tr("saves.bots_only"),
        hand=item.hand,
        date=when,
    )


def _fit(value: str, size: int, width: int) -> str:
    """``value`` cut with an ellipsis to ``width`` pixels (the longest prefix that fits, found
    by halving: a line is measured a dozen times, not once per character)."""
    if theme.text(value, size).get_width() <= width:
        return value
    low, high = 0, len(value)  # value[:low] + "…" fits (or low is 0); value[:high + 1] does not
    while low < high:
        middle = (low + high + 1) // 2
        if theme.text(value[:middle] + "…", size).get_width() <= width:
            low = middle
        else:
            high = middle - 1
    return value[:low] + "…"


class SavedListScene(Scene):
    """The saved matches, the one played last first; a click continues one."""

    def __init__(self, app):
        super().__init__(app)
        self.items = saved_matches(app.storage)
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scroll = 0
        self.scale = 1.0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 44
        self.hover: int | None = None
        self.armed: int | None = None  # the row whose delete cross was clicked once

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.list_rect = pygame.Rect(round(60 * s), round(130 * s), w - round(120 * s), h - round(220 * s))
        self.row_h = round(46 * s)
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.midbottom = (w // 2, h - round(20 * s))
        self.back.font_size = round(20 * s)
        self.scroll = min(self.scroll, self.max_scroll())

    def visible_rows(self) -> int:
        return max(1, self.list_rect.h // self.row_h)

    def max_scroll(self) -> int:
        return max(0, len(self.items) - self.visible_rows())

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(
            self.list_rect.x,
            self.list_rect.y + (i - self.scroll) * self.row_h,
            self.list_rect.w,
            self.row_h - round(6 * self.scale),
        )

    def delete_rect(self, i: int) -> pygame.Rect:
        row = self.row_rect(i)
        side = row.h - round(8 * self.scale)
        return pygame.Rect(row.right - side - round(6 * self.scale), row.y + round(4 * self.scale), side, side)

    def row_at(self, pos) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - self.list_rect.y) // self.row_h
        return i if 0 <= i < min(len(self.items), self.scroll + self.visible_rows()) else None

    def open(self, i: int) -> None:
        """Continue the match on row ``i``."""
        self.app.nav.continue_match(self.items[i].path)

    def delete(self, i: int) -> None:
        """Delete the match on row ``i`` (asked twice: see ``armed``)."""
        self.app.storage.delete_saved(self.items[i].path)
        self.items = saved_matches(self.app.storage)
        self.armed = None
        self.scroll = min(self.scroll, self.max_scroll())
        if not self.items:
            self.app.nav.start()

    def handle_event(self, e) -> None:
        if self.back.handle_event(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = self.row_at(e.pos)
            if i is None:
                self.armed = None
            elif self.delete_rect(i).collidepoint(e.pos):
                if self.armed == i:
                    self.delete(i)
                else:
                    self.armed = i
            else:
                self.open(i)
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - e.y))

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w = surface.get_width()
        blit_text(surface, tr("saves.title"), round(34 * s), (w / 2, round(34 * s)), theme.GOLD, True, anchor="midtop")
        blit_text(surface, tr("saves.help"), round(17 * s), (w / 2, round(84 * s)), theme.INK_DIM, anchor="midtop")
        size = round(18 * s)
        for i in range(self.scroll, min(len(self.items), self.scroll + self.visible_rows())):
            row = self.row_rect(i)
            theme.panel(surface, row, theme.PANEL_SOLID if i == self.hover else theme.PANEL, round(8 * s))
            cross = self.delete_rect(i)
            text = saved_line(self.items[i])
            if self.items[i].current:
                text = tr("saves.last_played") + "  " + text
            room = cross.x - row.x - round(28 * s)
            text = _fit(text, size, room)
            blit_text(surface, text, size, (row.x + round(14 * s), row.centery), theme.INK, anchor="midleft")
            armed = self.armed == i
            theme.panel(surface, cross, (150, 40, 30, 230) if armed else (0, 0, 0, 90), round(6 * s))
            label = tr("saves.delete_confirm")
            if armed:
                box = pygame.Rect(
                    0, 0, theme.text(label, round(15 * s), theme.INK).get_width() + round(16 * s), cross.h
                )
                box.midright = cross.midright
                theme.panel(surface, box, (150, 40, 30, 240), round(6 * s))
                blit_text(surface, label, round(15 * s), box.center, theme.INK, anchor="center")
            else:
                d = cross.w // 4
                for a, b in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
                    pygame.draw.line(
                        surface,
                        theme.INK,
                        (cross.centerx + a[0], cross.centery + a[1]),
                        (cross.centerx + b[0], cross.centery + b[1]),
                        max(2, round(2 * s)),
                    )
        self.back.draw(surface)

    def phase_name(self) -> str:
        return f"saved-list-{get_language()}"


__all__ = ["SavedListScene", "saved_line"]
