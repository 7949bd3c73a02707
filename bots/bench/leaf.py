"""The judge of cut roll-outs (``bots.leaf``), learned: ``python -m bots.bench.leaf``.

``normal`` plays the arena's deals against itself as ``hard``'s roll-outs play it, without
its learned rules (``--plays rules``) or with them (``--plays learned``; which one a level
rolls out with is ``SearchSettings.learned_rules``). Between every two tricks the state's
features are kept with the defenders' points from there to the end of the hand; a ridge
regression on them is the judge.

    python -m bots.bench.leaf data --ruleset hebi-2010 --seed S --hands 3000 [--plays learned] > leaf-2.jsonl
    python -m bots.bench.leaf fit leaf-2.jsonl > leaf-2.json

``fit`` prints the weights and, on standard error, the error of the prediction on the hands
it was not fitted on (two folds by hand), against predicting the points left split evenly.
``score --decks N`` prints the error of the judge ``hard`` has (``learned.LEAF_MODELS``) on
example files, say of the other play.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
import json
import random
import sys

from bots import leaf
from bots.arena import deal_setup
from bots.bench.learn import PLAYS, ridge
from bots.learned import LEAF_MODELS
from bots.normal import NormalBot
from bots.tables import tables
from game.core import PLAY, REDEAL, Hand, get_ruleset
from game.table import play_hand

RIDGE = 1.0


def examples(ruleset_name: str, seed: int, start: int, hands: int, plays: str = "rules") -> Iterator[list]:
    """[hand index, tricks done, features, the defenders' points to come / 100 a deck], ``normal``
    playing as ``PLAYS[plays]``."""
    ruleset = get_ruleset(ruleset_name)
    bot_class = type("PlayingBot", (NormalBot,), {"policy_class": PLAYS[plays]})
    scale = 100.0 * ruleset.decks
    for index in range(start, start + hands):
        bots = [bot_class(s, random.Random(index * 4 + s), ruleset) for s in range(4)]
        played = play_hand(Hand(ruleset, deal_setup(seed, index)), bots).hand
        if played.phase == REDEAL or played.settlement is None:
            continue
        final = played.settlement.total
        hand = Hand(ruleset, played.setup)
        rows = []
        for action in played.log:
            hand.apply(action)
            state = hand.play_state
            if action.kind != PLAY or state is None or state.settlement is not None:
                continue
            if state.current_trick is None and state.tricks:
                x = [round(v, 5) for v in leaf.features(state, tables(state.ctx))]
                rows.append([index, len(state.tricks), x, (final - state.defender_points) / scale])
        yield from rows


def _load(paths: list[str]) -> list[list]:
    data: list[list] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data += [json.loads(line) for line in f if line.startswith("[")]
    return data


def rms_error(weights: Sequence[float], paths: list[str]) -> float:
    """The RMS error, in points a deck, of the judge ``weights`` on the examples in ``paths``
    (a judge learned from one play's states, tried on another's)."""
    data = _load(paths)
    error = sum((sum(w * v for w, v in zip(weights, d[2])) - d[3]) ** 2 for d in data)
    return 100 * (error / (len(data) or 1)) ** 0.5


def fit(paths: list[str]) -> list[float]:
    data = _load(paths)
    hands = len({d[0] for d in data}) or 1
    error = plain = 0.0
    for fold in (0, 1):
        weights = ridge([(d[2], d[3]) for d in data if d[0] % 2 != fold], RIDGE)
        for d in data:
            if d[0] % 2 == fold:
                guess = sum(w * v for w, v in zip(weights, d[2]))
                error += (guess - d[3]) ** 2
                plain += (d[2][1] / 2 - d[3]) ** 2
    n = len(data) or 1
    print(
        f"{n} states, {hands} hands; held-out RMS error in points a deck: learned {100 * (error / n) ** 0.5:.2f}, "
        f"half the points left {100 * (plain / n) ** 0.5:.2f}",
        file=sys.stderr,
    )
    return [round(w, 5) for w in ridge([(d[2], d[3]) for d in data], RIDGE)]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data", help="examples from normal self-play, one JSON line each")
    d.add_argument("--ruleset", default="hebi-2010")
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--start", type=int, default=0)
    d.add_argument("--hands", type=int, default=1000)
    d.add_argument("--plays", choices=sorted(PLAYS), default="rules", help="normal with or without its learned rules")
    f = sub.add_parser("fit", help="the weights (JSON) from example files")
    f.add_argument("paths", nargs="+")
    s = sub.add_parser("score", help="the error of the judge in bots.learned on example files")
    s.add_argument("--decks", type=int, required=True, choices=sorted(LEAF_MODELS))
    s.add_argument("paths", nargs="+")
    args = ap.parse_args(argv)
    if args.command == "fit":
        print(json.dumps(fit(args.paths)))
    elif args.command == "score":
        print(f"RMS error in points a deck: {rms_error(LEAF_MODELS[args.decks], args.paths):.2f}")
    else:
        for example in examples(args.ruleset, args.seed, args.start, args.hands, args.plays):
            print(json.dumps(example))


if __name__ == "__main__":
    main()
