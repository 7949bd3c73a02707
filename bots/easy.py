"""``easy``: sound rule-following heuristics without memory.

The same heuristics as ``normal`` but blind to everything before the current trick: an ace
is a sure winner, a king never is; it never throws, never leads for a partner's ruff and
does not plan the end of the hand. It bids on trump length alone and buries its cheapest
cards.
"""
from __future__ import annotations

from game.core import Format, Observation

from .base import Reason
from .bidding import choose_bury, choose_declaration
from .memory import CardMemory
from .normal import NormalBot, NormalPolicy, checked
from .tables import tables
from .view import View


class EasyPolicy(NormalPolicy):
    throws = False
    partner_ruff = False
    contest_end = False
    cautious = False

    def declare(self, obs: Observation, options):
        return choose_declaration(obs, options, eagerness=1.1)

    def bury(self, obs: Observation):
        return choose_bury(obs, careful=False)


class EasyBot(NormalBot):
    level = "easy"
    policy_class = EasyPolicy

    def view(self, obs: Observation) -> View:
        tab = tables(obs.ctx)
        mem = CardMemory(tab, obs.ruleset.decks, obs.dealer)
        if obs.current is not None:
            plays = obs.current.plays
            lead = plays[0][1]
            fmt = Format.of(tab.units(lead)) if len(lead) > 1 else None
            for i, (seat, cards) in enumerate(plays):
                mem.on_play(seat, cards, None if i == 0 else lead, fmt)
        return View.of(obs, mem)

    def decide_play(self, obs: Observation):
        v = self.view(obs)
        if v.plays and len(v.hand) == v.trick.n:
            return list(v.hand), Reason("follow.only")
        return checked(v, self.policy.play(v))
