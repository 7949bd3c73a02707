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
#: A card ``steer`` may move into the kitty is one a dealer buries at least this often
#: relative to a low side card (``Tables.bury_weight``): not a trump, an ace or a ten.
BURY_PLAUSIBLE = 0.2
#: Steps spent on one unexplained decision before ``steer`` moves on to the next.
PATIENCE = 3


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
                    self.decisions.append(
                        PastDecision(
                            s, len(seq), tuple(trick.plays[:i]), mem.copy(), points, t_index, _key(actual, tab)
                        )
                    )
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

    def mismatches(
        self, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], policy, stop: int | None = None
    ) -> int:
        """How many of the decisions ``policy`` would have made otherwise in the world of
        ``hands`` (and ``kitty``); counting stops at ``stop``."""
        bad = 0
        for i in range(len(self.decisions)):
            if self.replay(i, hands, kitty, policy) is not None:
                bad += 1
                if stop is not None and bad >= stop:
                    break
        return bad

    def replay(self, i: int, hands: Sequence[Sequence[Card]], kitty: Sequence[Card], policy) -> list[Card] | None:
        """The policy's move at decision ``i`` in the world of ``hands`` (and ``kitty``) when
        it differs from the seat's; None when it explains the play."""
        d = self.decisions[i]
        s = d.seat
        later = self.later[d.index]
        # Sorted as an observation sorts it: the policy breaks ties by the hand's order.
        hand = self.tab.ctx.sort_hand(list(hands[s]) + later[s])
        sizes = [len(hands[x]) + len(later[x]) for x in range(4)]
        view = View(
            s,
            self.ruleset,
            self.tab,
            self.dealer,
            hand,
            d.plays,
            d.mem,
            kitty if s == self.dealer else (),
            sizes,
            d.defender_points,
            d.tricks_done,
        )
        move, _ = policy.play(view)
        return None if _key(move, self.tab) == d.actual else list(move)


def _key(cards: Sequence[Card], tab: Tables) -> tuple:
    """A play up to cards of equal power (the off-suit level cards, say): a policy picks
    among equals by the order of the hand, which a replay does not know."""
    counts = Counter(cards)
    return (tuple(sorted((tab.suit[c], tab.pos[c], c.points) for c in cards)), tuple(sorted(counts.values())))


class _Steering:
    """One world being steered: which decisions it explains, how often each was tried."""

    __slots__ = (
        "by_seat",
        "hands",
        "history",
        "kitty",
        "mem",
        "others",
        "policy",
        "seat",
        "status",
        "tried",
        "use_kitty",
    )

    def __init__(
        self, history: History, hands: list[list[Card]], kitty: list[Card], seat: int, mem: CardMemory, policy
    ) -> None:
        self.history, self.hands, self.kitty, self.mem, self.policy = history, hands, kitty, mem, policy
        self.seat = seat
        self.others = [s for s in range(4) if s != seat]
        self.use_kitty = bool(kitty) and seat != history.dealer
        self.by_seat: dict[int, list[int]] = {s: [] for s in range(4)}
        for i, d in enumerate(history.decisions):
            self.by_seat[d.seat].append(i)
        # The move the policy would have made instead, per decision (None: explained).
        self.status = [history.replay(i, hands, kitty, policy) for i in range(len(history.decisions))]
        self.tried = [0] * len(history.decisions)

    def next_unexplained(self, patience: int) -> int | None:
        """The first decision the world does not explain, unless given up on."""
        return next((i for i, m in enumerate(self.status) if m is not None and self.tried[i] < patience), None)

    def card_to_move(self, rng: random.Random, s: int, move: Sequence[Card]) -> Card | None:
        """A card the policy would have played that ``s`` holds here, not known to be his."""
        mine = self.hands[s]
        wrong = [c for c in move if c in mine and not self.mem.known[s][c]]
        return rng.choice(wrong) if wrong else None

    def holders(self, c: Card, s: int) -> list[int | None]:
        """Who else may hold ``c`` (None: the kitty, for a card a dealer would bury)."""
        suit = self.history.tab.suit
        targets: list[int | None] = [o for o in self.others if o != s and suit[c] not in self.mem.void[o]]
        if self.use_kitty and self.history.tab.bury_weight[c] >= BURY_PLAUSIBLE:
            targets.append(None)
        return targets

    def swaps(self, c: Card, s: int, owner: int | None) -> list[int]:
        """The cards of ``owner`` that ``s`` may hold, to give him for ``c``."""
        suit, mem = self.history.tab.suit, self.mem
        dest = self.kitty if owner is None else self.hands[owner]
        return [
            j
            for j, x in enumerate(dest)
            if x != c and suit[x] not in mem.void[s] and (owner is None or not mem.known[owner][x])
        ]

    def affected(self, s: int, owner: int | None) -> list[int]:
        """The decisions an exchange between ``s`` and ``owner`` may change."""
        dealer = self.history.dealer
        return self.by_seat[s] + (
            self.by_seat[owner] if owner is not None else self.by_seat[dealer] if dealer != s else []
        )

    def keeps(self, affected: list[int]) -> bool:
        """Replay ``affected`` after an exchange: keep it (and the new status) unless it
        explains fewer of them."""
        allowed = sum(1 for k in affected if self.status[k] is not None)
        new: dict[int, list[Card] | None] = {}
        worse = 0
        for k in affected:
            got = new[k] = self.history.replay(k, self.hands, self.kitty, self.policy)
            if got is not None:
                worse += 1
                if worse > allowed:
                    return False
        for k, got in new.items():
            self.status[k] = got
        return True

    def step(self, rng: random.Random, first: int, patience: int) -> None:
        """One exchange for the unexplained decision ``first``."""
        self.tried[first] += 1
        s = self.history.decisions[first].seat
        move = self.status[first]
        assert move is not None
        c = self.card_to_move(rng, s, move)
        targets = self.holders(c, s) if c is not None else []
        if c is None or not targets:
            self.tried[first] = patience  # no exchange can explain it
            return
        owner = rng.choice(targets)
        swaps = self.swaps(c, s, owner)
        if not swaps:
            return
        j = rng.choice(swaps)
        mine = self.hands[s]
        dest = self.kitty if owner is None else self.hands[owner]
        i = mine.index(c)
        x = dest[j]
        mine[i], dest[j] = x, c
        if not self.keeps(self.affected(s, owner)):
            mine[i], dest[j] = c, x


def steer(
    rng: random.Random,
    history: History,
    hands: list[list[Card]],
    kitty: list[Card],
    seat: int,
    mem: CardMemory,
    policy,
    steps: int,
    until: float | None = None,
    patience: int = PATIENCE,
) -> int:
    """Local search towards worlds that explain the plays: at the most recent decision the
    world does not explain, the policy would have played some card the seat did not; move
    that card to another holder that may hold it (in exchange for one of its cards the
    seat may hold) and keep the exchange unless it explains fewer decisions. Only the
    decisions of the two holders are replayed after an exchange. A decision still
    unexplained after ``patience`` steps is left for the next one: some plays no world
    explains (a partner who searched, a person), and a step costs a dozen replays.
    Changes ``hands``/``kitty`` in place; returns the mismatches left. ``until``: a
    ``time.perf_counter()`` past which no step starts."""
    world = _Steering(history, hands, kitty, seat, mem, policy)
    for _ in range(steps):
        if until is not None and time.perf_counter() > until:
            break
        first = world.next_unexplained(patience)
        if first is None:
            break
        world.step(rng, first, patience)
    return sum(1 for m in world.status if m is not None)


def plays_of(obs: Observation) -> list[tuple[int, tuple[Card, ...]]]:
    """Every play of the hand so far, in order: (seat, cards)."""
    out = [(s, tuple(cards)) for trick in obs.tricks for s, cards in trick.plays]
    if obs.current is not None:
        out += [(s, tuple(cards)) for s, cards in obs.current.plays]
    return out


def carry(
    rng: random.Random,
    hands: list[list[Card]],
    kitty: list[Card],
    since: Sequence[tuple[int, Sequence[Card]]],
    seat: int,
    mem: CardMemory,
    use_kitty: bool,
) -> bool:
    """Bring a world of an earlier decision up to now: every card another seat played
    since (``since``) leaves its hand; where the world had put that card elsewhere it is
    first exchanged into the seat's hand (for a card of the seat's that the other holder
    may hold); then cards the world gives a seat against a void or a shown card it now
    knows of are exchanged the same way. A world steered to explain the earlier plays
    keeps most of what it learned, so the next decision's steering starts from it rather
    than from a uniform deal. Changes ``hands``/``kitty`` in place; False when a card
    cannot be placed (the world is then dropped)."""
    suit = mem.tab.suit
    others = [s for s in range(4) if s != seat]
    for s, cards in since:
        if s == seat:
            continue
        for c in cards:
            if c not in hands[s] and not _bring(rng, hands, kitty, c, s, others, mem, suit, use_kitty):
                return False
            hands[s].remove(c)
    for s in others:
        for c, n in mem.known[s].items():
            while hands[s].count(c) < n:
                if not _bring(rng, hands, kitty, c, s, others, mem, suit, use_kitty):
                    return False
        void = mem.void[s]
        if not void:
            continue
        for c in [c for c in hands[s] if suit[c] in void]:
            holders: list[int | None] = [o for o in others if o != s and suit[c] not in mem.void[o]]
            if use_kitty:
                holders.append(None)
            rng.shuffle(holders)
            for h in holders:
                dest = kitty if h is None else hands[h]
                swaps = [j for j, y in enumerate(dest) if suit[y] not in void and (h is None or not mem.known[h][y])]
                if swaps:
                    j = rng.choice(swaps)
                    i = hands[s].index(c)
                    hands[s][i], dest[j] = dest[j], c
                    break
            else:
                return False
    return True


def _bring(
    rng: random.Random,
    hands: list[list[Card]],
    kitty: list[Card],
    c: Card,
    s: int,
    others: list[int],
    mem: CardMemory,
    suit,
    use_kitty: bool,
) -> bool:
    """Exchange card ``c`` into seat ``s``'s hand from whoever holds it in the world."""
    holders: list[int | None] = [o for o in others if o != s and c in hands[o]]
    if use_kitty and c in kitty:
        holders.append(None)
    if not holders:
        return False
    h = rng.choice(holders)
    src = kitty if h is None else hands[h]
    mine = hands[s]
    keep = mem.known[s]
    swaps = [i for i, x in enumerate(mine) if x != c and not keep[x] and (h is None or suit[x] not in mem.void[h])]
    if not swaps:
        return False
    i = rng.choice(swaps)
    j = src.index(c)
    mine[i], src[j] = c, mine[i]
    return True


__all__ = ["WINDOW", "History", "PastDecision", "carry", "plays_of", "steer"]
