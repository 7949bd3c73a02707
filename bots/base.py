"""The bot interface and what every level shares.

A bot is made for one seat with a seeded ``random.Random`` and the ruleset (OpenSpiel's
convention: seat and RNG in the constructor). For each decision it gets the observation for
its seat — never a ``Hand`` — and the legal options where they are a short list:

* ``declare(obs, options)`` while the cards are dealt (and in the after-deal window where
  the ruleset has one): one of ``options`` (lists of cards) or None to pass;
* ``bury(obs)``: as many cards as the kitty holds, from the dealer's hand (kitty included);
* ``play(obs)``: a lead or a follow. The legal plays are implied by the observation (the
  lead and the hand); ``legal_plays`` lists them and ``is_legal`` checks one, both through
  the core (``Observation.legal_actions``, ``check_play_cards``: the one legality source).

``explain(obs)`` returns the move with a reason: a ``Reason`` is the short code the front end
translates (``"follow.feed"``, ``"lead.safe_throw"`` …) carrying ``params`` and a plain
English fallback (``reason.english``).
"""

from __future__ import annotations

from collections.abc import Sequence
import random
import sys
from typing import Any, ClassVar

from game.core import (
    BURYING,
    DEALING,
    PLAYING,
    Card,
    Hand,
    Observation,
    Ruleset,
    check_bury_cards,
    check_play_cards,
    observe,
)

ENGLISH = {
    "declare.strong": "Declare: strong in that suit ({trumps} trumps expected).",
    "declare.overturn": "Overturn: stronger in the new trump ({trumps} expected).",
    "declare.no_trump": "Overturn to no-trump with the pair of jokers.",
    "declare.protect": "Protect the declaration with the pair.",
    "declare.take_deal": "Declare your own level and take the deal.",
    "declare.pass": "Pass: not strong enough to declare.",
    "declare.random": "A random choice.",
    "declare.searched_pass": "Pass: played out in {worlds} sampled deals, declaring {cards} does {gain} levels worse.",
    "declare.searched": (
        "Declare {cards}: played out in {worlds} sampled deals, {gain} levels better than the first idea."
    ),
    "bury.void": "Bury to void {suits}, keeping points and high cards.",
    "bury.cheap": "Bury the least useful cards.",
    "bury.random": "A random choice.",
    "lead.safe_throw": "Throw: no one can beat any of its units in the suit ({cards}).",
    "lead.boss": "Lead a card no one can beat in its suit ({cards}).",
    "lead.boss_pair": "Lead a pair or tractor no one can beat in its suit ({cards}).",
    "lead.trump_pull": "Draw the opponents' trumps ({cards}).",
    "lead.partner_ruff": "Lead a suit your partner has shown void in, for them to trump ({cards}).",
    "lead.low": "Lead low from your shortest side suit to make a void ({cards}).",
    "lead.low_pair": "Lead a low pair ({cards}).",
    "lead.endgame": "Keep control for the last trick ({cards}).",
    "lead.random": "A random choice.",
    "follow.only": "The only legal play.",
    "follow.feed": "Your partner wins this trick for sure: give points ({cards}).",
    "follow.cheap": "Give away as few points as the rule allows ({cards}).",
    "follow.win": "Take the trick for now ({cards}).",
    "follow.secure": "Take the trick: no one still to play can beat it ({cards}).",
    "follow.contest": "Fight for the points ({cards}).",
    "follow.endgame": "Win near the end to guard or dig the kitty ({cards}).",
    "trump.win": "Trump it ({cards}).",
    "discard.cheap": "Void: give away as few points as you can ({cards}).",
    "discard.feed": "Void, and your partner wins this trick for sure: give points ({cards}).",
    "follow.random": "A random choice.",
    "lead.keep_points": "Lead {cards}, keeping your lower point cards out of the trick.",
    "lead.side_card": "Lead a side-suit card ({cards}).",
    "lead.trump": "Lead a trump ({cards}).",
    "lead.pair": "Lead a pair or tractor ({cards}).",
    "follow.keep": "Keep your high cards: play {cards}, though it gives points.",
    "discard.keep": "Void: discard {cards} to keep your high cards, though it gives points.",
    "discard.feed_hope": "Void, and your partner is winning so far: give points ({cards}).",
    "follow.feed_hope": "Your partner is winning this trick so far: give points ({cards}).",
    "lead.low_trump": "Lead a low trump: your side suits would give away more ({cards}).",
    "lead.low_side": "Lead a low side-suit card ({cards}).",
    "lead.trump_left": "The opponents have shown they hold no trumps: lead yours ({cards}).",
    "search.best": "Best by look-ahead over {worlds} sampled deals ({cards}).",
}


class Reason(str):
    """A reason code (the string itself) with parameters and an English fallback."""

    params: dict[str, Any]

    def __new__(cls, code: str, params: dict[str, Any] | None = None) -> Reason:
        obj = super().__new__(cls, code)
        obj.params = dict(params or {})
        return obj

    @property
    def code(self) -> str:
        return str.__str__(self)

    @property
    def english(self) -> str:
        params = {
            k: ("".join(c.pretty() for c in v) if isinstance(v, (list, tuple)) else v) for k, v in self.params.items()
        }
        try:
            return ENGLISH.get(self.code, self.code).format(**params)
        except (KeyError, IndexError):
            return ENGLISH.get(self.code, self.code)


class Bot:
    """Base class: one seat, one seeded RNG, one ruleset."""

    level: ClassVar[str] = "base"

    def __init__(self, seat: int, rng: random.Random, ruleset: Ruleset) -> None:
        self.seat = seat
        self.rng = rng
        self.ruleset = ruleset

    # The three decisions. Subclasses override the ``_decide`` methods, which return the
    # choice and a Reason; the public methods return only the choice.

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> list[Card] | None:
        return self.decide_declare(obs, options)[0]

    def bury(self, obs: Observation) -> list[Card]:
        return self.decide_bury(obs)[0]

    def play(self, obs: Observation) -> list[Card]:
        return self.decide_play(obs)[0]

    def explain(
        self, obs: Observation, options: Sequence[Sequence[Card]] | None = None
    ) -> tuple[list[Card] | None, Reason]:
        """The move this bot would make now, with its reason (the practice-mode Hint)."""
        if obs.phase == PLAYING:
            return self.decide_play(obs)
        if obs.phase == BURYING:
            return self.decide_bury(obs)
        return self.decide_declare(obs, options or [])

    def decide_declare(
        self, obs: Observation, options: Sequence[Sequence[Card]]
    ) -> tuple[list[Card] | None, Reason]:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide_bury(self, obs: Observation) -> tuple[list[Card], Reason]:  # pragma: no cover - abstract
        raise NotImplementedError

    def decide_play(self, obs: Observation) -> tuple[list[Card], Reason]:  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


# -------------------------------------------------------------------------- helpers


def legal_plays(obs: Observation, cap: int | None = 1000) -> list[list[Card]]:
    """The legal plays now, as the core lists them (``Observation.legal_actions``): every
    distinct follow, or every lead (units first, then throws), up to ``cap`` moves."""
    if obs.phase != PLAYING:
        return []
    moves = obs.legal_actions(limit=cap if cap is not None else sys.maxsize).moves
    return [list(m) for m in moves]


def is_legal(obs: Observation, cards: Sequence[Card]) -> bool:
    """Would the core accept this play from the observing seat now? (``check_play_cards``)"""
    if obs.ctx is None or obs.phase != PLAYING or obs.to_act != obs.seat:
        return False
    return check_play_cards(obs.hand, obs.lead, list(cards), obs.ctx) is None


def is_legal_bury(obs: Observation, cards: Sequence[Card]) -> bool:
    """Would the core accept this bury from the observing seat now? (``check_bury_cards``)"""
    return (
        obs.phase == BURYING
        and obs.seat == obs.dealer
        and check_bury_cards(obs.hand, list(cards), obs.ruleset.kitty) is None
    )


def step_hand(hand: Hand, bots: Sequence[Bot]) -> None:
    """One step of ``hand`` with ``bots[seat]`` asked directly: a card dealt (then every seat
    with options asked to declare), the deal closed, the bury or one play. For tools and
    tests that stop a hand at a chosen position; the table engine's declaring protocol is
    ``game.table``'s, not this."""
    if hand.phase == DEALING and hand.dealt < hand.to_deal:
        hand.deal()
        for s in range(4):
            options = hand.declaration_options(s)
            if options:
                choice = bots[s].declare(observe(hand, s), options)
                if choice:
                    hand.declare(s, choice)
    elif hand.phase == BURYING:
        dealer = hand.dealer
        assert dealer is not None  # the bidding is over
        hand.bury(dealer, bots[dealer].bury(observe(hand, dealer)))
    elif hand.phase == PLAYING:
        seat = hand.to_act()
        assert seat is not None  # a seat is to play
        hand.play(seat, bots[seat].play(observe(hand, seat)))
    else:
        hand.finish_deal()


__all__ = ["ENGLISH", "Bot", "Reason", "is_legal", "is_legal_bury", "legal_plays", "step_hand"]
