"""The start screen, the settings screen and the leave-the-match dialog."""
from __future__ import annotations

import pygame

from game.core import Card
from game.i18n import LANGUAGES, get_language, tr
from game.saved_matches import summarise
from game.session import SessionError
from game.storage import CARD_BACKS, SPEEDS
from game.ui import theme
from game.ui.cardview import back_image, card_image
from game.ui.scene import Scene
from game.ui.stats_view import StatsPanel
from game.ui.theme import blit_text, scale_for
from game.ui.widgets import Button, Choice, layout_column


class StartScene(Scene):
    """New match, Continue (when a saved match exists), Settings, Rules, Quit."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons = [
            Button(lambda: tr("menu.new_match"), self.new_match, primary=True),
            Button(lambda: tr("menu.continue"), self.resume),
            Button(lambda: tr("menu.replays"), self.replays),
            Button(lambda: tr("menu.settings"), app.nav.settings),
            Button(lambda: tr("menu.rules"), self.rules),
            Button(lambda: tr("menu.quit"), self.quit),
        ]
        self.scale = 1.0
        try:
            self.has_save = app.session.check_saved_match()
        except SessionError as e:  # an unreadable save is moved aside, with a message
            app.message = app.session.set_aside(e)
            self.has_save = False
        self._read_saves()
        self.stats = StatsPanel(app)

    def _read_saves(self) -> None:
        """Read the saved matches' summaries once (no replaying: startup stays quick)."""
        paths = self.app.storage.saved_matches()
        self._saves = (len(paths), summarise(self.app.storage, paths[0]) if paths else None)

    @property
    def saved(self) -> str | None:
        """"Saved: ruleset, hand n" (or how many are saved), in the language shown now."""
        count, last = self._saves
        if last is None or not last.readable:
            return None  # Continue will explain (and move the file aside)
        line = tr("menu.saved_match", ruleset=last.ruleset_name(get_language()), hand=last.hand)
        return line if count < 2 else line + " · " + tr("saves.count", n=count)

    def new_match(self) -> None:
        """Open the new-match screen."""
        self.app.nav.new_match()

    def resume(self) -> None:
        """Continue the saved match, or choose among several."""
        self.app.nav.saved_matches()

    def replays(self) -> None:
        """Open the replays of the last hands."""
        self.app.nav.replays()

    def rules(self) -> None:
        """Open the rules."""
        self.app.nav.rules(self.app.settings.last_ruleset)

    def quit(self) -> None:
        if self.app.monkey_left > 0:
            return  # the monkey tests every screen; quitting would end its run early
        self.app.quit(0)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        # Continue shows only when there is a saved match to continue.
        self.buttons[1].visible = self._saves[0] > 0
        shown = [b for b in self.buttons if b.visible]
        layout_column(shown, size[0] / 2, size[1] * 0.42, round(300 * s), round(50 * s),
                      round(22 * s), round(14 * s))
        self.stats.layout(size, shown[0].rect.right, shown[0].rect.top)

    def handle_event(self, e) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_RETURN:
            self.new_match()

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        w, h = surface.get_size()
        s = self.scale
        # A fan of four cards above the title: the game's face without any artwork files.
        fan = [Card.parse(c) for c in ("BJ", "SJ", "AH", "10S")]
        ch = round(120 * s)
        for i, card in enumerate(fan):
            image = pygame.transform.rotozoom(card_image(card, ch), 18 - 12 * i, 1.0)
            surface.blit(image, image.get_rect(center=(w / 2 - 90 * s + 60 * s * i, h * 0.13 + abs(i - 1.5) * 8 * s)))
        blit_text(surface, tr("app.title"), round(56 * s), (w / 2, h * 0.13 + 118 * s), theme.GOLD, True,
                  anchor="center")
        blit_text(surface, tr("app.subtitle"), round(20 * s), (w / 2, h * 0.13 + 164 * s), theme.INK_DIM,
                  anchor="center")
        for b in self.buttons:
            b.draw(surface)
        self.stats.draw(surface)
        if self.app.message:
            lines = theme.wrap(self.app.message, round(17 * s), round(w * 0.7))
            y = h - round(30 * s) - len(lines) * round(24 * s)
            box = pygame.Rect(0, 0, round(w * 0.74), len(lines) * round(24 * s) + round(16 * s))
            box.midtop = (w / 2, y - round(8 * s))
            theme.panel(surface, box, (70, 20, 16, 220))
            for i, line in enumerate(lines):
                blit_text(surface, line, round(17 * s), (w / 2, y + i * round(24 * s)), theme.INK, anchor="midtop")
        elif self.saved is not None:
            blit_text(surface, self.saved, round(16 * s), (w / 2, self.buttons[-1].rect.bottom + round(24 * s)),
                      theme.INK_DIM, anchor="midtop")

    def phase_name(self) -> str:
        return "start"


class SettingsScene(Scene):
    """Language, animation speed, sound, card back; saved as soon as they change."""

    def __init__(self, app):
        super().__init__(app)
        st = app.settings

        def setter(name):
            def set_(value):
                setattr(st, name, value)
                app.save_settings()
            return set_

        self.rows = [
            ("settings.language", Choice(LANGUAGES, lambda v: tr("language." + v), lambda: st.language,
                                         setter("language"))),
            ("settings.animation_speed", Choice(list(SPEEDS), lambda v: tr("speed." + v), lambda: st.speed,
                                                setter("speed"))),
            ("settings.sound", Choice([True, False], lambda v: tr("settings.on" if v else "settings.off"),
                                      lambda: st.sound, setter("sound"))),
            ("settings.card_back", Choice(list(CARD_BACKS), lambda v: tr("colour." + v), lambda: st.card_back,
                                          setter("card_back"))),
        ]
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scale = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, round(760 * s), round(470 * s))
        self.panel.center = (w // 2, h // 2)
        for i, (_, choice) in enumerate(self.rows):
            choice.rect = pygame.Rect(self.panel.x + round(240 * s), self.panel.y + round(100 * s + i * 70 * s),
                                      round(420 * s), round(42 * s))
            choice.font_size = round(18 * s)
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.midbottom = (self.panel.centerx, self.panel.bottom - round(22 * s))
        self.back.font_size = round(20 * s)

    def handle_event(self, e) -> None:
        if self.back.handle_event(e):
            return
        for _, choice in self.rows:
            if choice.handle_event(e):
                return

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        theme.panel(surface, self.panel, theme.PANEL, round(16 * s))
        blit_text(surface, tr("settings.title"), round(30 * s), (self.panel.centerx, self.panel.y + round(24 * s)),
                  theme.GOLD, True, anchor="midtop")
        for key, choice in self.rows:
            blit_text(surface, tr(key), round(19 * s), (self.panel.x + round(36 * s), choice.rect.centery),
                      theme.INK, anchor="midleft")
            choice.draw(surface)
        # The chosen back, so the colour is seen, not guessed.
        colour_row = self.rows[-1][1].rect
        back = back_image(round(64 * s), self.app.settings.card_back)
        surface.blit(back, back.get_rect(midleft=(colour_row.right + round(16 * s), colour_row.centery)))
        self.back.draw(surface)

    def phase_name(self) -> str:
        return f"settings-{get_language()}"


class LeaveDialog(Scene):
    """Leave the table? The match is saved, so Continue picks it up again."""

    opaque = False

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.yes = Button(lambda: tr("button.yes"), self.leave, primary=True)
        self.no = Button(lambda: tr("button.no"), app.pop, key=pygame.K_ESCAPE)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    def leave(self) -> None:
        """Save and go back to the start screen."""
        self.app.nav.leave(self.table)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(560 * s), round(200 * s))
        self.box.center = (size[0] // 2, size[1] // 2)
        for i, b in enumerate((self.yes, self.no)):
            b.rect = pygame.Rect(0, 0, round(160 * s), round(44 * s))
            b.rect.midbottom = (self.box.centerx + (i * 2 - 1) * round(100 * s), self.box.bottom - round(20 * s))
            b.font_size = round(19 * s)

    def handle_event(self, e) -> None:
        if not self.yes.handle_event(e):
            self.no.handle_event(e)

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 120)), (0, 0))
        theme.panel(surface, self.box, theme.PANEL_SOLID, round(16 * s), theme.GOLD)
        for i, line in enumerate(theme.wrap(tr("dialog.leave_match"), round(19 * s), self.box.w - round(40 * s))):
            blit_text(surface, line, round(19 * s), (self.box.centerx, self.box.y + round(30 * s + i * 28 * s)),
                      anchor="midtop")
        self.yes.draw(surface)
        self.no.draw(surface)

    def phase_name(self) -> str:
        return "leave-dialog"
