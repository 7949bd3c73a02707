"""Start a tournament event (ruleset, field, format, the player's team, strength, lengths),
or go on with one of the events saved (the newest first)."""

from __future__ import annotations

import time
from typing import Any

import pygame

from game.app.event_play import names_of, new_event
from game.app.event_store import EventStore, SavedEvent
from game.core import BUILTIN_IDS, fresh_seed
from game.i18n import tr
from game.tournament import tournament_rules
from game.ui.kit import ruleset_text, theme
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, fit_text, scale_for
from game.ui.kit.widgets import Button, Choice

SIZES = (4, 8, 12, 16, 24, 32)
PLAYERS = ("bot-partner", "hotseat", "two-teams", "none")
SHOWN_EVENTS = 3  # saved events offered at once (the newest); older ones come up as these finish


def event_line(saved: SavedEvent) -> str:
    """ "hebi-2010 · 16 teams · round 2 · next: City Power Bureau I" in the language shown."""
    event = saved.event
    ruleset = ruleset_text.name(event.ruleset)
    parts = [ruleset, tr("event.teams", n=len(event.teams))]
    mine = event.player_matches()
    ready = mine or event.ready()
    if ready:
        parts.append(tr("event.round", n=ready[0].round))
    if mine:
        names = names_of(event)
        other = [t for t in mine[0].teams if event.team(t).bots_only] or list(mine[0].teams[-1:])
        parts.append(tr("event.next", team=names[other[0]]))
    return " · ".join(parts)


class TournamentSetupScene(Scene):
    def __init__(self, app, store: EventStore):
        super().__init__(app)
        self.store = store
        saved, messages = store.unfinished()
        if messages:
            app.message = " ".join(messages)
        self.saved = saved[:SHOWN_EVENTS]
        self.rulesets = list(BUILTIN_IDS)
        self.value: dict[str, Any] = {
            "ruleset": app.settings.last_ruleset if app.settings.last_ruleset in self.rulesets else self.rulesets[0],
            "size": 8,
            "format": None,
            "player": "bot-partner",
            "strength": "mixed",
            "practice": True,
        }
        self.value["format"] = tournament_rules(self.value["ruleset"]).format

        def get(name):
            return lambda: self.value[name]

        def set_(name):
            def change(v):
                self.value[name] = v
                if name == "ruleset":
                    self.value["format"] = tournament_rules(v).format
                    self.rows[2] = ("event.format", self._format_choice())
                    self.layout(self.app.size)

            return change

        self.rows: list[tuple[str, Choice]] = [
            (
                "new_match.ruleset",
                Choice(self.rulesets, _ruleset_name, get("ruleset"), set_("ruleset")),
            ),
            ("event.size", Choice(list(SIZES), str, get("size"), set_("size"))),
            ("event.format", self._format_choice()),
            (
                "event.your_team",
                Choice(list(PLAYERS), lambda v: tr(f"event.player.{v}"), get("player"), set_("player")),
            ),
            (
                "event.field_strength",
                Choice(["mixed", "strong"], lambda v: tr(f"event.strength.{v}"), get("strength"), set_("strength")),
            ),
            (
                "event.lengths",
                Choice(
                    [False, True],
                    lambda v: tr("event.practice_lengths" if v else "event.regulation_lengths"),
                    get("practice"),
                    set_("practice"),
                ),
            ),
        ]
        self.start = Button(lambda: tr("event.start"), self.begin, primary=True, key=pygame.K_RETURN)
        self.back = Button(lambda: tr("button.back"), app.pop, key=pygame.K_ESCAPE)
        self.continues = [Button(event_line(s), self._continue(s)) for s in self.saved]
        self.scale = 1.0
        self.panel = pygame.Rect(0, 0, 0, 0)

    def _format_choice(self) -> Choice:
        formats = list(tournament_rules(str(self.value["ruleset"])).formats)

        def set_(v):
            self.value["format"] = v

        return Choice(formats, lambda v: tr(f"event.format_short.{v}"), lambda: self.value["format"], set_)

    def _continue(self, saved: SavedEvent):
        return lambda: self.app.nav.continue_event(saved.path)

    def begin(self) -> None:
        v = self.value
        seed = self.app.options.seed if self.app.options.seed is not None else fresh_seed()
        seed %= 1 << 48  # an event's file takes seeds to 2**64; the table's seeds are derived from it
        saved = new_event(
            self.store,
            str(v["ruleset"]),
            int(v["size"]),
            str(v["format"]),
            str(v["player"]),
            str(v["strength"]),
            bool(v["practice"]),
            seed,
        )
        saved.started = time.time()
        self.app.nav.start_event(saved)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.panel = pygame.Rect(0, 0, min(w - round(24 * s), round(1180 * s)), h - round(24 * s))
        self.panel.center = (w // 2, h // 2)
        pad = round(30 * s)
        label_w = round(190 * s)
        y = self.panel.y + round(78 * s)
        row_h, step = round(38 * s), round(50 * s)
        for _key, choice in self.rows:
            choice.rect = pygame.Rect(self.panel.x + pad + label_w, y, self.panel.w - 2 * pad - label_w, row_h)
            choice.font_size = round(15 * s)
            y += step
        y += round(34 * s)
        self.saved_top = y - round(28 * s)
        for b in self.continues:
            b.rect = pygame.Rect(self.panel.x + pad, y, self.panel.w - 2 * pad, round(36 * s))
            b.font_size = round(15 * s)
            y += round(44 * s)
        for i, b in enumerate((self.back, self.start)):
            b.rect = pygame.Rect(0, 0, round(220 * s), round(46 * s))
            b.rect.bottomright = (self.panel.right - pad - (1 - i) * round(240 * s), self.panel.bottom - round(16 * s))
            b.font_size = round(19 * s)

    def handle_event(self, e) -> None:
        for b in (self.start, self.back, *self.continues):
            if b.handle_event(e):
                return
        for _key, choice in self.rows:
            if choice.handle_event(e):
                return

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        theme.panel(surface, self.panel, theme.PANEL, round(16 * s))
        pad = round(30 * s)
        blit_text(
            surface,
            tr("event.title"),
            round(30 * s),
            (self.panel.x + pad, self.panel.y + round(18 * s)),
            theme.GOLD,
            True,
        )
        for key, choice in self.rows:
            blit_text(
                surface,
                tr(key),
                round(16 * s),
                (self.panel.x + pad, choice.rect.centery),
                theme.INK,
                anchor="midleft",
            )
            choice.draw(surface)
        if self.continues:
            blit_text(
                surface, tr("event.saved_events"), round(16 * s), (self.panel.x + pad, self.saved_top), theme.INK_DIM
            )
            for b in self.continues:
                b.draw(surface)
        note = None
        if not self.value["practice"]:
            note = tr("event.regulation_note")
        if note is not None:
            blit_text(
                surface,
                fit_text(note, round(14 * s), self.back.rect.left - self.panel.x - 2 * pad),
                round(14 * s),
                (self.panel.x + pad, self.start.rect.centery),
                theme.INK_DIM,
                anchor="midleft",
            )
        for b in (self.back, self.start):
            b.draw(surface)

    def phase_name(self) -> str:
        return "tournament-setup"


def _ruleset_name(ruleset_id: str) -> str:
    from game.core import get_ruleset

    return ruleset_text.name(get_ruleset(ruleset_id))
