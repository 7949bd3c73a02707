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
The worlds of one search are carried to the next (``inference.carry``: the cards played
since leave their hands, exchanged into place where the world had put them elsewhere), so
what a world learned from earlier plays is kept and steering starts from it. A defender
imagines the kitty as dealers bury it, cheap side cards (``Tables.bury_weight``), not a
uniform eighth of the unseen cards with its trumps and points.
As dealer it compares ``normal``'s bury with the next best ones by play-outs in sampled
deals (``burying.search_bury``). ``endgame.solve`` can play the last tricks of each world
exactly (``endgame_cards``); it is off by default (see bots/NOTES.md).

Declaring can be searched too (``declare_search=True``, off by default: it was not shown to
help, bots/NOTES.md "Turn 3"): where ``normal`` declares, or a more eager ``normal`` would
(``declare_eager``), ``normal``'s choice, the strongest other options and the pass (against
a declaration of ``normal``'s only at the last chance, unless ``declare_wait``) are played
out over whole hands in sampled deals consistent with what the seat knows
(``declaring.search_declare``, sharing the post-hand analysis's play-out), and ``normal``'s
choice stands unless another is better by ``declare_z`` standard errors. The table asks
after every card, so a pass is searched at most every ``declare_every`` cards while the
bidding stands; in between the last search's pass stands.

The search is time-boxed: ``think_ms`` per decision (default 300 ms on a 2-core machine),
``bury_factor`` think times for the one bury of a hand. Every kind of decision (play, bury,
declare) starts a sampled world only when it should end by the deadline and drops one past
a hard stop (``budget.Budget``), and runs with the garbage collector's full collections
moved to its start, where the deadline counts them (``budget.quiet_gc``): a decision
overruns by at most one play-out, unless a due full collection alone outlasts the think
time (its length grows with the objects the process holds). A fixed number of worlds (``samples``) makes decisions
reproducible from the seed whatever the machine's speed; the time box still caps it when
``think_ms`` is set too.
"""
from __future__ import annotations

from collections import Counter
import time

from game.core import AFTER_DEAL, TRUMP, Card, Observation, PlayState

from .base import Reason, is_legal_bury
from .bidding import bury_options
from .budget import Budget, quiet_gc
from .burying import search_bury
from .declaring import declare_candidates, search_declare, worth_searching
from .endgame import solve
from .inference import PATIENCE, WINDOW, History, carry, plays_of, steer
from .memory import MemoryTracker
from .normal import NormalBot, NormalPolicy, checked
from .plays import cheap_key, feed_key, follow, legal_follow_list, winning_plays
from .reasons import honest
from .sim import mean_se, play_state_of, rollout, sample_hands, surely_better
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
BURY_FACTOR = 1.8
BURY_SLACK = 0.15  # the bury's hard stop: at most 1.95 think times and one play-out
BURY_CAP_MS = 3000.0
#: Declaring search (``declaring.search_declare``): off by default until it is shown to help
#: (bots/NOTES.md, "Turn 3"); candidates compared (``normal``'s choice, the pass, the
#: strongest other options); how eager a ``normal`` would have to be for a pass to be
#: searched; and how many of its own cards must come between two searches while the
#: bidding stands.
DECLARE_SEARCH = False
DECLARE_CANDIDATES = 3
DECLARE_EAGER = 0.85
DECLARE_EVERY = 3
#: The margin a declaring candidate needs over ``normal``'s choice, in standard errors of
#: the paired difference (a whole hand ahead: wider than a play's).
DECLARE_Z = 1.5
EXPERT_THINK_MS = 2000.0
#: What ``expert`` spends its longer think on besides more worlds: steering each world
#: harder towards one that explains the plays — more steps, twice the window of past
#: tricks, more patience per unexplained play, and up to twice a world's play-outs in time
#: (``bench_hard worlds``: 0.541 -> 0.577 of the hidden cards placed right, bots/NOTES.md).
EXPERT_STEERING = {"steer_steps": 30, "window": 12, "steer_patience": 6, "steer_share": 2.0}
#: Moves compared in a play search, ``normal``'s first.
MAX_CANDIDATES = 6
#: The margin another move needs over ``normal``'s, in standard errors of the paired
#: difference over the sampled worlds.
Z = 0.5
#: Carry each search's worlds to the next decision (``inference.carry``).
CARRY_WORLDS = True


class HardBot(NormalBot):
    level = "hard"

    def __init__(self, seat, rng, ruleset, think_ms: float | None = DEFAULT_THINK_MS,
                 samples: int | None = None, max_candidates: int = MAX_CANDIDATES, z: float = Z,
                 min_gain: float = 0.02, steer_steps: int = STEER_STEPS,
                 endgame_cards: int = 0, sort_worlds: bool = True,
                 bury_candidates: int = BURY_CANDIDATES, bury_factor: float = BURY_FACTOR,
                 steer_share: float = STEER_SHARE, steer_min_ms: float = STEER_MIN_MS,
                 declare_search: bool = DECLARE_SEARCH,
                 declare_candidates: int = DECLARE_CANDIDATES,
                 declare_eager: float = DECLARE_EAGER, declare_every: int = DECLARE_EVERY,
                 declare_z: float = DECLARE_Z, declare_wait: bool = False,
                 point_weight: float = 1.0, carry_worlds: bool = CARRY_WORLDS,
                 window: int = WINDOW, steer_patience: int = PATIENCE,
                 mismatch_weight: float = 1.0, bury_model: bool = True,
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
        self.point_weight = point_weight
        self.carry_worlds = carry_worlds
        self.window = window
        self.steer_patience = steer_patience
        self.mismatch_weight = mismatch_weight
        self.bury_model = bury_model
        # The worlds of the last search, carried to the next (``inference.carry``): the
        # plays of the hand then, and each world's hands of the others and kitty.
        self._carried: tuple[list, list[tuple[list[list[Card]], list[Card]]]] | None = None
        self.bury_candidates = bury_candidates
        self.bury_factor = bury_factor
        self.declare_search = declare_search
        self.declare_candidates = declare_candidates
        self.declare_eager = declare_eager
        self.declare_every = declare_every
        self.declare_z = declare_z
        # May a pass overrule normal's declaration before the last chance? It is then played
        # as waiting ``declare_every`` cards of its own, and held as long.
        self.declare_wait = declare_wait
        # A searching bot may take a think time to declare: the table asks it in its worker
        # thread then (game.table.controllers), not in the drawing loop.
        self.slow_declare = declare_search
        # The last declaring search: (cards held, (declarations shown, phase)).
        self._searched: tuple[int, tuple] | None = None
        self.rollout_policy = NormalPolicy()
        self.last_worlds = 0
        self.searches = 0  # decisions that ran a search
        self.changes = 0  # searches that overruled the normal policy

    # ------------------------------------------------------------------ decisions

    def decide_play(self, obs: Observation):
        start = time.perf_counter()
        with quiet_gc():
            return self._decide_play(obs, Budget.of(start, self.think_ms))

    def decide_bury(self, obs: Observation):
        """``normal``'s bury unless another sensible one plays out clearly better
        (``burying.search_bury``), within ``bury_factor`` think times (capped for long
        thinks: an outside program answers within 5 s)."""
        start = time.perf_counter()
        factor = self.bury_factor
        if self.think_ms is not None and self.think_ms > 0:
            factor = min(factor, max(1.0, BURY_CAP_MS / self.think_ms))
        with quiet_gc():
            return self._decide_bury(obs, Budget.of(start, self.think_ms, factor, BURY_SLACK))

    def decide_declare(self, obs: Observation, options):
        start = time.perf_counter()
        if not self.declare_search or not options:
            return super().decide_declare(obs, options)
        with quiet_gc():
            return self._decide_declare(obs, options, Budget.of(start, self.think_ms))

    def _decide_play(self, obs: Observation, budget: Budget):
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
        steering = self.steer_steps > 0 and (self.think_ms is None
                                             or self.think_ms >= self.steer_min_ms)
        history = History(obs, self.window) if steering else None
        best, worlds = self.search(v, candidates, budget.deadline, history, budget.hard_stop,
                                   obs)
        self.searches += 1
        if best == 0:
            return base
        self.changes += 1
        play = candidates[best]
        return checked(v, (play, Reason("search.best", {"worlds": worlds, "cards": play})))

    def _decide_declare(self, obs: Observation, options, budget: Budget):
        """``normal``'s declaration (or pass) unless another candidate plays out clearly
        better (``declaring.search_declare``) within the think time. Searched only where the
        choice is close (``declaring.worth_searching``). Where ``normal`` passes, since the
        table asks after every card, at most every ``declare_every`` cards of its own while
        the bidding stands (and at the last chance). A pass overrules ``normal``'s
        declaration only at the last chance (``declare_wait`` allows it earlier)."""
        base = super().decide_declare(obs, options)
        if not self.declare_search or not options:
            return base
        other = worth_searching(obs, options, base[0], self.declare_eager)
        if other is None:
            return base
        final = obs.last_chance or obs.phase == AFTER_DEAL or obs.cards_dealt >= obs.cards_to_deal
        if not base[0] or self.declare_wait:
            held, stamp = len(obs.hand), (len(obs.declarations), obs.phase)
            last = self._searched
            if last is not None and not final and last[1] == stamp \
                    and last[0] <= held < last[0] + self.declare_every:
                # Searched a card or two ago with the bidding as it is: that search passed
                # (a declaration would have changed the bidding), and the pass stands.
                return None, Reason("declare.pass")
            self._searched = (held, stamp)
        # Overruling normal's declaration with a pass only where passing is final
        # (declaring.py's doc: the worlds would make waiting look free).
        with_pass = not base[0] or final or self.declare_wait
        candidates = declare_candidates(obs, options, base[0], self.declare_candidates,
                                        with_pass)
        if not base[0]:
            # The eager choice is the one to weigh against the pass.
            key = tuple(sorted(other))
            rest = [c for c in candidates[2:] if tuple(sorted(c)) != key]
            candidates = [candidates[0], tuple(other), *rest][:max(2, self.declare_candidates)]
        if len(candidates) < 2:
            return base
        best, worlds = search_declare(self.rng, obs, candidates, self.rollout_policy,
                                      budget.deadline, self.samples, budget.hard_stop,
                                      z=self.declare_z,
                                      wait_cards=self.declare_every if self.declare_wait else 0)
        self.last_worlds = worlds
        self.searches += 1
        if best == 0:
            return base
        choice = list(candidates[best])
        if choice and not any(sorted(choice) == sorted(o) for o in options):
            return base  # never: every candidate is one of the options
        self.changes += 1
        if not choice:
            return None, Reason("declare.pass")
        return choice, Reason("search.best", {"worlds": worlds, "cards": choice})

    def _decide_bury(self, obs: Observation, budget: Budget):
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
        best, worlds = search_bury(self.rng, obs, candidates, self.rollout_policy,
                                   budget.deadline, self.samples, hard_stop=budget.hard_stop)
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

    def _carried_worlds(self, obs: Observation | None, v: View) -> tuple[list, list]:
        """The last search's worlds brought up to now (``inference.carry``), and this
        hand's plays so far. A world that does not deal exactly the cards unseen now, in
        the hands' sizes now (the plays since are not a continuation: another hand), is
        dropped."""
        if obs is None or not self.carry_worlds:
            return [], []
        plays = plays_of(obs)
        last = self._carried
        if last is None or len(last[0]) > len(plays) or plays[:len(last[0])] != last[0]:
            return [], plays
        since = plays[len(last[0]):]
        seat = v.seat
        use_kitty = seat != v.dealer
        sizes = v.hand_sizes
        unseen = v.unseen
        out = []
        for hands, kitty in last[1]:
            hands = [list(h) for h in hands]
            kitty = list(kitty)
            if not carry(self.rng, hands, kitty, since, seat, v.mem, use_kitty):
                continue
            if any(len(hands[s]) != sizes[s] for s in range(4) if s != seat):
                continue
            dealt = Counter(c for s in range(4) if s != seat for c in hands[s])
            if use_kitty:
                dealt.update(kitty)
            if dealt == unseen:
                out.append((hands, kitty))
        return out, plays

    def search(self, v: View, candidates: list[list[Card]], deadline: float | None,
               history: History | None = None, hard_stop: float | None = None,
               obs: Observation | None = None):
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
        # so far) and abandoned past the hard stop (a tenth of the budget more by default:
        # ``budget.Budget``): decisions stay within about 1.1 budgets even when the machine
        # is busy (p95 <= 1.2x is the target).
        if hard_stop is None and deadline is not None and self.think_ms is not None:
            hard_stop = deadline + self.think_ms / 10000.0
        sort_hand = v.ctx.sort_hand
        exact = self.endgame_cards > 0 and len(v.hand) <= self.endgame_cards
        eval_time = 0.0  # in the play-outs of the worlds so far
        began = time.perf_counter()
        carried, plays = self._carried_worlds(obs, v)
        carried.reverse()  # popped from the end: in the order they were searched
        self.world_mismatches: list[int] = []
        # A world's weight: mismatch_weight to the power of the plays it leaves unexplained
        # (1 for all when it is 1: the plain mean).
        weights: list[float] = []
        kept: list[tuple[list[list[Card]], list[Card]]] = []
        while worlds < limit and alive:
            if deadline is not None:
                now = time.perf_counter()
                per_world = (now - began) / worlds if worlds else 0.0
                if now + per_world > deadline:
                    break
            if carried:
                hands, kitty = carried.pop()
            else:
                dealt = self.deal_world(v, unseen, sizes, kitty_size)
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
                left = steer(self.rng, history, hands, kitty, v.seat, mem, policy,
                             self.steer_steps, until=until, patience=self.steer_patience)
            else:
                left = 0
            self.world_mismatches.append(left)
            kept.append(([list(h) for h in hands], list(kitty)))
            if self.sort_worlds:
                # As observations sort them: the policy breaks ties by the hand's order, so
                # the roll-outs then play as the normal bots at the table do.
                hands = [sort_hand(h) for h in hands]
            if hard_stop is not None and time.perf_counter() > hard_stop:
                break  # the sampling and steering of a slow world ran past the budget
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
                weights.append(self.mismatch_weight ** left)
                worlds += 1
                eval_time += time.perf_counter() - evaluating
                whole = True
            if not whole:
                break
            wts = weights if self.mismatch_weight != 1.0 else None
            if worlds >= 6 and len(alive) > 1:
                stats = {i: mean_se(diffs[i], wts) for i in alive}
                floor = max(0.0, *(m - 2 * se for m, se in stats.values()))
                alive = [i for i in alive if stats[i][0] + 2 * stats[i][1] >= floor]
        self.last_worlds = worlds
        self.last_world_list = kept
        if self.carry_worlds:
            self._carried = (plays, kept)
        return surely_better(diffs, max(2, worlds // 2), self.z, self.min_gain,
                             weights if self.mismatch_weight != 1.0 else None), worlds


    def deal_world(self, v: View, unseen: Counter, sizes, kitty_size: int
                   ) -> tuple[list[list[Card]], list[Card]] | None:
        """One fresh world: the unseen cards dealt as everything observed allows."""
        return sample_hands(self.rng, unseen, sizes, v.seat, v.mem, kitty_size, v.tab,
                            bury_model=self.bury_model)

    def evaluate(self, v: View, world: PlayState, move: list[Card], exact: bool,
                 table: dict) -> float:
        """The value of ``move`` in one sampled world: played out by the roll-out policy,
        or, in the last tricks, exactly (``endgame.solve``; ``table`` is the world's cache)."""
        if exact:
            state = world.copy()
            state.apply(v.seat, move)
            return solve(state, v.seat, table=table)
        return rollout(world.copy(), v.mem.copy(), v.tab, self.rollout_policy, v.seat, move,
                       v.tricks_done, self.point_weight)


class ExpertBot(HardBot):
    """``hard`` with a longer think (``EXPERT_THINK_MS``), more candidate moves and worlds
    steered harder towards the plays seen (``EXPERT_STEERING``): the budget buys better
    worlds as well as more of them."""

    level = "expert"
    default_think_ms = EXPERT_THINK_MS

    def __init__(self, seat, rng, ruleset, think_ms: float | None = None,
                 samples: int | None = None, max_candidates: int = 7, **options):
        if think_ms is None and samples is None:
            think_ms = self.default_think_ms
        options = {**EXPERT_STEERING, **options}
        super().__init__(seat, rng, ruleset, think_ms=think_ms, samples=samples,
                         max_candidates=max_candidates, **options)



def _key(play) -> tuple:
    return tuple(sorted(map(str, play)))


__all__ = ["DEFAULT_THINK_MS", "EXPERT_THINK_MS", "TRUMP", "ExpertBot", "HardBot"]
