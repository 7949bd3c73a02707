"""Issue 26, item 15: the smaller defects play-testing found (each fails before its fix)."""

from __future__ import annotations

import pygame
import pytest

from bots.bench.analysis import played_hand
from game.app.records import Records
from game.core import BUILTIN_IDS, Card, get_ruleset
from game.i18n import LANGUAGES, set_language, tr
from game.ui.coach import stats_view
from game.ui.coach.replays import ReplayListScene
from game.ui.kit import ruleset_text, theme
from game.ui.kit.celebration import Confetti
from tests.ui_helpers import make_app, start_match


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def _texts(monkeypatch, *modules) -> list[str]:
    """Every text the given modules draw from now on."""
    seen: list[str] = []
    real = theme.blit_text

    def spy(surface, value, *args, **kwargs):
        seen.append(value)
        return real(surface, value, *args, **kwargs)

    for module in modules:
        monkeypatch.setattr(module, "blit_text", spy)
    return seen


def test_a_count_of_one_is_singular():
    set_language("en")
    assert tr("table.cards_left", n=1) == "1 card" and tr("table.cards_left", n=2) == "2 cards"
    row = {"reviews": 1, "review_decisions": 4, "review_good": 3, "review_loss_milli": 250, "duplicate_deals": 1}
    row |= {"duplicate_levels": 1, "duplicate_points": -5}
    lines = stats_view.extra_lines(row)
    assert lines[0].startswith("Reviewed 1 hand:") and "1 hands" not in lines[0]
    assert "1 deal," in lines[1] and "1 deals" not in lines[1]
    assert "1 hands" not in tr("stats.chart", n=1) and "1 deals" not in tr("duplicate.score", n=1, deals=1)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_record_chart_has_a_legend(tmp_path, monkeypatch, lang):
    app = make_app(tmp_path, size=(1024, 640), lang=lang)
    panel = stats_view.StatsPanel(app)
    panel.history = [{"levels": 2, "defending": False}, {"levels": -1, "defending": True}]
    panel.layout(app.size, 400, 200)
    seen = _texts(monkeypatch, stats_view)
    panel.draw_chart(app.surface)
    for key in ("stats.legend_up", "stats.legend_down", "stats.legend_defended"):
        assert tr(key) in seen


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_the_start_screens_message_keeps_off_the_buttons_and_ends_a_sentence(tmp_path, lang, size):
    app = make_app(tmp_path, size=size, lang=lang)
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    app.nav.leave(app.top)  # a saved match: Continue shows, seven buttons
    app.message = tr("save.invalid", error="no save") + " " + "x " * 30
    app.nav.start()
    start = app.top
    start.layout(size)
    box, _, lines = start.message_box(size)
    for button in start.buttons:
        if button.visible:
            assert not box.colliderect(button.rect), button.text
    assert "".join(lines).rstrip().endswith(tr("menu.full_stop"))
    assert pygame.Rect((0, 0), size).contains(box)


def test_reduce_motion_draws_no_bar_across_the_end_panels_edge():
    pygame.display.init()
    surface = pygame.Surface((800, 600))
    surface.fill((0, 0, 0))
    box = pygame.Rect(100, 100, 600, 400)
    Confetti.still(surface, box, 1.0, 7)
    above = [surface.get_at((x, y))[:3] for x in range(box.x, box.right, 3) for y in range(box.y - 12, box.y)]
    assert all(colour == (0, 0, 0) for colour in above)
    inside = [surface.get_at((x, y))[:3] for x in range(box.x, box.right, 2) for y in range(box.y, box.y + 80, 2)]
    assert sum(colour != (0, 0, 0) for colour in inside) > 20  # the moment is still marked


def test_a_duplicate_bots_replay_is_told_from_the_persons_row(tmp_path, monkeypatch):
    hand = played_hand("hebi-2010", 5, ["normal"] * 4)
    records = Records(tmp_path)
    records.add_replay(hand, 3, {}, "match", 1, [0])
    records.add_replay(hand, 3, {}, "duplicate", 1, [0])
    app = make_app(tmp_path, size=(1024, 640))
    scene = ReplayListScene(app)
    scene.layout(app.size)
    from game.ui.coach import replays

    seen = _texts(monkeypatch, replays)
    scene.draw(app.surface)
    assert tr("table.hand_number", n=3) in seen and tr("replay.duplicate_hand", n=3) in seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_duplicate_row_is_explained_and_shown_at_the_table(tmp_path, monkeypatch, lang):
    from game.ui.menus import new_match

    app = make_app(tmp_path, size=(1024, 640), lang=lang)
    app.nav.new_match()
    scene = app.top
    scene.layout(app.size)
    seen = _texts(monkeypatch, new_match)
    scene.draw(app.surface)
    assert "".join(seen).replace(" ", "").find(tr("duplicate.help").replace(" ", "")[:12]) >= 0
    app.settings.last_duplicate = "normal"
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    table.driver.settings.extra["duplicate"] = "normal"
    assert tr("duplicate.bar", level=tr("bots.normal")) in table.bar_parts()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_match_summary_is_never_cut(lang):
    set_language(lang)
    for rid in BUILTIN_IDS:
        for line in ruleset_text.features(get_ruleset(rid)):
            assert not line.rstrip().endswith("…"), line


def test_chinese_wording():
    from game.ui.kit.names import declare_words

    set_language("zh")
    assert tr("review.label_good") != "好棋"  # a chess (weiqi) term
    assert tr("table.select_one_card") == tr("table.select_n_cards", n=1)
    pair = (Card.parse("2D"), Card.parse("2D"))
    assert declare_words(pair) == "亮一对♦2"
    set_language("en")
    assert declare_words(pair) == "Declare a pair of ♦2"
    assert "(playing 10" not in tr("rules.units")
