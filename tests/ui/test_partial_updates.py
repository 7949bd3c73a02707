"""Partial screen updates never leave a stale picture.

The app sends only the areas that changed to the screen when little moves. This test keeps
its own "screen", copies to it exactly what the app would send, and checks it against the
full picture the app drew, all through a bots-only hand and a person's hand.
"""

import pygame
import pytest

from game.ui.table.table_scene import TableScene
from tests.ui_helpers import make_app, start_match


def differing_pixels(a: pygame.Surface, b: pygame.Surface) -> int:
    w, h = a.get_size()
    count = 0
    for y in range(0, h, 3):
        for x in range(0, w, 3):
            p, q = a.get_at((x, y)), b.get_at((x, y))
            if abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b) > 24:
                count += 1
    return count


@pytest.mark.parametrize("human", [None, 2])
def test_what_reaches_the_screen_matches_the_picture(tmp_path, human):
    app = make_app(tmp_path, size=(1024, 640), speed=3.0)
    start_match(app, "logistics-2015", 8, human, ["normal"] * 4, "practice", 1)
    screen = app.surface.copy()
    checked = 0
    for frame in range(1, 2400):
        app.step(1 / 60)
        if app.drawn:
            if app.update_rects is None:
                screen.blit(app.surface, (0, 0))
            else:
                for rect in app.update_rects:
                    screen.blit(app.surface, rect, rect)
        if frame % 29 == 0:  # the hand is a few seconds shorter at the table's pace (issue 26)
            checked += 1
            assert differing_pixels(screen, app.surface) == 0, f"stale pixels at frame {frame}"
        if not isinstance(app.top, TableScene):
            break
        wait = app.top.driver.waiting()
        if human is not None and wait is not None and not app.top.busy:
            from game.table import WaitKind, default_action

            if wait.kind == WaitKind.DECLARE:
                app.top.driver.pass_declaration(human)
            elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                app.top.driver.submit(default_action(app.top.driver.hand, human))
    assert checked > 20
