"""The prize-giving at the end of an event: the places, a certificate for the player's team,
and confetti when the team earned a prize (``game.ui.kit.celebration``; a still ribbon with
*reduce motion*)."""

from __future__ import annotations

import time

import pygame

from game.app.event_play import EventPlay
from game.i18n import tr
from game.tournament import Place
from game.ui.kit import ruleset_text, theme
from game.ui.kit.celebration import Confetti
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, fit_text, scale_for
from game.ui.kit.widgets import Button

PLAYER_COLOUR = (88, 170, 255)
RED_INK = (150, 30, 24)
MEDALS = {"first": (242, 196, 80), "second": (206, 212, 220), "third": (205, 140, 80)}


def player_place(play: EventPlay) -> Place | None:
    """The best place of the player's teams."""
    mine = set(play.player_teams())
    return next((p for p in play.event.places() if p.team in mine), None)


class PrizeScene(Scene):
    def __init__(self, app, play: EventPlay):
        super().__init__(app)
        self.play = play
        self.places = play.event.places()
        self.mine = player_place(play)
        self.earned = self.mine is not None and self.mine.award in MEDALS
        self.done = Button(lambda: tr("event.to_start"), app.nav.start, primary=True, key=pygame.K_RETURN)
        self.paper: Confetti | None = None
        self.scale = 1.0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.certificate = pygame.Rect(0, 0, 0, 0)

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        margin = round(24 * s)
        top = round(84 * s)
        self.list_rect = pygame.Rect(margin, top, round(w * 0.42), h - top - margin)
        self.certificate = pygame.Rect(
            self.list_rect.right + margin, top, w - self.list_rect.right - 2 * margin, round(h * 0.56)
        )
        self.done.rect = pygame.Rect(0, 0, round(260 * s), round(48 * s))
        self.done.rect.midbottom = (self.certificate.centerx, h - margin)
        self.done.font_size = round(19 * s)
        if self.earned and not self.app.settings.reduce_motion and self.paper is None:
            self.paper = Confetti(pygame.Rect((0, 0), size), self.play.event.seed, count=160, duration=3.6, scale=s)

    def handle_event(self, e) -> None:
        self.done.handle_event(e)

    def animating(self) -> bool:
        return self.paper is not None and not self.paper.done

    def update(self, dt: float) -> None:
        if self.paper is not None:
            self.paper.update(dt)

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, _h = surface.get_size()
        blit_text(
            surface, tr("event.prize_giving"), round(32 * s), (w // 2, round(22 * s)), theme.GOLD, True, anchor="midtop"
        )
        self._draw_places(surface)
        self._draw_certificate(surface)
        if self.paper is not None and not self.paper.done:
            self.paper.draw(surface)
        elif self.earned and self.app.settings.reduce_motion:
            Confetti.still(surface, self.certificate, s)
        self.done.draw(surface)

    def _draw_places(self, surface) -> None:
        s = self.scale
        box = self.list_rect
        theme.panel(surface, box, theme.PANEL, round(14 * s))
        pad = round(12 * s)
        line = max(14, min(round(28 * s), (box.h - 2 * pad) // max(1, len(self.places))))
        size = max(10, min(round(16 * s), line - 3))
        mine = set(self.play.player_teams())
        for i, place in enumerate(self.places):
            y = box.y + pad + i * line
            if y + line > box.bottom - pad:
                break
            colour = MEDALS.get(place.award or "", theme.INK)
            if place.team in mine:
                colour = PLAYER_COLOUR
            blit_text(surface, f"{place.place}.", size, (box.x + pad + round(34 * s), y), colour, True, "topright")
            award = tr(f"tournament.award.{place.award}") if place.award else ""
            award_w = theme.text(award, size).get_width() if award else 0
            name_w = box.w - 2 * pad - round(44 * s) - award_w - round(10 * s)
            name = fit_text(self.play.names[place.team], size, name_w)
            blit_text(surface, name, size, (box.x + pad + round(44 * s), y), colour)
            if award:
                blit_text(surface, award, size, (box.right - pad, y), theme.INK_DIM, anchor="topright")

    def _draw_certificate(self, surface) -> None:
        """A certificate-like panel: a cream sheet with a double gold border."""
        s = self.scale
        box = self.certificate
        pygame.draw.rect(surface, (244, 236, 214), box, border_radius=round(6 * s))
        pygame.draw.rect(surface, theme.GOLD, box, max(2, round(4 * s)), border_radius=round(6 * s))
        inner = box.inflate(-round(16 * s), -round(16 * s))
        pygame.draw.rect(surface, (176, 132, 50), inner, max(1, round(2 * s)), border_radius=round(4 * s))
        ink = (70, 40, 20)
        event = self.play.event
        cx = box.centerx
        width = inner.w - round(30 * s)
        rows: list[tuple[str, int, bool, tuple[int, int, int]]] = [
            (tr("event.certificate"), 28, True, RED_INK),
            (ruleset_text.name(event.ruleset), 15, False, ink),
            (tr(f"tournament.format.{event.format}"), 14, False, ink),
        ]
        if self.mine is not None:
            rows.append((self.play.names[self.mine.team], 24, True, ink))
            award = self.mine.award
            rows.append(
                (tr(f"tournament.award.{award}") if award else tr("event.place", n=self.mine.place), 20, True, RED_INK)
            )
        rows.append((time.strftime("%Y-%m-%d", time.localtime(self.play.saved.started)), 13, False, ink))
        # The lines spread over the sheet, as a certificate's are.
        heights = [round(size * s * 1.5) for _, size, _, _ in rows]
        room = inner.h - round(24 * s)
        gap = max(0, (room - sum(heights)) // (len(rows) + 1))
        y = inner.y + round(12 * s) + gap
        for (text, size, bold, colour), height in zip(rows, heights):
            px = round(size * s)
            blit_text(surface, fit_text(text, px, width, bold), px, (cx, y), colour, bold, anchor="midtop")
            y += height + gap

    def phase_name(self) -> str:
        return "tournament-prizes"
