"""Issue 26, item 15: after leaving an Expert match the process lingered 3–5 s on a black
window. A bot's search still running when the game quits must not keep the process alive:
the bots' worker is a daemon thread, and a decision nobody reads is dropped."""

from __future__ import annotations

import subprocess
import sys
import time

from game.core import PLAY, Hand, HandSetup, Rank, get_ruleset, observe
from game.table.controllers import PENDING, BotController

# A real observation, not None: the compiled build checks the argument's type.
OBSERVATION = "observe(Hand(get_ruleset('hebi-2010'), HandSetup(1, False, (Rank.TWO, Rank.TWO), 0, 0)), 0)"

QUIT_WHILE_SEARCHING = f"""
import time
from game.core import PLAY, Hand, HandSetup, Rank, get_ruleset, observe
from game.table.controllers import BotController

class Searching:
    def play(self, obs):
        time.sleep(30)  # an expert's search of a table already left
        return []
    bury = play

BotController(Searching(), "expert", threaded=True).begin(PLAY, {OBSERVATION})
time.sleep(0.3)
print("quit", flush=True)
"""


def test_quitting_does_not_wait_for_a_search_nobody_reads():
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", QUIT_WHILE_SEARCHING], capture_output=True, text=True, timeout=20, check=False
    )
    assert done.returncode == 0 and "quit" in done.stdout, done.stderr
    assert time.perf_counter() - start < 10


def test_the_worker_still_answers_in_order_and_keeps_a_bots_error():
    class Bot:
        def __init__(self, answer):
            self.answer = answer

        def play(self, obs):
            if isinstance(self.answer, Exception):
                raise self.answer
            return list(self.answer)

        bury = play

    first = BotController(Bot(["AS"]), "normal", threaded=True)
    broken = BotController(Bot(ValueError("a bot's bug")), "normal", threaded=True)
    obs = observe(Hand(get_ruleset("hebi-2010"), HandSetup(1, False, (Rank.TWO, Rank.TWO), 0, 0)), 0)
    first.begin(PLAY, obs)
    broken.begin(PLAY, obs)
    for _ in range(500):
        if first.thinking() and broken.thinking():
            a = first.result()
            if a is not PENDING:
                assert a == ["AS"]
                break
        time.sleep(0.01)
    for _ in range(500):
        try:
            if broken.result() is not PENDING:
                raise AssertionError("the bot's error was not raised")
        except ValueError as e:
            assert "a bot's bug" in str(e)
            break
        time.sleep(0.01)
    else:
        raise AssertionError("no answer")
