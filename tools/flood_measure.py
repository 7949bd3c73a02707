"""Time and memory of one hand against an outside program that floods its standard output.

    python tools/flood_measure.py [--pace 0.25] [--limit-ms 1000]

Seat 0 is a program that answers every request correctly but writes 256 KB of junk lines
between its answers without pause; seats 1-3 are the ``easy`` bot, each decision delayed by
``--pace`` seconds (the table's animations: the time in which the flood piles up). Prints the
hand's wall time, the time an honest program would take (the paces), and the process's peak
resident memory. Run it from a checkout's root: it measures that checkout's ``bots.external``.
"""

from __future__ import annotations

import argparse
from pathlib import Path
import random
import resource
import shlex
import sys
import tempfile
import textwrap
import time

sys.path.insert(0, str(Path.cwd()))

from bots import EasyBot
from bots.external import ExternalBot, start_program
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

FLOOD = """
    import importlib.util, json, random, sys, threading
    spec = importlib.util.spec_from_file_location("example", sys.argv[1])
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    rng = random.Random(4)
    lock = threading.Lock()
    junk = ("x" * 4000 + "\\n") * 64

    def flood():
        while True:
            with lock:
                sys.stdout.write(junk)
                sys.stdout.flush()

    threading.Thread(target=flood, daemon=True).start()
    for line in sys.stdin:
        req = json.loads(line)
        answer = None
        if req["type"] == "declare":
            answer = {"declare": None, "id": req["id"]}
        elif req["type"] == "bury":
            answer = {"bury": bot.bury(req, rng), "id": req["id"]}
        elif req["type"] == "play":
            answer = {"play": bot.play(req, rng), "id": req["id"]}
        if answer is not None:
            with lock:
                sys.stdout.write(json.dumps(answer) + "\\n")
                sys.stdout.flush()
"""


class PacedEasy(EasyBot):
    """The easy bot, as slow as the table's animations."""

    pace = 0.25

    def decide_play(self, obs):
        time.sleep(self.pace)
        return super().decide_play(obs)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--pace", type=float, default=0.25)
    p.add_argument("--limit-ms", type=float, default=1000)
    args = p.parse_args()
    PacedEasy.pace = args.pace
    ruleset = get_ruleset("logistics-2015")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "flood.py"
        path.write_text(textwrap.dedent(FLOOD))
        example = Path.cwd() / "bots" / "examples" / "random_bot.py"
        cmd = " ".join(shlex.quote(a) for a in (sys.executable, str(path), str(example)))
        program = start_program(cmd, 0, ruleset, args.limit_ms)
        bots = [ExternalBot(0, random.Random(1), ruleset, program)] + [
            PacedEasy(s, random.Random(s), ruleset) for s in (1, 2, 3)
        ]
        started = time.monotonic()
        report = play_hand(Hand(ruleset, HandSetup(9, False, (Rank.TWO, Rank.TWO), 2, 2)), bots)
        elapsed = time.monotonic() - started
        paced = sum(1 for a in report.hand.log if a.kind == "play" and a.seat != 0) * args.pace
        refusals = len(program.refusals)
        program.close()
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"hand finished: {report.hand.finished}; wall {elapsed:.1f} s (the paces alone: {paced:.1f} s); "
        f"peak RSS {peak_mb:.0f} MB; refusals {refusals}"
    )


if __name__ == "__main__":
    main()
