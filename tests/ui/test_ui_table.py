"""The table scene played headless: scripted clicks, fake time, every phase of a hand."""

import pytest

from game.core import DEALING, PLAY, Action
from game.table import WaitKind, default_action
from game.ui.kit.tween import Tween, approach
from game.ui.table.results import HandEndScene
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, make_app, pick, pick_all, run, start_match


def play_one_hand(app, scene, declare=True):
    """Play the person's part of a hand by clicks until the end-of-hand panel shows."""
    app.settings.obvious_moves = "off"  # every play is clicked, the forced ones too
    seen = set()
    for _ in range(20000):
        if isinstance(app.top, HandEndScene):
            return seen
        wait = None if scene.busy else scene.driver.waiting()
        if declare and scene.controls and scene.driver.hand.phase == DEALING:
            seen.add("declare-button")
            click(app, scene.controls[0].rect.center)
            continue
        if wait is None:
            app.step(1 / 30)
            continue
        seen.add(wait.kind)
        obs = scene.driver.observation(0)
        if wait.kind == WaitKind.DECLARE:
            click(app, scene.controls[-1].rect.center)
        elif wait.kind == WaitKind.BURY:
            assert len(obs.kitty) == obs.ruleset.kitty  # the dealer, and only he, sees the kitty
            for card in default_action(scene.driver.hand, 0).cards:
                assert pick(app, scene, card)
            bury = scene.controls[-1]
            assert bury.enabled
            click(app, bury.rect.center)
        elif wait.kind == WaitKind.PLAY:
            cards = list(default_action(scene.driver.hand, 0).cards)
            play = scene.controls[-1]
            if obs.current is not None and "refused" not in seen:
                wrong = [c for c in obs.hand if c not in cards][:1]
                if wrong and scene.driver.hand.check(Action(PLAY, 0, tuple(wrong))) is not None:
                    pick(app, scene, wrong[0])
                    app.step(1 / 30)
                    assert not play.enabled
                    text, _ = scene.prompt()
                    assert text  # the core's reason, in words
                    seen.add("refused")
                    click(app, (10, 10), button=3)  # right click lowers everything
                    scene.hand_view.clear_selection()
            assert pick_all(app, scene, cards)
            app.step(1 / 30)
            assert play.enabled, scene.prompt()
            click(app, play.rect.center)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("ruleset_id, seed", [("hebi-2010", 5), ("logistics-2015", 4)])
def test_a_full_hand_by_clicks(tmp_path, ruleset_id, seed):
    app = make_app(tmp_path, speed=6.0)
    start_match(app, ruleset_id, seed, 0, ["normal"] * 4, "practice", 2)
    scene = app.top
    assert isinstance(scene, TableScene)
    seen = play_one_hand(app, scene)
    assert "play" in seen and "refused" in seen
    end = app.top
    run(app, 2.0)
    assert end.level_tween.done
    click(app, end.button.rect.center)
    assert app.top is scene
    run(app, 1.0)
    assert scene.anim.hand_number == 2
    assert app.storage.has_save()


def test_the_dealer_buries_by_clicks(tmp_path):
    app = make_app(tmp_path, speed=6.0)
    # The person declares as soon as a button shows: in the first hand that makes him dealer.
    for seed in range(1, 30):
        start_match(app, "logistics-2015", seed, 0, ["normal"] * 4, "practice", 60)
        scene = app.top
        for _ in range(3000):
            if scene.controls and scene.driver.hand.phase == DEALING:
                click(app, scene.controls[0].rect.center)
                break
            if scene.driver.hand.bidding.shown:
                break  # a bot was first: try another deal
            app.step(1 / 30)
        if scene.driver.hand.bidding.shown and scene.driver.hand.bidding.shown[0].seat == 0:
            break
    seen = play_one_hand(app, scene, declare=False)
    assert "bury" in seen


def test_continue_restores_the_table(tmp_path):
    from tests.ui_helpers import continue_match

    app = make_app(tmp_path, speed=8.0)
    start_match(app, "hebi-2010", 12, 0, ["normal"] * 4, "practice", 2)
    scene = app.top
    for _ in range(4000):
        wait = None if scene.busy else scene.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY and scene.driver.hand.tricks:
            break
        if wait is not None and wait.kind == WaitKind.DECLARE:
            scene.driver.pass_declaration(0)
        if wait is not None and wait.kind == WaitKind.BURY:
            scene.driver.submit(default_action(scene.driver.hand, 0))
        if wait is not None and wait.kind == WaitKind.PLAY:
            scene.driver.submit(default_action(scene.driver.hand, 0))
        app.step(1 / 30)
    scene.driver.save()
    before = scene.driver.observation(0)
    continue_match(app)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    after = again.driver.observation(0)
    assert after.hand == before.hand and after.tricks == before.tricks
    assert sorted(map(str, again.hand_view.cards)) == sorted(map(str, after.hand))


def test_a_broken_save_is_moved_aside_with_a_message(tmp_path):
    from game.ui.menus.menus import StartScene
    from tests.ui_helpers import continue_match

    app = make_app(tmp_path)
    app.storage.save_path.write_text('{"match": {"version": 1, "seed": "x"}}', encoding="utf-8")
    app.push(StartScene(app))
    continue_match(app)
    assert isinstance(app.top, StartScene)
    assert app.message and not app.storage.has_save()
    assert list(tmp_path.glob("match.json.broken-*"))
    run(app, 0.2)


def test_tweens_do_not_depend_on_the_frame_rate():
    a, b = Tween(0.5), Tween(0.5)
    a.update(0.3)
    for _ in range(18):
        b.update(0.3 / 18)
    assert a.value == pytest.approx(b.value)
    x = y = 0.0
    x = approach(x, 100, 0.2)
    for _ in range(12):
        y = approach(y, 100, 0.2 / 12)
    assert x == pytest.approx(y)


def test_the_keyboard_leads_a_card(tmp_path):
    """Arrows move the focus, space raises, Enter plays: a whole lead without the mouse."""
    import pygame

    from tests.ui_helpers import key

    app = make_app(tmp_path, speed=8.0)
    start_match(app, "logistics-2015", 4, 1, ["normal"] * 4, "practice", 1)
    scene = app.top
    assert scene.bottom == 1  # the person's seat is drawn at the bottom whatever its number
    for _ in range(6000):
        wait = None if scene.busy else scene.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY and scene.driver.observation(1).current is None:
            break
        if wait is not None and wait.kind != WaitKind.PLAY:
            if wait.kind == WaitKind.DECLARE:
                scene.driver.pass_declaration(1)
            elif wait.kind == WaitKind.BURY:
                scene.driver.submit(default_action(scene.driver.hand, 1))
        elif wait is not None:
            scene.driver.submit(default_action(scene.driver.hand, 1))
        app.step(1 / 30)
    else:
        raise AssertionError("the person never led")
    before = len(scene.driver.observation(1).hand)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_SPACE)
    assert len(scene.hand_view.selected) == 1
    key(app, pygame.K_RETURN)
    run(app, 0.5)
    assert len(scene.driver.observation(1).hand) == before - 1
