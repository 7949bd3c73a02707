"""Measuring variants of ``hard`` against each other: ``python -m bots.bench.hard``.

``duel``: the arena's duplicate deals (``arena.deal_setup``, its bot seeds) with team A and
team B both ``HardBot`` with other settings (``--a '{"steer_steps": 0}'``: changes to
``hard``'s settings on the ruleset, ``HardBot.settings_for``; an unknown key an error;
``{"level": "normal"}`` seats ``normal``; ``{"clairvoyant": true}`` searches the true deal,
the ceiling of guessing the hidden cards), in one process; ``--first-hand``
plays the deals as a match's first hand. Prints levels per deal for A as it goes.

``decisions``: hands played by ``normal`` at all seats; at every ``--every``-th play, each
variant (``--cfg``, repeatable) decides in that seat's place, and when it plays otherwise
than ``normal`` both moves are played out in the TRUE deal by ``normal`` at every seat.
The paired difference is the variant's gain at that decision against players who play as
``normal`` does: far less noisy than whole matches, and a fixed ``--samples`` separates
how good the worlds are from how many there are.

``bury``: the same for the dealer's bury (each hand played out from its bury by ``normal``).

``budget``: where a timed decision's think goes. In hands ``normal`` plays at all seats, at
every ``--every``-th play each variant (``--cfg``, on ``hard``'s settings for the ruleset)
decides in that seat's place at ``--think-ms``, one bot a seat and variant through the hand
(so carried worlds carry): the worlds a decision searched (median, mean) and the share of
the time spent steering them (``inference.steer``).

``worlds``: how well ``hard`` guesses the hidden cards. In hands where seat 0 plays as
``normal`` (its partner is ``hard`` with 4 worlds, a searching player whose plays ``normal``
does not always explain; the opponents are ``normal``), every variant (``--cfg``) searches
each of seat 0's decisions with ``--samples`` worlds, and the worlds it searched are scored
against the true deal: the share of the other seats' cards placed with their true holder
(in hands of at most ``--max-cards`` cards), and the milliseconds a world costs. Every
variant meets the same positions.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import replace
import json
import random
import statistics
import time

from bots import make_bot, sim
from bots.arena import bot_seed, deal_setup
from bots.base import step_hand
from bots.hard import HardBot
from bots.normal import NormalBot, NormalPolicy
from bots.settings import HARD, configured
from game.core import (
    BURYING,
    PLAY,
    PLAYING,
    REDEAL,
    Hand,
    HandSetup,
    Rank,
    Side,
    get_ruleset,
    observe,
)
from game.table import play_hand


def _key(cards) -> list[str]:
    return sorted(map(str, cards))


class _Clairvoyant(HardBot):
    """``hard`` searching the true deal only (``{"clairvoyant": true}``; set ``hand``): what
    knowing every card would be worth, the ceiling of better guessing. Only a benchmark:
    the bots at the table see observations, never a ``Hand``."""

    hand: Hand | None = None

    def deal_world(self, v, unseen, sizes, kitty_size):
        assert self.hand is not None
        return [list(h) for h in self.hand.hands], list(self.hand.kitty)


def _hard(seat: int, rng: random.Random, ruleset, opts: dict, think_ms, samples):
    if opts.get("level") == "normal":
        return make_bot("normal", seat, rng, ruleset)
    kind: type[HardBot] = HardBot
    if opts.get("clairvoyant"):
        kind = _Clairvoyant
        opts = {"steer_steps": 0, "carry_worlds": False, **opts}
    opts = {k: v for k, v in opts.items() if k not in ("level", "clairvoyant")}
    timing = {"think_ms": think_ms if samples is None else None, "samples": samples}
    return kind(seat, rng, ruleset, configured(kind.settings_for(ruleset), {**timing, **opts}))


def _setup(args, index: int, attempt: int = 0) -> HandSetup:
    setup = deal_setup(args.seed, index, attempt)
    if args.first_hand:  # the match's first hand: a declaration takes the deal
        setup = HandSetup(setup.seed, True, (Rank.TWO, Rank.TWO), None, setup.first_drawer)
    return setup


def _summary(values: list[float]) -> str:
    if len(values) < 2:
        return f"n {len(values)}"
    m = statistics.fmean(values)
    se = statistics.stdev(values) / len(values) ** 0.5
    return f"n {len(values)} mean {m:+.4f} se {se:.4f}"


def duel(args) -> None:
    ruleset = get_ruleset(args.ruleset)
    a, b = json.loads(args.a), json.loads(args.b)
    diffs: list[float] = []
    times: list[float] = []
    for index in range(args.start, args.start + args.deals):
        diff = 0
        for play in (0, 1):
            for attempt in range(50):
                bots = [
                    _hard(
                        seat,
                        random.Random(bot_seed(args.seed, index, play, attempt, seat)),
                        ruleset,
                        a if seat % 2 == play else b,
                        args.think_ms,
                        args.samples,
                    )
                    for seat in range(4)
                ]
                hand = Hand(ruleset, _setup(args, index, attempt))
                for bot in bots:
                    if isinstance(bot, _Clairvoyant):
                        bot.hand = hand
                report = play_hand(hand, bots)
                assert report.clean, (report.illegal, report.errors)
                if report.hand.phase != REDEAL:
                    break
            hand = report.hand
            s = hand.settlement
            assert s is not None and hand.dealer is not None
            times += report.think_seconds
            dealer_team = hand.dealer % 2
            up = dealer_team if s.up_side == Side.DEALERS else 1 - dealer_team
            diff += s.up_levels if up == play else -s.up_levels
        diffs.append(diff)
        print(f"deal {index}: {diff:+d}; A {_summary(diffs)}", flush=True)
    times.sort()
    p50, p95 = times[len(times) // 2], times[int(0.95 * len(times))]
    print(f"decision ms p50 {1000 * p50:.0f} p95 {1000 * p95:.0f} max {1000 * times[-1]:.0f}")


def _normal_hand(ruleset, seed: int, index: int) -> Hand | None:
    bots = [make_bot("normal", s, random.Random(index * 4 + s), ruleset) for s in range(4)]
    hand = play_hand(Hand(ruleset, deal_setup(seed, index)), bots).hand
    return None if hand.phase == REDEAL else hand


def decisions(args) -> None:
    ruleset = get_ruleset(args.ruleset)
    policy = NormalPolicy()
    cfgs = [json.loads(c) for c in args.cfg or ["{}"]]
    gains: list[list[float]] = [[] for _ in cfgs]
    levels: list[list[float]] = [[] for _ in cfgs]  # the arena's score alone
    changed = [0] * len(cfgs)
    for index in range(args.start, args.start + args.hands):
        played = _normal_hand(ruleset, args.seed, index)
        if played is None:
            continue
        hand = Hand(ruleset, played.setup)
        # One bot per variant and seat for the hand: a bot may carry what it learned from
        # one decision to the next (``carry_worlds``).
        variants: dict[tuple[int, int], HardBot] = {}
        k = 0
        for action in played.log:
            if action.kind == PLAY and action.seat is not None:
                seat = action.seat
                k += 1
                if k % args.every == 0 and 1 < len(hand.hands[seat]) <= args.max_cards:
                    obs = observe(hand, seat)
                    normal = NormalBot(seat, random.Random(0), ruleset)
                    base = normal.play(obs)
                    v = normal.view(obs)
                    for i, cfg in enumerate(cfgs):
                        bot = variants.get((i, seat))
                        if bot is None:
                            bot = variants[(i, seat)] = _hard(
                                seat, random.Random(index * 1000 + seat), ruleset, cfg, args.think_ms, args.samples
                            )
                        move = bot.play(obs)
                        if _key(move) == _key(base):
                            gains[i].append(0.0)
                            levels[i].append(0.0)
                            continue
                        changed[i] += 1
                        assert hand.play_state is not None
                        for out, weights in ((gains[i], (1.0, 0.5)), (levels[i], (0.0, 0.0))):
                            values = [
                                sim.rollout(
                                    hand.play_state.copy(),
                                    v.mem.copy(),
                                    v.tab,
                                    policy,
                                    seat,
                                    m,
                                    v.tricks_done,
                                    *weights,
                                )
                                for m in (move, base)
                            ]
                            out.append(values[0] - values[1])
            hand.apply(action)
        for i in range(len(cfgs)):
            print(
                f"hand {index} cfg {i}: changed {changed[i]} gain/decision "
                f"{_summary(gains[i])} total {sum(gains[i]):+.2f}; levels alone "
                f"{_summary(levels[i])}",
                flush=True,
            )


def _finish(hand: Hand, bury, index: int) -> float:
    ruleset = hand.ruleset
    h = hand.replay()
    assert h.dealer is not None
    h.bury(h.dealer, bury)
    bots = [make_bot("normal", s, random.Random(index * 4 + s), ruleset) for s in range(4)]
    s = play_hand(h, bots).hand.settlement
    assert s is not None and h.dealer is not None
    return sim.utility(ruleset, h.dealer, h.dealer, s.total, s.up_levels, s.up_side)


def bury(args) -> None:
    ruleset = get_ruleset(args.ruleset)
    cfg = json.loads(args.cfg[0]) if args.cfg else {}
    gains: list[float] = []
    changed = 0
    for index in range(args.start, args.start + args.hands):
        hand = Hand(ruleset, deal_setup(args.seed, index))
        bots = [make_bot("normal", s, random.Random(index * 4 + s), ruleset) for s in range(4)]
        while not hand.finished and hand.phase != BURYING:
            step_hand(hand, bots)
        if hand.phase != BURYING or hand.dealer is None:
            continue
        obs = observe(hand, hand.dealer)
        base = bots[hand.dealer].bury(obs)
        started = time.perf_counter()
        move = _hard(hand.dealer, random.Random(index), ruleset, cfg, args.think_ms, args.samples).bury(obs)
        spent = time.perf_counter() - started
        if _key(move) == _key(base):
            gains.append(0.0)
            continue
        changed += 1
        gains.append(_finish(hand, move, index) - _finish(hand, base, index))
        print(f"hand {index}: changed ({spent * 1000:.0f} ms), gain {gains[-1]:+.3f}", flush=True)
    print(f"buries: changed {changed}; gain per hand {_summary(gains)}")


def worlds(args) -> None:
    ruleset = get_ruleset(args.ruleset)
    cfgs = [json.loads(c) for c in args.cfg or ["{}"]]
    placed: list[list[float]] = [[] for _ in cfgs]
    spent = [0.0] * len(cfgs)
    searched = [0] * len(cfgs)
    samples = args.samples or 12
    for index in range(args.start, args.start + args.hands):
        variants = [
            HardBot(0, random.Random(index), ruleset, configured(HARD, {"think_ms": None, "samples": samples, **cfg}))
            for cfg in cfgs
        ]
        normal = make_bot("normal", 0, random.Random(index * 4), ruleset)
        hand = Hand(ruleset, deal_setup(args.seed, index))
        bots = [
            normal,
            make_bot("normal", 1, random.Random(index * 4 + 1), ruleset),
            HardBot(2, random.Random(index * 4 + 2), ruleset, replace(HARD, think_ms=None, samples=4, steer_steps=0)),
            make_bot("normal", 3, random.Random(index * 4 + 3), ruleset),
        ]
        while not hand.finished:
            seat = hand.to_act()
            if hand.phase == PLAYING and seat == 0:
                obs = observe(hand, 0)
                for i, bot in enumerate(variants):
                    started = time.perf_counter()
                    bot.play(obs)
                    spent[i] += time.perf_counter() - started
                    searched[i] += bot.last_worlds
                    if not bot.last_worlds or len(obs.hand) > args.max_cards:
                        continue
                    for world, _kitty in bot.last_world_list:
                        right = total = 0
                        for s in (1, 2, 3):
                            right += sum((Counter(world[s]) & Counter(hand.hands[s])).values())
                            total += len(hand.hands[s])
                        if total:
                            placed[i].append(right / total)
            step_hand(hand, bots)
        for i, cfg in enumerate(cfgs):
            print(
                f"hand {index} cfg {i} {json.dumps(cfg)}: placed {_summary(placed[i])}; "
                f"{1000 * spent[i] / max(1, searched[i]):.1f} ms a world",
                flush=True,
            )


def budget(args) -> None:
    ruleset = get_ruleset(args.ruleset)
    cfgs = [json.loads(c) for c in args.cfg or ["{}"]]
    found: list[list[int]] = [[] for _ in cfgs]
    spent = [0.0] * len(cfgs)
    steering = [0.0] * len(cfgs)
    for index in range(args.start, args.start + args.hands):
        played = _normal_hand(ruleset, args.seed, index)
        if played is None:
            continue
        bots = [
            [_hard(s, random.Random(index * 4 + s), ruleset, cfg, args.think_ms, None) for s in range(4)]
            for cfg in cfgs
        ]
        hand = Hand(ruleset, played.setup)
        plays = 0
        for action in played.log:
            if action.kind == PLAY and action.seat is not None and hand.play_state is not None:
                plays += 1
                if plays % args.every == 0:
                    obs = observe(hand, action.seat)
                    for i, variant in enumerate(bots):
                        bot = variant[action.seat]
                        assert isinstance(bot, HardBot)
                        before = bot.steering_s
                        started = time.perf_counter()
                        bot.play(obs)
                        spent[i] += time.perf_counter() - started
                        steering[i] += bot.steering_s - before
                        if bot.last_worlds:
                            found[i].append(bot.last_worlds)
            hand.apply(action)
    for i, cfg in enumerate(cfgs):
        worlds_found = found[i] or [0]
        print(
            f"cfg {i} {json.dumps(cfg)}: {len(found[i])} searches, worlds median "
            f"{statistics.median(worlds_found):g} mean {statistics.fmean(worlds_found):.1f}; "
            f"steering {100 * steering[i] / max(spent[i], 1e-9):.0f}% of {spent[i]:.1f} s",
            flush=True,
        )


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("duel", "decisions", "bury", "worlds", "budget"))
    ap.add_argument("--ruleset", default="hebi-2010")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--deals", type=int, default=30, help="duel: duplicate deals")
    ap.add_argument("--hands", type=int, default=12, help="decisions, bury: hands")
    ap.add_argument("--a", default="{}", help="duel: team A's search settings (JSON)")
    ap.add_argument("--b", default="{}", help="duel: team B's search settings (JSON)")
    ap.add_argument(
        "--cfg", action="append", help="decisions, bury, worlds, budget: a variant's search settings (JSON)"
    )
    ap.add_argument("--think-ms", type=float, default=100.0)
    ap.add_argument("--samples", type=int, default=None, help="fixed worlds, no time box")
    ap.add_argument("--every", type=int, default=3, help="decisions, budget: every n-th play")
    ap.add_argument("--max-cards", type=int, default=99, help="decisions, worlds: hands this small")
    ap.add_argument(
        "--first-hand", action="store_true", help="duel: the match's first hands (a declaration takes the deal)"
    )
    args = ap.parse_args(argv)
    {"duel": duel, "decisions": decisions, "bury": bury, "worlds": worlds, "budget": budget}[args.what](args)


if __name__ == "__main__":
    main()
