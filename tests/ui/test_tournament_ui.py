"""A tournament event through the screens (issue 28): the start screen's entry, the setup, the
draw, the player's match at the table in tournament conditions, the board filling in, leaving
and continuing, the prize-giving; damaged event files set aside; a new match or event never
erases one under way. The bots are the tests' stand-in; the person's moves come from the
hint (a test hook), the other tables from ``InlineRunner`` (the game's worker is
``BotRunner``, tested in tests/table/test_tournament_runner.py)."""

from __future__ import annotations

import json

import pygame

from game.app.event_boards import BOARD_KEY
from game.app.event_store import EVENT_KEY, EventStore
from game.i18n import tr
from game.table import WaitKind, hint_action
from tests.ui_helpers import click, make_app, start_match


def names(app):
    return type(app.top).__name__


def setup(app, **values):
    app.nav.start()
    start = app.top
    (entry,) = [b for b in start.buttons if b.on_click == app.nav.tournament]
    app.step(1 / 60)
    click(app, entry.rect.center)
    assert names(app) == "TournamentSetupScene"
    scene = app.top
    scene.value.update(values)
    return scene


def play_person(app, table) -> None:
    """The person's move, from the hint (the test hook for a person at the table)."""
    wait = None if table.busy else table.driver.waiting()
    if wait is not None and wait.kind == WaitKind.DECLARE:
        table.driver.pass_declaration(wait.seat)
    elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
        table.driver.submit(hint_action(table.driver.hand, wait.seat, table.driver.hint_provider))


def play_match(app, hands=None, limit=200_000) -> None:
    """Play the player's match at the table until the board shows again (or ``hands`` ended)."""
    done = 0
    for _ in range(limit):
        top = app.top
        if names(app) in ("TournamentScene", "PrizeScene"):
            return
        if names(app) == "ModeHandEndScene":
            done += 1
            if hands is not None and done >= hands:
                return
            top.proceed()
            continue
        if names(app) == "TableScene":
            play_person(app, top)
        app.step(1 / 30)
    raise AssertionError(f"the match did not end ({names(app)})")


def board_until_ready(app, limit=2000):
    """Frames on the board until the player's next match can be played (or the event ends)."""
    for _ in range(limit):
        if names(app) == "PrizeScene":
            return
        scene = app.top
        if names(app) == "TournamentScene" and scene._can_play():
            return
        app.step(1 / 30)
    raise AssertionError("the player's match never became ready")


def test_an_event_from_the_start_screen_to_the_prize_giving(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    scene = setup(app, ruleset="hebi-2010", size=4, format="knockout", practice=True)
    scene.begin()
    board = app.top
    assert names(app) == "TournamentScene" and board.drawing
    assert not board._can_play()  # the draw first
    for _ in range(400):
        if not board.drawing:
            break
        app.step(1 / 30)
    assert not board.drawing
    play = app.nav.event
    assert play is not None and play.event.pairings
    # The other first-round match is played in the background while the player's is ready.
    board_until_ready(app)
    click(app, board.play_button.rect.center)
    table = app.top
    assert names(app) == "TableScene"
    assert table.driver.aids.clocks and not table.driver.aids.hint and not table.driver.aids.undo
    assert table.driver.settings.extra[EVENT_KEY] == play.next_match().id
    play_match(app)
    assert names(app) == "TournamentScene"
    first = [p for p in play.event.pairings if p.id == "ko-1-1" or p.id == "ko-1-2"]
    assert all(p.result is not None for p in first)  # the board has both results
    saved = json.loads(play.saved.path.read_text())
    assert saved["table"] is None and len(saved["event"]["log"]) >= 2
    # On to the end: the third-place match or the final (hebi plays a third-place match).
    for _ in range(4):
        board_until_ready(app)
        if names(app) == "PrizeScene":
            break
        app.nav.play_event_match()
        play_match(app)
    for _ in range(2000):
        if names(app) == "PrizeScene":
            break
        app.step(1 / 30)
    assert names(app) == "PrizeScene"
    prizes = app.top
    assert play.event.finished and prizes.mine is not None
    assert [p.place for p in prizes.places][:2] == [1, 2]
    app.step(1 / 30)
    # The finished event is the event's history in the statistics.
    app.nav.start()
    assert "1" in app.top.stats.event_line()


def test_leaving_and_continuing_an_event_keeps_the_match_at_its_trick(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    setup(app, ruleset="hebi-2010", size=4, format="knockout", practice=True).begin()
    app.top.skip_draw()
    board_until_ready(app)
    app.nav.play_event_match()
    table = app.top
    for _ in range(20000):  # a few tricks into the first hand
        if len(table.driver.hand.tricks) >= 3 and not table.busy:
            break
        play_person(app, table)
        app.step(1 / 30)
    log = len(table.driver.hand.log)
    path = app.nav.event.saved.path
    app.nav.leave(table)  # the menu's Leave: saved into the event's file
    assert names(app) == "StartScene" and app.nav.event is None
    assert not app.storage.has_save()  # never the ordinary saved match
    data = json.loads(path.read_text())
    assert data["table"] is not None and len(data["table"]["match"]["current"]["log"]) >= log - 4
    # A new app (the game started again): the Tournament entry offers the event.
    app2 = make_app(tmp_path, speed=20.0)
    scene = setup(app2)
    assert len(scene.continues) == 1
    click(app2, scene.continues[0].rect.center)
    assert names(app2) == "TournamentScene"
    assert app2.top.play_button.text == tr("event.continue_match")
    app2.nav.play_event_match()
    table2 = app2.top
    assert names(app2) == "TableScene"
    assert len(table2.driver.hand.log) >= log - 4 and table2.driver.hand.log
    play_match(app2)
    assert names(app2) in ("TournamentScene", "PrizeScene")


def test_a_damaged_event_file_is_set_aside_with_a_message(tmp_path):
    app = make_app(tmp_path)
    setup(app, size=4, format="knockout").begin()
    path = app.nav.event.saved.path
    app.nav.start()
    data = json.loads(path.read_text())
    data["event"]["log"].append({"kind": "result", "match": "ko-9-9"})
    path.write_text(json.dumps(data))
    scene = setup(app)
    assert scene.continues == []
    assert not path.exists()
    assert list(path.parent.glob(path.name + "*")) or list(path.parent.glob("*" + path.stem + "*"))
    assert app.message and path.name in app.message
    # A file that is not JSON at all, opened from a list made before it broke.
    setup(app, size=4).begin()
    path2 = app.nav.event.saved.path
    app.nav.start()
    scene = setup(app)
    assert len(scene.continues) == 1
    path2.write_text("{not json")
    click(app, scene.continues[0].rect.center)
    assert names(app) == "StartScene" and app.message and path2.name in app.message


def test_a_new_match_or_event_never_erases_an_event_under_way(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    setup(app, size=4, format="knockout").begin()
    app.top.skip_draw()
    board_until_ready(app)
    app.nav.play_event_match()
    table = app.top
    for _ in range(3000):
        if table.driver.hand.tricks:
            break
        play_person(app, table)
        app.step(1 / 30)
    first = app.nav.event.saved.path
    app.nav.leave(table)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 2)  # a new match
    app.nav.leave(app.top)
    setup(app, size=8).begin()  # and a new event
    app.nav.start()
    store = EventStore(app.storage)
    unfinished, messages = store.unfinished()
    assert messages == []
    assert first in [s.path for s in unfinished] and len(unfinished) == 2
    assert app.storage.has_save()  # the match too
    (kept,) = [s for s in unfinished if s.path == first]
    assert kept.table is not None


def test_the_board_fills_in_results_from_the_background(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    setup(app, ruleset="lanzhou-2010", size=8, format="groups", practice=True).begin()
    board = app.top
    board.skip_draw()
    play = app.nav.event
    assert board.stage.kind == "groups"
    before = sum(1 for p in play.event.pairings if p.result is not None)
    for _ in range(40):
        app.step(1 / 30)
    after = sum(1 for p in play.event.pairings if p.result is not None)
    assert after > before
    assert board.fresh  # the new results are marked
    saved = json.loads(play.saved.path.read_text())
    assert len(saved["event"]["log"]) == len(play.event.log)  # saved after every result
    # A finished bots-only match opens as a replay.
    done = [p for p in play.event.pairings if p.result is not None and p.result.replays]
    assert done
    board.stage = board._stage_of(done[0].id)
    app.nav.event_replay(play.replay_dir / done[0].result.replays[0])
    assert names(app) == "ReplayScene"
    app.pop()
    assert pygame.display.get_init()


def test_a_duplicate_event_is_watched_to_its_prize_giving(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    scene = setup(app, ruleset="hebi-2010", size=4, format="duplicate", player="none", practice=True)
    scene.begin()
    app.top.skip_draw()
    for _ in range(3000):
        if names(app) == "PrizeScene":
            break
        app.step(1 / 30)
    assert names(app) == "PrizeScene"
    event = app.nav.event.event
    assert event.finished and event.duplicate
    assert all(p.result.hands % 2 == 0 for p in event.pairings if p.result and p.result.how == "played")


def play_board(app, limit=200_000):
    """One board of a person's duplicate match: the person's hand at the table, the hand's
    end, then the board's score once the other table is played; the score panel."""
    for _ in range(limit):
        top = app.top
        if names(app) == "BoardScoreScene" and top.ready():
            return top
        if names(app) == "ModeHandEndScene":
            top.proceed()
            continue
        if names(app) == "TableScene":
            play_person(app, top)
        app.step(1 / 30)
    raise AssertionError(f"the board did not end ({names(app)})")


def test_a_person_plays_a_duplicate_match_board_by_board(tmp_path):
    app = make_app(tmp_path, speed=20.0)
    setup(app, ruleset="hebi-2010", size=4, format="duplicate", player="bot-partner", practice=True).begin()
    app.top.skip_draw()
    board_until_ready(app)
    play = app.nav.event
    pid = play.next_match().id
    path = play.saved.path
    app.nav.play_event_match()
    table = app.top
    assert names(app) == "TableScene"
    # The board's other table is at work, and not counted among the event's other matches.
    assert play.board_job in play.runner.pending and play.board_job not in play.running()
    settings = table.driver.settings
    assert settings.extra[EVENT_KEY] == pid and settings.extra[BOARD_KEY] == 0 and settings.deal_only
    assert table.driver.aids.clocks and not table.driver.aids.hint and not table.driver.aids.undo
    first_setup = table.driver.hand.setup
    panel = play_board(app)
    lines = [text for text, _ in panel.lines()]
    state = play.board_scored
    seen = []  # every counted board's levels (team a), to check the match's result against
    if not state.last.get("redeal"):
        assert any(tr("event.board_first", team="", levels="", points="")[:10] in t for t in lines)
        assert any(tr("event.board_second", team="", levels="", points="")[:10] in t for t in lines)
        (l1, _), (l2, _) = state.last["tables"]
        assert state.last["levels"] == l1 + l2  # both tables' results make the board's score
        seen.append(state.last["levels"])
    saved = json.loads(path.read_text())
    assert saved["table"] is None and saved["boards"]["board"] == state.board
    assert first_setup is not None
    # The next board, left mid-way: the event's file keeps the match between boards.
    panel.proceed()
    table = app.top
    assert names(app) == "TableScene" and table.driver.settings.extra[BOARD_KEY] == state.board
    board_deal = table.driver.hand.setup
    for _ in range(20000):  # a few tricks into the board
        if len(table.driver.hand.tricks) >= 3 and not table.busy:
            break
        play_person(app, table)
        app.step(1 / 30)
    assert table.driver.hand.settlement is None
    app.nav.leave(table)
    assert names(app) == "StartScene" and not app.storage.has_save()
    saved = json.loads(path.read_text())
    assert saved["table"] is None and saved["boards"]["board"] == state.board
    # Continued (the game started again): the same board, dealt again from its start.
    app2 = make_app(tmp_path, speed=20.0)
    app2.nav.continue_event(path)
    assert names(app2) == "TournamentScene"
    assert app2.top.play_button.text == tr("event.continue_match")  # the match is under way
    play2 = app2.nav.event
    assert play2.boards().board == state.board and play2.boards().net == state.net
    board_until_ready(app2)
    app2.nav.play_event_match()
    assert names(app2) == "TableScene" and app2.top.driver.hand.setup == board_deal
    for _ in range(40):
        panel = play_board(app2)
        last = play2.board_scored.last
        if not last.get("redeal") and last.get("counted"):
            seen.append(last["levels"])
        if play2.board_match_done is not None:
            break
        panel.proceed()
    assert play2.board_match_done == pid
    result = play2.event.pairing(pid).result
    state = play2.board_scored
    assert result is not None and result.how == "played"
    assert result.score == (state.net, -state.net) and state.net == sum(seen)
    assert result.hands == 2 * state.boards and state.boards >= 2  # two tables a board
    saved = json.loads(path.read_text())
    assert "boards" not in saved and any(e.get("match") == pid for e in saved["event"]["log"])
    panel.proceed()
    assert names(app2) in ("TournamentScene", "PrizeScene")


def test_a_person_plays_a_timed_duplicate_groups_event_to_its_prize_giving(tmp_path):
    """A timed ruleset's duplicate groups: the person's matches on the notional clock, each
    recorded with its minutes and two hands a board, to the prize-giving."""
    app = make_app(tmp_path, speed=20.0, seed=9)
    setup(app, ruleset="logistics-2015", size=8, format="duplicate-groups", player="bot-partner", practice=True).begin()
    app.top.skip_draw()
    play = app.nav.event
    mine = []
    for _ in range(8):
        board_until_ready(app)
        if names(app) == "PrizeScene":
            break
        app.nav.play_event_match()
        for _ in range(60):
            panel = play_board(app)
            if play.board_match_done is not None:
                break
            panel.proceed()
        mine.append(play.board_match_done)
        result = play.event.pairing(play.board_match_done).result
        assert result.minutes is not None  # timed: its notional minutes, past 15 only with extra boards
        assert result.minutes <= 15 + 1e-9 or play.board_scored.extra > 0
        assert result.hands == 2 * play.board_scored.boards
        panel.proceed()
    for _ in range(3000):
        if names(app) == "PrizeScene":
            break
        app.step(1 / 30)
    assert names(app) == "PrizeScene" and play.event.finished and len(mine) >= 3  # three group matches at least
