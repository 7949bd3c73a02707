"""``normal``: a club player with card memory.

It remembers every card played, the voids a player shows by not following, the pairs and
tractors a player shows not to hold, and so which top cards are still out. With that it

* throws (甩牌) only when memory proves every unit unbeatable;
* bids by projected trump strength and buries to void short side suits, keeping points
  unless very strong in trumps;
* feeds points to its partner only when the partner's win is secure;
* does not spend jokers or level cards on tricks without points;
* contests every winnable trick near the end, to guard or to dig the kitty.

The playing policy works on a ``View`` so that the ``hard`` level's simulations run the
very same heuristics without building observations.
"""

from __future__ import annotations

from operator import itemgetter
from typing import ClassVar, Final

from game.compiled import mypyc_attr
from game.core import TRUMP, Card, Observation, check_play_cards, fallback_play, points_of

from .base import Bot, Reason
from .bidding import choose_bury, choose_declaration
from .follows import (
    FOLLOW_WEIGHTS,
    FollowState,
    FollowWeights,
    Win,
    best_win,
    contest,
    feed_for,
    opponent_stake,
    partner_stake,
    take_score,
    takes_over,
    trick_is_safe,
    win_cost,
)
from .leads import (
    LEAD_WEIGHTS,
    LeadWeights,
    Offer,
    SuitLead,
    learned_lead,
    low_lead,
    low_pair_lead,
    low_trump_leads,
    partner_ruff_lead,
    side_boss_leads,
    throw_lead,
    trump_boss_leads,
)
from .learned import LEAD_MODELS, TAKE_MODELS
from .memory import MemoryTracker
from .plays import cheap_key_for, cheapest, follow, winning_plays
from .reasons import honest
from .view import View

Decision = tuple[list[Card], Reason]


ENDGAME_CARDS = {1: 2, 2: 4, 3: 5}
_SCORE: Final = itemgetter(0)  # an offer's score


def _why(v: View, code: str, cards: list[Card]) -> Reason:
    """``Reason(code, {"cards": cards})`` without ``Reason.__new__``'s interpreted frame. A
    roll-out's views are quiet (``View.quiet``): the roll-out drops the reason, so a quiet
    view gets the code alone, one shared ``Reason`` per code, made once."""
    if v.quiet:
        got = _QUIET_REASONS.get(code)
        if got is None:
            got = _QUIET_REASONS[code] = Reason(code)
        return got
    why = str.__new__(Reason, code)
    why.params = {"cards": cards}
    return why


_QUIET_REASONS: Final[dict[str, Reason]] = {}


def endgame_cards(view: View, table: dict[int, int] = ENDGAME_CARDS) -> int:
    """Cards left in hand from which every winnable trick is contested."""
    return table.get(view.ruleset.decks, 4)


# Compiled, the other levels and the tests still subclass it.
@mypyc_attr(allow_interpreted_subclasses=True)
class NormalPolicy:
    """The heuristics, on a ``View``. ``memory=False`` makes the ``easy`` variant.

    The class attributes switch rules on and off (a subclass, or ``tools/normal_variants.py``,
    changes them); the numbers of the rules are in ``lead_weights`` (``leads.LeadWeights``)
    and ``follow_weights`` (``follows.FollowWeights``)."""

    # ClassVar: compiled (tools/build_compiled.py), a subclass's value is read from its class,
    # as in Python; a plain attribute would keep this class's value in compiled code.
    throws: ClassVar[bool] = True  # rule 1 of the leads: safe throws
    partner_ruff: ClassVar[bool] = True  # rule 4 of the leads: into the partner's void
    contest_end: ClassVar[bool] = True  # contest every winnable trick near the end
    cautious: ClassVar[bool] = True  # see ``View.threatened``
    low_trump_lead: ClassVar[bool] = True  # rule 3 of the leads: a low trump rather than points into the opponents
    endgame: ClassVar[dict[int, int]] = ENDGAME_CARDS
    trump_throw_honours: ClassVar[bool] = False  # may a safe throw in trumps spend jokers and level cards?
    eagerness: ClassVar[float] = 1.0  # below 1 declares more readily
    bank_points: ClassVar[bool] = True  # win a sure trick with point cards when they win as well
    lead_weights: ClassVar[LeadWeights] = LEAD_WEIGHTS
    follow_weights: ClassVar[FollowWeights] = FOLLOW_WEIGHTS
    #: Take an opponent's trick when the learned weights over ``follows.take_features`` sum
    #: above zero (``learned.TAKE_MODELS``, by the number of decks), in place of the stake
    #: and contest rules; off, or on a deck count without weights, those rules decide. Off:
    #: with the learned lead, +0.09 to +0.16 levels a deal, but 12-14 % of pure-Python
    #: self-play's speed (bots/NOTES.md, "Learned from the true deals").
    learned_take: ClassVar[bool] = False
    take_models: ClassVar[dict[int, tuple[float, ...]]] = TAKE_MODELS
    #: Lead the offer of highest learned value (``leads.learned_lead``, weights by the number
    #: of decks: ``learned.LEAD_MODELS``) among the best few, not the best by score.
    learned_leads: ClassVar[bool] = False
    lead_models: ClassVar[dict[int, tuple[float, ...]]] = LEAD_MODELS

    def __init__(self, learned: bool | None = None) -> None:
        """``learned`` switches both learned rules on or off for this policy whatever the
        class says (``hard`` plays and rolls out with them: ``SearchSettings.learned_rules``)."""
        # The switches and weights, read into the instance once: compiled, a class attribute
        # read through ``self`` is a generic look-up, and a simulated decision reads a dozen.
        self._throws: bool = self.throws
        self._partner_ruff: bool = self.partner_ruff
        self._contest_end: bool = self.contest_end
        self._cautious: bool = self.cautious
        self._low_trump_lead: bool = self.low_trump_lead
        self._endgame_cards: dict[int, int] = self.endgame
        self._trump_throw_honours: bool = self.trump_throw_honours
        self._bank_points: bool = self.bank_points
        self._lead_weights: LeadWeights = self.lead_weights
        self._follow_weights: FollowWeights = self.follow_weights
        take = self.learned_take if learned is None else learned
        lead = self.learned_leads if learned is None else learned
        self._take_models: dict[int, tuple[float, ...]] = self.take_models if take else {}
        self._lead_models: dict[int, tuple[float, ...]] = self.lead_models if lead else {}

    # ------------------------------------------------------------------ play

    def play(self, v: View) -> Decision:
        if v.plays:
            return self.follow(v)
        return self.lead(v)

    def _endgame(self, v: View) -> bool:
        return self._contest_end and len(v.hand) <= endgame_cards(v, self._endgame_cards)

    # ------------------------------------------------------------------ following

    def follow(self, v: View) -> Decision:
        mine = v.mine()
        f = FollowState(v, cheap_key_for(v.tab, mine), self._endgame(v))
        if f.tr.winner == v.partner:
            return self._follow_partner(f)
        return self._follow_opponent(f)

    def _follow_partner(self, f: FollowState) -> Decision:
        w = self._follow_weights
        if trick_is_safe(f, self._cautious):
            fk = feed_for(f.v, w)
            play = self._follow_by(f, fk)
            pts = points_of(play)
            code = (
                ("discard.feed" if f.void else "follow.feed")
                if pts
                else ("discard.cheap" if f.void else "follow.cheap")
            )
            return play, _why(f.v, code, play)
        # The partner may lose it: take it over when that secures points, or ruff the suit
        # he led for me to trump. (Not before: a safe partner needs no winning plays.)
        win = self._best_win(f)
        if takes_over(win, partner_stake(f, w), w):
            assert win is not None  # takes_over says so
            return win.play, _why(f.v, "follow.secure", win.play)
        return self._cheap(f)

    def _follow_opponent(self, f: FollowState) -> Decision:
        # An opponent is winning (or nobody has played but the leader, an opponent).
        w = self._follow_weights
        wins = winning_plays(f.mine, f.tr, f.v.tab, f.cheap)
        win = best_win(f, wins, w, self._cautious, self._bank_points)
        if win is None:
            return self._cheap(f)
        model = self._take_models.get(f.v.ruleset.decks)
        if model is not None:
            return self._learned_take(f, win, wins[-1], model)
        if win.secure:
            if opponent_stake(f, win, w) >= win.cost:
                code = (
                    "follow.endgame"
                    if f.endgame and f.tr.points == 0
                    else ("trump.win" if f.trumping else "follow.win")
                )
                return win.play, _why(f.v, code, win.play)
            return self._cheap(f)
        strongest = contest(f, wins, w)
        if strongest is not None:
            return strongest, _why(f.v, "follow.contest", strongest)
        return self._cheap(f)

    def _learned_take(self, f: FollowState, win: Win, strongest: list[Card], model: tuple[float, ...]) -> Decision:
        take = win.play if win.secure else strongest
        cheap = self._follow_by(f, f.cheap)
        if take_score(model, f, win, take, cheap, self._follow_weights) <= 0.0:
            return cheap, _why(f.v, "discard.cheap" if f.void else "follow.cheap", cheap)
        code = "trump.win" if f.trumping else ("follow.win" if win.secure else "follow.contest")
        return take, _why(f.v, code, take)

    def _best_win(self, f: FollowState) -> Win | None:
        wins = winning_plays(f.mine, f.tr, f.v.tab, f.cheap)
        return best_win(f, wins, self._follow_weights, self._cautious, self._bank_points)

    def _follow_by(self, f: FollowState, key) -> list[Card]:
        tr = f.tr
        return follow(f.mine, f.v.hand, tr.suit, tr.fmt, tr.n, f.v.tab, key, key)

    def _cheap(self, f: FollowState) -> Decision:
        play = self._follow_by(f, f.cheap)
        return play, _why(f.v, "discard.cheap" if f.void else "follow.cheap", play)

    # ------------------------------------------------------------------ leading

    def lead(self, v: View) -> Decision:
        options = self.lead_options(v)
        model = self._lead_models.get(v.ruleset.decks)
        _, cards, code = options[0] if model is None else learned_lead(v, options, model)
        return cards, _why(v, code, cards)

    def lead_options(self, v: View) -> list[Offer]:
        """Every lead the rules of ``leads`` offer, best first: (score, cards, reason code).
        Equal scores keep the order of the suits and of the rules."""
        tab = v.tab
        w = self._lead_weights
        mine = v.mine()
        ck = cheap_key_for(tab, mine)
        endgame = self._endgame(v)
        out_trumps = v.unseen_count(TRUMP)
        offers: list[Offer] = []
        for suit in tab.suits:
            if not mine[suit]:
                continue
            s = SuitLead(v, suit, ck, endgame, out_trumps)
            if self._throws:
                offers += throw_lead(s, w, self._trump_throw_honours)
            if suit == TRUMP:
                offers += trump_boss_leads(s, w)
                offers += low_trump_leads(s, w, self._low_trump_lead)
                continue
            offers += side_boss_leads(s, w)
            if self._partner_ruff:
                offers += partner_ruff_lead(s, w)
            offers += low_lead(s, w)
            offers += low_pair_lead(s, w)
        if not offers:
            offers.append((0.0, [cheapest(v.hand, ck)], "lead.low"))
        # Highest first, equal scores in their order (a reversed sort is stable too): the
        # score read by a C key, where a lambda is a Python call per offer.
        offers.sort(key=_SCORE, reverse=True)
        return offers

    # ------------------------------------------------------------------ other decisions

    def declare(self, obs: Observation, options):
        return choose_declaration(obs, options, self.eagerness)

    def bury(self, obs: Observation):
        return choose_bury(obs, careful=True)


def checked(v: View, decision: Decision) -> Decision:
    """The decision if the core accepts it, else the core's first legal play."""
    play, _reason = decision
    tr = v.trick
    lead = tr.lead if tr is not None else None
    if check_play_cards(v.hand, lead, play, v.ctx, tr.fmt if tr is not None else None) is None:
        return decision
    return fallback_play(v.hand, lead, v.ctx), Reason("lead.low" if lead is None else "follow.cheap")


@mypyc_attr(allow_interpreted_subclasses=True)
class NormalBot(Bot):
    """Card memory, safe throws, secure feeding, careful bidding and burying."""

    level: ClassVar[str] = "normal"
    policy_class: ClassVar[type[NormalPolicy]] = NormalPolicy

    def __init__(self, seat, rng, ruleset, memory: MemoryTracker | None = None):
        super().__init__(seat, rng, ruleset)
        self.policy = self.policy_class()
        self.tracker = memory if memory is not None else MemoryTracker()

    def view(self, obs: Observation, quiet: bool = False) -> View:
        tracker = self.tracker
        mem = tracker.sync(obs)
        return View.of(obs, mem, quiet, tracker.trick)

    def decide_declare(self, obs: Observation, options):
        return self.policy.declare(obs, options)

    def decide_bury(self, obs: Observation):
        return self.policy.bury(obs)

    def decide_play(self, obs: Observation) -> Decision:
        v = self.view(obs)
        tr = v.trick
        if tr is not None and len(v.hand) == tr.n:
            return list(v.hand), _why(v, "follow.only", list(v.hand))
        play, reason = checked(v, self.policy.play(v))
        return play, honest(v, play, reason)

    def play(self, obs: Observation) -> list[Card]:
        # The move alone (the table's and the arena's seats): the honest reason is worked out
        # only when someone reads it (``explain``, the Hint). A level that decides its own
        # way (``hard``'s search, a test's bot) is asked as it decides. Nor is the move
        # checked here: the table checks every move and records an illegal one as an
        # incident before playing the core's fallback (tests and the arena count them: none).
        if type(self).decide_play is not NormalBot.decide_play:
            return super().play(obs)
        v = self.view(obs, quiet=True)  # its reason is dropped: no reason is made
        tr = v.trick
        if tr is not None and len(v.hand) == tr.n:
            return list(v.hand)
        return self.policy.play(v)[0]


__all__ = ["NormalBot", "NormalPolicy", "checked", "endgame_cards", "win_cost"]
