"""The frame-time record is bounded: a session left running for hours keeps a fixed amount."""

import math
import sys

from game.table.frame_gate import FRAME_GATE
from game.ui.kit import scene
from game.ui.menus.menus import StartScene
from tests.ui_helpers import make_app


def test_the_frame_time_list_does_not_grow_for_the_whole_session(tmp_path, monkeypatch):
    monkeypatch.setattr(scene, "FRAME_TIMES_KEPT", 40)
    app = make_app(tmp_path, size=(1024, 640), monkey=400, seed=3)
    app.reset(StartScene(app))
    app.run()
    assert app.frames_drawn > 40
    assert len(app.frame_times) == 40
    assert f"frames drawn {app.frames_drawn}" in app.frame_report()


def test_a_frame_holds_the_gate_while_it_is_made(tmp_path, monkeypatch):
    """A bot searching in the worker waits while the frame is made (issue 26, "Frame time")."""
    app = make_app(tmp_path, size=(1024, 640))
    app.reset(StartScene(app))
    seen = []
    top = app.top
    real_draw = top.draw

    def draw(surface):
        seen.append(FRAME_GATE.shut)
        real_draw(surface)

    monkeypatch.setattr(top, "draw", draw)
    app.frame(1 / 60)
    assert seen == [True]
    assert not FRAME_GATE.shut
    assert app.frames_drawn == 1


def test_the_frame_loop_takes_a_short_switch_interval(monkeypatch):
    seen: list[float] = []
    monkeypatch.setattr(sys, "setswitchinterval", seen.append)
    scene.use_switch_interval()
    assert seen == [scene.SWITCH_INTERVAL] and scene.SWITCH_INTERVAL <= 0.001


def test_the_frame_bench_prints_the_frame_times_of_the_game_and_of_the_whole_frame():
    from tests.tools_loader import load_tool

    bench = load_tool("frame_bench")
    r = bench.measure("logistics-2015", "random", 1, 3.0)
    for key in ("all own", "all cpu", "all frame"):
        assert r[key]["n"] > 0 and not math.isnan(r[key]["p99"])
        assert r[key]["p50"] <= r[key]["p99"] <= r[key]["max"]
