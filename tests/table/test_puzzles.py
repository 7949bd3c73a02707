"""The puzzle store (issue 27): round trip, damaged files set aside, Leitner scheduling,
scores per ruleset and kind; the accepted answers of a decision."""

import json

from game.core import Card, Hand, HandSetup, Rank, get_ruleset, observation_to_json, observe
from game.learn import coach
from game.learn.puzzles import INTERVALS, PUZZLE_FILE, RETRY, Puzzle, PuzzleStore


def cards(text):
    return [Card.parse(t) for t in text.split()]


def a_puzzle(pid="hebi-2010/1/0/7", kind="follow", accepted=(("AH",), ("KH",))):
    hand = Hand(get_ruleset("hebi-2010"), HandSetup(1, False, (Rank.TWO, Rank.TWO), 0, 0))
    return {
        "id": pid,
        "ruleset": "hebi-2010",
        "kind": kind,
        "observation": observation_to_json(observe(hand, 0)),
        "accepted": [list(a) for a in accepted],
        "played": ["5H"],
        "gain": 0.42,
        "box": 0,
        "due": 100.0,
        "created": 100.0,
        "tries": 0,
        "solved": 0,
    }


def test_round_trip(tmp_path):
    store = PuzzleStore.load(tmp_path)
    assert store.puzzles == {} and store.notice() is None
    store.add(a_puzzle())
    store.add(a_puzzle("hebi-2010/1/0/9", "lead"))
    assert store.add(a_puzzle()) is None  # one already kept is not reset
    store.answer("hebi-2010/1/0/7", cards("KH"), 200.0)
    store.save()
    back = PuzzleStore.load(tmp_path)
    assert back.puzzles == store.puzzles
    assert back.scores == {"hebi-2010": {"follow": [1, 1]}}
    assert back.puzzles["hebi-2010/1/0/7"].position() == store.puzzles["hebi-2010/1/0/7"].position()


def test_damaged_files_are_set_aside_with_a_message(tmp_path):
    path = tmp_path / PUZZLE_FILE
    bad = a_puzzle()
    bad["kind"] = "guess"
    for text in (
        "{not json",
        json.dumps({"version": 99, "puzzles": []}),
        json.dumps({"version": 1, "puzzles": [bad]}),
        json.dumps({"version": 1, "puzzles": [a_puzzle()], "scores": {"x": {"lead": [3, 1]}}}),
        json.dumps({"version": 1, "puzzles": [dict(a_puzzle(), observation={"seat": 0})]}),
    ):
        path.write_text(text, encoding="utf-8")
        store = PuzzleStore.load(tmp_path)
        assert store.puzzles == {} and store.problem
        assert store.set_aside is not None and store.set_aside.read_text(encoding="utf-8") == text
        assert not path.exists()
        assert PUZZLE_FILE in str(store.notice())
        store.add(a_puzzle())
        store.save()  # the store goes on afresh
        assert PuzzleStore.load(tmp_path).puzzles.keys() == {"hebi-2010/1/0/7"}


def test_a_solved_puzzle_comes_back_later_a_failed_one_sooner(tmp_path):
    store = PuzzleStore(tmp_path)
    store.add(a_puzzle("a"))
    store.add(a_puzzle("b"))
    assert [p.id for p in store.due(100.0)] == ["a", "b"]
    assert store.answer("a", cards("AH"), 1000.0) is True
    assert store.answer("b", cards("5H"), 1000.0) is False
    a, b = store.puzzles["a"], store.puzzles["b"]
    assert (a.box, a.due) == (1, 1000.0 + INTERVALS[0])
    assert (b.box, b.due) == (0, 1000.0 + RETRY)
    assert b.due < a.due
    assert [p.id for p in store.due(1000.0 + RETRY)] == ["b"]
    # solved again and again: each interval longer, up to the last box
    now = a.due
    gaps = []
    for _ in range(len(INTERVALS) + 2):
        store.answer("a", cards("KH"), now)
        gaps.append(a.due - now)
        now = a.due
    assert gaps == sorted(gaps) and gaps[-1] == INTERVALS[-1]
    store.answer("a", cards("QH"), now)  # a failure sends it back to the first box
    assert a.box == 0 and a.due == now + RETRY
    assert store.score("hebi-2010", "follow") == (len(INTERVALS) + 3, len(INTERVALS) + 5)
    assert store.due(0.0) == []


def test_answers_are_multisets():
    p = Puzzle.from_json(a_puzzle(accepted=(("AH", "KH"), ())))
    assert p.accepts(cards("KH AH")) and p.accepts([])
    assert not p.accepts(cards("AH")) and not p.accepts(cards("AH KH KH"))


class D:
    def __init__(self, **kw):
        self.__dict__.update(kw)


def test_accepted_answers_are_the_best_and_those_within_its_margin():
    top = [
        {"cards": ["AH"], "mean": 0.50, "spread": 1, "worlds": 32},
        {"cards": ["KH"], "mean": 0.46, "spread": 1, "worlds": 32},
        {"cards": ["5H"], "mean": 0.45, "spread": 1, "worlds": 32},  # the move made
        {"cards": ["2H"], "mean": 0.30, "spread": 1, "worlds": 32},
    ]
    d = D(kind="play", label="mistake", best=["AH"], played=["5H"], loss=0.2, se=0.01, top=top)
    assert coach.accepted_answers(d) == [cards("AH"), cards("KH")]
    d.se = 0.25  # a wider uncertainty widens the margin, the move made stays refused
    assert coach.accepted_answers(d) == [cards("AH"), cards("KH"), cards("2H")]
    d.top = []
    assert coach.accepted_answers(d) == [cards("AH")]
