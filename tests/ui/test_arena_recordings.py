"""The arena's recordings (``bots.arena --record DIR``) open in the game's replay viewer."""

from __future__ import annotations

import pygame

from bots.arena import main as arena_main
from game.app.records import Records
from game.ui.coach.replays import ReplayScene
from tests.ui_helpers import key, make_app, run


def test_an_arena_recording_steps_through_in_the_replay_viewer(tmp_path, capsys):
    folder = tmp_path / "rec"
    assert (
        arena_main(
            [
                "--ruleset",
                "hebi-2010",
                "--deals",
                "1",
                "--a",
                "easy",
                "--b",
                "random",
                "--json",
                "--record",
                str(folder),
            ]
        )
        == 0
    )
    capsys.readouterr()
    app = make_app(tmp_path / "data")
    app.push(ReplayScene(app, Records.load(folder / "deal-0001-play-1.json")))
    scene = app.top
    run(app, 0.1)
    key(app, pygame.K_END)  # the last step: the hand settled
    run(app, 0.1)
    assert scene.step == len(scene.replay.steps) - 1 > 0
    pygame.image.save(app.surface, str(tmp_path / "arena-replay.png"))
