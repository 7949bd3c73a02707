"""Each table names its own seats: a replay or a review opened over a match (which names the
seats by the compass, every hand being face up) leaves the table's You / Partner / Us alone."""

import pytest

from bots.bench.analysis import played_hand
from game.app.records import Records
from game.i18n import tr
from game.ui.table import table_view
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import make_app, run, start_match


def drawn_names(app, table, monkeypatch) -> list[str]:
    """The names the table's plates and top bar fit into their room, drawn once."""
    seen: list[str] = []
    real = table_view.theme.fit_text

    def spy(text, *args, **kwargs):
        seen.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(table_view.theme, "fit_text", spy)
    table.changed = True
    table.draw(app.surface)
    monkeypatch.setattr(table_view.theme, "fit_text", real)
    return seen


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_replay_over_the_table_leaves_its_names(tmp_path, monkeypatch, lang):
    hand = played_hand("hebi-2010", 5, ["normal"] * 4)
    Records(tmp_path).add_replay(hand, 1, {}, humans=[1])
    app = make_app(tmp_path, size=(1024, 640), lang=lang)
    start_match(app, "hebi-2010", 4, 0, ["normal"] * 4, "practice", 60)
    table = app.top
    assert isinstance(table, TableScene)
    run(app, 0.5)
    before = drawn_names(app, table, monkeypatch)
    assert tr("player.you") in before and tr("team.us") in before
    # The review opened from the end panel is a replay scene over the table.
    path, _ = Records(tmp_path).list_replays()[0]
    app.nav.review(Records.load(path), 1)
    app.step(1 / 60)
    assert app.top is not table
    app.pop()
    assert app.top is table
    after = drawn_names(app, table, monkeypatch)
    assert tr("player.you") in after and tr("team.us") in after and tr("team.them") in after
    assert tr("hotseat.seat_south") not in after and tr("team.north_south") not in after
