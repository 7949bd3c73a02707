"""Post-hand analysis: what each decision of one seat cost, by the ``hard`` level's search.

For every bury and play of the seat in a finished hand, the position is rebuilt *as that
seat saw it* — its observation and card memory, never the hidden hands — and searched as
the ``hard`` bot searches, with a larger budget: the unseen cards are dealt in ``samples``
ways consistent with everything observed (``sim.sample_hands``), and each candidate move
(the hard bot's candidates plus the move actually made) is played out in every one of those
worlds by the ``normal`` heuristics at all four seats (``sim.rollout``). The move made and
the best move found meet the same worlds, so their difference measures the decision, not
the luck of the deal.

A decision's *loss* is measured in ``sim.utility`` — levels won or lost by the seat's team,
the deal changing hands as half a level and the defenders' points as a level per
settlement step (40 points in a two-deck game), the smooth companion of the level table.
The best candidate is chosen on half of the worlds and its paired advantage over the move
made is measured on the other half, less one standard error (``SHRINK_SE``): the best of
several noisy means is flattered by its luck, and this keeps noise from being charged.
``points_loss`` is the same difference in the team's points. The label comes from
``LABELS`` (the one place the thresholds live). A forced move is never charged.

A mistake or a blunder is named only when the search is sure of it (``confident_label``):
the lower confidence bound of the paired advantage, ``gap - z * se`` with ``z`` from
``CONFIDENCE_Z`` for the kind (measured: bots/NOTES.md, "Analysis: label precision"),
must clear the label's threshold; else the decision is ``unclear`` (its loss still counts
in the totals, not against the accuracy). The move the practice Hint gives there
(``bots.hint``, recorded as ``Decision.hint``) needs ``HINT_Z``: the Hint and the Review
speak with one voice. Each decision carries the engine's view for a panel (``top``: the
candidates' mean results and their spread across the worlds) and ``better_share``, how often
the better move did better.

Declaring decisions (``kind == "declare"``: a declaration shown, or a chance to declare
let pass, ``played == []``) are valued the same way on sampled worlds of the rest of the
deal, the bidding, the bury and the play (``bots.declare_analysis``): the candidates are
what was shown, the other options the seat had then, and the pass.

Every decision draws its worlds from its own ``random.Random`` seeded by the deal, the
seat, the decision and ``Settings.seed``: the same replay and settings give the same
report. ``Settings.think_ms`` adds a time box per decision (then a slower machine may
search fewer worlds and the report may differ).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field
import itertools
import math
import random
import time
from typing import Any

from game.core import (
    AFTER_DEAL,
    BURY,
    BURYING,
    PLAY,
    Card,
    Hand,
    Observation,
    PlayState,
    format_cards,
    legal_follows,
    observe,
    parse_cards,
)

from . import declare_analysis, make_bot
from .base import Reason
from .bidding import choose_bury
from .candidates import card_key, play_candidates
from .endgame import Solver
from .memory import CardMemory, MemoryTracker
from .normal import NormalPolicy, checked
from .paired import Values, mean_se, paired_search
from .sim import play_state_of, rollout, sample_hands, utility
from .tables import tables
from .view import View

# (label, the largest loss in levels it covers); a larger loss is a blunder. A loss of
# 0.25 level is about 10 points lost in a two-deck game (step 40 — ``sim.utility``).
LABELS: tuple[tuple[str, float], ...] = (
    ("best", 0.02),
    ("good", 0.06),
    ("inaccuracy", 0.15),
    ("mistake", 0.4),
)
BLUNDER = "blunder"
FOLLOW_CAP = 60  # legal follows looked through for the quietest and the most generous
SHRINK_SE = 1.0  # a loss is charged less this many standard errors of the paired difference
UNRATED = "unrated"
LABEL_ORDER = (*(name for name, _ in LABELS), BLUNDER)
GOOD_LABELS = ("best", "good")
BAD_LABELS = ("mistake", "blunder")
# A mistake or a blunder is named only when the loss's lower confidence bound,
# ``gap - z * se``, clears the label's threshold; otherwise the decision is "unclear"
# (a loss the search cannot tell from noise). ``z`` per kind, chosen by measurement so that
# a label keeps (or worsens) on an independent search with four times the worlds in at
# least 90 % of cases (``python -m bots.bench.analysis precision``; bots/NOTES.md, "Analysis:
# label precision").
UNCLEAR = "unclear"
CONFIDENCE_Z: dict[str, float] = {"play": 3.0, "bury": 3.5, "declare": 2.0}
# The move the practice Hint would have given is charged a mistake only beyond this many
# standard errors: the Hint and the Review are one voice, and the Hint's heuristic move is
# only called wrong when the search is sure of it.
HINT_Z = 3.0
TOP_CANDIDATES = 8  # the engine's view: the candidates kept with their values, best first


def label_of(loss: float, forced: bool = False) -> str:
    """The label for a loss in levels (``LABELS``)."""
    if forced:
        return "best"
    for name, limit in LABELS:
        if loss <= limit:
            return name
    return BLUNDER


def confident_label(loss: float, gap: float, se: float, z: float) -> str:
    """``label_of(loss)``, unless it is a mistake or a blunder that the lower confidence
    bound ``gap - z * se`` does not reach: then the milder label the bound does reach if it
    is still a mistake, else ``UNCLEAR``."""
    point = label_of(loss)
    if point not in BAD_LABELS:
        return point
    low = gap - z * se if math.isfinite(se) else -math.inf
    sure = label_of(max(0.0, low))
    if sure not in BAD_LABELS:
        return UNCLEAR
    return min(point, sure, key=LABEL_ORDER.index)


@dataclass(frozen=True)
class Candidate:
    """One candidate of a decision as the search saw it: its mean value for the seat's team
    (levels, ``sim.utility``) over the worlds it was played in, and the spread (standard
    deviation) of that value across those worlds."""

    cards: list[Card]
    mean: float
    spread: float
    worlds: int

    def to_json(self) -> dict[str, Any]:
        return {
            "cards": format_cards(self.cards),
            "mean": round(self.mean, 4),
            "spread": round(self.spread, 4),
            "worlds": self.worlds,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Candidate:
        return cls(parse_cards(data["cards"]), float(data["mean"]), float(data["spread"]), int(data["worlds"]))


@dataclass(frozen=True)
class Settings:
    """How hard to look: worlds per decision, candidates, an optional time box."""

    samples: int = 32
    think_ms: float | None = None
    max_candidates: int = 6
    seed: int = 0
    curve: bool = True  # the expected result after every trick (the review's chart)
    curve_samples: int = 24
    # A loss that looks like a mistake but is not sure at the first search's worlds is
    # measured again on this many times as many fresh worlds, the best against the move
    # made alone (``_confirm``).
    confirm: int = 3
    # From this many cards in the seat's hand down, a play is judged exactly in each world
    # (``endgame.Solver``: every seat at its best, as ``hard`` plays its last cards) rather
    # than by roll-outs; 0 never. The review keeps 0: its figures do not move. A benchmark
    # of ``hard`` sets ``hard``'s own ``endgame_cards``, so the solver's moves are not
    # charged by a judge that plays the last tricks another way (bots/NOTES.md).
    exact_cards: int = 0


@dataclass
class Decision:
    kind: str  # "declare", "bury" or "play"
    trick: int | None  # the trick's index for a play
    played: list[Card]
    best: list[Card]
    loss: float
    points_loss: float
    label: str
    forced: bool = False
    step: int = 0  # the log length just after this decision (a replay position)
    worlds: int = 0
    candidates: int = 0
    gap: float = 0.0  # the best's paired mean advantage over the move made, unshrunk
    se: float = 0.0  # and its standard error
    options: list[list[Card]] = field(default_factory=list)  # a declaring decision's choices
    top: list[Candidate] = field(default_factory=list)  # the engine's view, best first
    better_share: float = 0.0  # the share of measuring worlds in which the best did better
    hint: list[Card] | None = None  # the practice Hint's move here (None: a pass, or unknown)
    hinted: bool = False  # the move made is the Hint's
    hint_reason: dict[str, Any] | None = None  # the Hint's reason: {"code", "params"} (text)

    @property
    def unclear(self) -> bool:
        return self.label == UNCLEAR

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind,
            "trick": self.trick,
            "played": format_cards(self.played),
            "best": format_cards(self.best),
            "loss": round(self.loss, 4),
            "points_loss": round(self.points_loss, 2),
            "label": self.label,
            "forced": self.forced,
            "step": self.step,
            "worlds": self.worlds,
            "candidates": self.candidates,
            "gap": round(self.gap, 4),
            # JSON has no infinity: an unknown error (one world) is null.
            "se": round(self.se, 4) if math.isfinite(self.se) else None,
        }
        if self.kind == "declare":
            out["options"] = [format_cards(o) for o in self.options]
        out["top"] = [c.to_json() for c in self.top]
        out["better_share"] = round(self.better_share, 4)
        out["hint"] = None if self.hint is None else format_cards(self.hint)
        out["hinted"] = self.hinted
        out["hint_reason"] = self.hint_reason
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Decision:
        return cls(
            str(data["kind"]),
            data.get("trick"),
            parse_cards(data["played"]),
            parse_cards(data["best"]),
            float(data["loss"]),
            float(data["points_loss"]),
            str(data["label"]),
            bool(data.get("forced", False)),
            int(data.get("step", 0)),
            int(data.get("worlds", 0)),
            int(data.get("candidates", 0)),
            float(data.get("gap", 0.0)),
            _se_of(data),
            [parse_cards(o) for o in data.get("options") or []],
            [Candidate.from_json(c) for c in data.get("top") or []],
            float(data.get("better_share", 0.0)),
            None if data.get("hint") is None else parse_cards(data["hint"]),
            bool(data.get("hinted", False)),
            _reason_of(data.get("hint_reason")),
        )


def _reason_of(data: Any) -> dict[str, Any] | None:
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        return None
    params = data.get("params")
    return {
        "code": data["code"],
        "params": {str(k): str(v) for k, v in params.items()} if isinstance(params, dict) else {},
    }


def _se_of(data: dict[str, Any]) -> float:
    se = data.get("se", 0.0)
    return math.inf if se is None else float(se)


@dataclass
class Analysis:
    seat: int
    decisions: list[Decision]
    curve: list[float] = field(default_factory=list)  # after the bury, then every trick
    result: float = 0.0  # the hand's actual value for the seat's team
    seconds: float = 0.0
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def rated(self) -> list[Decision]:
        return [d for d in self.decisions if d.label != UNRATED]

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.rated)

    @property
    def total_points_loss(self) -> float:
        return sum(d.points_loss for d in self.rated)

    @property
    def mean_loss(self) -> float:
        """The mean loss per rated decision (0.0 with none)."""
        rated = self.rated
        return self.total_loss / len(rated) if rated else 0.0

    @property
    def accuracy(self) -> float:
        """The share of rated decisions labelled best or good (1.0 with none); an unclear
        decision is neither counted for nor against."""
        rated = [d for d in self.rated if d.label != UNCLEAR]
        if not rated:
            return 1.0
        return sum(1 for d in rated if d.label in GOOD_LABELS) / len(rated)

    def counts(self) -> dict[str, int]:
        got = Counter(d.label for d in self.rated)
        return {name: got.get(name, 0) for name in (*LABEL_ORDER, UNCLEAR)}

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "decisions": [d.to_json() for d in self.decisions],
            "total_loss": round(self.total_loss, 4),
            "seconds": round(self.seconds, 2),
            "accuracy": round(self.accuracy, 4),
            "mean_loss": round(self.mean_loss, 4),
            "curve": [round(x, 4) for x in self.curve],
            "result": round(self.result, 4),
            "settings": self.settings,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Analysis:
        return cls(
            int(data["seat"]),
            [Decision.from_json(d) for d in data["decisions"]],
            [float(x) for x in data.get("curve", [])],
            float(data.get("result", 0.0)),
            float(data.get("seconds", 0.0)),
            dict(data.get("settings") or {}),
        )


class Cancelled(Exception):
    """The caller asked the analysis to stop (``cancel()`` returned True)."""


Progress = Callable[[float], None]


# ------------------------------------------------------------------------------ driver


def analyse_hand(
    hand: Hand,
    seat: int,
    settings: Settings = Settings(),
    progress: Progress | None = None,
    cancel: Callable[[], bool] | None = None,
    only: Collection[int] | None = None,
) -> Analysis:
    """Analyse every decision of ``seat`` in the finished ``hand`` (``only``: just the
    decisions at these ``Decision.step`` positions, as a re-analysis does)."""
    if not hand.finished or hand.settlement is None:
        raise ValueError("the hand is not finished")
    start = time.perf_counter()
    ruleset = hand.ruleset
    fresh = Hand(ruleset, hand.setup)
    tracker = MemoryTracker()
    policy = NormalPolicy()
    log = hand.log
    # Work units for the progress bar: the seat's decisions and the trick boundaries.
    mine = [
        i for i, a in enumerate(log) if a.seat == seat and a.kind in (BURY, PLAY) and (only is None or i + 1 in only)
    ]
    moments = [m for m in declare_analysis.declaring_moments(hand, seat) if only is None or m.step in only]
    tricks = len(hand.tricks)
    total = len(mine) + len(moments) + (tricks if settings.curve else 0)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if cancel is not None and cancel():
            raise Cancelled
        if progress is not None:
            progress(done / max(1, total))

    decisions: list[Decision] = []
    curve: list[float] = []
    base_seed = f"{hand.setup.seed}/{seat}/{settings.seed}"
    for moment in moments:  # all in the deal, before the bury and the plays
        rng = random.Random(f"{base_seed}/declare/{moment.upto}")
        hinted, why = _hint_at(hand, seat, moment.upto, moment.options)
        d = declare_decision(hand, seat, moment, rng, settings, policy, hinted)
        d.hint_reason = why
        d.step = moment.step
        d.options = [list(o) for o in moment.options]
        decisions.append(d)
        tick()
    for i, action in enumerate(log):
        if action.seat == seat and action.kind in (BURY, PLAY) and (only is None or i + 1 in only):
            obs = observe(fresh, seat)
            rng = random.Random(f"{base_seed}/{i}")
            hinted, why = _hint_of(fresh, seat)
            if action.kind == BURY:
                d = _bury_decision(obs, list(action.cards), rng, settings, policy, hinted)
            else:
                mem = tracker.sync(obs)
                assert mem is not None
                v = View.of(obs, mem)
                d = _play_decision(v, list(action.cards), rng, settings, policy, hinted)
                d.trick = len(obs.tricks)
            d.step = i + 1
            d.hint_reason = why
            decisions.append(d)
            tick()
        if (
            settings.curve
            and fresh.play_state is not None
            and _at_trick_boundary(fresh)
            and len(curve) <= len(fresh.tricks)
        ):
            obs = observe(fresh, seat)
            mem = tracker.sync(obs)
            rng = random.Random(f"{base_seed}/curve/{len(fresh.tricks)}")
            curve.append(_position_value(fresh, obs, mem, rng, settings, policy))
            tick()
        fresh.apply(action)
    s = hand.settlement
    assert hand.dealer is not None
    result = utility(ruleset, seat, hand.dealer, s.total, s.up_levels, s.up_side)
    if settings.curve:
        curve.append(result)
    if progress is not None:
        progress(1.0)
    return Analysis(
        seat, decisions, curve, result, time.perf_counter() - start, {k: v for k, v in asdict(settings).items()}
    )


HintOf = tuple[list[Card] | None, dict[str, Any] | None]


def _reason_json(reason: Any) -> dict[str, Any] | None:
    """A bot's ``Reason`` as plain text parameters (cards as their pretty text)."""
    code = getattr(reason, "code", None)
    if not isinstance(code, str):
        return None
    params = {
        k: ("".join(c.pretty() for c in v) if isinstance(v, (list, tuple)) else str(v))
        for k, v in getattr(reason, "params", {}).items()
    }
    return {"code": code, "params": params}


DECLARE_BUDGET = 16  # the Hint's worlds for checking a declaration the heuristic proposes


def practice_hint(
    hand: Hand, seat: int, options: Sequence[Sequence[Card]] | None = None
) -> tuple[list[Card] | None, Reason]:
    """The practice Hint (``bots.hint``): the ``normal`` bot's move for ``seat`` now and its
    reason, seeded by the position; a declaration it proposes is checked by this module's
    search (``DECLARE_BUDGET`` worlds, no second look) and replaced when another choice is
    surely better. Here, so that the Review asks exactly what the Hint said."""
    rng = random.Random(hand.setup.seed * 1009 + len(hand.log) * 4 + seat)
    bot = make_bot("normal", seat, rng, hand.ruleset)
    obs = observe(hand, seat)
    if hand.phase.declaring:
        opts = [list(o) for o in (options if options is not None else hand.declaration_options(seat))]
        cards, reason = bot.explain(obs, opts)
        if cards:
            return _checked_declaration(hand, seat, opts, list(cards), reason)
        return cards, reason
    return bot.explain(obs)


def _checked_declaration(
    hand: Hand, seat: int, options: list[list[Card]], cards: list[Card], reason: Reason
) -> tuple[list[Card] | None, Reason]:
    """The heuristic's declaration, or what the search finds surely better."""
    final = hand.phase == AFTER_DEAL or hand.dealt == hand.to_deal
    moment = declare_analysis.Moment(
        len(hand.log),
        tuple(cards),
        tuple(tuple(o) for o in options),
        len(hand.log) + 1,
        final,
        hand.phase == AFTER_DEAL,
    )
    rng = random.Random(f"hint/{hand.setup.seed}/{seat}/{len(hand.log)}")
    d = declare_decision(
        hand, seat, moment, rng, Settings(samples=DECLARE_BUDGET, curve=False, confirm=0), NormalPolicy()
    )
    if d.loss <= 0 or sorted(d.best) == sorted(cards):
        return cards, reason
    gain = f"{d.loss:.2f}"
    if not d.best:
        return None, Reason("declare.searched_pass", {"cards": cards, "worlds": d.worlds, "gain": gain})
    return list(d.best), Reason("declare.searched", {"cards": list(d.best), "worlds": d.worlds, "gain": gain})


def _hint_of(hand: Hand, seat: int, options=None) -> HintOf:
    """The practice Hint's move for ``seat`` at this position and its reason."""
    try:
        cards, reason = practice_hint(hand, seat, options)
    except Exception:  # the hint is advice: a position it cannot answer has none
        return None, None
    return cards, _reason_json(reason)


def _hint_at(hand: Hand, seat: int, upto: int, options) -> HintOf:
    """The Hint's declaration (None: pass) at a declaring moment, after ``upto`` actions."""
    at = Hand(hand.ruleset, hand.setup)
    for action in hand.log[:upto]:
        at.apply(action)
    return _hint_of(at, seat, [list(o) for o in options])


def _at_trick_boundary(hand: Hand) -> bool:
    state = hand.play_state
    return state is not None and state.settlement is None and state.current_trick is None


# ------------------------------------------------------------------------------ plays


def _forced_play(v: View) -> bool:
    trick = v.trick
    if trick is not None:
        if len(v.hand) == trick.n:
            return True
        return len(list(itertools.islice(legal_follows(trick.lead, v.hand, v.ctx), 2))) < 2
    return len(v.hand) == 1


def _play_decision(
    v: View,
    played: list[Card],
    rng: random.Random,
    settings: Settings,
    policy: NormalPolicy,
    hint: list[Card] | None = None,
) -> Decision:
    if _forced_play(v):
        return Decision(
            "play", None, played, played, 0.0, 0.0, "best", forced=True, hint=hint, hinted=_same(hint, played)
        )
    trick = v.trick
    base = checked(v, policy.play(v))[0]
    cands = play_candidates(v, base, policy, settings.max_candidates)
    if trick is not None:
        # The quietest follow (fewest points, lowest cards) and the most generous one, so
        # that giving points away or keeping them is always among the moves compared.
        follows = list(itertools.islice(legal_follows(trick.lead, v.hand, v.ctx), FOLLOW_CAP))
        pos = v.tab.pos

        def quiet(f: list[Card]) -> tuple[int, int]:
            return sum(c.points for c in f), sum(pos[c] for c in f)

        for extra in (min(follows, key=quiet), max(follows, key=quiet)):
            if card_key(extra) not in {card_key(c) for c in cands}:
                cands.append(extra)
    keys = [card_key(c) for c in cands]
    if card_key(played) in keys:
        p = keys.index(card_key(played))
    else:
        cands.append(list(played))
        p = len(cands) - 1
    kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
    known_kitty = list(v.kitty) if v.seat == v.dealer else None

    def world():
        dealt = sample_hands(rng, v.unseen, v.hand_sizes, v.seat, v.mem, kitty_size, v.tab)
        if dealt is None:
            return None
        hands, kitty = dealt
        hands[v.seat] = list(v.hand)
        state = play_state_of(v, hands, known_kitty if known_kitty is not None else kitty)
        return [(state.copy(), v.mem.copy(), c) for c in cands]

    exact = len(v.hand) <= settings.exact_cards

    def play_out(item) -> tuple[float, int]:
        state, mem, first = item
        solved = None
        if exact:
            solved = state.copy()
            solved.apply(v.seat, first)
        u = rollout(state, mem, v.tab, policy, v.seat, first, v.tricks_done)
        if solved is not None:  # the points shown stay the roll-out's: the solver keeps no line
            u = Solver(v.seat).value(solved)
        return u, state.settlement.total

    return _compare("play", cands, p, world, play_out, v.seat, v.dealer, settings, hint)


# ------------------------------------------------------------------------------ bury


def _bury_decision(
    obs: Observation,
    played: list[Card],
    rng: random.Random,
    settings: Settings,
    policy: NormalPolicy,
    hint: list[Card] | None = None,
) -> Decision:
    assert obs.phase == BURYING and obs.ctx is not None and obs.dealer is not None
    tab = tables(obs.ctx)
    seat, dealer, ruleset = obs.seat, obs.dealer, obs.ruleset
    cands: list[list[Card]] = [list(played)]
    for other in _bury_options(obs, tab, played):
        if card_key(other) not in {card_key(c) for c in cands} and len(cands) < settings.max_candidates:
            cands.append(other)
    if len(obs.hand) == ruleset.kitty:
        return Decision(
            "bury", None, played, played, 0.0, 0.0, "best", forced=True, hint=hint, hinted=_same(hint, played)
        )
    mem = CardMemory(tab, ruleset.decks, dealer)
    for decl in obs.declarations:
        mem.add_declared(decl.seat, decl.cards)
    unseen = mem.unseen(obs.hand)
    sizes = [len(obs.hand) - ruleset.kitty if s == seat else obs.hand_sizes[s] for s in range(4)]

    def world():
        dealt = sample_hands(rng, unseen, sizes, seat, mem, 0, tab)
        if dealt is None:
            return None
        hands = dealt[0]
        out = []
        for bury in cands:
            mine = list(obs.hand)
            for c in bury:
                mine.remove(c)
            hs = [list(h) for h in hands]
            hs[seat] = mine
            assert obs.ctx is not None  # the kitty is buried after the trump is settled
            out.append((PlayState(ruleset, obs.ctx, dealer, hs, list(bury)), mem.copy()))
        return out

    def play_out(item) -> tuple[float, int]:
        state, m = item
        u = rollout(state, m, tab, policy, seat, None, 0)
        return u, state.settlement.total

    return _compare("bury", cands, 0, world, play_out, seat, dealer, settings, hint)


def _bury_options(obs: Observation, tab, played: list[Card]) -> list[list[Card]]:
    """Buries worth comparing: the normal and easy levels' choices, and the one made with
    its dearest card (points first) swapped for the cheapest card kept."""
    out = [list(choose_bury(obs, careful=careful)[0]) for careful in (True, False)]
    kept = list(obs.hand)
    for c in played:
        kept.remove(c)

    def dear(c: Card) -> tuple:
        return (c.points, tab.is_trump[c], tab.pos[c])

    cheap = sorted((c for c in kept if not tab.is_trump[c]), key=dear)
    swapped = list(played)
    for card in sorted(played, key=dear, reverse=True)[:2]:
        if not cheap or dear(cheap[0]) >= dear(card):
            break
        swapped[swapped.index(card)] = cheap.pop(0)
        out.append(list(swapped))
    return out


# ------------------------------------------------------------------------------ declaring


def declare_decision(
    hand: Hand,
    seat: int,
    moment: declare_analysis.Moment,
    rng: random.Random,
    settings: Settings,
    policy: NormalPolicy,
    hint: list[Card] | None = None,
) -> Decision:
    """One declaring decision (``declare_analysis.declaring_moments``) valued and labelled;
    ``hint`` is the practice Hint's choice then (None: the pass)."""
    played = list(moment.played)
    if not moment.options:  # only the pass: never charged
        return Decision(
            "declare", None, played, played, 0.0, 0.0, "best", forced=True, hint=hint, hinted=_same(hint, played)
        )
    cands = [list(c) for c in declare_analysis.candidates(moment, settings.max_candidates)]
    worlds = declare_analysis.World(hand, seat, moment)

    def world():
        deck = worlds.deck(rng)
        return [(deck, tuple(c)) for c in cands]

    def play_out(item) -> tuple[float, float]:
        deck, choice = item
        return worlds.play(deck, choice, policy)

    return _compare("declare", cands, 0, world, play_out, seat, None, settings, hint)


# ------------------------------------------------------------------------------ search


def _same(a: list[Card] | None, b: list[Card] | None) -> bool:
    return card_key(a or []) == card_key(b or [])


def _compare(
    kind: str,
    cands: list[list[Card]],
    played: int,
    world,
    play_out,
    seat: int,
    dealer: int | None,
    settings: Settings,
    hint: list[Card] | None = None,
) -> Decision:
    """Play every candidate out in the same worlds (``paired.paired_search``); the loss is
    the best's paired advantage over the move made, measured on other worlds than it was
    chosen on (``_half_split``). ``play_out`` gives the utility and the defenders' points;
    with ``dealer`` None (not known yet: declaring) the points are already signed for the
    seat's team. The label is ``confident_label`` at the kind's ``CONFIDENCE_Z`` (``HINT_Z``
    when the move made is the Hint's: ``hint``)."""
    n = len(cands)
    hinted = _same(hint, cands[played])
    if n == 1:
        return Decision(kind, None, cands[0], cands[0], 0.0, 0.0, "best", candidates=1, hint=hint, hinted=hinted)
    pts = [0.0] * n
    deadline = None if settings.think_ms is None else time.perf_counter() + settings.think_ms / 1000.0
    # The defenders' points, for the seat's team.
    sign = 1 if dealer is None or seat % 2 != dealer % 2 else -1

    def play_world(alive) -> list[float] | None:
        items = world()
        if items is None:
            return None
        values = []
        for i in alive:
            u, total = play_out(items[i])
            values.append(u)
            pts[i] += sign * total
        return values

    racing = list(range(n))  # the candidates still compared
    seen: Values = []

    def prune(util: Values, alive: list[int], worlds: int) -> list[int]:
        nonlocal racing
        if worlds >= 8 and worlds % 4 == 0 and len(alive) > 2:
            racing = _prune(util, alive, played)
        return racing

    def estimate(util: Values, worlds: int) -> tuple[int, float, float]:
        seen[:] = util
        return _half_split(util, worlds, played, racing)

    (best, mean, se), worlds = paired_search(
        play_world, n, estimate, samples=settings.samples, deadline=deadline, prune=prune, at_least=4
    )
    if worlds == 0:
        return Decision(
            kind, None, cands[played], cands[played], 0.0, 0.0, "best", candidates=n, hint=hint, hinted=hinted
        )
    loss = max(0.0, mean - SHRINK_SE * se) if best != played else 0.0
    points_loss = (pts[best] - pts[played]) / worlds if loss > 0 else 0.0
    chosen = cands[best] if loss > 0 else cands[played]
    z = HINT_Z if hinted else CONFIDENCE_Z.get(kind, 1.0)
    label = confident_label(loss, mean, se, z)
    top, share = _top(cands, seen, played), _better_share(seen, best, played)
    if label != label_of(loss) and settings.confirm > 0:
        # Not sure yet: the best found against the move made on fresh worlds. The pair is
        # fixed before these worlds are dealt, so their mean is not flattered by the choice.
        got = _confirm(world, play_out, best, played, sign, settings)
        if got is not None:
            mean, se, more, share, points_gap = got
            worlds += more
            loss = max(0.0, mean - SHRINK_SE * se)
            points_loss = points_gap if loss > 0 else 0.0
            chosen = cands[best] if loss > 0 else cands[played]
            label = confident_label(loss, mean, se, z)
    return Decision(
        kind,
        None,
        cands[played],
        chosen,
        loss,
        points_loss,
        label,
        worlds=worlds,
        candidates=n,
        gap=mean,
        se=se,
        top=top,
        better_share=share,
        hint=hint,
        hinted=hinted,
    )


def _confirm(
    world, play_out, best: int, played: int, sign: int, settings: Settings
) -> tuple[float, float, int, float, float] | None:
    """The best's paired advantage over the move made on ``settings.confirm`` times the
    worlds, fresh: (mean, standard error, worlds, the share won, the points' mean gap);
    None when no world could be dealt."""
    pts = [0.0, 0.0]
    deadline = None if settings.think_ms is None else time.perf_counter() + settings.think_ms / 1000.0

    def play_world(alive) -> list[float] | None:
        items = world()
        if items is None:
            return None
        values = []
        for i in alive:
            u, total = play_out(items[(best, played)[i]])
            values.append(u)
            pts[i] += sign * total
        return values

    def estimate(util: Values, worlds: int) -> tuple[float, float, float]:
        if worlds < 2:
            return 0.0, math.inf, 0.0
        diffs = [util[0][w] - util[1][w] for w in range(worlds)]
        mean, se = mean_se(diffs)
        return mean, se, sum(1 for x in diffs if x > 0) / worlds

    (mean, se, share), worlds = paired_search(
        play_world, 2, estimate, samples=settings.samples * settings.confirm, deadline=deadline, at_least=4
    )
    if worlds == 0:
        return None
    return mean, se, worlds, share, (pts[0] - pts[1]) / worlds


def _top(cands: list[list[Card]], util: Values, played: int) -> list[Candidate]:
    """The engine's view: the ``TOP_CANDIDATES`` best candidates by their mean value, and
    the move made if it is not among them."""
    rows = []
    for i, values in enumerate(util):
        if not values:
            continue
        k = len(values)
        m = sum(values) / k
        spread = (sum((x - m) ** 2 for x in values) / (k - 1)) ** 0.5 if k > 1 else 0.0
        rows.append((m, i, Candidate(list(cands[i]), m, spread, k)))
    rows.sort(key=lambda r: (-r[0], r[1]))
    out = [r for r in rows[:TOP_CANDIDATES]]
    out += [r for r in rows[TOP_CANDIDATES:] if r[1] == played]
    return [r[2] for r in out]


def _better_share(util: Values, best: int, played: int) -> float:
    """The share of the worlds both were played in where the best did strictly better."""
    if best == played or not util:
        return 0.0
    k = min(len(util[best]), len(util[played]))
    if k == 0:
        return 0.0
    return sum(1 for w in range(k) if util[best][w] > util[played][w]) / k


def _half_split(util: Values, worlds: int, played: int, alive: list[int]) -> tuple[int, float, float]:
    """The analysis's estimator: the best of several noisy means is flattered by its luck,
    so the best is chosen on the even worlds and its advantage over the move made measured
    on the odd ones (the best, its mean gain and standard error there). Under four worlds
    both on all of them; over one world the error is infinite and nothing is charged."""
    if worlds == 0:
        return played, 0.0, 0.0
    pick = range(0, worlds, 2) if worlds >= 4 else range(worlds)
    best = max(alive, key=lambda i: (sum(util[i][w] for w in pick), i == played))
    if best == played:
        return best, 0.0, 0.0
    check = range(1, worlds, 2) if worlds >= 4 else range(worlds)
    mean, se = mean_se([util[best][w] - util[played][w] for w in check])
    return best, mean, se


def _prune(util: Values, alive: list[int], played: int) -> list[int]:
    """Drop the candidates clearly behind the leader (two standard errors of the paired
    difference): they cannot be the best, and the played move is always kept."""
    k = len(util[played])
    leader = max(alive, key=lambda i: sum(util[i]))
    keep = []
    for i in alive:
        if i in (leader, played):
            keep.append(i)
            continue
        mean, se = mean_se([util[i][w] - util[leader][w] for w in range(k)])
        if mean + 2 * se >= 0:
            keep.append(i)
    return keep


# ------------------------------------------------------------------------------ curve


def _position_value(
    hand: Hand, obs: Observation, mem: CardMemory | None, rng: random.Random, settings: Settings, policy: NormalPolicy
) -> float:
    """The seat's team's expected result from here, as the seat sees it (sampled worlds)."""
    state = hand.play_state
    assert state is not None and obs.ctx is not None and obs.dealer is not None
    seat, dealer, ruleset = obs.seat, obs.dealer, obs.ruleset
    tab = tables(obs.ctx)
    if mem is None:
        mem = CardMemory(tab, ruleset.decks, dealer)
        for decl in obs.declarations:
            mem.add_declared(decl.seat, decl.cards)
    kitty_size = 0 if seat == dealer else ruleset.kitty
    unseen = mem.unseen(obs.hand, obs.kitty if seat == dealer else ())
    total, count = 0.0, 0
    for _ in range(settings.curve_samples):
        dealt = sample_hands(rng, unseen, list(obs.hand_sizes), seat, mem, kitty_size, tab)
        if dealt is None:
            break
        hands, kitty = dealt
        world = state.copy()
        for s in range(4):
            if s != seat:
                world.hands[s] = hands[s]
        if seat != dealer:
            world.kitty = kitty
        total += rollout(world, mem.copy(), tab, policy, seat, None, len(state.tricks))
        count += 1
    return total / count if count else 0.0


__all__ = [
    "BAD_LABELS",
    "BLUNDER",
    "CONFIDENCE_Z",
    "GOOD_LABELS",
    "HINT_Z",
    "LABELS",
    "LABEL_ORDER",
    "UNCLEAR",
    "UNRATED",
    "Analysis",
    "Cancelled",
    "Candidate",
    "Decision",
    "Settings",
    "analyse_hand",
    "confident_label",
    "declare_decision",
    "label_of",
]
