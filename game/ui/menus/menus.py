"""The start screen, the settings screen and the leave-the-match dialog."""

from __future__ import annotations

import pygame

from game.app.event_store import EventStore
from game.app.saved_matches import summarise
from game.app.session import SessionError
from game.app.settings import CARD_BACKS, CARD_COLOURS, CARD_SIZES, OBVIOUS_MOVES, PLAY_CLICKS, SPEEDS, TRICK_LINGERS
from game.core import Card
from game.i18n import LANGUAGES, get_language, tr
from game.ui.coach.stats_view import StatsPanel
from game.ui.kit import ruleset_text, theme
from game.ui.kit.cardview import back_image, card_image
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button, Choice, layout_column


class StartScene(Scene):
    """New match, Continue (when a saved match exists), Replays, Settings, Rules, Learn to play,
    Puzzles (with how many are due), Quit; the statistics panel opens the statistics screen."""

    def __init__(self, app):
        super().__init__(app)
        self.buttons = [
            Button(lambda: tr("menu.new_match"), self.new_match, primary=True),
            Button(lambda: tr("menu.continue"), self.resume),
            Button(self._event_text, self.resume_event),
            Button(lambda: tr("event.menu"), app.nav.tournament),
            Button(lambda: tr("menu.replays"), self.replays),
            Button(lambda: tr("menu.settings"), app.nav.settings),
            Button(lambda: tr("menu.rules"), self.rules),
            Button(lambda: tr("learn.menu"), app.nav.learn),
            Button(self._puzzles_text, app.nav.puzzles),
            Button(lambda: tr("menu.quit"), self.quit),
        ]
        self.scale = 1.0
        try:
            self.has_save = app.session.check_saved_match()
        except SessionError as e:  # an unreadable save is moved aside, with a message
            app.message = " ".join(filter(None, [app.message, app.session.set_aside(e)]))
            self.has_save = False
        self._read_saves()
        # The newest event under way (a damaged file is left for the Tournament entry to set aside).
        found, _ = EventStore(app.storage).events_quiet()
        self.event = next((e for e in found if not e.event.finished), None)
        self.stats = StatsPanel(app)

    def _read_saves(self) -> None:
        """Read the saved matches' summaries once (no replaying: startup stays quick)."""
        paths = self.app.storage.saved_matches()
        self._saves = (len(paths), summarise(self.app.storage, paths[0]) if paths else None)

    @property
    def saved(self) -> str | None:
        """ "Saved: ruleset, hand n" (or how many are saved), in the language shown now."""
        count, last = self._saves
        if last is None or not last.readable:
            return None  # Continue will explain (and move the file aside)
        line = tr("menu.saved_match", ruleset=last.ruleset_name(get_language()), hand=last.hand)
        return line if count < 2 else line + " · " + tr("saves.count", n=count)

    def _event_text(self) -> str:
        """ "Continue event: Hebei 2010, round 2": which event the button goes on with."""
        if self.event is None:
            return tr("event.menu")
        ruleset = ruleset_text.short_name(self.event.event.ruleset)
        n = self.event.round
        if n is None:
            return tr("event.continue_event", ruleset=ruleset)
        return tr("event.continue_event_round", ruleset=ruleset, n=n)

    def resume_event(self) -> None:
        if self.event is not None:
            self.app.nav.continue_event(self.event.path)

    def _puzzles_text(self) -> str:
        due = self.app.nav.puzzles_due()  # live: puzzles solved or reviewed since the screen opened count
        return tr("coach.menu_due", n=due) if due else tr("coach.menu")

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
        self.buttons[2].visible = self.event is not None
        shown = [b for b in self.buttons if b.visible]
        gap = 14 if len(shown) <= 6 else 9  # seven buttons (Continue shown) still leave room below
        top = size[1] * 0.42
        # More buttons get shorter, so the saved match's line still fits under the last one.
        room = size[1] - round(64 * s) - top - round(gap * s) * (len(shown) - 1)
        height = min(round(50 * s), int(room / len(shown)))
        layout_column(shown, size[0] / 2, top, round(300 * s), height, round(22 * s), round(gap * s))
        self.stats.layout(size, shown[0].rect.right, shown[0].rect.top)

    def handle_event(self, e) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return
        if self.stats.handle_event(e):
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
        blit_text(
            surface, tr("app.title"), round(56 * s), (w / 2, h * 0.13 + 118 * s), theme.GOLD, True, anchor="center"
        )
        blit_text(
            surface, tr("app.subtitle"), round(20 * s), (w / 2, h * 0.13 + 164 * s), theme.INK_DIM, anchor="center"
        )
        for b in self.buttons:
            b.draw(surface)
        self.stats.draw(surface)
        if self.app.message:
            box, size, lines = self.message_box(surface.get_size())
            theme.panel(surface, box, (70, 20, 16, 220))
            for i, line in enumerate(lines):
                blit_text(
                    surface,
                    line,
                    size,
                    (box.centerx, box.y + round(8 * s) + i * round(size * 1.4)),
                    theme.INK,
                    anchor="midtop",
                )
        elif self.saved is not None:
            blit_text(
                surface,
                self.saved,
                round(16 * s),
                (w / 2, self.buttons[-1].rect.bottom + round(24 * s)),
                theme.INK_DIM,
                anchor="midtop",
            )

    def message_box(self, size) -> tuple[pygame.Rect, int, list[str]]:
        """The message's box: under the last button when there is room, else in the free
        felt left of the buttons; never over a button (however many the screen has)."""
        w, h = size
        s = self.scale
        text = self.app.message or ""
        if text and not text.rstrip().endswith(tuple(".!?。！？")):
            text = text.rstrip() + tr("menu.full_stop")
        shown = [b for b in self.buttons if b.visible]
        last = max(b.rect.bottom for b in shown)
        font = round(17 * s)
        lines = theme.wrap(text, font, round(w * 0.7))
        height = len(lines) * round(font * 1.4) + round(16 * s)
        if last + round(12 * s) + height <= h - round(8 * s):
            box = pygame.Rect(0, 0, round(w * 0.74), height)
            box.midtop = (w // 2, last + round(12 * s))
            return box, font, lines
        left = min(b.rect.left for b in shown)
        width = left - round(48 * s)
        font = round(15 * s)
        lines = theme.wrap(text, font, width - round(24 * s))
        box = pygame.Rect(round(24 * s), shown[0].rect.top, width, len(lines) * round(font * 1.4) + round(16 * s))
        return box, font, lines

    def phase_name(self) -> str:
        return "start"


class SettingsScene(Scene):
    """Language, speed, sound, card back, and the table as the player likes it (card size,
    suit colours, how a click plays, confirm, how long a trick stays, reduce motion); saved
    as soon as they change. Opened from a table, ``tick`` keeps its clocks running."""

    def __init__(self, app, tick=None):
        super().__init__(app)
        self.tick = tick
        self.table_overlay = tick is not None
        st = app.settings

        def setter(name):
            def set_(value):
                setattr(st, name, value)
                app.save_settings()

            return set_

        def on_off(name):
            return Choice(
                [True, False],
                lambda v: tr("settings.on" if v else "settings.off"),
                lambda: getattr(st, name),
                setter(name),
            )

        def linger(v: float) -> str:
            return tr("settings.linger_next") if v == 0 else tr("settings.seconds", n=int(v))

        self.rows = [
            (
                "settings.language",
                Choice(LANGUAGES, lambda v: tr("language." + v), lambda: st.language, setter("language")),
            ),
            (
                "settings.animation_speed",
                Choice(list(SPEEDS), lambda v: tr("speed." + v), lambda: st.speed, setter("speed")),
            ),
            ("settings.sound", on_off("sound")),
            (
                "settings.card_back",
                Choice(list(CARD_BACKS), lambda v: tr("colour." + v), lambda: st.card_back, setter("card_back")),
            ),
            ("settings.reduce_motion", on_off("reduce_motion")),
            (
                "settings.card_size",
                Choice(list(CARD_SIZES), lambda v: tr("settings.size_" + v), lambda: st.card_size, setter("card_size")),
            ),
            (
                "settings.card_colours",
                Choice(
                    list(CARD_COLOURS),
                    lambda v: tr("settings.colours_" + v),
                    lambda: st.card_colours,
                    setter("card_colours"),
                ),
            ),
            (
                "settings.play_click",
                Choice(
                    list(PLAY_CLICKS), lambda v: tr("settings.click_" + v), lambda: st.play_click, setter("play_click")
                ),
            ),
            ("settings.confirm_play_setting", on_off("confirm_play")),
            (
                "settings.trick_linger",
                Choice(list(TRICK_LINGERS), linger, lambda: st.trick_linger, setter("trick_linger")),
            ),
            (
                "settings.obvious_moves",
                Choice(
                    list(OBVIOUS_MOVES),
                    lambda v: tr("settings.obvious_" + v),
                    lambda: st.obvious_moves,
                    setter("obvious_moves"),
                ),
            ),
        ]
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scale = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.preview = pygame.Rect(0, 0, 0, 0)

    def update(self, dt: float) -> None:
        if self.tick is not None:
            self.tick(dt)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        # Two columns, the left one the longer: a label over each row of choices.
        self.panel = pygame.Rect(0, 0, min(w - round(24 * s), round(1120 * s)), min(h - round(16 * s), round(620 * s)))
        self.panel.center = (w // 2, h // 2)
        pad = round(36 * s)
        col_w = (self.panel.w - 3 * pad) // 2
        per = (len(self.rows) + 1) // 2
        step = round(84 * s) if per <= 5 else round(76 * s)
        for i, (_, choice) in enumerate(self.rows):
            col, row = divmod(i, per)
            choice.rect = pygame.Rect(
                self.panel.x + pad + col * (col_w + pad),
                self.panel.y + round(104 * s) + row * step,
                col_w,
                round(40 * s),
            )
            choice.font_size = round(17 * s)
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.bottomright = (self.panel.right - pad, self.panel.bottom - round(18 * s))
        self.back.font_size = round(20 * s)
        top = self.rows[per - 1][1].rect.bottom + round(14 * s)
        self.preview = pygame.Rect(
            self.panel.x + pad,
            top,
            self.back.rect.left - pad - self.panel.x - pad,
            self.panel.bottom - round(12 * s) - top,
        )

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
        blit_text(
            surface,
            tr("settings.title"),
            round(30 * s),
            (self.panel.centerx, self.panel.y + round(20 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        for key, choice in self.rows:
            blit_text(
                surface,
                tr(key),
                round(17 * s),
                (choice.rect.x + round(4 * s), choice.rect.y - round(4 * s)),
                theme.INK,
                anchor="bottomleft",
            )
            choice.draw(surface)
        # The chosen back and faces at the chosen size, so they are seen, not guessed.
        st = self.app.settings
        h = max(8, min(self.preview.h, round(96 * s * st.card_scale)))
        y = self.preview.centery - h // 2
        x = self.preview.x
        back = back_image(h, st.card_back)
        surface.blit(back, (x, y))
        x += back.get_width() + round(18 * s)
        for code in ("BJ", "SJ", "AS", "10H", "QD", "7C"):
            face = card_image(Card.parse(code), h)
            if x + face.get_width() > self.preview.right:
                break
            surface.blit(face, (x, y))
            x += round(face.get_width() * 0.55)
        self.back.draw(surface)

    def phase_name(self) -> str:
        return f"settings-{get_language()}"


class LeaveDialog(Scene):
    """The table's menu: back to the table, settings, the rules, or leave (the match is
    saved, so Continue picks it up again)."""

    opaque = False

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.resume = Button(lambda: tr("table_menu.resume"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.settings = Button(lambda: tr("menu.settings"), self.open_settings)
        self.rules = Button(lambda: tr("menu.rules"), self.open_rules)
        self.yes = Button(lambda: tr("table_menu.leave"), self.leave)
        self.buttons = [self.resume, self.settings, self.rules, self.yes]
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0

    @property
    def no(self) -> Button:
        """Back to the table (the old dialog's No)."""
        return self.resume

    def leave(self) -> None:
        """Save and go back to the start screen."""
        self.app.nav.leave(self.table)

    def open_settings(self) -> None:
        """The settings over the table (the menu closes; the table's clocks run on)."""
        self.app.pop()
        self.app.nav.settings(self.table.clock_tick())

    def open_rules(self) -> None:
        self.app.pop()
        self.table.open_rules()

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(480 * s), round(380 * s))
        self.box.center = (size[0] // 2, size[1] // 2)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(0, 0, round(300 * s), round(44 * s))
            b.rect.midtop = (self.box.centerx, self.box.y + round((120 + 58 * i) * s))
            b.font_size = round(19 * s)

    def handle_event(self, e) -> None:
        for b in self.buttons:
            if b.handle_event(e):
                return

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 120)), (0, 0))
        theme.panel(surface, self.box, theme.PANEL_SOLID, round(16 * s), theme.GOLD)
        blit_text(
            surface,
            tr("button.menu"),
            round(26 * s),
            (self.box.centerx, self.box.y + round(18 * s)),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        for i, line in enumerate(theme.wrap(tr("dialog.leave_match"), round(16 * s), self.box.w - round(40 * s))):
            blit_text(
                surface,
                line,
                round(16 * s),
                (self.box.centerx, self.box.y + round(60 * s + i * 22 * s)),
                theme.INK_DIM,
                anchor="midtop",
            )
        for b in self.buttons:
            b.draw(surface)

    def phase_name(self) -> str:
        return "leave-dialog"
