"""The frame-time record is bounded: a session left running for hours keeps a fixed amount."""

from game.ui import scene
from game.ui.menus import StartScene
from tests.ui_helpers import make_app


def test_the_frame_time_list_does_not_grow_for_the_whole_session(tmp_path, monkeypatch):
    monkeypatch.setattr(scene, "FRAME_TIMES_KEPT", 40)
    app = make_app(tmp_path, size=(1024, 640), monkey=400, seed=3)
    app.reset(StartScene(app))
    app.run()
    assert app.frames_drawn > 40
    assert len(app.frame_times) == 40
    assert f"frames drawn {app.frames_drawn}" in app.frame_report()
