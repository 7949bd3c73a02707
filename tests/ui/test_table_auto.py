"""Issue 26, items 2, 3 and 5, through the table scene with simulated events: take-over
(托管) by key, button and plate, per person at a hot-seat table and in a tournament; the
obvious move played for the person where the setting allows it, and by Enter; a peek at
the last trick while Tab or a mouse button is held."""

from collections import Counter

import pygame
import pytest

from bots.hint import hint
from game.core import BURY, PLAY
from game.table import WaitKind, hint_action
from game.ui.table.privacy import PrivacyScene
from game.ui.table.table_auto import TAKE_OVER_KEY, only_move
from game.ui.table.table_peek import PEEK_KEY
from game.ui.table.table_scene import TableScene
from tests.ui.test_hotseat_ui import check_privacy, faces, step  # noqa: F401 - the fixture
from tests.ui_helpers import click, continue_match, key, make_app, run, start_match

DT = 1 / 30


def press(app, k, up=True):
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]
    if up:
        events.append(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    app.step(1 / 60, events)


def new_table(tmp_path, mode="practice", ruleset="hebi-2010", seed=3, lang="en", **options) -> tuple:
    app = make_app(tmp_path, size=(1024, 640), lang=lang, speed=8.0, **options)
    start_match(app, ruleset, seed, 0, ["human", "normal", "normal", "normal"], mode, 10)
    table = app.top
    assert isinstance(table, TableScene)
    return app, table


def play_own(app, table, stop=lambda wait: False, limit=40000):
    """Answer seat 0's decisions with the hint until ``stop(wait)``; returns that wait."""
    for _ in range(limit):
        if app.top is not table:
            app.pop()  # the end-of-hand panel
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.seat == 0 and wait.kind != WaitKind.CONTINUE:
            if stop(wait):
                return wait
            if wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(0)
            else:
                table.driver.submit(hint_action(table.driver.hand, 0, hint))
        app.step(DT)
    raise AssertionError("never stopped")


def count_play_for(table):
    calls = []
    original = table.driver.play_for

    def spy(seat):
        action = original(seat)
        calls.append((seat, action))
        return action

    table.driver.play_for = spy
    return calls


# ---------------------------------------------------------------------------- take-over


def test_take_over_plays_every_decision_of_the_seat_until_taken_back(tmp_path):
    app, table = new_table(tmp_path, seed=11)
    calls = count_play_for(table)
    run(app, 0.2)
    press(app, TAKE_OVER_KEY)
    assert table.auto.on(0)
    assert table.auto.plate_label(0) == "Auto" and table.prompt()[0].startswith("The computer plays for you")
    assert table.auto.button.text == "Take back (T)"
    hand = table.driver.hand
    for _ in range(40000):  # nobody touches anything: the hand is played to its end
        if hand.finished:
            break
        assert not table.controls, "a handed-over seat has no decision buttons"
        app.step(DT)
    assert hand.finished
    mine = [a for a in hand.log if a.seat == 0 and a.kind in (BURY, PLAY)]
    assert len(mine) >= 10 and len(calls) == len(mine)  # every one through play_for (the time-out's rule)
    assert all(action is not None for _, action in calls)
    # Taken back: the next hand waits for the person.
    while app.top is not table:
        app.pop()
    press(app, TAKE_OVER_KEY)
    assert not table.auto.on(0)
    wait = play_own(app, table, stop=lambda w: w.kind in (WaitKind.BURY, WaitKind.PLAY))
    log = len(table.driver.hand.log)
    run(app, 3.0)
    assert len(table.driver.hand.log) == log and table.driver.waiting() == wait
    assert table.auto.plate_label(0) is None


def test_take_over_answers_the_declaring_stops_and_the_bury(tmp_path):
    # Seed 6: South is asked at the first hand's stops, and deals (and buries) the second.
    app, table = new_table(tmp_path, seed=6)
    press(app, TAKE_OVER_KEY)
    asked = set()
    for _ in range(60000):
        if app.top is not table:
            app.pop()  # the end-of-hand panel
            continue
        hand = table.driver.hand
        if any(a.kind == BURY and a.seat == 0 for a in hand.log):
            break
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.seat == 0:
            asked.add(wait.kind)
        app.step(DT)
    else:
        raise AssertionError("South never buried")
    assert WaitKind.DECLARE in asked and WaitKind.BURY in asked  # asked, and answered by the computer
    assert table.auto.on(0)


def test_the_button_and_the_plate_hand_over_and_take_back(tmp_path):
    for lang, on, off in (("en", "Take back (T)", "Auto (T)"), ("zh", "取消托管 (T)", "托管 (T)")):
        app, table = new_table(tmp_path / lang, lang=lang)
        run(app, 0.2)
        button = table.auto.button
        assert button.text == off and table.lay.width >= button.rect.right
        assert not button.rect.colliderect(table.rules_button.rect)
        click(app, button.rect.center)
        assert table.auto.on(0) and button.text == on
        click(app, table.lay.plate_rect(0).center)  # a click on the seat's plate takes it back
        assert not table.auto.on(0)
        click(app, button.rect.center)
        click(app, button.rect.center)
        assert not table.auto.on(0)


def test_take_over_is_allowed_in_a_tournament_and_beats_the_clock(tmp_path):
    app, table = new_table(tmp_path, mode="tournament", seed=11)
    press(app, TAKE_OVER_KEY)
    assert table.auto.on(0)
    hand = table.driver.hand
    for _ in range(40000):
        if hand.finished:
            break
        app.step(DT)
        assert table.notice is None or "Time's up" not in table.notice[0]
    assert hand.finished


def test_a_continued_match_starts_with_everyone_playing_his_own_cards(tmp_path):
    app, table = new_table(tmp_path, seed=11)
    play_own(app, table, stop=lambda w: w.kind == WaitKind.PLAY)
    saved = table.driver.save_data()["table"]
    press(app, TAKE_OVER_KEY)
    run(app, 2.0)
    assert table.auto.on(0)
    assert table.driver.save_data()["table"] == saved  # the table's settings say nothing of it
    app.pop()
    table.closing()
    continue_match(app)
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    assert not again.auto.on(0) and again.auto.plate_label(0) is None


def test_hotseat_each_person_hands_over_alone_and_no_hand_of_his_is_shown(tmp_path, faces):  # noqa: F811
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "logistics-2015", 4, 0, ["human", "normal", "human", "normal"], "practice", 1, humans=[0, 2])
    table = app.top
    faces.check = lambda: check_privacy(app, table, faces) if app.stack[0] is table else "other"
    called = []
    handed_at = None
    for _ in range(60000):
        top = app.top
        if type(top).__name__ == "ModeHandEndScene":
            break
        if isinstance(top, PrivacyScene):
            called.append(top.seat)
            if top.seat == 2 and handed_at is None:
                handed_at = len(called)
                step(app, faces, events=[pygame.event.Event(pygame.KEYDOWN, key=TAKE_OVER_KEY, mod=0, unicode="")])
                assert table.auto.on(2) and not table.auto.on(0) and table.locked
            else:
                step(app, faces, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and not table.locked and wait.kind != WaitKind.CONTINUE:
            assert wait.seat == 0 and table.viewer == 0  # North plays face down, South his own
            if handed_at is not None:
                assert table.auto.plate_label(2) == tr_auto()
            if wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(0)
            else:
                table.driver.submit(hint_action(table.driver.hand, 0, hint))
        step(app, faces)
    hand = table.anim.settled
    assert hand is not None and hand.finished and handed_at is not None
    assert 2 not in called[handed_at:], "a handed-over person was called to the screen"
    assert any(a.seat == 2 and a.kind == PLAY for a in hand.log)
    assert faces.seen["open"] and not table.auto.on(0)


def tr_auto():
    from game.i18n import tr

    return tr("table.auto_plate")


def test_hotseat_a_person_handed_over_takes_his_seat_back_with_a_click_on_his_plate(tmp_path, faces):  # noqa: F811
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "logistics-2015", 4, 0, ["human", "normal", "human", "normal"], "practice", 1, humans=[0, 2])
    table = app.top
    table.auto.set(2, True)
    faces.check = lambda: check_privacy(app, table, faces) if app.stack[0] is table else "other"
    taken_back = False
    for _ in range(60000):
        top = app.top
        if isinstance(top, PrivacyScene):
            if top.seat == 2:
                assert taken_back
                return
            step(app, faces, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and not table.locked and wait.kind == WaitKind.PLAY and not taken_back:
            click(app, table.lay.plate_rect(table.pos(2)).center)
            assert not table.auto.on(2)
            taken_back = True
            continue
        if wait is not None and not table.locked and wait.kind != WaitKind.CONTINUE:
            if wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(wait.seat)
            else:
                table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        step(app, faces)
    raise AssertionError("North was never called back")


# ---------------------------------------------------------------------------- obvious moves


def forced(table, wait):
    return wait.kind == WaitKind.PLAY and only_move(table, 0) is not None


@pytest.mark.parametrize(
    "mode, setting, played",
    [
        ("practice", None, True),  # the default: on in practice
        ("tournament", None, False),  # and off in a tournament
        ("tournament", "on", True),
        ("practice", "off", False),
    ],
)
def test_the_only_legal_play_is_made_for_the_person_where_the_setting_allows(tmp_path, mode, setting, played):
    app, table = new_table(tmp_path, mode=mode, seed=11)
    if setting is not None:
        app.settings.obvious_moves = setting
    assert app.settings.obvious_moves == (setting or "practice")
    play_own(app, table, stop=lambda w: forced(table, w))
    cards = only_move(table, 0)
    log = len(table.driver.hand.log)
    run(app, 1.5)
    hand = table.driver.hand
    if played:
        assert len(hand.log) > log and hand.log[log].seat == 0 and Counter(hand.log[log].cards) == Counter(cards)
    else:
        assert len(hand.log) == log


def test_enter_plays_the_last_card_whatever_the_setting(tmp_path):
    app, table = new_table(tmp_path, seed=11)
    app.settings.obvious_moves = "off"
    play_own(app, table, stop=lambda w: w.kind == WaitKind.PLAY and len(table.driver.observation(0).hand) == 1)
    assert not table.hand_view.selected
    last = table.driver.observation(0).hand[0]
    log = len(table.driver.hand.log)
    key(app, pygame.K_RETURN)
    hand = table.driver.hand
    assert len(hand.log) == log + 1 and hand.log[log].seat == 0 and hand.log[log].cards == (last,)


def test_enter_with_a_choice_to_make_still_plays_nothing(tmp_path):
    app, table = new_table(tmp_path, seed=11)
    play_own(app, table, stop=lambda w: w.kind == WaitKind.PLAY and only_move(table, 0) is None)
    log = len(table.driver.hand.log)
    key(app, pygame.K_RETURN)
    assert len(table.driver.hand.log) == log


# ---------------------------------------------------------------------------- the peek


def mid_trick(app, table):
    """Seat 0 to lead or follow, a trick done and the next one begun (nothing lingering)."""

    def ready(wait):
        obs = table.anim.obs
        return wait.kind == WaitKind.PLAY and obs.tricks and obs.current is not None and table.anim.lingering is None

    play_own(app, table, stop=ready)


def trick_faces(monkeypatch, table, app):
    import game.ui.table.table_view as view

    drawn = Counter()
    original = view.card_image

    def spy(card, height, variant="normal"):
        if height == table.lay.trick_h:
            drawn[card] += 1
        return original(card, height, variant)

    monkeypatch.setattr(view, "card_image", spy)

    def frame():
        drawn.clear()
        table.view.draw(app.surface)
        return Counter(drawn)

    return frame


def test_holding_tab_shows_the_last_trick_in_place_of_the_current_one(tmp_path, monkeypatch):
    app, table = new_table(tmp_path, ruleset="lanzhou-2010", seed=11)
    mid_trick(app, table)
    obs = table.anim.obs
    last = Counter(c for _, cards in obs.tricks[-1].plays for c in cards)
    current = Counter(c for _, cards in obs.current.plays for c in cards)
    frame = trick_faces(monkeypatch, table, app)
    assert frame() == current
    press(app, PEEK_KEY, up=False)
    assert table.peek.held and frame() == last
    _, winner = table.peek.piles()
    assert winner == table.pos(obs.tricks[-1].winner)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYUP, key=PEEK_KEY, mod=0, unicode="", scancode=0)])
    assert not table.peek.held and frame() == current


def test_holding_the_mouse_on_the_trick_shows_the_last_trick_until_release(tmp_path, monkeypatch):
    app, table = new_table(tmp_path, ruleset="lanzhou-2010", seed=11)
    mid_trick(app, table)
    obs = table.anim.obs
    last = Counter(c for _, cards in obs.tricks[-1].plays for c in cards)
    frame = trick_faces(monkeypatch, table, app)
    centre = table.lay.center
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1)])
    run(app, 0.5)  # held: still shown
    assert frame() == last
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1)])
    assert table.peek.piles() is None
    # The dialog stays: L opens it as before.
    key(app, pygame.K_l)
    assert type(app.top).__name__ == "HandRecordScene"


def test_no_peek_where_the_rules_forbid_reviewing_played_cards(tmp_path):
    app, table = new_table(tmp_path, mode="tournament", ruleset="hebi-2010", seed=11)
    mid_trick(app, table)
    press(app, PEEK_KEY, up=False)
    assert table.peek.piles() is None


# ---------------------------------------------------------------------------- layout

from game.core import get_ruleset  # noqa: E402
from tests.ui.test_text_layout import LONG, SIZES, _table_panels, _to_play, check_scene, recorder  # noqa: E402, F401


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_take_over_and_the_peek_keep_their_texts_apart(tmp_path, recorder, size, lang):  # noqa: F811
    app = make_app(tmp_path, lang=lang, size=size, speed=20.0)
    start_match(
        app, "lanzhou-2010", 3, 0, ["normal"] * 4, "practice", get_ruleset("lanzhou-2010").match_options[0], names=LONG
    )
    table = app.top
    _to_play(app, table)
    table.anim.banner = None  # a passing banner may lie over the felt's texts
    table.notice = None
    table.auto.set(0, True)
    app.step(1 / 60)
    assert table.prompt()[0] and table.auto.plate_label(0)
    check_scene(recorder, app, table, f"take-over {lang} {size}", _table_panels(table))
    table.auto.set(0, False)
    press(app, PEEK_KEY, up=False)
    assert table.peek.piles() is not None
    check_scene(recorder, app, table, f"peek {lang} {size}", _table_panels(table))
