"""A table with depth: avatars, the winner's star, confetti when our team goes up, and the
reduce-motion setting (no confetti, card flights a blink)."""

import pygame

from game.ui.kit import flights
from game.ui.kit.avatars import avatar
from game.ui.kit.celebration import Confetti
from game.ui.kit.scene import REDUCED_MOTION
from game.ui.table.results import HandEndScene
from game.ui.table.table_view import winner_star
from tests.ui_helpers import make_app, run, start_match


def test_avatars_differ_for_people_and_bots_and_are_round():
    pygame.display.init()
    person, bot = avatar("person", 48, (88, 170, 255)), avatar("bot", 48, (88, 170, 255))
    assert person.get_size() == bot.get_size() == (48, 48)
    assert person.get_at((0, 0)).a == 0 and person.get_at((24, 24)).a == 255  # a disc
    diff = sum(1 for x in range(0, 48, 2) for y in range(0, 48, 2) if person.get_at((x, y)) != bot.get_at((x, y)))
    assert diff > 50
    assert winner_star(20).get_size() == (20, 20)


def test_confetti_is_seeded_moves_and_ends():
    area = pygame.Rect(0, 0, 800, 600)
    a, b = Confetti(area, 7), Confetti(area, 7)
    assert [p[:2] for p in a.pieces] == [p[:2] for p in b.pieces]
    start = [p[:2] for p in a.pieces]
    surface = pygame.Surface(area.size)
    a.update(0.3)
    a.draw(surface)
    assert [p[:2] for p in a.pieces] != start
    for _ in range(100):
        a.update(0.05)
    assert a.done


def finish_a_hand(app):
    from game.table import WaitKind, default_action

    table = app.top
    for _ in range(60000):
        if isinstance(app.top, HandEndScene):
            return app.top
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            table.driver.submit(default_action(table.driver.hand, wait.seat))
        app.step(1 / 30)
    raise AssertionError("the hand did not end")


def test_a_hand_won_by_the_bots_table_ends_with_confetti_unless_motion_is_reduced(tmp_path):
    for reduce in (False, True):
        for seed in range(4, 12):
            app = make_app(tmp_path / f"{reduce}-{seed}", speed=20.0)
            app.settings.reduce_motion = reduce
            app.save_settings()
            assert flights.MOTION[0] == (REDUCED_MOTION if reduce else 1.0)
            start_match(app, "hebi-2010", seed, None, ["normal"] * 4, "practice", 2)
            end = finish_a_hand(app)
            # With no person at the table, any team going up is cheered.
            assert end.cheer == (end.summary.up_levels > 0)
            if end.cheer:
                break
        assert end.cheer
        # The kitty turns face up card by card, or at once with reduce motion.
        assert (end.reveal_end == 0) == reduce
        run(app, 0.5)
        if reduce:
            assert end.confetti is None
        else:
            assert end.confetti is not None and end.animating()
            run(app, 4.0)
            assert end.confetti.done and end.reveal >= end.reveal_end
    flights.MOTION[0] = 1.0


def test_reduced_motion_shortens_flights_only():
    flights.MOTION[0] = REDUCED_MOTION
    try:
        f = flights.fly(None, (0, 0), (100, 0), 50, 50, 1.0, 0.5)
        assert f.tween.duration < 0.2 and f.tween.delay < 0.1
    finally:
        flights.MOTION[0] = 1.0
