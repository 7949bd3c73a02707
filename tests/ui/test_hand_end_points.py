"""At a hand's end the points panel and the end panel say the same (issue 26 item 9).

The play modes' table (practice, tournament, hot-seat, autoplay) left the last trick
lingering when the hand settled, so the points panel missed that trick's points: on
lanzhou-2010 seed 1 it said 150 behind an end panel that said "From tricks: 160" (with the
game's own bots, 175 against 185). The core's settlement is right (RULES.md §9 counts every
trick); both panels now take its figures.
"""

from game.ui.table.results import HandEndScene
from tests.ui_helpers import make_app, start_match


def play_to_the_end(app):
    table = app.top
    for _ in range(60000):
        if isinstance(app.top, HandEndScene):
            return table, app.top
        app.step(1 / 30)
    raise AssertionError("the hand did not end")


def test_the_points_panel_at_the_hands_end_is_the_settlements(tmp_path):
    # Seed 1: the defenders take points in the last trick (found by a headless seed search).
    app = make_app(tmp_path, speed=20.0)
    start_match(app, "lanzhou-2010", 1, None, ["normal"] * 4, "practice", 2)
    table, end = play_to_the_end(app)
    hand, summary = end.hand, end.summary
    last = hand.tricks[-1]
    assert last.points and last.winner % 2 != hand.dealer % 2, "the seed no longer scores in the last trick"
    assert summary.defender_points == hand.trick_points + hand.penalties
    assert table.anim.def_points == summary.defender_points
    app.step(1 / 30)
    assert table.anim.def_points == summary.defender_points  # still so behind the end panel
    # The small point cards beside the figure are the defenders' point cards, all of them.
    won = [c for t in hand.tricks if t.winner % 2 != hand.dealer % 2 for _, cards in t.plays for c in cards]
    assert sum(c.points for c in table.anim.point_cards) == sum(c.points for c in won) == hand.trick_points
