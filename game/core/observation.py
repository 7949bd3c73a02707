"""What one seat may see of a hand. Bots and the front end get this, never the ``Hand``.

A seat sees its own cards, the declarations shown, every card played and who won each
trick, the points, the size of every hand, and the kitty only when it is the dealer after
picking it up. It never sees another seat's cards nor the deal's seed (which would give
away every hand).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .bidding import Declaration
from .cards import Card, Rank, format_cards
from .hand import Hand
from .phases import BURYING, DEALING, PLAYING, Phase
from .play import TrickView
from .ruleset import Ruleset
from .trump import TrumpContext


@dataclass(frozen=True)
class Observation:
    seat: int
    ruleset: Ruleset
    phase: Phase
    first_hand: bool
    levels: tuple[Rank, Rank]
    dealer: int | None
    rank: Rank | None  # the hand's level rank once known
    ctx: TrumpContext | None  # the trump context once the bidding is over
    declarations: tuple[Declaration, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    cards_dealt: int
    cards_to_deal: int
    kitty: tuple[Card, ...]  # the dealer's own view of the kitty; empty for everyone else
    tricks: tuple[TrickView, ...]  # completed tricks
    current: TrickView | None  # the trick being played, if any
    to_act: int | None
    trick_points: int
    penalties: int

    @property
    def defender_points(self) -> int:
        return self.trick_points + self.penalties

    @property
    def is_dealer_side(self) -> bool:
        return self.dealer is not None and self.seat % 2 == self.dealer % 2

    @property
    def leading(self) -> bool:
        return self.phase == PLAYING and self.to_act == self.seat and self.current is None

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.current.lead if self.current else None


def observe(hand: Hand, seat: int) -> Observation:
    """The observation for ``seat``."""
    state = hand.play_state
    phase = hand.phase
    kitty: tuple[Card, ...] = ()
    if seat == hand.dealer and phase != DEALING and hand.ctx is not None:
        kitty = tuple(hand.dealt_kitty) if phase == BURYING else tuple(hand.kitty)
    hands = hand.hands
    if state is not None:
        trick = state.current_trick
        current = TrickView.of(trick) if trick is not None else None
        tricks, to_act = state.views, state.to_act()
        trick_points, penalties = state.trick_points, state.penalties
    else:
        current, tricks, trick_points, penalties = None, (), 0, 0
        to_act = hand.to_act()
    # Every decision builds one: fill the frozen instance's fields directly rather than
    # through the generated __init__ (one object.__setattr__ per field).
    obs = object.__new__(Observation)
    obs.__dict__.update(
        seat=seat, ruleset=hand.ruleset, phase=phase, first_hand=hand.setup.first_hand,
        levels=hand.setup.levels, dealer=hand.dealer,
        rank=hand.rank if hand.ctx else hand.bidding.rank, ctx=hand.ctx,
        declarations=tuple(hand.bidding.shown), hand=tuple(hands[seat]),
        hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        cards_dealt=hand.dealt, cards_to_deal=hand.to_deal, kitty=kitty, tricks=tricks,
        current=current, to_act=to_act, trick_points=trick_points, penalties=penalties)
    return obs


def _trick_json(trick: TrickView) -> dict[str, Any]:
    out = {"leader": trick.leader,
           "plays": [{"seat": s, "cards": format_cards(c)} for s, c in trick.plays]}
    if trick.winner is not None:
        out["winner"] = trick.winner
        out["points"] = trick.points
    if trick.attempted:
        out["attempted"] = format_cards(trick.attempted)
        out["penalty"] = trick.penalty
    return out


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """The observation in the referee's card notation (for outside programs and logs)."""
    return {
        "seat": obs.seat,
        "ruleset": obs.ruleset.id,
        "phase": obs.phase,
        "first_hand": obs.first_hand,
        "levels": [r.label for r in obs.levels],
        "dealer": obs.dealer,
        "level": obs.rank.label if obs.rank else None,
        "trump": obs.ctx.trump_code if obs.ctx else None,
        "declarations": [{"seat": d.seat, "cards": format_cards(d.cards), "kind": d.kind,
                          "after_deal": d.after_deal} for d in obs.declarations],
        "hand": format_cards(obs.ctx.sort_hand(obs.hand) if obs.ctx else sorted(obs.hand)),
        "hand_sizes": list(obs.hand_sizes),
        "kitty": format_cards(obs.kitty),
        "tricks": [_trick_json(t) for t in obs.tricks],
        "current": _trick_json(obs.current) if obs.current else None,
        "to_act": obs.to_act,
        "leading": obs.leading,
        "defender_points": obs.defender_points,
        "penalties": obs.penalties,
    }
