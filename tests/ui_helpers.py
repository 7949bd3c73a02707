"""Headless helpers for the front-end tests: an app on the dummy driver, fake time, clicks."""

from __future__ import annotations

import pygame

from game.app.session import MatchChoice
from game.ui.kit.scene import App, Options
from game.ui.navigation import make_app as make_navigated_app
from tests.standin_bots import standin_factory


def make_app(tmp_path, size=(1280, 800), lang="en", **options) -> App:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    opts = Options(lang=lang, data_dir=tmp_path, size=size, bot_factory=standin_factory, **options)
    return make_navigated_app(opts, surface)


def start_match(
    app: App,
    ruleset_id: str,
    seed: int | None,
    human: int | None,
    levels: list[str],
    mode: str = "practice",
    length: int | None = None,
    humans: list[int] | None = None,
    names: dict | None = None,
) -> None:
    """Open a new match's table, as the new-match screen's Start does."""
    app.nav.start_match(
        MatchChoice(ruleset_id, list(levels), human, list(humans or []), mode, length, seed, dict(names or {}))
    )


def continue_match(app: App) -> None:
    """Continue the saved match, as the start screen's Continue does."""
    app.nav.continue_match()


def click(app: App, pos, button: int = 1) -> None:
    pos = (round(pos[0]), round(pos[1]))
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ],
    )


def key(app: App, k: int) -> None:
    app.step(
        1 / 60,
        [
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0),
        ],
    )


def run(app: App, seconds: float, dt: float = 1 / 30) -> None:
    for _ in range(round(seconds / dt)):
        app.step(dt)


def pick(app: App, scene, card) -> bool:
    """Click the first lowered copy of ``card`` in the hand."""
    for i, entry in enumerate(scene.hand_view.entries):
        if entry.card == card and not entry.selected:
            rect = scene.hand_view.rect_of(i)
            click(app, (rect.x + 4, rect.y + rect.h // 2))
            return True
    return False


def pick_all(app: App, scene, cards) -> bool:
    """Raise exactly ``cards`` by clicks. A click may raise a card's pair or tractor with it
    (when following one): copies already raised count, and a card raised but not wanted is
    clicked down again."""
    from collections import Counter

    want = Counter(cards)
    for card in want:
        while sum(1 for e in scene.hand_view.entries if e.selected and e.card == card) < want[card]:
            if not pick(app, scene, card):
                return False
    for _ in range(len(scene.hand_view.entries)):
        extra = Counter(scene.hand_view.selected) - want
        if not extra:
            break
        card = next(iter(extra))
        i = next(i for i, e in enumerate(scene.hand_view.entries) if e.selected and e.card == card)
        rect = scene.hand_view.rect_of(i)
        app.step(0.5)  # not a double-click on a card just clicked
        click(app, (rect.x + 4, rect.y + rect.h // 2))
    return Counter(scene.hand_view.selected) == want
