"""Two variants of the ``normal`` policy on the arena's duplicate deals, in one process.

Each variant is ``NormalPolicy`` with some of its switches (class attributes) or weights
(fields of ``leads.LeadWeights`` and ``follows.FollowWeights``) changed (JSON), e.g. the
heuristics of issue 11 switched off for team B::

    python tools/normal_variants.py --ruleset hebi-2010 --deals 300 --seed 1 \
        --b '{"bank_points": false, "low_pair": 8}'

Prints team A's levels per deal with its 95% CI (by deal), as the arena does. Fast (normal
self-play, about 100 hands a second): the way to try a heuristic before measuring it against
another tree's bot with ``bots.engine``.

``--screen K`` instead plays every weight of both tables scaled by each factor K (say
``--screen 0.5 --screen 1.6``) as team A against the weights as they are, one line each:
where ``normal`` stands among its neighbours (``--part i/n`` runs every n-th of them, for
one process per core).
"""

from __future__ import annotations

import argparse
from dataclasses import fields, replace
import json
import statistics
import time

import bots.arena as arena
from bots.normal import NormalBot, NormalPolicy


def variant(name: str, attributes: dict) -> type[NormalBot]:
    """A bot whose policy has ``attributes``: a weight's name changes that weight in its
    table, any other name a switch of ``NormalPolicy``; an unknown name is an error."""
    tables = {"lead_weights": NormalPolicy.lead_weights, "follow_weights": NormalPolicy.follow_weights}
    switches: dict = {}
    changes: dict[str, dict] = {table: {} for table in tables}
    for key, value in attributes.items():
        table = next((t for t, w in tables.items() if key in {f.name for f in fields(w)}), None)
        if table is not None:
            changes[table][key] = tuple(value) if isinstance(value, list) else value
        elif key in tables or key.startswith("_") or not hasattr(NormalPolicy, key):
            raise SystemExit(f"{key!r} is neither a weight nor a switch of NormalPolicy")
        elif key in ("take_models", "lead_models"):  # JSON's keys are strings: the deck counts
            switches[key] = {int(decks): tuple(weights) for decks, weights in value.items()}
        else:
            switches[key] = value
    for table, weights in tables.items():
        switches[table] = replace(weights, **changes[table])
    policy = type(f"{name}Policy", (NormalPolicy,), switches)
    return type(f"{name}Bot", (NormalBot,), {"policy_class": policy})


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="hebi-2010")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--a", default="{}", help="team A's policy attributes (JSON)")
    ap.add_argument("--b", default="{}", help="team B's policy attributes (JSON)")
    ap.add_argument("--screen", type=float, action="append", help="scale every weight by this, one at a time")
    ap.add_argument("--part", default="0/1", help="with --screen: i/n, every n-th variant from the i-th")
    args = ap.parse_args(argv)
    if args.screen:
        part, parts = (int(x) for x in args.part.split("/"))
        for attributes in neighbours(args.screen)[part::parts]:
            duel(args.ruleset, args.seed, args.deals, attributes, {})
        return 0
    duel(args.ruleset, args.seed, args.deals, json.loads(args.a), json.loads(args.b))
    return 0


def neighbours(factors: list[float]) -> list[dict]:
    """Every weight of the lead and follow tables scaled by each factor, one at a time."""
    out: list[dict] = []
    for weights in (NormalPolicy.lead_weights, NormalPolicy.follow_weights):
        for f in fields(weights):
            value = getattr(weights, f.name)
            for k in factors:
                if isinstance(value, tuple):
                    out.append({f.name: [x * k for x in value]})
                elif isinstance(value, int):
                    out.append({f.name: round(value * k)})
                else:
                    out.append({f.name: round(value * k, 4)})
    return out


def duel(ruleset: str, seed: int, deals: int, a: dict, b: dict) -> None:
    """Team A's policy against team B's on ``deals`` duplicate deals; one line."""
    bots = {"A": variant("A", a), "B": variant("B", b)}

    def make_bot(level, seat, rng, ruleset, think_ms=None, **_):
        return bots[level](seat, rng, ruleset)

    arena.make_bot = make_bot  # play_deal seats bots through it
    start = time.perf_counter()
    diffs: list[int] = []
    bad = 0
    for i in range(deals):
        r = arena.play_deal(ruleset, seed, i, "A", "B")
        diffs.append(r.diff)
        bad += r.illegal + r.errors
    m = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5
    print(
        f"{ruleset} seed {seed}, {deals} deals: A {json.dumps(a)} vs B {json.dumps(b)}: "
        f"{m:+.3f} levels/deal, ci95 [{m - half:+.3f}, {m + half:+.3f}], "
        f"illegal+errors {bad}, {time.perf_counter() - start:.0f} s",
        flush=True,
    )


if __name__ == "__main__":
    raise SystemExit(main())
