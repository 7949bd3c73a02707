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
from collections.abc import Sequence
import random

from game.core import Card, PlayState, Ruleset, Side, Trick, level_change
from game.table.frame_gate import FRAME_GATE

from .leaf import predicted_total
from .memory import CardMemory
from .normal import NormalPolicy
from .tables import Tables
from .trick_state import TrickState
from .view import View


def play_state_of(view: View, hands: list[list[Card]], kitty: list[Card]) -> PlayState:
    """The play phase as ``view``'s seat sees it, with ``hands`` for the unseen cards."""
    tricks = []
    leader = view.seat
    if view.plays:
        leader = view.plays[0][0]
        tricks = [Trick(leader, [(s, tuple(c)) for s, c in view.plays])]
    return PlayState(
        view.ruleset,
        view.ctx,
        view.dealer,
        hands,
        kitty,
        tricks,
        trick_points=view.defender_points,
        penalties=0,
        leader=leader,
    )


def rollout(
    state: PlayState,
    mem: CardMemory,
    tab: Tables,
    policy: NormalPolicy,
    seat: int,
    first: Sequence[Card] | None,
    tricks_done: int,
    point_weight: float = 1.0,
    deal_value: float = 0.5,
    horizon: int = 0,
    judge: Sequence[float] = (),
) -> float:
    """Play ``state`` out (``first`` is ``seat``'s move now) and score it for ``seat``
    (``utility`` with ``point_weight`` and ``deal_value``). With a ``horizon`` and a
    ``judge`` (``leaf`` weights), stop once ``horizon`` tricks are finished and judge the
    rest (``judged``). ``state`` and ``mem`` are changed: pass copies."""
    current = state.current_trick
    trick = TrickState(current.plays, tab) if current is not None else None
    hands = state.hands
    ruleset, dealer = state.ruleset, state.dealer
    # Each seat's hand split by suit, made at its first decision and then kept in step with
    # its plays: one split per seat and roll-out rather than one per decision.
    splits: list[dict[str, list[Card]] | None] = [None, None, None, None]
    move = first
    stop_at = tricks_done + horizon if horizon and judge else -1
    while state.settlement is None:
        s = state.to_act()
        assert s is not None  # not settled yet
        hand = hands[s]
        if move is None:
            if trick is not None and len(hand) == trick.n:
                move = list(hand)  # the last cards: nothing to choose
            else:
                split = splits[s]
                if split is None:
                    split = splits[s] = tab.split(hand)
                view = View(
                    s,
                    ruleset,
                    tab,
                    dealer,
                    hand,
                    trick.plays if trick is not None else (),
                    mem,
                    state.kitty if s == dealer else (),
                    [len(h) for h in hands],
                    state.defender_points,
                    tricks_done,
                    trick,
                    split,
                    quiet=True,
                )
                move, _ = policy.play(view)
        lead = trick.lead if trick is not None else None
        played_to = state.apply(s, move)
        cards = played_to.plays[-1][1]
        split = splits[s]
        if split is not None:
            _take(split, cards, tab)
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
            FRAME_GATE.pause()  # a frame being drawn goes first (game.table.frame_gate)
            # Not ``state.settlement is None``: compiled, the loop's test narrows that
            # attribute to None for the whole body. A hand left means the hand goes on.
            if tricks_done == stop_at and hand:
                return judged(state, tab, judge, seat, point_weight, deal_value)
        move = None
    settled = state.settlement
    return utility(ruleset, seat, dealer, settled.total, settled.up_levels, settled.up_side, point_weight, deal_value)


def _take(split: dict[str, list[Card]], cards: tuple[Card, ...], tab: Tables) -> None:
    """Take ``cards``, just played, out of a hand split by suit, as the play took them out
    of the hand (the same values left in the same order)."""
    suit_of = tab.suit
    for card in cards:
        code: int = card  # an int index: a ``Card`` indexes a list by a generic call
        run = split[suit_of[code]]
        for i in range(len(run)):
            if run[i] is card:
                del run[i]
                break
        else:
            run.remove(card)


def judged(
    state: PlayState,
    tab: Tables,
    judge: Sequence[float],
    seat: int,
    point_weight: float = 1.0,
    deal_value: float = 0.5,
) -> float:
    """``utility`` of the total ``judge`` predicts for ``state`` (between two tricks), at the
    total and a step either side weighted 1 : 2 : 1: a prediction near a band's edge counts
    both bands, as the spread of the hands it stands for would."""
    ruleset = state.ruleset
    total = predicted_total(state, tab, judge)
    step = ruleset.step
    got = 0.0
    for offset, weight in ((-step, 0.25), (0, 0.5), (step, 0.25)):
        t = max(0, round(total + offset))
        side, levels = level_change(ruleset, t)
        got += weight * utility(ruleset, seat, state.dealer, t, levels, side, point_weight, deal_value)
    return got


def utility(
    ruleset: Ruleset,
    seat: int,
    dealer: int,
    total: int,
    levels: int,
    side: Side,
    point_weight: float = 1.0,
    deal_value: float = 0.5,
) -> float:
    """The hand's value for ``seat``'s team: levels won minus lost, the deal changing hands
    as half a level (``deal_value``), and the defenders' points at ``point_weight`` levels
    per settlement step — a smooth companion of the level table that makes few samples tell
    moves apart. With both at 0 it is the arena's score: levels alone."""
    defenders = seat % 2 != dealer % 2
    value = float(levels if side == Side.DEFENDERS else -levels)  # one type per variable when compiled
    if side == Side.DEFENDERS:
        value += deal_value
    value += point_weight * total / ruleset.step
    return value if defenders else -value


# ------------------------------------------------------------------------------ sampling


def sample_hands(
    rng: random.Random,
    unseen: Counter,
    sizes: Sequence[int],
    seat: int,
    mem: CardMemory,
    kitty_size: int,
    tab: Tables,
    tries: int = 30,
    bury_model: bool = True,
) -> tuple[list[list[Card]], list[Card]] | None:
    """Deal ``unseen`` to the other seats (``sizes``) and, if ``kitty_size``, the kitty,
    respecting voids and known cards; nopair/notractor are kept when a few tries allow."""
    others = [s for s in range(4) if s != seat]
    # The seats that may hold a card of each suit (not shown void).
    elig = {s_: [s for s in others if s_ not in mem.void[s]] for s_ in tab.suits}
    best = None
    for _attempt in range(tries):
        pool = list(unseen.elements())
        cap = {s: sizes[s] for s in others}
        hands = _deal_known(pool, others, mem, cap)
        kitty: list[Card] = []
        kcap = kitty_size
        if kcap and bury_model:
            kitty, pool = _draw_kitty(rng, pool, kcap, tab)
            kcap = 0
        rng.shuffle(pool)
        # Cards that fewer seats may hold go first.
        pool.sort(key=lambda c: len(elig[tab.suit[c]]))
        ok = _place(rng, pool, hands, cap, kitty, kcap, others, elig, tab)
        if ok is None:
            return None
        violations = (0 if ok else 100) + _pair_violations(hands, others, mem, tab)
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


def _deal_known(pool: list[Card], others: Sequence[int], mem: CardMemory, cap: dict[int, int]) -> dict[int, list[Card]]:
    """Give each seat the cards it is known to hold (shown in a declaration or a failed
    throw), taken from ``pool``, within its room ``cap``."""
    hands: dict[int, list[Card]] = {s: [] for s in others}
    for s in others:
        for card, n in mem.known[s].items():
            for _ in range(n):
                if card in pool and cap[s] > 0:
                    pool.remove(card)
                    hands[s].append(card)
                    cap[s] -= 1
    return hands


def _draw_kitty(rng: random.Random, pool: list[Card], k: int, tab: Tables) -> tuple[list[Card], list[Card]]:
    """(kitty, rest of the pool): the dealer buried the kitty, mostly low side cards,
    seldom points or trumps (``Tables.bury_weight``). Weighted draws without replacement:
    the cards with the largest random() ** (1 / weight)."""
    weight = tab.bury_weight
    keyed = sorted(range(len(pool)), key=lambda i: rng.random() ** (1.0 / weight[pool[i]]))
    chosen = set(keyed[-k:])
    return [pool[i] for i in sorted(chosen)], [c for i, c in enumerate(pool) if i not in chosen]


def _place(
    rng: random.Random,
    pool: Sequence[Card],
    hands: dict[int, list[Card]],
    cap: dict[int, int],
    kitty: list[Card],
    kcap: int,
    others: Sequence[int],
    elig: dict[str, list[int]],
    tab: Tables,
) -> bool | None:
    """Deal ``pool`` at random among the seats that may hold each card (and the kitty's
    ``kcap`` places), in proportion to their room. False: a card no such seat had room
    for went to any seat with room (a void was mis-read); None: no room at all."""
    ok = True
    for card in pool:
        seats = [s for s in elig[tab.suit[card]] if cap[s] > 0]
        total = sum(cap[s] for s in seats) + kcap
        if total == 0:
            ok = False
            # Relax: any seat with room; keeps sizes right.
            seats = [s for s in others if cap[s] > 0]
            total = sum(cap[s] for s in seats) + kcap
            if total == 0:
                return None
        r = rng.random() * total
        for s in seats:
            r -= cap[s]
            if r < 0:
                hands[s].append(card)
                cap[s] -= 1
                break
        else:
            kitty.append(card)
            kcap -= 1
    return ok


def _pair_violations(hands: dict[int, list[Card]], others: Sequence[int], mem: CardMemory, tab: Tables) -> int:
    """The suits in which a seat holds a pair it has shown not to hold."""
    violations = 0
    for s in others:
        for s_ in mem.nopair[s]:
            cnt = Counter(c for c in hands[s] if tab.suit[c] == s_)
            if any(n >= 2 for n in cnt.values()):
                violations += 1
    return violations


__all__ = ["play_state_of", "rollout", "sample_hands", "utility"]
