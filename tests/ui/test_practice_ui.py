"""Practice and tournament at the table, by clicks and fake time: hint, why not, undo, the
card counter and the records, replaying a deal, the clocks; outside programs as seats."""

import json
from pathlib import Path
import shlex
import sys

import pygame
import pytest

from bots.hint import hint
from game.app.storage import Storage
from game.core import DEALING, DECLARE, PLAY, PLAYING, Action
from game.i18n import set_language
from game.table import WaitKind, hint_action
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, key, make_app, pick, pick_all, run, start_match

ROOT = Path(__file__).resolve().parents[2]


def saved_match(folder) -> dict:
    """The match as saved, its seeds opened (each write seals them with a fresh nonce)."""
    return Storage(folder, watch_only=True).read_save()


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def until_wait(app, table, kinds=("play",), answer_declare=True, limit=40000):
    """Step until the person at the bottom must do one of ``kinds``; bury and play by hint."""
    for _ in range(limit):
        if not isinstance(app.top, TableScene):
            app.step(1 / 30)
            continue
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind in kinds:
            return wait
        if wait is not None and wait.kind == WaitKind.DECLARE and answer_declare:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        app.step(1 / 30)
    raise AssertionError(f"no {kinds} came")


def button(table, key_name):
    from game.i18n import tr

    label = tr(key_name)
    for b in list(table.controls) + list(table.tools):
        if b.text == label:
            return b
    return None


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_hint_raises_the_normal_bots_cards_with_a_reason(tmp_path, lang):
    app = make_app(tmp_path, lang=lang, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    until_wait(app, table)
    until_wait(app, table)  # a follow or a lead, after the first one
    expected, reason = hint(table.driver.hand, 0)
    hint_button = button(table, "button.hint")
    assert hint_button is not None and table.controls[-1] is not hint_button
    click(app, hint_button.rect.center)
    assert sorted(table.hand_view.selected) == sorted(expected)
    from game.i18n import tr

    assert tr("hint." + reason.code).split("{")[0][:4] in table.practice.hint_line
    assert table.controls[-1].enabled  # Play
    click(app, table.controls[-1].rect.center)
    assert table.driver.hand.log[-1].seat == 0 and sorted(table.driver.hand.log[-1].cards) == sorted(expected)
    assert table.practice.hint_line == ""


def test_why_not_names_the_rules_section_for_plays_and_declarations(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    # A declaration tried with raised cards during the deal.
    for _ in range(4000):
        hand = table.driver.hand
        if hand.phase == DEALING and hand.dealt > 30:
            break
        app.step(1 / 30)
    cards = table.driver.observation(0).hand[:2]
    for card in cards:
        assert pick(app, table, card)
    app.step(1 / 30)
    declare = button(table, "practice.declare_selected")
    assert declare is not None
    refusal = table.driver.hand.check(Action(DECLARE, 0, tuple(table.hand_view.selected)))
    if refusal is not None:
        click(app, declare.rect.center)
        text, _ = table.prompt()
        assert "(Rules §8 Declaring trump)" in text
    table.hand_view.clear_selection()
    table.error = ""
    # A refused follow.
    for _ in range(20):
        until_wait(app, table)
        obs = table.driver.observation(0)
        if obs.current is None:
            table.driver.submit(hint_action(table.driver.hand, 0, hint))
            continue
        wrong = [c for c in obs.hand if table.driver.hand.check(Action(PLAY, 0, (c,))) is not None]
        if len(obs.current.lead) == 1 and wrong:
            pick(app, table, wrong[0])
            app.step(1 / 30)
            text, _ = table.prompt()
            assert "(Rules §5 Following)" in text
            assert not table.controls[-1].enabled
            return
        table.driver.submit(hint_action(table.driver.hand, 0, hint))
    pytest.fail("no refusable follow came up")


def test_undo_by_the_button_restores_the_state_the_screen_and_the_save(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "logistics-2015", 7, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    undo = button(table, "button.undo")
    until_wait(app, table)
    assert not undo.enabled or table.driver.hand.undo_point(0) is not None
    before = table.driver.hand.digest()
    hand_before = sorted(table.driver.hand.hands[0])
    action = hint_action(table.driver.hand, 0, hint)
    pick_all(app, table, action.cards)
    click(app, table.controls[-1].rect.center)
    until_wait(app, table)  # the bots reply, the trick is swept
    assert table.driver.hand.digest() != before
    assert undo.enabled
    click(app, undo.rect.center)
    run(app, 0.5)
    assert table.driver.hand.digest() == before
    assert sorted(table.hand_view.cards) == hand_before
    saved = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert len(saved["match"]["current"]["log"]) == len(table.driver.hand.log)
    assert table.driver.waiting().seat == 0


def test_counter_last_trick_and_hand_so_far_open(tmp_path):
    app = make_app(tmp_path, lang="zh", size=(1024, 640), speed=8.0)
    start_match(app, "lanzhou-2010", 2, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    for _ in range(3):
        until_wait(app, table)
        table.driver.submit(hint_action(table.driver.hand, 0, hint))
    until_wait(app, table)
    click(app, button(table, "practice.counter").rect.center)
    assert table.practice.show_counter
    run(app, 0.1)
    click(app, button(table, "button.last_trick").rect.center)
    assert type(app.top).__name__ == "HandRecordScene" and app.top.last_only
    key(app, pygame.K_ESCAPE)
    click(app, button(table, "practice.hand_so_far").rect.center)
    assert type(app.top).__name__ == "HandRecordScene" and not app.top.last_only
    for k in (pygame.K_UP, pygame.K_PAGEDOWN, pygame.K_ESCAPE):
        key(app, k)
    assert app.top is table


def test_replay_this_deal_from_another_seat_leaves_the_match_saved(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=20.0)
    start_match(app, "logistics-2015", 9, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    for _ in range(40000):
        if type(app.top).__name__ == "ModeHandEndScene":
            break
        if isinstance(app.top, TableScene):
            wait = None if table.busy else table.driver.waiting()
            if wait is not None and wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(0)
            elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                table.driver.submit(hint_action(table.driver.hand, 0, hint))
        app.step(1 / 30)
    end = app.top
    setup = end.hand.setup
    saved = saved_match(tmp_path)
    click(app, end.again.rect.center)
    dialog = app.top
    click(app, dialog.seats[1].rect.center)  # from East
    replayed = app.top
    assert isinstance(replayed, TableScene)
    assert replayed.viewer == 1 and replayed.driver.settings.deal_only
    assert replayed.driver.hand.setup == setup
    run(app, 2.0)
    assert saved_match(tmp_path) == saved


# ---------------------------------------------------------------------------- tournament clocks


def test_a_play_clock_runs_out_to_the_hints_move(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 8, 0, ["normal"] * 4, "tournament", 10)
    table = app.top
    assert button(table, "button.hint") is None and button(table, "button.undo") is None
    # hebi-2010 turns played cards face down: no last trick in a tournament (RULES.md §10).
    assert button(table, "practice.counter") is None and button(table, "button.last_trick") is None
    until_wait(app, table)
    hand = table.driver.hand
    expected, _ = hint(hand, 0)
    n = len(hand.log)
    run(app, 0.5)
    assert table.driver.clock.running and table.driver.clock.total == 30 and table.driver.clock.seconds_left <= 30
    run(app, 28.0)
    assert len(hand.log) == n  # not yet
    run(app, 2.0)
    assert hand.log[n].seat == 0 and sorted(hand.log[n].cards) == sorted(expected)
    assert table.notice is not None and "Time's up" in table.notice[0]


def test_a_bury_clock_runs_out_to_the_hints_bury(tmp_path):
    for seed in range(1, 12):
        app = make_app(tmp_path / str(seed), size=(1024, 640), speed=8.0)
        start_match(app, "hebi-2010", seed, 0, ["normal"] * 4, "tournament", 10)
        table = app.top
        for _ in range(4000):  # declare at the first chance, to become the dealer
            if table.controls and table.driver.hand.phase == DEALING and not table.busy:
                click(app, table.controls[0].rect.center)
                break
            if table.driver.hand.phase != DEALING:
                break
            app.step(1 / 30)
        wait = until_wait(app, table, kinds=("bury", "play"))
        if wait.kind != WaitKind.BURY:
            continue
        hand = table.driver.hand
        expected, _ = hint(hand, 0)
        run(app, 1.0)
        assert table.driver.clock.total == 60
        run(app, 60.0)
        assert hand.phase == PLAYING and sorted(hand.kitty) == sorted(expected)
        assert "buried" in table.notice[0]
        return
    pytest.skip("the person never became the dealer")


# ---------------------------------------------------------------------------- outside programs


def test_seat_flags_are_parsed():
    from game.__main__ import parse_args

    args = parse_args(["--seat", '1=external:python3 "my bot.py" --fast', "--seat", "3=hard", "--external-ms", "250"])
    assert args.seats == {1: 'external:python3 "my bot.py" --fast', 3: "hard"}
    assert args.external_ms == 250
    with pytest.raises(SystemExit):
        parse_args(["--seat", "5=external:x"])


def test_an_outside_program_plays_a_seat_at_the_table(tmp_path):
    from bots.external import ExternalBot

    command = " ".join(shlex.quote(str(a)) for a in (sys.executable, ROOT / "bots" / "examples" / "random_bot.py", "3"))
    app = make_app(tmp_path, size=(1024, 640), speed=30.0, seats={1: "external:" + command}, external_ms=3000)
    app.session.bot_factory = None  # the real bots, with the program at seat 1
    start_match(app, "logistics-2015", 3, None, ["easy"] * 4, "practice", 60)
    table = app.top
    bot = table.driver.controllers[1].bot
    assert isinstance(bot, ExternalBot) and table.driver.controllers[1].level.startswith("external:")
    for _ in range(20000):
        if type(app.top).__name__ == "ModeHandEndScene":
            break
        app.step(1 / 30)
    else:
        pytest.fail("the hand did not end")
    assert bot.program.running
    app.top.proceed()  # the next hand: the program was sent the result
    table.driver.close()
    assert not bot.program.running
    saved = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert saved["table"]["levels"][1].startswith("external:")


def test_a_replayed_deal_is_never_saved_over_the_match(tmp_path):
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "logistics-2015", 9, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    until_wait(app, table)
    click(app, button(table, "practice.replay_deal").rect.center)
    click(app, app.top.seats[2].rect.center)
    saved = saved_match(tmp_path)
    replayed = app.top
    assert replayed.driver.settings.deal_only and replayed.viewer == 2
    until_wait(app, replayed)
    replayed.closing()  # the window closes during the replayed deal
    from game.ui.menus.menus import LeaveDialog

    LeaveDialog(app, replayed).leave()
    assert saved_match(tmp_path) == saved
