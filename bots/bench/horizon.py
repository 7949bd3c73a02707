"""How far a roll-out plays before the judge takes over: ``python -m bots.bench.horizon``.

``normal`` plays the arena's deals; at every seventh play with more than five cards in hand
and two or more of ``hard``'s candidates, ``--worlds`` worlds are dealt as ``hard`` deals them,
and every candidate is played out in each, to the end and cut at each ``--horizons`` (judged
by ``bots.leaf``), timing each way. The summary, per horizon:

* the speed-up of a world's play-outs (median over the decisions);
* how well the judged gains over ``normal``'s move follow the played-out ones (correlation
  and slope over every candidate of every decision);
* the regret of the choice at equal time: the played-out values of the second half of the
  worlds are the truth; the full way chooses (``paired.keep_base``, ``hard``'s rule) from its
  first ``n`` worlds, the cut way from as many more as its speed-up buys (at most half).

    python -m bots.bench.horizon --ruleset hebi-2010 --seed 3131 --hands 8 --horizons 3,5,8 > h.jsonl
    python -m bots.bench.horizon --summary h.jsonl
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import replace
import json
import random
import statistics
import time
from typing import Any

from bots.arena import deal_setup
from bots.bench.learn import RulesPolicy
from bots.hard import HardBot
from bots.learned import LEAF_MODELS
from bots.normal import NormalBot
from bots.paired import keep_base
from bots.settings import HARD
from bots.sim import play_state_of, rollout
from game.core import PLAY, REDEAL, Hand, get_ruleset, observe
from game.table import play_hand

EVERY = 7
MIN_CARDS = 6
WORLDS_AT = (4, 8, 15)


def records(ruleset_name: str, seed: int, hands: int, horizons: Sequence[int], worlds: int):
    """One record a decision: each world's values of the candidates, played out ("full") and
    cut ("cut", by horizon), and the seconds each way took."""
    ruleset = get_ruleset(ruleset_name)
    judge = LEAF_MODELS[ruleset.decks]
    bot_class = type("RulesBot", (NormalBot,), {"policy_class": RulesPolicy})
    for index in range(hands):
        bots = [bot_class(s, random.Random(index * 4 + s), ruleset) for s in range(4)]
        played = play_hand(Hand(ruleset, deal_setup(seed, index)), bots).hand
        if played.phase == REDEAL:
            continue
        hand = Hand(ruleset, played.setup)
        plays = 0
        for action in played.log:
            if action.kind == PLAY and action.seat is not None and hand.play_state is not None:
                plays += 1
                if plays % EVERY == 3:
                    got = _decision(hand, action.seat, index * 100 + plays, horizons, worlds, judge)
                    if got is not None:
                        yield {"hand": index, **got}
            hand.apply(action)


def _decision(hand: Hand, seat: int, seed: int, horizons, worlds: int, judge) -> dict[str, Any] | None:
    bot = HardBot(seat, random.Random(seed), hand.ruleset, replace(HARD, think_ms=None, samples=worlds))
    v = bot.view(observe(hand, seat), quiet=True)
    if len(v.hand) < MIN_CARDS:
        return None
    candidates = bot.candidates(v, bot.policy.play(v)[0])
    if len(candidates) < 2:
        return None
    kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
    full: list[list[float]] = []
    cut: dict[int, list[list[float]]] = {h: [] for h in horizons}
    seconds = {"full": 0.0, **{str(h): 0.0 for h in horizons}}
    for _ in range(worlds):
        dealt = bot.deal_world(v, v.unseen, v.hand_sizes, kitty_size)
        if dealt is None:
            continue
        hands, kitty = dealt
        hands[seat] = list(v.hand)
        if seat == v.dealer:
            kitty = list(v.kitty)
        world = play_state_of(v, [v.ctx.sort_hand(h) for h in hands], kitty)
        for key, horizon in (("full", 0), *((str(h), h) for h in horizons)):
            start = time.perf_counter()
            values = [
                rollout(
                    world.copy(),
                    v.mem.copy(),
                    v.tab,
                    bot.rollout_policy,
                    seat,
                    c,
                    v.tricks_done,
                    1.0,
                    0.5,
                    horizon,
                    judge,
                )
                for c in candidates
            ]
            seconds[key] += time.perf_counter() - start
            (full if key == "full" else cut[horizon]).append(values)
    return {"cards": len(v.hand), "full": full, "cut": {str(h): cut[h] for h in horizons}, "seconds": seconds}


def _means(rows: Sequence[Sequence[float]]) -> list[float]:
    return [sum(r[i] for r in rows) / len(rows) for i in range(len(rows[0]))]


def _choice(rows: Sequence[Sequence[float]]) -> int:
    """``hard``'s rule on these worlds: ``normal``'s move unless another is surely better."""
    estimate = keep_base(lambda worlds: max(2, worlds // 2), HARD.z, HARD.min_gain)
    by_candidate = [[r[i] for r in rows] for i in range(len(rows[0]))]
    return estimate(by_candidate, len(rows))


def summary(recs: Sequence[dict[str, Any]], worlds_at: Sequence[int] = WORLDS_AT) -> list[str]:
    horizons = list(recs[0]["cut"])
    lines = [f"{len(recs)} decisions, {len({r['hand'] for r in recs})} hands"]
    for h in horizons:
        speed = statistics.median(r["seconds"]["full"] / max(1e-9, r["seconds"][h]) for r in recs)
        played, judged = [], []
        for r in recs:
            f, c = _means(r["full"]), _means(r["cut"][h])
            played += [x - f[0] for x in f[1:]]
            judged += [x - c[0] for x in c[1:]]
        fit = statistics.linear_regression(played, judged)
        lines.append(
            f"horizon {h}: speed-up {speed:.2f}, gains over normal's move: "
            f"correlation {statistics.correlation(played, judged):.3f}, slope {fit.slope:.2f}"
        )
    for n in worlds_at:
        regret = {"full": 0.0, **{h: 0.0 for h in horizons}}
        for r in recs:
            half = len(r["full"]) // 2
            truth = _means(r["full"][half:])
            top = max(truth)
            regret["full"] += top - truth[_choice(r["full"][:n])]
            for h in horizons:
                speed = r["seconds"]["full"] / max(1e-9, r["seconds"][h])
                m = min(half, max(n, round(n * speed)))
                regret[h] += top - truth[_choice(r["cut"][h][:m])]
        lines.append(
            f"{n} worlds played out, or what their time buys cut: regret a decision "
            + ", ".join(
                f"{'played out' if k == 'full' else 'horizon ' + k} {v / len(recs):.4f}" for k, v in regret.items()
            )
        )
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hebi-2010")
    ap.add_argument("--seed", type=int, default=3131)
    ap.add_argument("--hands", type=int, default=8)
    ap.add_argument("--horizons", default="3,5,8")
    ap.add_argument("--worlds", type=int, default=60)
    ap.add_argument("--summary", nargs="+", metavar="FILE", help="summarise record files instead")
    args = ap.parse_args(argv)
    if args.summary:
        recs = []
        for path in args.summary:
            with open(path, encoding="utf-8") as f:
                recs += [json.loads(line) for line in f if line.startswith("{")]
        print("\n".join(summary(recs)))
        return
    horizons = [int(h) for h in args.horizons.split(",")]
    for rec in records(args.ruleset, args.seed, args.hands, horizons, args.worlds):
        print(json.dumps(rec), flush=True)


if __name__ == "__main__":
    main()
