"""The lessons and the trainer (game.learn): every position legal, every answer the core's."""

from collections import Counter
import json
import random

import pytest

from game.core import check_bury_cards, check_follow, check_play_cards, settle, trick_winner
from game.i18n import LANGUAGES, set_language, table
from game.learn import BURY, CHOICE, DECLARE, LESSONS, PLAY, answer, judge, label, position_problems, prompt
from game.learn.progress import PROGRESS_FILE, Progress
from game.learn.trainer import KINDS, question

POSITIONS = [p for lesson in LESSONS for p in lesson.positions]
ISSUE_LESSONS = ("cards", "points", "follow", "pairs", "throws", "trumping", "kitty", "declare", "scoring")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def test_the_nine_lessons_of_the_issue_are_there_in_order():
    assert tuple(lesson.id for lesson in LESSONS) == ISSUE_LESSONS
    assert all(len(lesson.positions) >= 3 for lesson in LESSONS)
    assert len({p.id for p in POSITIONS}) == len(POSITIONS)


def test_the_declaring_lesson_covers_each_ruleset():
    declare = next(lesson for lesson in LESSONS if lesson.id == "declare")
    assert {p.ruleset for p in declare.positions if p.kind == DECLARE} == {
        "hebi-2010",
        "lanzhou-2010",
        "logistics-2015",
    }


@pytest.mark.parametrize("p", POSITIONS, ids=lambda p: p.id)
def test_every_position_is_legal_in_its_ruleset(p):
    assert position_problems(p) == []


@pytest.mark.parametrize("p", [p for p in POSITIONS if p.kind != CHOICE], ids=lambda p: p.id)
def test_the_intended_move_is_accepted_and_the_wrong_ones_refused(p):
    assert judge(p, p.right).ok
    assert p.wrong, "each move position shows at least one wrong move"
    for wrong in p.wrong:
        verdict = judge(p, wrong)
        assert not verdict.ok and verdict.lines and verdict.section.startswith("§")


@pytest.mark.parametrize("p", [p for p in POSITIONS if p.kind == CHOICE], ids=lambda p: p.id)
def test_a_choice_has_exactly_one_right_option_computed_by_the_core(p):
    right = answer(p)
    assert right is not None and right in p.options
    assert sum(1 for o in p.options if o == right) == 1
    assert judge(p, right).ok
    for option in p.options:
        if option != right:
            verdict = judge(p, option)
            assert not verdict.ok and verdict.section.startswith("§")


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.id)
def test_each_lesson_refuses_a_wrong_move_with_its_reason(lesson):
    """A refused move shows the core's own Why-not, in each language."""
    for language in LANGUAGES:
        set_language(language)
        reasons = []
        for p in lesson.positions:
            for wrong in p.wrong:
                refusal = _core_refusal(p, wrong)
                verdict = judge(p, wrong)
                if refusal is not None:
                    assert verdict.lines[0] == refusal.text(language)
                    assert verdict.section == refusal.section
                reasons.append(verdict.lines[0])
            if p.kind == CHOICE:
                wrong_option = next(o for o in p.options if o != answer(p))
                reasons.append(judge(p, wrong_option).lines[0])
        assert reasons and all(reasons)


def _core_refusal(p, move):
    if p.kind == PLAY:
        return check_play_cards(p.hand, p.trick[0] if p.trick else None, move, p.ctx)
    if p.kind == BURY:
        return check_bury_cards(p.hand, move, p.rules.kitty)
    if p.kind == DECLARE:
        return p.bids.bidding(p.rules).check(0, move, p.bids.after_deal)
    return None


def test_the_move_lessons_show_core_refusals_for_follow_declare_and_bury():
    codes = Counter()
    for p in POSITIONS:
        for wrong in p.wrong:
            refusal = _core_refusal(p, wrong)
            if refusal is not None:
                codes[refusal.code.split(".")[0]] += 1
    assert {"follow", "declare", "bury"} <= set(codes)


def test_a_failed_throw_names_the_forced_unit_and_the_penalty():
    throws = next(p for p in POSITIONS if p.id == "throws_1")
    verdict = judge(throws, throws.wrong[0])
    assert not verdict.ok and "♥Q" in verdict.lines[0] and "10" in verdict.lines[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_lesson_string_is_in_both_tables(language):
    strings = table(language)
    keys = {f"learn.lesson.{lesson.id}.{part}" for lesson in LESSONS for part in ("title", "intro")}
    keys |= {key for p in POSITIONS for key in (p.prompt_key, p.why_key)}
    keys |= {f"learn.trainer.{kind}.{part}" for kind in KINDS for part in ("name", "prompt", "why")}
    assert sorted(k for k in keys if k not in strings) == []


# ---------------------------------------------------------------------------- the trainer


@pytest.mark.parametrize("ruleset", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_trainer_answers_come_from_the_core(ruleset):
    rng = random.Random(15)
    for _ in range(25):
        q = question("winner", ruleset, rng)
        assert position_problems(q) == []
        assert answer(q) == q.seat_of_play(trick_winner(q.trick, q.ctx))
        q = question("legal", ruleset, rng)
        assert position_problems(q) == []
        assert answer(q) == (check_follow(q.trick[0], q.hand, q.args["play"], q.ctx) is None)
        q = question("follow", ruleset, rng)
        assert judge(q, q.right).ok
        for _ in range(5):
            move = rng.sample(q.hand, len(q.trick[0]))
            assert judge(q, move).ok == (check_follow(q.trick[0], q.hand, move, q.ctx) is None)
        q = question("levels", ruleset, rng)
        s = settle(q.rules, q.args["points"], q.args.get("kitty_points", 0), q.args.get("pairs"))
        assert answer(q) == (s.up_side, s.up_levels) and answer(q) in q.options


def test_trainer_questions_are_seeded_and_vary():
    one = [question(k, "hebi-2010", random.Random(3)) for k in KINDS]
    two = [question(k, "hebi-2010", random.Random(3)) for k in KINDS]
    assert one == two
    rng = random.Random(4)
    answers = {answer(question("legal", "hebi-2010", rng)) for _ in range(30)}
    assert answers == {True, False}


@pytest.mark.parametrize("language", LANGUAGES)
def test_trainer_prompts_and_labels_fill_every_parameter(language):
    set_language(language)
    rng = random.Random(5)
    for ruleset in ("hebi-2010", "lanzhou-2010", "logistics-2015"):
        for kind in KINDS:
            for _ in range(5):
                q = question(kind, ruleset, rng)
                texts = [prompt(q)] + [label(q, o) for o in q.options]
                if q.kind == CHOICE:
                    texts += judge(q, q.options[0]).lines
                assert all(t and "{" not in t for t in texts), texts


# ---------------------------------------------------------------------------- progress


def test_progress_round_trips(tmp_path):
    progress = Progress.load(tmp_path)
    progress.mark("cards", "cards_1")
    progress.mark("cards", "cards_1")
    progress.count("hebi-2010", "winner", True)
    progress.count("hebi-2010", "winner", False)
    again = Progress.load(tmp_path)
    assert again.done("cards") == {"cards_1"}
    assert again.score("hebi-2010", "winner") == (1, 2)
    assert again.set_aside is None
    assert not list(tmp_path.glob("*.tmp"))


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        json.dumps([1, 2]),
        json.dumps({"version": 1, "lessons": {"cards": "x"}, "scores": {}}),
        json.dumps({"version": 1, "lessons": {}, "scores": {"hebi-2010": {"winner": [3, 2]}}}),
        json.dumps({"version": 99, "lessons": {}, "scores": {}}),
    ],
)
def test_a_damaged_progress_file_is_set_aside_not_a_crash(tmp_path, content):
    (tmp_path / PROGRESS_FILE).write_text(content, encoding="utf-8")
    progress = Progress.load(tmp_path)
    assert progress.set_aside is not None and progress.set_aside.exists()
    assert not (tmp_path / PROGRESS_FILE).exists()
    assert progress.done("cards") == set()
    progress.mark("cards", "cards_1")
    assert Progress.load(tmp_path).done("cards") == {"cards_1"}


def test_an_unreadable_progress_file_is_set_aside(tmp_path):
    (tmp_path / PROGRESS_FILE).write_bytes(b"\xff\xfe\x00garbage")
    progress = Progress.load(tmp_path)
    assert progress.set_aside is not None and progress.set_aside.exists()


def test_progress_without_a_folder_keeps_to_memory():
    progress = Progress.load(None)
    progress.count("hebi-2010", "levels", True)
    assert progress.score("hebi-2010", "levels") == (1, 1)


def test_the_scoring_lesson_table_comes_from_the_core():
    from game.core import level_change
    from game.learn.judge import band_rows

    for p in POSITIONS:
        if p.ask != "settle":
            continue
        rows = band_rows(p)
        assert rows[0][:2] == (0, 0)
        for (low, high, text), after in zip(rows, rows[1:] + [None]):
            assert label(p, level_change(p.rules, low)) == text == label(p, level_change(p.rules, high))
            if after is not None:
                assert after[0] == high + 5
