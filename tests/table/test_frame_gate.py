"""The frame gate (issue 26, "Frame time"): while the front end makes a frame, a search in
another thread waits at its next pause point, off the interpreter lock; nothing waits
otherwise, and the thread making the frame never waits at its own gate."""

import random
import threading
import time

from bots import make_bot, sim
from game.core import PLAYING, Match, get_ruleset, observe
from game.table import TableDriver, frame_gate, make_controllers
from game.table.frame_gate import FRAME_GATE, FrameGate


def test_a_worker_waits_at_the_gate_while_a_frame_is_made():
    gate = FrameGate()
    passed = threading.Event()

    def worker():
        gate.pause()
        passed.set()

    with gate:
        assert gate.shut
        thread = threading.Thread(target=worker)
        thread.start()
        assert not passed.wait(0.2)  # held at the gate for the whole frame
        gate.pause()  # the frame's own thread passes at once
    assert passed.wait(2)
    thread.join()
    assert not gate.shut


def test_nothing_waits_when_no_frame_is_being_made():
    gate = FrameGate()
    start = time.perf_counter()
    for _ in range(10_000):
        gate.pause()
    assert time.perf_counter() - start < 0.5


def _hand_at_play(seed: int):
    ruleset = get_ruleset("hebi-2010")
    match = Match(ruleset, seed)
    controllers = make_controllers([], ["normal"] * 4, ruleset, seed, make_bot, threaded=False)
    driver = TableDriver(match, controllers)
    while match.hand.phase != PLAYING:
        driver.advance()
    return match.hand


def test_the_search_passes_the_gate_between_the_tricks_of_its_play_outs(monkeypatch):
    passes = []

    class CountingGate(FrameGate):  # a compiled gate's methods cannot be patched: a subclass
        def pause(self) -> None:
            passes.append(threading.get_ident())

    assert sim.FRAME_GATE is frame_gate.FRAME_GATE is FRAME_GATE  # the search's is the one gate
    monkeypatch.setattr(sim, "FRAME_GATE", CountingGate())
    hand = _hand_at_play(3)
    seat = hand.to_act()
    bot = make_bot("hard", seat, random.Random(1), hand.ruleset, samples=2, think_ms=None)
    bot.play(observe(hand, seat))
    assert len(passes) >= 10  # a pause point after every trick of every play-out
