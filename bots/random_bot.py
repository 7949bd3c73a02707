"""``random``: a uniformly random legal choice, the baseline every other level must beat."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core import Card, Observation, Unit, legal_follows

from .base import Bot, Reason
from .plays import choose_in_suit
from .tables import tables

FOLLOW_CAP = 256  # enumerate at most this many follows; beyond, build a random legal one


class RandomBot(Bot):
    """Declares, buries, leads and follows uniformly at random among legal choices.

    Declaring: passing is one of the choices. Leading: a uniformly random unit (single,
    pair or tractor) of the hand — never a throw. Following: uniform over the distinct
    legal follows when there are at most ``FOLLOW_CAP``; with more (a void hand choosing four
    discards out of twenty), a random legal follow built by the following rule.
    """

    level = "random"

    def decide_declare(self, obs: Observation, options: Sequence[Sequence[Card]]
                       ) -> tuple[list[Card] | None, Reason]:
        choice = self.rng.choice([None] + [list(o) for o in options])
        return choice, Reason("declare.random")

    def decide_bury(self, obs: Observation) -> tuple[list[Card], Reason]:
        return self.rng.sample(list(obs.hand), obs.ruleset.kitty), Reason("bury.random")

    def decide_play(self, obs: Observation) -> tuple[list[Card], Reason]:
        ctx = obs.ctx
        assert ctx is not None  # the play phase
        tab = tables(ctx)
        units: list[Unit]
        if obs.current is None:
            units = []
            for cards in tab.split(obs.hand).values():
                if cards:
                    units += tab.units(cards)
            return list(self.rng.choice(units).cards), Reason("lead.random")
        lead = obs.current.lead
        plays: list[list[Card]] = []
        for play in legal_follows(lead, obs.hand, ctx):
            plays.append(play)
            if len(plays) > FOLLOW_CAP:
                break
        if len(plays) <= FOLLOW_CAP:
            return list(self.rng.choice(plays)), Reason("follow.random")
        # Too many to list: a random preference order, laid out by the following rule.
        order = {c: self.rng.random() for c in Counter(obs.hand)}
        key = order.__getitem__
        split = tab.split(obs.hand)
        suit = tab.suit[lead[0]]
        held = split[suit]
        units = tab.units(lead)
        from game.core import Format
        fmt = Format.of(units)
        n = len(lead)
        if len(held) >= n:
            play = choose_in_suit(held, fmt, n, tab, key)
        else:
            rest = [c for c in obs.hand if tab.suit[c] != suit]
            play = list(held) + self.rng.sample(rest, n - len(held))
        return play, Reason("follow.random")
