"""``normal``'s learned rules, learned from the true deals: ``python -m bots.bench.learn``.

``normal`` self-play on the arena's deals. At a decision a rule makes, each move it chooses
between is played out in the true deal by ``normal`` at all four seats (``sim.rollout``),
and the values (``sim.utility``) are kept with what the seat saw. The true deal is one draw
from everything the seat could not see, so over many hands the mean of a move's value, by
the features, is its expected value: a ridge regression on them is the rule. The features
read the seat's own view only; the hidden cards only label the examples.

* ``take``: a follow to an opponent's trick that the seat can win. Take it (the cheapest
  sure win, or the strongest win when none is sure) or follow cheaply; the example is the
  difference of the two values (``follows.take_features``), and the rule takes when the
  weights times the features are above zero (``NormalPolicy.learned_take``).
* ``lead``: a lead with two or more distinct offers among the rules' best
  (``leads.distinct_offers``); the example is every offer's features and value
  (``leads.lead_features``), fitted as each offer's gain over the best by score, and the
  rule leads the offer of highest value (``NormalPolicy.learned_leads``).

    python -m bots.bench.learn data take --ruleset hebi-2010 --seed S --hands 4000 --plays rules > take.jsonl
    python -m bots.bench.learn fit take take.jsonl > take-2.json
    python -m bots.bench.learn data lead --ruleset hebi-2010 --seed S2 --hands 3000 --plays take > lead.jsonl
    python -m bots.bench.learn fit lead lead.jsonl > lead-2.json
    python -m bots.bench.learn write --take 2=take-2.json --lead 2=lead-2.json   # then ruff format

``data`` plays ``normal`` with its learned rules (``--plays rules``: without them; ``take``:
the learned take only, as the lead's examples in ``bots/learned.py`` were made);
``fit`` prints the weights, and on standard error how the rule would have done on the hands
it was not fitted on (two folds by hand) against the rules and against knowing the deal;
``write`` makes ``bots/learned.py`` (a kind not given keeps its weights there).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
import json
from pathlib import Path
import random
import sys
from typing import Any

from bots import learned, sim
from bots.arena import deal_setup
from bots.follows import FollowState, best_win, take_features
from bots.leads import distinct_offers, lead_features
from bots.normal import NormalBot, NormalPolicy
from bots.plays import cheap_key_for, winning_plays
from game.core import PLAY, REDEAL, Hand, Ruleset, get_ruleset, observe
from game.table import play_hand

#: The ridge of each kind's fit: the lead's features are more and fewer at a time.
RIDGE = {"take": 3.0, "lead": 100.0}
MODULE = Path(__file__).resolve().parents[1] / "learned.py"


class RulesPolicy(NormalPolicy):
    """``normal`` without its learned rules."""

    learned_take = False
    learned_leads = False


class LearnedPolicy(NormalPolicy):
    """``normal`` with its learned rules (``bots/learned.py``)."""

    learned_take = True
    learned_leads = True


class LearnedTakePolicy(NormalPolicy):
    """``normal`` with its learned take, leading by its rules."""

    learned_take = True
    learned_leads = False


PLAYS: dict[str, type[NormalPolicy]] = {"learned": LearnedPolicy, "take": LearnedTakePolicy, "rules": RulesPolicy}


def examples(kind: str, ruleset_name: str, seed: int, start: int, hands: int, plays: str = "learned") -> Iterator[list]:
    """The examples of ``kind`` in ``hands`` hands from ``start`` (JSON-ready lists, the hand's
    index first), ``normal`` playing as ``PLAYS[plays]``."""
    ruleset = get_ruleset(ruleset_name)
    policy_class = PLAYS[plays]
    bot_class = type("LearningBot", (NormalBot,), {"policy_class": policy_class})
    policy = policy_class()
    make = _take if kind == "take" else _lead
    for index in range(start, start + hands):
        bots = [bot_class(s, random.Random(index * 4 + s), ruleset) for s in range(4)]
        played = play_hand(Hand(ruleset, deal_setup(seed, index)), bots).hand
        if played.phase == REDEAL:
            continue
        hand = Hand(ruleset, played.setup)
        for action in played.log:
            if action.kind == PLAY and action.seat is not None and hand.play_state is not None:
                example = make(hand, action.seat, policy, bot_class, ruleset)
                if example is not None:
                    yield [index, *example]
            hand.apply(action)


def _values(hand: Hand, seat: int, v, policy: NormalPolicy, moves) -> list[float]:
    state = hand.play_state
    assert state is not None
    return [sim.rollout(state.copy(), v.mem.copy(), v.tab, policy, seat, m, v.tricks_done) for m in moves]


def _take(hand: Hand, seat: int, policy: NormalPolicy, bot_class, ruleset: Ruleset) -> list | None:
    """[features, value of taking − of following cheap, 1 if the playing rule took, 0 if it
    followed cheap, -1 if neither]."""
    v = bot_class(seat, random.Random(0), ruleset).view(observe(hand, seat), quiet=True)
    tr = v.trick
    if not v.plays or tr is None or tr.winner == v.partner or len(v.hand) <= tr.n:
        return None
    f = FollowState(v, cheap_key_for(v.tab, v.mine()), policy._endgame(v))
    weights = policy._follow_weights
    wins = winning_plays(f.mine, tr, v.tab, f.cheap)
    win = best_win(f, wins, weights, policy._cautious, policy._bank_points)
    if win is None:
        return None
    take = win.play if win.secure else wins[-1]
    cheap = policy._follow_by(f, f.cheap)
    if sorted(take) == sorted(cheap):
        return None
    values = _values(hand, seat, v, policy, (take, cheap))
    chosen = sorted(policy.play(v)[0])
    rule = 1 if chosen == sorted(take) else 0 if chosen == sorted(cheap) else -1
    return [_rounded(take_features(f, win, take, cheap, weights)), round(values[0] - values[1], 5), rule]


def _lead(hand: Hand, seat: int, policy: NormalPolicy, bot_class, ruleset: Ruleset) -> list | None:
    """[each offer's features, each offer's value], the best by score first."""
    v = bot_class(seat, random.Random(0), ruleset).view(observe(hand, seat), quiet=True)
    if v.plays or len(v.hand) < 2:
        return None
    offers = distinct_offers(policy.lead_options(v))
    if len(offers) < 2:
        return None
    mine = v.mine()
    features = [_rounded(lead_features(v, offers, i, mine)) for i in range(len(offers))]
    values = _values(hand, seat, v, policy, [o[1] for o in offers])
    return [features, [round(x, 5) for x in values]]


def _rounded(xs: Sequence[float]) -> list[float]:
    return [round(x, 5) for x in xs]


def ridge(rows: Sequence[tuple[list[float], float]], ridge: float) -> list[float]:
    """Least squares with ``ridge`` on the diagonal, by Gauss-Jordan: no numeric library."""
    k = len(rows[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in rows:
        for i, xi in enumerate(x):
            if xi == 0.0:
                continue
            row = a[i]
            for j in range(i, k):
                row[j] += xi * x[j]
            b[i] += xi * y
    for i in range(k):
        a[i][i] += ridge
        for j in range(i):
            a[i][j] = a[j][i]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        p = a[col][col]
        for r in range(k):
            if r != col and a[r][col] != 0.0:
                factor = a[r][col] / p
                ar, ac = a[r], a[col]
                for j in range(col, k):
                    ar[j] -= factor * ac[j]
                b[r] -= factor * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def _dot(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x))


def _rows(kind: str, data: list[list]) -> list[tuple[list[float], float]]:
    """Regression rows: a take example as it is; each offer of a lead but the first, its
    features and value less the first's."""
    if kind == "take":
        return [(d[1], d[2]) for d in data]
    rows = []
    for _, features, values in data:
        first = features[0]
        for x, value in zip(features[1:], values[1:]):
            rows.append(([a - b for a, b in zip(x, first)], value - values[0]))
    return rows


def _chosen_gain(kind: str, weights: Sequence[float], d: list) -> tuple[float, float, float]:
    """The value over the rules' own choice of the learned choice and of the best one knowing
    the deal, and the rules' value over the baseline (following cheap; the first offer)."""
    if kind == "take":
        gain = d[2]
        rules = gain if d[3] == 1 else 0.0
        return (gain if _dot(weights, d[1]) > 0 else 0.0) - rules, max(gain, 0.0) - rules, rules
    features, values = d[1], d[2]
    scores = [_dot(weights, x) for x in features]
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    return values[best] - values[0], max(values) - values[0], 0.0


def fit(kind: str, paths: list[str]) -> list[float]:
    data: list[list] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            data += [json.loads(line) for line in f if line.startswith("[")]
    if kind == "take":
        data = [d for d in data if d[3] >= 0]
    hands = len({d[0] for d in data}) or 1
    learned_gain = known_gain = 0.0
    for fold in (0, 1):
        weights = ridge(_rows(kind, [d for d in data if d[0] % 2 != fold]), RIDGE[kind])
        for d in data:
            if d[0] % 2 == fold:
                got, known, _ = _chosen_gain(kind, weights, d)
                learned_gain += got
                known_gain += known
    print(
        f"{kind}: {len(data)} decisions, {hands} hands; over the rules, a hand (held-out folds): "
        f"learned {learned_gain / hands:+.4f}, knowing the deal {known_gain / hands:+.4f}",
        file=sys.stderr,
    )
    return [round(w, 5) for w in ridge(_rows(kind, data), RIDGE[kind])]


def write(take: list[str], lead: list[str], path: Path = MODULE, leaf: Sequence[str] = ()) -> None:
    """``bots/learned.py``, the kinds given from ``DECKS=weights.json`` pairs, the others as
    they are (``leaf``: the judge of cut roll-outs, ``python -m bots.bench.leaf``)."""
    models: dict[str, dict[int, Any]] = {
        "TAKE_MODELS": dict(learned.TAKE_MODELS),
        "LEAD_MODELS": dict(learned.LEAD_MODELS),
        "LEAF_MODELS": dict(learned.LEAF_MODELS),
    }
    for name, pairs in (("TAKE_MODELS", take), ("LEAD_MODELS", lead), ("LEAF_MODELS", leaf)):
        if pairs:
            models[name] = {}
        for pair in pairs:
            count, _, source = pair.partition("=")
            with open(source, encoding="utf-8") as f:
                models[name][int(count)] = json.load(f)
    lines = [
        '"""The weights of ``normal``\'s learned rules, by the number of decks: taking an',
        "opponent's trick (``follows.take_features``, ``NormalPolicy.learned_take``) and choosing",
        "a lead (``leads.lead_features``, ``NormalPolicy.learned_leads``); and of the judge of",
        "``hard``'s cut roll-outs (``leaf.features``, ``SearchSettings.horizon``). Written by",
        '``python -m bots.bench.learn write`` (bots/NOTES.md, "Learned from the true deals"):',
        'learn them again, do not edit them."""',
        "",
        "from typing import Final",
    ]
    for name, by_decks in models.items():
        lines += ["", f"{name}: Final[dict[int, tuple[float, ...]]] = {{"]
        for decks in sorted(by_decks):
            lines.append(f"    {decks}: (")
            lines += [f"        {w!r}," for w in by_decks[decks]]  # one a line, as ruff formats it
            lines.append("    ),")
        lines.append("}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    d = sub.add_parser("data", help="examples from normal self-play, one JSON line each")
    d.add_argument("kind", choices=("take", "lead"))
    d.add_argument("--ruleset", default="hebi-2010")
    d.add_argument("--seed", type=int, required=True)
    d.add_argument("--start", type=int, default=0)
    d.add_argument("--hands", type=int, default=1000)
    d.add_argument("--plays", choices=tuple(PLAYS), default="learned", help="normal's learned rules, or some")
    f = sub.add_parser("fit", help="the weights (JSON) from example files")
    f.add_argument("kind", choices=("take", "lead"))
    f.add_argument("paths", nargs="+")
    w = sub.add_parser("write", help="bots/learned.py from DECKS=weights.json pairs")
    w.add_argument("--take", action="append", default=[])
    w.add_argument("--lead", action="append", default=[])
    w.add_argument("--leaf", action="append", default=[])
    args = ap.parse_args(argv)
    if args.command == "write":
        write(args.take, args.lead, leaf=args.leaf)
    elif args.command == "fit":
        print(json.dumps(fit(args.kind, args.paths)))
    else:
        for example in examples(args.kind, args.ruleset, args.seed, args.start, args.hands, args.plays):
            print(json.dumps(example))


if __name__ == "__main__":
    main()
