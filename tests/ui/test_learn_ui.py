"""The Learn screens: reached from the start screen, played by clicks, texts in the bundled font."""

from __future__ import annotations

from pathlib import Path

from fontTools.ttLib import TTFont
import pytest

from game.i18n import LANGUAGES, set_language, tr
from game.learn import CHOICE, LESSONS, answer, judge, label, prompt
from game.learn.progress import PROGRESS_FILE, Progress
from game.ui.kit import theme
from game.ui.learning.learn_scenes import LearnScene, LessonScene, TrainerScene
from game.ui.menus.menus import StartScene
from tests.ui_helpers import click, make_app, run

FONTS = Path(__file__).resolve().parents[2] / "assets" / "fonts"


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def _pick(app, board, cards) -> None:
    """Raise ``cards`` by clicking them in the hand, as a player would."""
    wanted = list(cards)
    for i in range(len(board.hand.entries) - 1, -1, -1):
        entry = board.hand.entries[i]
        if entry.card in wanted and not entry.selected:
            wanted.remove(entry.card)
            rect = board.hand.rect_of(i)
            visible = board.hand.rect_of(i + 1).x if i + 1 < len(board.hand.entries) else rect.right
            click(app, ((rect.x + visible) // 2, rect.y + rect.h // 2))
    assert not wanted


def _open_learn(app) -> LearnScene:
    app.nav.start()
    start = app.top
    assert isinstance(start, StartScene)
    entry = next(b for b in start.buttons if b.text == tr("learn.menu"))
    click(app, entry.rect.center)
    assert isinstance(app.top, LearnScene)
    return app.top


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_lesson_is_played_by_clicks_and_its_progress_kept(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    learn = _open_learn(app)
    click(app, learn.lessons[2].rect.center)  # 3. Following
    lesson = app.top
    assert isinstance(lesson, LessonScene) and lesson.lesson.id == "follow"
    click(app, lesson.start.rect.center)
    for p in lesson.lesson.positions:
        board = lesson.board
        assert board.p is p and not lesson.next.enabled
        _pick(app, board, p.wrong[0])
        click(app, board.act.rect.center)
        assert board.verdict is not None and not board.verdict.ok
        board.hand.clear_selection()
        _pick(app, board, p.right)
        click(app, board.act.rect.center)
        assert board.verdict.ok and lesson.next.enabled
        run(app, 0.3)
        click(app, lesson.next.rect.center)
    assert lesson.board is None
    assert Progress.load(tmp_path).done("follow") == {p.id for p in lesson.lesson.positions}
    click(app, lesson.back.rect.center)
    assert isinstance(app.top, LearnScene)


def test_every_position_draws_in_both_languages_at_the_smallest_window(tmp_path):
    for lang in LANGUAGES:
        app = make_app(tmp_path, size=(1024, 640), lang=lang)
        for item in LESSONS:
            app.nav.lesson(item.id)
            scene = app.top
            app.step(1 / 60)
            for p in item.positions:
                scene.advance()
                scene.board.answer(answer(p) if p.kind == CHOICE else p.right)
                app.step(1 / 60)
            scene.advance()
            app.step(1 / 60)
            app.pop()


def test_the_trainer_counts_the_first_answer_per_question_and_ruleset(tmp_path):
    app = make_app(tmp_path, seed=3)
    learn = _open_learn(app)
    click(app, learn.trainer.rect.center)
    trainer = app.top
    assert isinstance(trainer, TrainerScene)
    trainer._set_ruleset("lanzhou-2010")
    trainer._set_kind("levels")
    p = trainer.board.p
    wrong = next(o for o in p.options if o != answer(p))
    click(app, trainer.board.options[p.options.index(wrong)].rect.center)
    click(app, trainer.board.options[p.options.index(answer(p))].rect.center)
    assert trainer.progress.score("lanzhou-2010", "levels") == (0, 1)
    click(app, trainer.next.rect.center)
    q = trainer.board.p
    assert q is not p
    click(app, trainer.board.options[q.options.index(answer(q))].rect.center)
    assert Progress.load(tmp_path).score("lanzhou-2010", "levels") == (1, 2)
    assert Progress.load(tmp_path).score("hebi-2010", "levels") == (0, 0)


def test_a_damaged_progress_file_is_set_aside_and_said(tmp_path):
    (tmp_path / PROGRESS_FILE).write_text("{broken", encoding="utf-8")
    app = make_app(tmp_path)
    learn = _open_learn(app)
    assert learn.progress.set_aside is not None
    assert list(tmp_path.glob(PROGRESS_FILE + ".broken-*"))
    app.step(1 / 60)


def _lesson_texts() -> list[str]:
    texts = [tr("learn.title"), tr("learn.help"), tr("learn.trainer.title")]
    for item in LESSONS:
        texts += [tr(item.title_key), tr(item.intro_key)]
        for p in item.positions:
            texts.append(prompt(p))
            moves = list(p.options) if p.kind == CHOICE else [p.right, *p.wrong]
            texts += [label(p, o) for o in p.options]
            for move in moves:
                texts += judge(p, move).lines
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lesson_text_renders_with_the_bundled_font(tmp_path, lang):
    make_app(tmp_path, lang=lang)
    texts = _lesson_texts()
    for name in ("NotoSansSC-Subset.otf", "NotoSansSC-Bold-Subset.otf"):
        cmap = TTFont(FONTS / name, lazy=True).getBestCmap()
        missing = sorted({c for t in texts for c in t if c.isprintable() and ord(c) not in cmap})
        assert missing == [], f"{name} lacks {''.join(missing)!r}: rerun tools/make_font_subset.py"
    assert theme.text(texts[0], 18).get_width() > 0
    for t in texts:
        for line in t.split("\n"):
            assert theme.text(line or " ", 16).get_height() > 0
