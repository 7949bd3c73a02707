"""A tiny, always-legal stand-in for the bots (tests only; the game uses ``bots``)."""

from __future__ import annotations

from itertools import islice

from game.core import decompose, legal_follows


class StandInBot:
    def __init__(self, level, seat, rng, ruleset, think_ms=0):
        self.seat, self.rng, self.ruleset = seat, rng, ruleset

    def declare(self, obs, options):
        return options[0] if self.rng.random() < 0.5 else None

    def bury(self, obs):
        return obs.ctx.sort_hand(obs.hand)[-obs.ruleset.kitty :]

    def play(self, obs):
        ctx = obs.ctx
        if obs.current is None:
            by_suit = {}
            for card in obs.hand:
                by_suit.setdefault(ctx.suit_of(card), []).append(card)
            suit = self.rng.choice(sorted(by_suit, key=str))
            units = decompose(by_suit[suit], ctx)
            return list(self.rng.choice(units).cards)
        return list(self.rng.choice(list(islice(legal_follows(obs.current.lead, obs.hand, ctx), 8))))


def standin_factory(level, seat, rng, ruleset, think_ms=0):
    return StandInBot(level, seat, rng, ruleset, think_ms)
