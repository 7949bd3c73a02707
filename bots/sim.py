"""Roll-outs of the play phase for the ``hard`` level's look-ahead.

A roll-out plays one *determinization* — a full deal of the unseen cards — to the end. The
rules are the core's own ``PlayState`` (built from the sampled hands and copied per
candidate move); this module only adds what a policy reads and the core does not keep: the
public card memory and the trick as the heuristics see it (``TrickState``). The roll-out
policy is the ``normal`` heuristics, each seat seeing only its own hand and that memory.

``sample_hands`` deals the cards a seat has not seen consistently with everything
observed: hand sizes, shown voids, the pairs and tractors a seat showed not to hold (where
possible), the cards shown in declarations and failed throws, and — for the dealer — the
kitty it buried. Another seat's kitty is drawn as dealers bury: low side cards, seldom a
trump, an ace or a card that counts (``Tables.bury_weight``).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
import random
import time

from game.core import Card, PlayState, Ruleset, Side, Trick

from .memory import CardMemory
from .tables import Tables
from .view import TrickState, View


def play_state_of(view: View, hands: list[list[Card]], kitty: list[Card]) -> PlayState:
    """The play phase as ``view``'s seat sees it, with ``hands`` for the unseen cards."""
    tricks = []
    leader = view.seat
    if view.plays:
        leader = view.plays[0][0]
        tricks = [Trick(leader, [(s, tuple(c)) for s, c in view.plays])]
    return PlayState(view.ruleset, view.ctx, view.dealer, hands, kitty, tricks,
                     trick_points=view.defender_points, penalties=0, leader=leader)


def rollout(state: PlayState, mem: CardMemory, tab: Tables, policy, seat: int,
            first: Sequence[Card] | None, tricks_done: int, point_weight: float = 1.0,
            deal_value: float = 0.5) -> float:
    """Play ``state`` out (``first`` is ``seat``'s move now) and score it for ``seat``
    (``utility`` with ``point_weight`` and ``deal_value``). ``state`` and ``mem`` are
    changed: pass copies."""
    current = state.current_trick
    trick = TrickState(current.plays, tab) if current is not None else None
    hands = state.hands
    ruleset, dealer = state.ruleset, state.dealer
    move = first
    while state.settlement is None:
        s = state.to_act()
        assert s is not None  # not settled yet
        hand = hands[s]
        if move is None:
            if trick is not None and len(hand) == trick.n:
                move = list(hand)  # the last cards: nothing to choose
            else:
                view = View(s, ruleset, tab, dealer, hand,
                            trick.plays if trick is not None else (), mem,
                            state.kitty if s == dealer else (), [len(h) for h in hands],
                            state.defender_points, tricks_done, trick)
                move, _ = policy.play(view)
        lead = trick.lead if trick is not None else None
        played_to = state.apply(s, move)
        cards = played_to.plays[-1][1]
        if lead is None:
            mem.on_play(s, cards, None, attempted=played_to.attempted)
            trick = TrickState(played_to.plays, tab)
        else:
            assert trick is not None  # a follow: the lead made it
            mem.on_play(s, cards, lead, trick.fmt if len(lead) > 1 else None)
            trick.add(s, cards, tab)
        if len(played_to.plays) == 4:
            trick = None
            tricks_done += 1
        move = None
    settled = state.settlement
    return utility(ruleset, seat, dealer, settled.total, settled.up_levels, settled.up_side,
                   point_weight, deal_value)


def utility(ruleset: Ruleset, seat: int, dealer: int, total: int, levels: int, side: Side,
            point_weight: float = 1.0, deal_value: float = 0.5) -> float:
    """The hand's value for ``seat``'s team: levels won minus lost, the deal changing hands
    as half a level (``deal_value``), and the defenders' points at ``point_weight`` levels
    per settlement step — a smooth companion of the level table that makes few samples tell
    moves apart. With both at 0 it is the arena's score: levels alone."""
    defenders = seat % 2 != dealer % 2
    value: float = levels if side == Side.DEFENDERS else -levels
    if side == Side.DEFENDERS:
        value += deal_value
    value += point_weight * total / ruleset.step
    return value if defenders else -value


# ------------------------------------------------------------------------------ sampling

def sample_hands(rng: random.Random, unseen: Counter, sizes: Sequence[int], seat: int,
                 mem: CardMemory, kitty_size: int, tab: Tables, tries: int = 30,
                 bury_model: bool = True) -> tuple[list[list[Card]], list[Card]] | None:
    """Deal ``unseen`` to the other seats (``sizes``) and, if ``kitty_size``, the kitty,
    respecting voids and known cards; nopair/notractor are kept when a few tries allow."""
    others = [s for s in range(4) if s != seat]
    suit = tab.suit
    best = None
    for _attempt in range(tries):
        pool = list(unseen.elements())
        hands: dict[int, list[Card]] = {s: [] for s in others}
        cap = {s: sizes[s] for s in others}
        for s in others:
            for card, n in mem.known[s].items():
                for _ in range(n):
                    if card in pool and cap[s] > 0:
                        pool.remove(card)
                        hands[s].append(card)
                        cap[s] -= 1
        kitty: list[Card] = []
        kcap = kitty_size
        if kcap and bury_model:
            # The dealer buried the kitty: mostly low side cards, seldom points or trumps
            # (``Tables.bury_weight``). Weighted draws without replacement: the cards with
            # the largest random() ** (1 / weight).
            weight = tab.bury_weight
            keyed = sorted(range(len(pool)), key=lambda i: rng.random() ** (1.0 / weight[pool[i]]))
            chosen = set(keyed[-kcap:])
            kitty = [pool[i] for i in sorted(chosen)]
            pool = [c for i, c in enumerate(pool) if i not in chosen]
            kcap = 0
        rng.shuffle(pool)
        # Cards that fewer seats may hold go first.
        elig = {}
        for s_ in tab.suits:
            elig[s_] = [s for s in others if s_ not in mem.void[s]]
        pool.sort(key=lambda c: len(elig[suit[c]]))
        ok = True
        for card in pool:
            seats = [s for s in elig[suit[card]] if cap[s] > 0]
            total = sum(cap[s] for s in seats) + kcap
            if total == 0:
                ok = False
                # Relax: any seat with room (a void was mis-read); keeps sizes right.
                seats = [s for s in others if cap[s] > 0]
                total = sum(cap[s] for s in seats) + kcap
                if total == 0:
                    return None
            r = rng.random() * total
            placed = False
            for s in seats:
                r -= cap[s]
                if r < 0:
                    hands[s].append(card)
                    cap[s] -= 1
                    placed = True
                    break
            if not placed:
                kitty.append(card)
                kcap -= 1
        violations = 0 if ok else 100
        for s in others:
            for s_ in mem.nopair[s]:
                cnt = Counter(c for c in hands[s] if suit[c] == s_)
                if any(n >= 2 for n in cnt.values()):
                    violations += 1
        if best is None or violations < best[0]:
            best = (violations, hands, kitty)
        if violations == 0:
            break
    assert best is not None  # at least one try
    _, hands, kitty = best
    out: list[list[Card]] = [[] for _ in range(4)]
    for s in others:
        out[s] = hands[s]
    return out, kitty


def mean_se(values: Sequence[float], weights: Sequence[float] | None = None
            ) -> tuple[float, float]:
    """The mean of paired differences and its standard error (infinite for one value).
    With ``weights`` (one per world) the weighted mean, and its error by the effective
    number of worlds, (sum w)^2 / sum w^2."""
    k = len(values)
    if weights is None:
        m = sum(values) / k
        if k < 2:
            return m, float("inf")
        var = sum((x - m) ** 2 for x in values) / (k - 1)
        return m, (var / k) ** 0.5
    w = weights[:k]
    total = sum(w)
    m = sum(wi * x for wi, x in zip(w, values)) / total
    n_eff = total * total / sum(wi * wi for wi in w)
    if n_eff < 1.5:
        return m, float("inf")
    var = sum(wi * (x - m) ** 2 for wi, x in zip(w, values)) / total * n_eff / (n_eff - 1)
    return m, (var / n_eff) ** 0.5


def paired_search(world_values: Callable[[], list[float] | None], n: int,
                  deadline: float | None, samples: int | None, min_worlds: int, z: float,
                  min_gain: float) -> tuple[int, int]:
    """Compare ``n`` candidates on the same worlds: ``world_values()`` deals one world and
    plays every candidate out in it (fewer values, or None, ends the search). Worlds until
    ``samples`` or the ``deadline`` (one is started only when it should end by then, judged
    by the worlds so far). (``surely_better``'s choice, worlds played.)"""
    diffs: list[list[float]] = [[] for _ in range(n)]
    worlds = 0
    limit = samples if samples is not None else 10_000
    began = time.perf_counter()
    while worlds < limit:
        if deadline is not None:
            now = time.perf_counter()
            per_world = (now - began) / worlds if worlds else 0.0
            if now + per_world > deadline:
                break
        values = world_values()
        if values is None or len(values) < n:
            break
        for i in range(1, n):
            diffs[i].append(values[i] - values[0])
        worlds += 1
    return surely_better(diffs, min(min_worlds, limit), z, min_gain), worlds


def surely_better(diffs: Sequence[Sequence[float]], min_worlds: int, z: float,
                  min_gain: float, weights: Sequence[float] | None = None) -> int:
    """The candidate (an index from 1) that beats candidate 0 surely and most: the lower end
    of its paired gain (the mean less ``z`` standard errors) is the highest above 0, over
    at least ``min_worlds`` worlds, and the mean above ``min_gain``; 0 when none does."""
    best, best_low = 0, 0.0
    for i in range(1, len(diffs)):
        if len(diffs[i]) < min_worlds:
            continue
        m, se = mean_se(diffs[i], weights)
        low = m - z * se
        if low > best_low and m > min_gain:
            best, best_low = i, low
    return best


__all__ = ["mean_se", "paired_search", "play_state_of", "rollout", "sample_hands", "surely_better", "utility"]
