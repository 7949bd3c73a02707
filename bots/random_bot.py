"""``random``: a uniformly random legal choice, the baseline every other level must beat."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from game.core import Card, Format, Observation, lead_units, play_moves

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

    def decide_declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> tuple[list[Card] | None, Reason]:
        choice = self.rng.choice([None] + [list(o) for o in options])
        return choice, Reason("declare.random")

    def decide_bury(self, obs: Observation) -> tuple[list[Card], Reason]:
        return self.rng.sample(list(obs.hand), obs.ruleset.kitty), Reason("bury.random")

    def decide_play(self, obs: Observation) -> tuple[list[Card], Reason]:
        ctx = obs.ctx
        assert ctx is not None  # the play phase
        tab = tables(ctx)
        if obs.current is None:
            # The core's lead list starts with these; a throw is never drawn.
            return list(self.rng.choice(lead_units(obs.hand, ctx))), Reason("lead.random")
        lead = obs.current.lead
        follows = play_moves(obs.hand, lead, ctx, limit=FOLLOW_CAP)
        if follows.complete:
            return list(self.rng.choice(follows.moves)), Reason("follow.random")
        # Too many to list: a random preference order, laid out by the following rule.
        order: dict[int, float] = {c: self.rng.random() for c in Counter(obs.hand)}
        key = order.__getitem__
        split = tab.split(obs.hand)
        suit = tab.suit[lead[0]]
        held = split[suit]
        units = tab.units(lead)
        fmt = Format.of(units)
        n = len(lead)
        if len(held) >= n:
            play = choose_in_suit(held, fmt, n, tab, key)
        else:
            rest = [c for c in obs.hand if tab.suit[c] != suit]
            play = list(held) + self.rng.sample(rest, n - len(held))
        return play, Reason("follow.random")
