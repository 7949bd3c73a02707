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
Once the searching seat holds ``endgame_cards`` cards or fewer, each world is not played
out by the policy but solved exactly (``endgame.Solver``: alpha-beta over the last tricks,
every seat at its best for its team).
The worlds of one search are carried to the next (``inference.carry``: the cards played
since leave their hands, exchanged into place where the world had put them elsewhere), so
what a world learned from earlier plays is kept and steering starts from it. A defender
imagines the kitty as dealers bury it, cheap side cards (``Tables.bury_weight``), not a
uniform eighth of the unseen cards with its trumps and points.
As dealer it compares ``normal``'s bury with the next best ones by play-outs in sampled
deals (``burying.search_bury``). Where its roll-outs play to the end (one deck), its own
moves, its roll-outs and its steering use ``normal``'s learned take and lead
(``SearchSettings.learned_rules``), which the ``normal`` level leaves off for its speed.
Every search is ``paired.paired_search``; the settings are a ``settings.SearchSettings``
value (``HARD``, ``EXPERT``).

The search is time-boxed: ``think_ms`` per decision (default 300 ms on a 2-core machine),
``bury_factor`` think times for the one bury of a hand. Every kind of decision (play, bury)
starts a sampled world only when it should end by the deadline and drops one past
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

from game.core import TRUMP, Card, Observation, PlayState, Ruleset

from .base import Reason, is_legal_bury
from .bidding import bury_options
from .budget import Budget, quiet_gc
from .burying import search_bury
from .candidates import card_key, play_candidates
from .endgame import Solver
from .inference import History, carry, plays_of, steer
from .learned import LEAF_MODELS
from .memory import MemoryTracker
from .normal import NormalBot, NormalPolicy, checked
from .paired import drop_behind, keep_base, paired_search
from .reasons import honest
from .settings import (
    DEFAULT_THINK_MS,
    EXPERT,
    EXPERT_ONE_DECK,
    EXPERT_THINK_MS,
    HARD,
    HARD_CUT,
    SearchSettings,
)
from .sim import play_state_of, rollout, sample_hands
from .view import View

BURY_SLACK = 0.15  # the bury's hard stop: at most 1.95 think times and one play-out
BURY_CAP_MS = 3000.0


class HardBot(NormalBot):
    level = "hard"
    default_settings = HARD

    def __init__(self, seat, rng, ruleset, settings: SearchSettings | None = None, memory: MemoryTracker | None = None):
        super().__init__(seat, rng, ruleset, memory)
        self.settings = settings if settings is not None else self.settings_for(ruleset)
        self.think_ms = self.settings.think_ms
        self.samples = self.settings.worlds
        # The worlds of the last search, carried to the next (``inference.carry``): the
        # plays of the hand then, and each world's hands of the others and kitty.
        self._carried: tuple[list, list[tuple[list[list[Card]], list[Card]]]] | None = None
        # Its own moves and every seat's in its worlds (roll-outs, steering, the bury's
        # play-outs) by one policy: ``normal``'s, with the learned rules when the settings say.
        self.policy = NormalPolicy(learned=self.settings.learned_rules)
        self.rollout_policy = NormalPolicy(learned=self.settings.learned_rules)
        # The judge of roll-outs cut at ``horizon`` tricks (``leaf``); none learned for a
        # number of decks: played to the end.
        self.judge: tuple[float, ...] = LEAF_MODELS.get(ruleset.decks, ()) if self.settings.horizon else ()
        self.last_worlds = 0
        self.last_world_list: list[tuple[list[list[Card]], list[Card]]] = []
        self.searches = 0  # decisions that ran a search
        # The endgame solver of the world being evaluated: its table of positions serves
        # every candidate played in that world.
        self._solver: tuple[PlayState, Solver] | None = None
        self.changes = 0  # searches that overruled the normal policy
        self.steering_s = 0.0  # seconds spent steering worlds (``bench.hard budget``)

    @classmethod
    def settings_for(cls, ruleset: Ruleset) -> SearchSettings:
        """The level's search on ``ruleset`` when none is given: on more than one deck,
        roll-outs cut short (``settings.HARD_CUT``)."""
        return HARD_CUT if ruleset.decks > 1 else cls.default_settings

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
        factor = self.settings.bury_factor
        if self.think_ms is not None and self.think_ms > 0:
            factor = min(factor, max(1.0, BURY_CAP_MS / self.think_ms))
        with quiet_gc():
            return self._decide_bury(obs, Budget.of(start, self.think_ms, factor, BURY_SLACK))

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
        cfg = self.settings
        steering = cfg.steer_steps > 0 and (cfg.think_ms is None or cfg.think_ms >= cfg.steer_min_ms)
        history = History(obs, cfg.window) if steering else None
        best, worlds = self.search(v, candidates, budget.deadline, history, budget.hard_stop, obs)
        self.searches += 1
        if best == 0:
            return base
        self.changes += 1
        play = candidates[best]
        return checked(v, (play, Reason("search.best", {"worlds": worlds, "cards": play})))

    def _decide_bury(self, obs: Observation, budget: Budget):
        base = super().decide_bury(obs)
        limit = self.settings.bury_candidates
        if limit < 2:
            return base
        seen = {card_key(base[0])}
        candidates = [list(base[0])]
        for bury in bury_options(obs):
            if card_key(bury) not in seen and len(candidates) < limit:
                seen.add(card_key(bury))
                candidates.append(bury)
        if len(candidates) < 2:
            return base
        best, worlds = search_bury(
            self.rng, obs, candidates, self.rollout_policy, budget.deadline, self.samples, hard_stop=budget.hard_stop
        )
        if best == 0 or not is_legal_bury(obs, candidates[best]):
            return base
        return candidates[best], Reason("search.best", {"worlds": worlds, "cards": candidates[best]})

    # ------------------------------------------------------------------ candidates

    def candidates(self, v: View, base: list[Card]) -> list[list[Card]]:
        """The moves worth comparing, the normal policy's choice first."""
        return play_candidates(v, base, self.policy, self.settings.max_candidates)

    # ------------------------------------------------------------------ search

    def _carried_worlds(self, obs: Observation | None, v: View) -> tuple[list, list]:
        """The last search's worlds brought up to now (``inference.carry``), and this
        hand's plays so far. A world that does not deal exactly the cards unseen now, in
        the hands' sizes now (the plays since are not a continuation: another hand), is
        dropped."""
        if obs is None or not self.settings.carry_worlds:
            return [], []
        plays = plays_of(obs)
        last = self._carried
        if last is None or len(last[0]) > len(plays) or plays[: len(last[0])] != last[0]:
            return [], plays
        since = plays[len(last[0]) :]
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

    def search(
        self,
        v: View,
        candidates: list[list[Card]],
        deadline: float | None,
        history: History | None = None,
        hard_stop: float | None = None,
        obs: Observation | None = None,
    ) -> tuple[int, int]:
        """Play every candidate out in the same sampled worlds (``paired.paired_search``); the
        normal policy's choice (candidate 0) stands unless another beats it by a clear
        margin: the paired mean difference must exceed ``z`` standard errors
        (``paired.keep_base``). Clearly worse candidates drop out as worlds accumulate."""
        cfg = self.settings
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        unseen = v.unseen
        sizes = v.hand_sizes
        mem = v.mem
        known_kitty = list(v.kitty) if v.seat == v.dealer else None
        policy = self.rollout_policy
        # A world is started only when it should end by the deadline (judged by the worlds
        # so far) and abandoned past the hard stop (a tenth of the budget more by default:
        # ``budget.Budget``): decisions stay within about 1.1 budgets even when the machine
        # is busy (p95 <= 1.2x is the target).
        if hard_stop is None and deadline is not None and cfg.think_ms is not None:
            hard_stop = deadline + cfg.think_ms / 10000.0
        sort_hand = v.ctx.sort_hand
        eval_time = 0.0  # in the play-outs of the worlds so far
        played = 0
        carried, plays = self._carried_worlds(obs, v)
        carried.reverse()  # popped from the end: in the order they were searched
        kept: list[tuple[list[list[Card]], list[Card]]] = []

        def play_world(alive) -> list[float] | None:
            nonlocal eval_time, played
            if carried:
                hands, kitty = carried.pop()
            else:
                dealt = self.deal_world(v, unseen, sizes, kitty_size)
                if dealt is None:
                    return None
                hands, kitty = dealt
            hands[v.seat] = list(v.hand)
            if known_kitty is not None:
                kitty = list(known_kitty)
            if history is not None and history.decisions:
                # Steering may take as long as the world's play-outs (judged by the worlds so
                # far): it makes each world better, but fewer of them.
                until = deadline
                if deadline is not None and played and eval_time > 0:
                    until = min(deadline, time.perf_counter() + cfg.steer_share * eval_time / played)
                steer_started = time.perf_counter()
                steer(
                    self.rng,
                    history,
                    hands,
                    kitty,
                    v.seat,
                    mem,
                    policy,
                    cfg.steer_steps,
                    until=until,
                    patience=cfg.steer_patience,
                )
                self.steering_s += time.perf_counter() - steer_started
            kept.append(([list(h) for h in hands], list(kitty)))
            if cfg.sort_worlds:
                # As observations sort them: the policy breaks ties by the hand's order, so
                # the roll-outs then play as the normal bots at the table do.
                hands = [sort_hand(h) for h in hands]
            if hard_stop is not None and time.perf_counter() > hard_stop:
                return None  # the sampling and steering of a slow world ran past the budget
            world = play_state_of(v, hands, kitty)
            evaluating = time.perf_counter()
            values: list[float] = []
            for i in alive:
                if values and hard_stop is not None and time.perf_counter() > hard_stop:
                    return None  # a slow world (or a busy machine): drop it, keep the budget
                values.append(self.evaluate(v, world, candidates[i]))
            played += 1
            eval_time += time.perf_counter() - evaluating
            return values

        best, worlds = paired_search(
            play_world,
            len(candidates),
            keep_base(lambda worlds: max(2, worlds // 2), cfg.z, cfg.min_gain),
            samples=self.samples,
            deadline=deadline,
            prune=drop_behind(6),
        )
        self.last_worlds = worlds
        self.last_world_list = kept
        if cfg.carry_worlds:
            self._carried = (plays, kept)
        return best, worlds

    def deal_world(
        self, v: View, unseen: Counter, sizes, kitty_size: int
    ) -> tuple[list[list[Card]], list[Card]] | None:
        """One fresh world: the unseen cards dealt as everything observed allows."""
        return sample_hands(
            self.rng, unseen, sizes, v.seat, v.mem, kitty_size, v.tab, bury_model=self.settings.bury_model
        )

    def evaluate(self, v: View, world: PlayState, move: list[Card]) -> float:
        """The value of ``move`` in one sampled world, played out by the roll-out policy, or
        exactly once the hand is short enough (``endgame_cards``)."""
        if len(v.hand) <= self.settings.endgame_cards:
            solver = self._solver
            if solver is None or solver[0] is not world:
                solver = self._solver = (world, Solver(v.seat, self.settings.point_weight))
            state = world.copy()
            state.apply(v.seat, move)
            return solver[1].value(state)
        return rollout(
            world.copy(),
            v.mem.copy(),
            v.tab,
            self.rollout_policy,
            v.seat,
            move,
            v.tricks_done,
            self.settings.point_weight,
            horizon=self.settings.horizon,
            judge=self.judge,
        )


class ExpertBot(HardBot):
    """``hard`` with a longer think (``EXPERT_THINK_MS``), more candidate moves and, on two
    and three decks, worlds steered harder towards the plays seen (``settings.EXPERT``): the
    budget buys better worlds as well as more of them."""

    level = "expert"
    default_settings = EXPERT

    @classmethod
    def settings_for(cls, ruleset: Ruleset) -> SearchSettings:
        """On one deck ``hard``'s steering (``settings.EXPERT_ONE_DECK``): there the harder
        steering lost."""
        return EXPERT if ruleset.decks > 1 else EXPERT_ONE_DECK


__all__ = ["DEFAULT_THINK_MS", "EXPERT_THINK_MS", "TRUMP", "ExpertBot", "HardBot"]
