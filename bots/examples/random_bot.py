#!/usr/bin/env python3
r"""A random but legal Shengji bot speaking the bot protocol (docs/bot-protocol.md).

Try it in the arena, at seat 0 (and with its team when the teams swap seats):

    python -m bots.arena --ruleset hebi-2010 --deals 5 \
        --seat 0=external:"python3 bots/examples/random_bot.py"

It uses only the standard library and what the requests carry: no rules engine. Every
request is one line of JSON on standard input; every ``declare``, ``bury`` and ``play``
request gets one line of JSON back on standard output (``hello`` and ``result`` get none).
An optional argument seeds its random choices.
"""

from collections import Counter
import json
import random
import sys


def declare(request, rng):
    """Pass, or show one of the declarations the rules allow now, at random."""
    return rng.choice([None] + request["options"])


def bury(request, rng):
    """Any `count` cards of the hand (which includes the kitty)."""
    return rng.sample(request["hand"], request["count"])


def play(request, rng):
    order = request["card_order"]  # card -> [effective suit, position]
    legal = request["legal"]
    if legal["leading"]:
        return lead(request["hand"], rng)
    return follow(request["hand"], legal, order, rng)


def lead(hand, rng):
    """A random card, or a pair of it half of the time when we hold one. (One single or one
    pair is always a legal lead; several units at once would be a throw.)"""
    card = rng.choice(hand)
    if hand.count(card) >= 2 and rng.random() < 0.5:
        return [card, card]
    return [card]


def follow(hand, legal, order, rng):
    """A random legal follow (RULES.md §5)."""
    n = legal["count"]
    mine = [c for c in hand if order[c][0] == legal["lead_suit"]]  # cards of the led suit
    others = [c for c in hand if order[c][0] != legal["lead_suit"]]
    rng.shuffle(mine)
    rng.shuffle(others)
    if len(mine) <= n:  # all of the led suit, then anything
        return mine + others[: n - len(mine)]
    # Enough cards of the led suit: match the lead's tractors as far as we can, then its
    # pairs (pairs inside tractors included), then anything of the suit.
    shape = legal["lead_shape"]  # e.g. ["T2", "P", "S"]
    tractors = [int(unit[1:]) for unit in shape if unit.startswith("T")]
    lead_pairs = sum(tractors) + shape.count("P")
    pool = Counter(mine)
    chosen = []
    for piece in best_tractors(pool, tractors, order):
        for card in piece:
            chosen += [card, card]
            pool[card] -= 2
    pairs = [card for card in pool if pool[card] >= 2]
    rng.shuffle(pairs)
    while len(chosen) // 2 < lead_pairs and pairs:
        card = pairs.pop()
        chosen += [card, card]
        pool[card] -= 2
    rest = list(pool.elements())
    rng.shuffle(rest)
    return chosen + rest[: n - len(chosen)]


def best_tractors(pool, tractors, order):
    """The most pairs of `pool` laid out as tractors — runs of 2+ pairs at consecutive
    positions — each matched to a different tractor of the lead and no longer than it.
    Returns the runs, each as its cards (one per position). A small exhaustive search."""
    at: dict[int, list[str]] = {}  # position -> cards we hold a pair of (off-suit level cards share a position)
    for card, count in pool.items():
        if count >= 2:
            at.setdefault(order[card][1], []).append(card)
    best: list[list[str]] = []
    most = sum(tractors)

    def size(runs):
        return sum(len(run) for run in runs)

    def search(i, runs):
        nonlocal best
        if size(runs) > size(best):
            best = list(runs)
        if i == len(tractors) or size(best) == most:
            return
        for low in sorted(at):
            for length in range(2, tractors[i] + 1):
                span = range(low, low + length)
                if all(at.get(p) for p in span):
                    run = [at[p].pop() for p in span]
                    search(i + 1, runs + [run])
                    for p, card in zip(span, run):
                        at[p].append(card)
        search(i + 1, runs)  # leave the lead's tractor i unmatched

    search(0, [])
    return best


def main():
    rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        request = json.loads(line)
        kind = request["type"]
        if kind == "declare":
            answer = {"declare": declare(request, rng)}
        elif kind == "bury":
            answer = {"bury": bury(request, rng)}
        elif kind == "play":
            answer = {"play": play(request, rng)}
        else:  # hello and result take no answer
            continue
        answer["id"] = request["id"]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
