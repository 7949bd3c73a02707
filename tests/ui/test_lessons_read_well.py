"""Issue 26, item 13: the lessons as a new player reads them. The other hands of the Throws
lesson are drawn readable, every intro shows the cards it speaks of, "Show me" clears the
earlier "Not quite.", a verdict cites the in-game Rules screen's numbered section (never a
file the player does not have), and a declaring lesson sorts the jokers as the table does.
Also the rules trainer's tabs name the rulesets (item 15)."""

from __future__ import annotations

import pytest

from game.core import TrumpContext, get_ruleset
from game.i18n import LANGUAGES, set_language, tr
from game.learn import LESSONS
from game.ui.kit import ruleset_text
from game.ui.learning import learn_board, learn_scenes
from game.ui.learning.learn_board import Board
from game.ui.learning.learn_scenes import LessonScene, TrainerScene
from tests.ui_helpers import make_app


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def _position(pid: str):
    return next(p for lesson in LESSONS for p in lesson.positions if p.id == pid)


def _heights(monkeypatch, module) -> list[int]:
    """The heights of the card pictures ``module`` draws."""
    seen: list[int] = []
    real = module.card_image

    def spy(card, height, *args, **kwargs):
        seen.append(height)
        return real(card, height, *args, **kwargs)

    monkeypatch.setattr(module, "card_image", spy)
    return seen


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_throws_lesson_draws_the_other_hands_readable(tmp_path, monkeypatch, size):
    app = make_app(tmp_path, size=size)
    throws = next(lesson for lesson in LESSONS if lesson.id == "throws")
    p = next(p for p in throws.positions if p.others)
    board = Board(p, lambda v: None)
    board.layout(size, 40, size[1] - 80)
    heights = _heights(monkeypatch, learn_board)
    board._draw_table(app.surface)
    others = sum(len(cards) for cards in p.others)
    assert len(heights) >= others
    # As tall as the trick's cards: their indexes read as on the table (not ~8 px high).
    assert min(heights) >= board.lay.trick_h


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_intro_shows_the_cards_it_speaks_of(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, size=(1024, 640), lang=lang)
    for lesson in LESSONS:
        if lesson.id == "scoring":
            continue  # it speaks of point bands, not of cards
        scene = LessonScene(app, lesson, app.nav.progress)
        scene.layout(app.size)
        heights = _heights(monkeypatch, learn_scenes)
        scene.draw(app.surface)
        assert len(heights) >= sum(len(cards) for _, cards in lesson.examples) > 0, lesson.id
        for name, _ in lesson.examples:
            assert tr(lesson.example_key(name)) != lesson.example_key(name)


def test_show_me_clears_the_earlier_not_quite(tmp_path):
    make_app(tmp_path)
    p = _position("throws_1")
    board = Board(p, lambda v: None)
    board.layout((1280, 800), 40, 720)
    board.answer(p.wrong[0])
    assert board.verdict is not None and not board.verdict.ok
    board.show.on_click()
    assert board.verdict is None
    assert sorted(board.hand.selected) == sorted(p.right)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_verdict_cites_the_rules_screens_numbered_section(tmp_path, lang):
    make_app(tmp_path, lang=lang)
    p = _position("throws_1")
    board = Board(p, lambda v: None)
    board.answer(p.wrong[0])
    assert board.verdict is not None and board.verdict.section == "§4"
    cited = tr("learn.section", section=ruleset_text.section_title(board.verdict.section))
    assert "RULES.md" not in cited
    headings = [h for h, _ in ruleset_text.sections(get_ruleset(p.ruleset))]
    # The Rules screen has that very heading, numbered, and every section it cites elsewhere.
    assert ruleset_text.section_title("§4") in headings and ruleset_text.section_title("§4") in cited
    for n in range(1, 11):
        assert ruleset_text.section_title(f"§{n}") in headings
    assert [h for h in headings if h.startswith("§")] == [ruleset_text.section_title(f"§{n}") for n in range(1, 11)]
    assert ruleset_text.section_title("§5").startswith(tr("why.s5").split(" ")[0])


def test_a_declaring_lesson_sorts_the_jokers_as_the_table(tmp_path):
    make_app(tmp_path)
    p = _position("declare_1")
    board = Board(p, lambda v: None)
    board.layout((1280, 800), 40, 720)
    table_order = TrumpContext.parse(p.level, "NT").sort_hand(p.hand)
    assert board.hand.cards == table_order
    assert board.hand.cards[0].is_joker  # at the left, as at the table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_trainer_tabs_name_the_rulesets(tmp_path, lang):
    import random

    app = make_app(tmp_path, lang=lang)
    scene = TrainerScene(app, app.nav.progress, random.Random(1))
    labels = [scene.rulesets.labels(r) for r in scene.rulesets.options]
    assert all("-20" not in text for text in labels)
    assert labels == [ruleset_text.name(get_ruleset(r)).split(" · ")[0] for r in scene.rulesets.options]
