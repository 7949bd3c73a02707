"""Hot-seat at one screen: no person's hand is ever drawn face up while another person's
privacy screen or turn is showing; names; the clock runs on behind the privacy screen."""

from collections import Counter

import pygame
import pytest

from bots.hint import hint
from game.table import WaitKind, hint_action
from game.ui.table.privacy import PrivacyScene
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, make_app, pick_all, start_match

DRAWING_MODULES = (
    "game.ui.table.table_view",
    "game.ui.kit.hand_view",
    "game.ui.kit.flights",
    "game.ui.table.results",
    "game.ui.table.hand_record",
)


class Faces(Counter):
    """Every card face drawn in the last frame (card backs are not faces); ``check`` runs
    after every frame the app draws, so no frame escapes the test."""

    check = None
    seen: Counter


@pytest.fixture
def faces(monkeypatch):
    import importlib

    from game.ui.kit.scene import App

    drawn = Faces()
    drawn.seen = Counter()
    for name in DRAWING_MODULES:
        module = importlib.import_module(name)
        original = module.card_image

        def spy(card, height, variant="normal", _original=original):
            drawn[card] += 1
            return _original(card, height, variant)

        monkeypatch.setattr(module, "card_image", spy)
    draw = App.draw

    def checked_draw(app):
        drawn.clear()
        draw(app)
        if drawn.check is not None:
            drawn.seen[drawn.check()] += 1

    monkeypatch.setattr(App, "draw", checked_draw)
    return drawn


def public_cards(hand) -> Counter:
    """Cards anyone at the table may see now: played and declared ones (the kitty at the end)."""
    out = Counter()
    for trick in hand.tricks:
        for _, cards in trick.plays:
            out.update(cards)
        out.update(trick.attempted)
    for decl in hand.bidding.shown:
        out.update(decl.cards)
    if hand.finished:
        out.update(hand.kitty)
    return out


def step(app, faces, dt=1 / 30, events=()):
    app.dirty = True  # draw every frame, so every frame is checked
    app.step(dt, list(events))


def check_privacy(app, table: TableScene, faces: Counter) -> str:
    """The invariant; returns what was on screen ("privacy", "open", "locked")."""
    hand = table.driver.hand
    # A public card may be drawn twice (the trump panel and beside its seat); the table
    # goes on showing the settled hand under the end-of-hand panel.
    allowed = public_cards(hand) + public_cards(table.anim.settled or hand)
    top = app.top
    if isinstance(top, PrivacyScene):
        assert table.locked and table.hand_view.hidden
        assert not (faces - allowed), f"a hand shown behind {top.seat}'s privacy screen: {faces - allowed}"
        return "privacy"
    if table.locked:
        assert table.hand_view.hidden
        assert not (faces - allowed), f"a hand shown while locked: {faces - allowed}"
        return "locked"
    seat = table.privacy.unlocked
    assert seat == table.viewer == table.bottom
    wait = None if table.busy else table.driver.waiting()
    if wait is not None and wait.kind != WaitKind.CONTINUE:
        assert wait.seat == seat, f"seat {seat}'s hand is up while seat {wait.seat} must act"
    own = Counter(hand.hands[seat])
    extra = faces - allowed - own
    assert not extra, f"cards of another hand drawn face up for seat {seat}: {extra}"
    return "open"


def play_hotseat_hand(app, faces, declare_sometimes=True):
    table = app.top
    assert isinstance(table, TableScene) and table.driver.hotseat and table.locked
    app.settings.obvious_moves = "off"  # every play is clicked, the forced ones too
    faces.check = lambda: check_privacy(app, table, faces) if app.stack[0] is table else "other"
    privacy_for = []
    for _ in range(60000):
        top = app.top
        if type(top).__name__ == "ModeHandEndScene":
            return faces.seen, privacy_for
        if isinstance(top, PrivacyScene):
            privacy_for.append((top.seat, top.kind))
            step(app, faces, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is None or table.locked or top is not table:
            step(app, faces)
            continue
        if wait.kind == WaitKind.DECLARE:
            if declare_sometimes and len(privacy_for) % 2 == 0 and wait.options:  # a stop may offer nothing
                click(app, table.controls[0].rect.center)
            else:
                click(app, table.controls[-1].rect.center)
            continue
        action = hint_action(table.driver.hand, wait.seat, hint)
        assert pick_all(app, table, action.cards)
        step(app, faces)
        assert table.controls[-1].enabled, table.prompt()
        click(app, table.controls[-1].rect.center)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(
    "ruleset_id, humans, seed",
    [
        ("logistics-2015", [0, 1, 3], 4),  # one deck: every card is unique
        ("hebi-2010", [0, 2], 5),  # partners
    ],
)
def test_no_hand_is_drawn_face_up_during_another_persons_privacy_screen_or_turn(
    tmp_path, faces, ruleset_id, humans, seed
):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    levels = ["human" if s in humans else "normal" for s in range(4)]
    start_match(app, ruleset_id, seed, humans[0], levels, "practice", 1, humans=humans)
    seen, privacy_for = play_hotseat_hand(app, faces)
    assert seen["privacy"] and seen["open"] and seen["locked"]
    # Every person was asked to sit down before playing, and the screen changed hands.
    assert {s for s, kind in privacy_for if kind == "play"} == set(humans)
    # Everyone is called to declare equally often, whatever his cards (issue 13, defect 2).
    calls = Counter(s for s, kind in privacy_for if kind == "declare")
    assert set(calls) == set(humans) and len(set(calls.values())) == 1, calls


def test_names_are_used_and_the_table_turns_to_the_person(tmp_path, faces):
    app = make_app(tmp_path, lang="zh", size=(1024, 640), speed=8.0)
    start_match(
        app,
        "logistics-2015",
        4,
        0,
        ["human", "normal", "human", "normal"],
        "practice",
        1,
        humans=[0, 2],
        names={"seats": ["", "", "老王", ""], "teams": ["虎队", ""]},
    )
    table = app.top
    for _ in range(20000):
        if isinstance(app.top, PrivacyScene) and app.top.seat == 2:
            break
        if isinstance(app.top, PrivacyScene):
            step(
                app,
                faces,
                events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)],
            )
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and not table.locked and wait.kind != WaitKind.CONTINUE:
            if wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(wait.seat)
            else:
                table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        step(app, faces)
    from game.i18n import tr
    from game.ui.kit.names import seat_name, team_name

    names = table.names
    assert tr("hotseat.take_seat", player=seat_name(2, None, names)) == "请老王就座"
    assert seat_name(1, None, names) == "东家" and team_name(0, 0, names) == "虎队"
    step(app, faces, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
    assert table.viewer == 2 and table.bottom == 2 and not table.locked
    assert sorted(table.hand_view.cards) == sorted(table.driver.hand.hands[2])


def test_the_clock_runs_on_behind_the_privacy_screen(tmp_path, faces):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 6, 0, ["human", "human", "normal", "normal"], "tournament", 10, humans=[0, 1])
    table = app.top
    for _ in range(40000):
        top = app.top
        if isinstance(top, PrivacyScene) and top.kind == "play":
            break
        if isinstance(top, PrivacyScene):
            step(app, faces, events=[pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)])
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and not table.locked:
            if wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(wait.seat)
            elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        step(app, faces)
    privacy = app.top
    assert isinstance(privacy, PrivacyScene)
    seat = privacy.seat
    hand = table.driver.hand
    expected, _ = hint(hand, seat)
    plays = len(hand.log)
    faces.check = lambda: check_privacy(app, table, faces)
    for _ in range(int(31 / (1 / 30))):  # 31 s of fake time, nobody clicks
        step(app, faces)
        if len(hand.log) > plays:
            break
    played = hand.log[plays]
    assert played.seat == seat and sorted(played.cards) == sorted(expected)
    assert table.notice is not None and "Time's up" in table.notice[0]
    assert not isinstance(app.top, PrivacyScene) or app.top.seat != seat
