"""The coach's screens (issue 27): Try again, the Puzzles screen, the engine's view, the
statistics' charts. Puzzles come from seeded hands (``tests.coach_helpers``); every move is
made through the screen as a player would (cards raised in the hand, the button clicked)."""

from __future__ import annotations

from collections import Counter
import json

import pygame
import pytest

from bots.analysis import Analysis
from bots.bench.analysis import played_hand
from game.app.records import Records
from game.core import Card, observe
from game.learn import retry
from game.learn.puzzles import DAY, PUZZLE_FILE, RETRY, Puzzle, PuzzleStore
from game.ui.coach.coach_stats import StatisticsScene
from game.ui.coach.engine_view import rows_of
from game.ui.coach.review import ReviewScene
from game.ui.learning.puzzle_board import PuzzleBoard
from game.ui.learning.puzzle_scenes import PuzzleRunScene, PuzzlesScene
from tests.coach_helpers import FAR, NEAR, WORSE, fake_decisions, hand_and_puzzles
from tests.ui_helpers import click, key, make_app

NOW = 1_900_000_000.0


@pytest.fixture(autouse=True)
def clock(monkeypatch):
    monkeypatch.setattr(retry, "CLOCK", lambda: NOW)


def cards_of(names) -> list[Card]:
    return [Card.parse(c) for c in names]


def answer_on_screen(app, scene: PuzzleRunScene, cards: list[Card]) -> None:
    """Raise ``cards`` in the hand by clicking them, then click the Play or Bury button; a
    declaring puzzle's option button is clicked instead."""
    board = scene.board
    assert board is not None
    if board.p.kind == "declare":
        wanted = Counter(map(str, cards))
        for b, option in zip(board.actions, _options(board)):
            if Counter(map(str, option)) == wanted:
                click(app, b.rect.center)
                return
        raise AssertionError(f"no option {cards}")
    board.hand.clear_selection()
    want = Counter(cards)
    for i, entry in enumerate(board.hand.entries):
        if want[entry.card] > 0:
            want[entry.card] -= 1
            board.hand.entries[i].selected = True
    assert not +want, "the hand lacks the cards"
    app.step(1 / 60)
    click(app, board.actions[0].rect.center)


def _options(board) -> list[list[Card]]:
    from game.ui.learning.puzzle_board import _declare_options

    return _declare_options(board.p)[:4] + [[]]


def open_run(app, puzzles, store=None) -> PuzzleRunScene:
    scene = PuzzleRunScene(app, puzzles, store)
    app.push(scene)
    app.step(1 / 60)
    return scene


def test_try_again_accepts_the_best_and_within_its_margin_and_refuses_worse(tmp_path):
    app = make_app(tmp_path)
    app.nav.start()
    checked = Counter()
    for k in range(3):
        ruleset = ("hebi-2010", "lanzhou-2010", "logistics-2015")[k]
        _, decisions, data = hand_and_puzzles(ruleset, 310 + k, seat=k, first_hand=k == 1)
        for d, item in zip(decisions, data):
            tries = [(d.best, True), (d.played, False)]
            tries += [(c.cards, abs(c.mean + NEAR) < 1e-9) for c in d.top if abs(c.mean + NEAR) < 1e-9]
            tries += [(c.cards, False) for c in d.top if abs(c.mean + WORSE) < 1e-9]
            for cards, right in tries:
                scene = open_run(app, [Puzzle.from_json(item)])
                answer_on_screen(app, scene, list(cards))
                board = scene.board
                assert board.outcome is not None, (ruleset, d.kind, cards, board.refused)
                assert board.outcome.solved is right, (ruleset, d.kind, cards)
                assert scene.next.visible  # then the answer and its reason
                assert f"{FAR:.2f}" in __import__("game.learn.coach", fromlist=["x"]).answer_text(board.p)
                scene.draw(app.surface)
                checked["right" if right else "wrong"] += 1
                app.pop()
    assert checked["right"] >= 20 and checked["wrong"] >= 20, checked


def test_a_move_the_rules_refuse_says_why_and_may_be_picked_again(tmp_path):
    app = make_app(tmp_path)
    app.nav.start()
    _, decisions, data = hand_and_puzzles("hebi-2010", 320)
    follow = next(i for i, p in enumerate(data) if p["kind"] == "follow" and len(decisions[i].played) == 1)
    p = Puzzle.from_json(data[follow])
    scene = open_run(app, [p])
    hand = list(p.position().hand)
    two = hand[:2]  # two cards to a one-card lead: refused
    answer_on_screen(app, scene, two)
    assert scene.board.outcome is None and scene.board.refused
    assert not scene.next.visible
    answer_on_screen(app, scene, cards_of(p.accepted[0]))
    assert scene.board.outcome is not None and scene.board.outcome.solved


def test_the_position_shown_is_the_one_the_player_faced(tmp_path):
    app = make_app(tmp_path, size=(1024, 640))
    app.nav.start()
    kinds = Counter()
    for k in range(9):
        ruleset = ("hebi-2010", "lanzhou-2010", "logistics-2015")[k % 3]
        seat = k % 4
        hand, decisions, data = hand_and_puzzles(ruleset, 330 + k, seat=seat, first_hand=k % 2 == 1, every=3)
        for d, item in zip(decisions, data):
            p = Puzzle.from_json(json.loads(json.dumps(item)))
            board = PuzzleBoard(p, lambda outcome: None)
            board.layout(app.surface.get_size(), 50, 600)
            faced = observe(hand.replay(d.step - 1), seat)
            assert Counter(board.hand.cards) == Counter(faced.hand)  # the hand shown
            assert board.obs.current == faced.current and board.obs.tricks == faced.tricks
            assert board.obs.declarations == faced.declarations
            assert board.obs.kitty == faced.kitty and board.obs.seat == seat
            board.draw(app.surface)
            kinds[p.kind] += 1
    assert min(kinds[k] for k in ("lead", "follow", "bury", "declare")) >= 2, kinds


def test_the_review_offers_try_again_and_keeps_the_mistakes_as_puzzles(tmp_path):
    hand = played_hand("hebi-2010", 41, ["random", "normal", "normal", "normal"])
    path = Records(tmp_path).add_replay(hand, 1, {}, humans=[0])
    # An analysis kept with the replay (as the review keeps it): a mistake in one play in four.
    decisions = fake_decisions(hand, 0, every=4)
    for d in decisions[1::2]:
        d.label, d.loss, d.best, d.top = "best", 0.0, d.played, d.top[-1:]
    analysis = Analysis(0, decisions, curve=[0.0] * (len(hand.tricks) + 1))
    assert Records.save_analysis(path, 0, analysis.to_json())
    app = make_app(tmp_path)
    app.nav.start()
    app.nav.replays()
    app.top.open(0)
    app.top.open_review()
    scene = app.top
    assert isinstance(scene, ReviewScene) and scene.job is None
    bad = [d for d in scene.analysis.decisions if d.label in ("mistake", "blunder") and not d.forced]
    assert bad, "the seeded hand has a mistake"
    assert len(scene.retry_puzzles()) == len(bad) and scene.new_puzzles == len(bad)
    kept = json.loads((tmp_path / PUZZLE_FILE).read_text(encoding="utf-8"))["puzzles"]
    assert len(kept) == len(bad)
    # The engine's view: V shows the top candidates, the move made among them.
    scene.go(scene.replay.steps.index(bad[0].step))
    key(app, pygame.K_v)
    assert scene.show_engine
    rows = rows_of(bad[0])
    assert len(rows) >= 2 and any(r[4] for r in rows)
    app.step(1 / 60)
    # Try again (T): the first mistake, from the seat's position then.
    key(app, pygame.K_t)
    run = app.top
    assert isinstance(run, PuzzleRunScene) and run.retry
    assert Counter(run.board.hand.cards) == Counter(observe(hand.replay(bad[0].step - 1), 0).hand)
    # Reopened, the review adds no puzzle twice.
    app.pop()
    app.pop()
    app.top.open_review()
    assert app.top.new_puzzles == 0
    assert len(json.loads((tmp_path / PUZZLE_FILE).read_text(encoding="utf-8"))["puzzles"]) == len(bad)


def test_the_puzzle_screen_moves_the_boxes_and_saves(tmp_path):
    _, _, data = hand_and_puzzles("lanzhou-2010", 340)
    store = PuzzleStore.load(tmp_path)
    for item in data[:2]:
        store.add(item)
    store.save()
    app = make_app(tmp_path)
    app.nav.start()
    start = app.top
    assert "2" in start._puzzles_text()
    app.nav.puzzles()
    home = app.top
    assert isinstance(home, PuzzlesScene)
    app.step(1 / 60)
    click(app, home.solve.rect.center)
    run = app.top
    assert isinstance(run, PuzzleRunScene) and len(run.puzzles) == 2
    first, second = run.puzzles
    answer_on_screen(app, run, cards_of(first.accepted[0]))  # solved
    click(app, run.next.rect.center)
    answer_on_screen(app, run, cards_of(second.played))  # failed
    saved = PuzzleStore.load(tmp_path)
    assert saved.notice() is None
    a, b = saved.puzzles[first.id], saved.puzzles[second.id]
    assert (a.box, a.due, a.tries, a.solved) == (1, NOW + DAY, 1, 1)
    assert (b.box, b.due, b.tries, b.solved) == (0, NOW + RETRY, 1, 0)
    rows = {(k, saved.score("lanzhou-2010", k)) for k in {first.kind, second.kind}}
    assert sum(s[1] for _, s in rows) == 2 and sum(s[0] for _, s in rows) == 1
    assert not list(tmp_path.glob("*.tmp*"))  # written atomically: no temporary file left
    click(app, run.next.rect.center)
    assert run.over
    app.pop()
    assert not home.store.due(NOW)  # nothing due now: the solve button waits
    assert not home.solve.enabled
    app.pop()
    assert app.top is start and start._puzzles_text() == "Puzzles"  # the entry says so at once


def test_a_damaged_puzzle_file_is_set_aside_and_the_screen_says_so(tmp_path):
    (tmp_path / PUZZLE_FILE).write_text('{"version": 1, "puzzles": [{"id": 3}]}', encoding="utf-8")
    app = make_app(tmp_path)
    app.nav.start()
    app.nav.puzzles()
    home = app.top
    notice = home.store.notice()
    assert notice is not None and "puzzles.json" in str(notice)
    drawn = []
    original = __import__("game.ui.learning.puzzle_scenes", fromlist=["x"]).blit_text

    def spy(surface, text, *a, **k):
        drawn.append(text)
        return original(surface, text, *a, **k)

    import game.ui.learning.puzzle_scenes as scenes

    scenes.blit_text = spy
    try:
        app.top.draw(app.surface)
    finally:
        scenes.blit_text = original
    assert any(str(notice)[:30] in line or line in str(notice) for line in drawn if len(line) > 10)
    assert not (tmp_path / PUZZLE_FILE).exists() and list(tmp_path.glob("puzzles*"))


def test_the_statistics_chart_accuracy_and_loss_per_reviewed_hand(tmp_path):
    records = Records(tmp_path)
    values = [(0.5, 1.2), (0.6, 0.9), (0.8, 0.4), (0.7, 0.6)]
    for accuracy, loss in values:
        records.record_review("hebi-2010", 10, round(10 * accuracy), loss * 10, accuracy)
    records.record_review("logistics-2015", 8, 6, 2.0, 0.75)
    app = make_app(tmp_path)
    app.nav.start()
    click(app, app.top.stats.rect.center)  # the start screen's panel opens the statistics
    scene = app.top
    assert isinstance(scene, StatisticsScene)
    app.step(1 / 60)
    scene.draw(app.surface)
    dots, bars = scene.marks["hebi-2010"]
    assert len(dots) == len(bars) == len(values)
    ys = [r.centery for r in dots]  # higher accuracy, higher on the screen
    assert sorted(range(4), key=lambda i: ys[i]) == sorted(range(4), key=lambda i: -values[i][0])
    heights = [r.h for r in bars]  # a larger loss, a taller bar
    assert sorted(range(4), key=lambda i: heights[i]) == sorted(range(4), key=lambda i: values[i][1])
    assert len(scene.marks["logistics-2015"][0]) == 1


def test_a_bots_seat_reviewed_makes_no_puzzles(tmp_path):
    hand = played_hand("hebi-2010", 41, ["random", "normal", "normal", "normal"])
    path = Records(tmp_path).add_replay(hand, 1, {}, humans=[2])  # seat 0 was a bot's
    analysis = Analysis(0, fake_decisions(hand, 0, every=4), curve=[0.0] * (len(hand.tricks) + 1))
    assert Records.save_analysis(path, 0, analysis.to_json())
    app = make_app(tmp_path)
    app.nav.start()
    app.nav.review(Records.load(path), 0)
    scene = app.top
    assert scene.retry_puzzles()  # practice on the spot is offered all the same
    assert scene.new_puzzles == 0 and not (tmp_path / PUZZLE_FILE).exists()
