"""Record the protocol exchange of one hand with an outside program, line by line.

    python -m bots.examples.transcript --ruleset logistics-2015 --seat 0 \\
        --command "python3 bots/examples/random_bot.py 1"

Lines sent to the program start with ``>``, its answers with ``<``; the ``easy`` bot plays
the other three seats. A hand dealt again (nobody declared, where the ruleset re-deals) is
followed by the next deal until one is played. Use it to see what your program is sent, or
to debug it (its refusals are listed at the end, on standard error).
"""

from __future__ import annotations

import argparse
import random
import sys

from bots import make_bot
from bots.external import DEFAULT_EXTERNAL_MS, ExternalBot, start_program
from game.core import BUILTIN_IDS, REDEAL, Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

DEFAULT_COMMAND = f"{sys.executable} bots/examples/random_bot.py 1"


def transcript(
    ruleset_id: str,
    seat: int,
    command: str,
    seed: int = 1,
    dealer: int | None = 0,
    external_ms: float = DEFAULT_EXTERNAL_MS,
    out=sys.stdout,
) -> list:
    """Play one hand (plus any re-deals) and write the exchange to ``out``; the refusals."""
    ruleset = get_ruleset(ruleset_id)
    first_hand = dealer is None
    program = start_program(
        command, seat, ruleset, external_ms, tap=lambda direction, line: print(direction, line, file=out)
    )
    with program:
        for attempt in range(50):
            levels = (Rank.TWO, Rank.TWO) if first_hand else (Rank.FIVE, Rank.NINE)
            setup = HandSetup(
                random.Random(f"{seed}:{attempt}").getrandbits(48),
                first_hand,
                levels,
                dealer,
                dealer if dealer is not None else seed % 4,
            )
            outside = ExternalBot(seat, random.Random(seat), ruleset, program)
            bots = [outside if s == seat else make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
            hand = Hand(ruleset, setup)
            play_hand(hand, bots)
            outside.end_hand(hand)
            if hand.phase != REDEAL:
                break
        program.tap = None
    return program.refusals


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m bots.examples.transcript", description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="logistics-2015", choices=BUILTIN_IDS)
    p.add_argument("--seat", type=int, default=0, choices=range(4))
    p.add_argument("--command", default=DEFAULT_COMMAND, help="the program to run")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--dealer", default="0", help="the dealer's seat, or 'first' for a first hand (dealer by bidding)")
    p.add_argument("--external-ms", type=float, default=DEFAULT_EXTERNAL_MS)
    args = p.parse_args(argv)
    dealer = None if args.dealer == "first" else int(args.dealer) % 4
    refusals = transcript(args.ruleset, args.seat, args.command, args.seed, dealer, args.external_ms)
    for r in refusals:
        print(f"refused: {r}", file=sys.stderr)
    return 1 if refusals else 0


if __name__ == "__main__":
    sys.exit(main())
