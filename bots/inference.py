"""Reading the other seats' past plays: which sampled worlds explain them.

``sample_hands`` deals the unseen cards under the hard facts of the card memory (voids,
missing pairs, shown cards). Plays say more than that: a seat that did not trump a trick
full of points probably has no trump, a seat that followed with a ten probably has no
small card of the suit, a seat that led a king probably holds no ace. Rather than a table
of such rules, ``History`` replays each recent decision of the other seats in a sampled
world with the ``normal`` policy — the roll-outs' model of every player — and counts where
it would have played otherwise. ``steer`` then moves the cards the policy would have
played but the seat did not to other holders, a few exchanges per world, keeping each
that explains no fewer decisions: a cheap pull of the sampled deals towards the ones the
table's plays make likely (on normal-played hands about half the unseen cards land with
their true holder after ten steps, against three in eight for a uniform deal), with the
cost bounded by the replay window.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
import random
import time

from game.core import Card, Observation, format_of

from .memory import CardMemory
from .tables import Tables, tables
from .view import View

#: Completed tricks replayed before the current one (cost grows with it; old plays were
#: made with many more cards in hand, where the policy is a weaker model).
WINDOW = 6


@dataclass(slots=True)
class PastDecision:
    seat: int
    index: int  # in the hand's sequence of plays: the seat's hand then is its hand now plus
    # every card it played from this index on
    plays: tuple[tuple[int, tuple[Card, ...]], ...]  # the trick before this play
    mem: CardMemory  # public memory before this play
    defender_points: int
    tricks_done: int
    actual: tuple  # the cards meant (a failed throw: the cards tried), as ``_key``


class History:
    """The recent decisions of the other seats of ``obs``, replayable in a sampled world."""

    def __init__(self, obs: Observation, window: int = WINDOW):
        assert obs.ctx is not None and obs.dealer is not None  # the play phase
        self.seat = obs.seat
        self.ruleset = obs.ruleset
        self.dealer: int = obs.dealer
        tab: Tables = tables(obs.ctx)
        self.tab = tab
        mem = CardMemory(tab, obs.ruleset.decks, obs.dealer)
        for decl in obs.declarations:
            mem.add_declared(decl.seat, decl.cards)
        tricks = list(obs.tricks)
        if obs.current is not None and obs.current.plays:
            tricks.append(obs.current)
        first_checked = max(0, len(obs.tricks) - window)
        dealer_side = obs.dealer % 2
        points = 0
        seq: list[tuple[int, tuple[Card, ...]]] = []
        self.decisions: list[PastDecision] = []
        for t_index, trick in enumerate(tricks):
            lead = trick.plays[0][1]
            fmt = format_of(lead, tab.ctx) if len(trick.plays) > 1 and len(lead) > 1 else None
            for i, (s, cards) in enumerate(trick.plays):
                if t_index >= first_checked and s != self.seat:
                    actual = trick.attempted if i == 0 and trick.attempted else cards
                    self.decisions.append(PastDecision(
                        s, len(seq), tuple(trick.plays[:i]), mem.copy(), points, t_index,
                        _key(actual, tab)))
                if i == 0:
                    mem.on_play(s, cards, None, attempted=trick.attempted)
                else:
                    mem.on_play(s, cards, lead, fmt)
                seq.append((s, tuple(cards)))
            if t_index < len(obs.tricks):
                if trick.winner is not None and trick.winner % 2 != dealer_side:
                    points += trick.points
                points += trick.penalty
        # later[i][s]: the cards seat s played at index i or after.
        later: list[list[list[Card]]] = [[[] for _ in range(4)] for _ in range(len(seq) + 1)]
        for i in range(len(seq) - 1, -1, -1):
            s, cards = seq[i]
            row = [list(x) for x in later[i + 1]]
            row[s] += cards
            later[i] = row
        self.later = later
        self.decisions.reverse()  # the most recent first: the best evidence, checked first

    def __len__(self) -> int:
        return len(self.decisions)

    def mismatches(self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], policy,
                   stop: int | None = None) -> int:
        """How many of the decisions ``policy`` would have made otherwise in the world of
        ``hands`` (and ``kitty``); counting stops at ``stop``."""
        bad = 0
        for i in range(len(self.decisions)):
            if self.replay(i, hands, kitty, policy) is not None:
                bad += 1
                if stop is not None and bad >= stop:
                    break
        return bad

    def replay(self, i: int, hands: Sequence[Sequence[Card]], kitty: Sequence[Card],
               policy) -> list[Card] | None:
        """The policy's move at decision ``i`` in the world of ``hands`` (and ``kitty``) when
        it differs from the seat's; None when it explains the play."""
        d = self.decisions[i]
        s = d.seat
        later = self.later[d.index]
        # Sorted as an observation sorts it: the policy breaks ties by the hand's order.
        hand = self.tab.ctx.sort_hand(list(hands[s]) + later[s])
        sizes = [len(hands[x]) + len(later[x]) for x in range(4)]
        view = View(s, self.ruleset, self.tab, self.dealer, hand, d.plays, d.mem,
                    kitty if s == self.dealer else (), sizes, d.defender_points,
                    d.tricks_done)
        move, _ = policy.play(view)
        return None if _key(move, self.tab) == d.actual else list(move)


def _key(cards: Sequence[Card], tab: Tables) -> tuple:
    """A play up to cards of equal power (the off-suit level cards, say): a policy picks
    among equals by the order of the hand, which a replay does not know."""
    counts = Counter(cards)
    return (tuple(sorted((tab.suit[c], tab.pos[c], c.points) for c in cards)),
            tuple(sorted(counts.values())))


def steer(rng: random.Random, history: History, hands: list[list[Card]], kitty: list[Card],
          seat: int, mem: CardMemory, policy, steps: int, until: float | None = None) -> int:
    """Local search towards worlds that explain the plays: at the most recent decision the
    world does not explain, the policy would have played some card the seat did not; move
    that card to another holder that may hold it (in exchange for one of its cards the
    seat may hold) and keep the exchange unless it explains fewer decisions. Only the
    decisions of the two holders are replayed after an exchange. Changes ``hands``/``kitty``
    in place; returns the mismatches left. ``until``: a ``time.perf_counter()`` past which
    no step starts."""
    suit = history.tab.suit
    others = [s for s in range(4) if s != seat]
    dealer = history.dealer
    use_kitty = bool(kitty) and seat != dealer
    decisions = history.decisions
    by_seat: dict[int, list[int]] = {s: [] for s in range(4)}
    for i, d in enumerate(decisions):
        by_seat[d.seat].append(i)
    status = [history.replay(i, hands, kitty, policy) for i in range(len(decisions))]
    for _ in range(steps):
        if until is not None and time.perf_counter() > until:
            break
        first = next((i for i, m in enumerate(status) if m is not None), None)
        if first is None:
            break
        s = decisions[first].seat
        move = status[first]
        assert move is not None
        mine = hands[s]
        wrong = [c for c in move if c in mine and not mem.known[s][c]]
        if not wrong:
            break
        c = rng.choice(wrong)
        targets: list[int | None] = [o for o in others if o != s and suit[c] not in mem.void[o]]
        if use_kitty:
            targets.append(None)
        if not targets:
            break
        owner = rng.choice(targets)
        dest = kitty if owner is None else hands[owner]
        swaps = [j for j, x in enumerate(dest) if x != c and suit[x] not in mem.void[s]
                 and (owner is None or not mem.known[owner][x])]
        if not swaps:
            continue
        j = rng.choice(swaps)
        i = mine.index(c)
        x = dest[j]
        mine[i], dest[j] = x, c
        affected = by_seat[s] + (by_seat[owner] if owner is not None else
                                 by_seat[dealer] if dealer != s else [])
        allowed = sum(1 for k in affected if status[k] is not None)
        new: dict[int, list[Card] | None] = {}
        worse = 0
        for k in affected:
            got = new[k] = history.replay(k, hands, kitty, policy)
            if got is not None:
                worse += 1
                if worse > allowed:
                    break
        if worse <= allowed:
            for k, got in new.items():
                status[k] = got
        else:
            mine[i], dest[j] = c, x
    return sum(1 for m in status if m is not None)


__all__ = ["WINDOW", "History", "PastDecision", "steer"]
