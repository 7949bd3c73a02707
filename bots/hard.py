"""``hard``: ``normal`` plus determinized look-ahead.

For a play decision with more than one sensible move, the bot deals the cards it has not
seen in many ways consistent with everything observed (``sim.sample_hands``), plays each
candidate move out in every sampled world with the ``normal`` heuristics at all four seats,
and picks the move with the best mean outcome — levels won or lost plus a little for the
points (``sim.utility``). All candidates meet the same worlds, so their differences are
measured, not their luck. Candidates that fall clearly behind are dropped as the worlds
accumulate, so the budget goes to the close calls.

Each sampled world is steered towards deals that explain the other seats' recent plays
(``inference.steer``: the ``normal`` policy replayed at their past decisions) and its hands
are sorted as observations sort them, so the roll-outs play as the bots at the table do.
As dealer it compares ``normal``'s bury with the next best ones by play-outs in sampled
deals (``burying.search_bury``). ``endgame.solve`` can play the last tricks of each world
exactly (``endgame_cards``); it is off by default (see bots/NOTES.md).

The search is time-boxed: ``think_ms`` per decision (default 300 ms on a 2-core machine). A
fixed number of worlds (``samples``) makes decisions reproducible from the seed whatever
the machine's speed; the time box still caps it when ``think_ms`` is set too.
"""
from __future__ import annotations

import time

from game.core import TRUMP, Card, Observation, PlayState

from .base import Reason, is_legal_bury
from .bidding import bury_options
from .burying import search_bury
from .endgame import solve
from .inference import History, steer
from .memory import MemoryTracker
from .normal import NormalBot, NormalPolicy, checked
from .plays import cheap_key, feed_key, follow, legal_follow_list, winning_plays
from .reasons import honest
from .sim import mean_se, play_state_of, rollout, sample_hands
from .view import View

DEFAULT_THINK_MS = 300.0
#: Local-search steps per sampled world towards a deal that explains the others' plays
#: (``inference.steer``); 0 samples under the card memory's hard facts only.
STEER_STEPS = 12
#: With a time box, steering a world may take this share of a world's play-outs.
STEER_SHARE = 1.0
#: ... and only from this think time up: at 100 ms the fewer, better worlds lost to more,
#: plainer ones (bots/NOTES.md); with ``samples=k`` it always steers.
STEER_MIN_MS = 200.0
#: Buries compared by the dealer (``normal``'s and the next best by its own scoring), and
#: the think times the one bury of a hand may take (p95 of decisions is unaffected).
BURY_CANDIDATES = 3
BURY_FACTOR = 2.0
BURY_CAP_MS = 3000.0
EXPERT_THINK_MS = 2000.0


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seat, rng, ruleset, think_ms: float | None = DEFAULT_THINK_MS,
                 samples: int | None = None, max_candidates: int = 5, z: float = 1.0,
                 min_gain: float = 0.02, steer_steps: int = STEER_STEPS,
                 endgame_cards: int = 0, sort_worlds: bool = True,
                 bury_candidates: int = BURY_CANDIDATES, bury_factor: float = BURY_FACTOR,
                 steer_share: float = STEER_SHARE, steer_min_ms: float = STEER_MIN_MS,
                 memory: MemoryTracker | None = None, **_):
        super().__init__(seat, rng, ruleset, memory)
        if think_ms is None and samples is None:
            samples = 16
        self.think_ms = think_ms
        self.samples = samples
        self.max_candidates = max_candidates
        self.z = z
        self.min_gain = min_gain
        self.steer_steps = steer_steps
        self.steer_share = steer_share
        self.steer_min_ms = steer_min_ms
        self.endgame_cards = endgame_cards
        self.sort_worlds = sort_worlds
        self.bury_candidates = bury_candidates
        self.bury_factor = bury_factor
        self.rollout_policy = NormalPolicy()
        self.last_worlds = 0
        self.searches = 0  # decisions that ran a search
        self.changes = 0  # searches that overruled the normal policy

    # ------------------------------------------------------------------ decisions

    def decide_play(self, obs: Observation):
        start = time.perf_counter()
        v = self.view(obs)
        if v.plays:
            tr = v.trick
            assert tr is not None  # a follow
            if len(v.hand) == tr.n:
                return list(v.hand), Reason("follow.only", {"cards": list(v.hand)})
        base = checked(v, self.policy.play(v))
        base = (base[0], honest(v, base[0], base[1]))
        candidates = self.candidates(v, base[0])
        self.last_worlds = 0
        if len(candidates) < 2:
            return base
        deadline = None if self.think_ms is None else start + self.think_ms / 1000.0
        steering = self.steer_steps > 0 and (self.think_ms is None
                                             or self.think_ms >= self.steer_min_ms)
        history = History(obs) if steering else None
        best, worlds = self.search(v, candidates, deadline, history)
        self.searches += 1
        if best == 0:
            return base
        self.changes += 1
        play = candidates[best]
        return checked(v, (play, Reason("search.best", {"worlds": worlds, "cards": play})))

    def decide_bury(self, obs: Observation):
        """``normal``'s bury unless another sensible one plays out clearly better
        (``burying.search_bury``), within ``bury_factor`` think times."""
        start = time.perf_counter()
        base = super().decide_bury(obs)
        if self.bury_candidates < 2:
            return base
        seen = {_key(base[0])}
        candidates = [list(base[0])]
        for bury in bury_options(obs):
            if _key(bury) not in seen and len(candidates) < self.bury_candidates:
                seen.add(_key(bury))
                candidates.append(bury)
        if len(candidates) < 2:
            return base
        deadline = None
        if self.think_ms is not None:
            # Capped for long thinks (expert): an outside program answers within 5 s.
            budget = min(self.bury_factor * self.think_ms, max(self.think_ms, BURY_CAP_MS))
            deadline = start + budget / 1000.0
        best, worlds = search_bury(self.rng, obs, candidates, self.rollout_policy, deadline,
                                   self.samples)
        if best == 0 or not is_legal_bury(obs, candidates[best]):
            return base
        return candidates[best], Reason("search.best", {"worlds": worlds,
                                                        "cards": candidates[best]})

    # ------------------------------------------------------------------ candidates

    def candidates(self, v: View, base: list[Card]) -> list[list[Card]]:
        """The moves worth comparing, the normal policy's choice first."""
        out: list[list[Card]] = [list(base)]
        seen = {_key(base)}

        def add(play):
            k = _key(play)
            if k not in seen and len(out) < self.max_candidates:
                seen.add(k)
                out.append(list(play))

        tab = v.tab
        mine = v.mine()
        if v.plays:
            tr = v.trick
            assert tr is not None  # a follow
            few = legal_follow_list(tr.lead, v.hand, tab, cap=self.max_candidates + 1) \
                if len(v.hand) <= 3 * tr.n + 2 or (tr.n == 1 and len(mine[tr.suit]) <= 8) else []
            if few and len(few) <= self.max_candidates:
                for play in few:
                    add(play)
                return out
            lengths = {s: len(mine[s]) for s in tab.side_suits}
            ck = cheap_key(tab, lengths)
            wins = winning_plays(mine, tr, tab, ck)
            add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, ck, ck))
            if wins:
                add(wins[0])
                add(wins[-1])
            fk = feed_key(tab)
            add(follow(mine, v.hand, tr.suit, tr.fmt, tr.n, tab, fk, fk))
            for play in wins[1:-1]:
                add(play)
            return out
        for _, cards, _ in self.policy.lead_options(v):
            add(cards)
        # The lowest card of each suit, as a quiet alternative.
        lengths = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        for suit in tab.suits:
            if mine[suit]:
                add([min(mine[suit], key=ck)])
        return out

    # ------------------------------------------------------------------ search

    def search(self, v: View, candidates: list[list[Card]], deadline: float | None,
               history: History | None = None):
        """Play every candidate out in the same sampled worlds; the normal policy's choice
        (candidate 0) stands unless another beats it by a clear margin: the paired mean
        difference must exceed ``self.z`` standard errors. Clearly worse candidates drop out
        as worlds accumulate."""
        n = len(candidates)
        diffs: list[list[float]] = [[] for _ in range(n)]
        alive = list(range(1, n))
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        unseen = v.unseen
        sizes = v.hand_sizes
        worlds = 0
        limit = self.samples if self.samples is not None else 10_000
        mem = v.mem
        known_kitty = list(v.kitty) if v.seat == v.dealer else None
        policy = self.rollout_policy
        # A world is started only when it should end by the deadline (judged by the worlds
        # so far) and abandoned past a tenth of the budget more: decisions stay within
        # about 1.1 budgets even when the machine is busy (p95 <= 1.2x is the target).
        hard_stop = None if deadline is None or self.think_ms is None else deadline + self.think_ms / 10000.0
        sort_hand = v.ctx.sort_hand
        exact = self.endgame_cards > 0 and len(v.hand) <= self.endgame_cards
        eval_time = 0.0  # in the play-outs of the worlds so far
        began = time.perf_counter()
        while worlds < limit and alive:
            if deadline is not None:
                now = time.perf_counter()
                per_world = (now - began) / worlds if worlds else 0.0
                if now + per_world > deadline:
                    break
            dealt = sample_hands(self.rng, unseen, sizes, v.seat, mem, kitty_size, v.tab)
            if dealt is None:
                break
            hands, kitty = dealt
            hands[v.seat] = list(v.hand)
            if known_kitty is not None:
                kitty = list(known_kitty)
            if history is not None and history.decisions:
                # Steering may take as long as the world's play-outs (judged by the worlds so
                # far): it makes each world better, but fewer of them.
                until = deadline
                if deadline is not None and worlds and eval_time > 0:
                    until = min(deadline,
                                time.perf_counter() + self.steer_share * eval_time / worlds)
                steer(self.rng, history, hands, kitty, v.seat, mem, policy, self.steer_steps,
                      until=until)
            if self.sort_worlds:
                # As observations sort them: the policy breaks ties by the hand's order, so
                # the roll-outs then play as the normal bots at the table do.
                hands = [sort_hand(h) for h in hands]
            world = play_state_of(v, hands, kitty)
            table: dict = {}
            evaluating = time.perf_counter()
            base = self.evaluate(v, world, candidates[0], exact, table)
            got: list[tuple[int, float]] = []
            whole = False  # every candidate played out in this world
            for i in alive:
                if hard_stop is not None and time.perf_counter() > hard_stop:
                    break  # a slow world (or a busy machine): drop it, keep the budget
                got.append((i, self.evaluate(v, world, candidates[i], exact, table) - base))
            else:
                for i, d in got:
                    diffs[i].append(d)
                worlds += 1
                eval_time += time.perf_counter() - evaluating
                whole = True
            if not whole:
                break
            if worlds >= 6 and len(alive) > 1:
                stats = {i: _mean_se(diffs[i]) for i in alive}
                floor = max(0.0, *(m - 2 * se for m, se in stats.values()))
                alive = [i for i in alive if stats[i][0] + 2 * stats[i][1] >= floor]
        self.last_worlds = worlds
        best, best_low = 0, 0.0
        for i in range(1, n):
            if len(diffs[i]) < max(2, worlds // 2):
                continue
            m, se = _mean_se(diffs[i])
            low = m - self.z * se
            if low > best_low and m > self.min_gain:
                best, best_low = i, low
        return best, worlds


    def evaluate(self, v: View, world: PlayState, move: list[Card], exact: bool,
                 table: dict) -> float:
        """The value of ``move`` in one sampled world: played out by the roll-out policy,
        or, in the last tricks, exactly (``endgame.solve``; ``table`` is the world's cache)."""
        if exact:
            state = world.copy()
            state.apply(v.seat, move)
            return solve(state, v.seat, table=table)
        return rollout(world.copy(), v.mem.copy(), v.tab, self.rollout_policy, v.seat, move,
                       v.tricks_done)


class ExpertBot(HardBot):
    """``hard`` with a longer think (``EXPERT_THINK_MS``) and more candidate moves: the
    budget buys more sampled worlds per decision, so closer calls get separated."""

    level = "expert"
    default_think_ms = EXPERT_THINK_MS

    def __init__(self, seat, rng, ruleset, think_ms: float | None = None,
                 samples: int | None = None, max_candidates: int = 7, **options):
        if think_ms is None and samples is None:
            think_ms = self.default_think_ms
        super().__init__(seat, rng, ruleset, think_ms=think_ms, samples=samples,
                         max_candidates=max_candidates, **options)


_mean_se = mean_se


def _key(play) -> tuple:
    return tuple(sorted(map(str, play)))


__all__ = ["DEFAULT_THINK_MS", "EXPERT_THINK_MS", "TRUMP", "ExpertBot", "HardBot"]
