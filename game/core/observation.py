"""What one seat may see of a hand. Bots and the front end get this, never the ``Hand``.

A seat sees its own cards, the declarations shown, every card played and who won each
trick, the points, the size of every hand, and the kitty only when it is the dealer after
picking it up. It never sees another seat's cards nor the deal's seed (which would give
away every hand).

``observation_to_json`` writes an observation in the referee's card notation (the bot
protocol's requests are built on it) and ``observation_from_json`` reads it back: the two
are inverses, so an outside program and our own bots see exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .bidding import Bidding, Declaration, DeclarationKind
from .cards import Card, Rank, Suit, format_cards
from .hand import Hand
from .legal import LIMIT, NOTHING, LegalMoves, bury_moves, declare_moves, play_moves
from .phases import AFTER_DEAL, BURYING, DEALING, PLAYING, Phase
from .play import TrickView
from .ruleset import Ruleset, get_ruleset
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
    # The table will not ask this seat to declare again in this hand (the last round of the
    # deal, or of the defenders' after-deal window); set by the table, which runs the rounds.
    last_chance: bool = False

    # Written out, not generated: compiled by mypyc, a dataclass's generated __init__ stays
    # interpreted Python, and the table builds an observation for every decision.
    def __init__(
        self,
        seat: int,
        ruleset: Ruleset,
        phase: Phase,
        first_hand: bool,
        levels: tuple[Rank, Rank],
        dealer: int | None,
        rank: Rank | None,
        ctx: TrumpContext | None,
        declarations: tuple[Declaration, ...],
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, int, int, int],
        cards_dealt: int,
        cards_to_deal: int,
        kitty: tuple[Card, ...],
        tricks: tuple[TrickView, ...],
        current: TrickView | None,
        to_act: int | None,
        trick_points: int,
        penalties: int,
        last_chance: bool = False,
    ) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.seat = seat  # type: ignore[misc]
            self.ruleset = ruleset  # type: ignore[misc]
            self.phase = phase  # type: ignore[misc]
            self.first_hand = first_hand  # type: ignore[misc]
            self.levels = levels  # type: ignore[misc]
            self.dealer = dealer  # type: ignore[misc]
            self.rank = rank  # type: ignore[misc]
            self.ctx = ctx  # type: ignore[misc]
            self.declarations = declarations  # type: ignore[misc]
            self.hand = hand  # type: ignore[misc]
            self.hand_sizes = hand_sizes  # type: ignore[misc]
            self.cards_dealt = cards_dealt  # type: ignore[misc]
            self.cards_to_deal = cards_to_deal  # type: ignore[misc]
            self.kitty = kitty  # type: ignore[misc]
            self.tricks = tricks  # type: ignore[misc]
            self.current = current  # type: ignore[misc]
            self.to_act = to_act  # type: ignore[misc]
            self.trick_points = trick_points  # type: ignore[misc]
            self.penalties = penalties  # type: ignore[misc]
            self.last_chance = last_chance  # type: ignore[misc]
        else:
            object.__setattr__(self, "seat", seat)
            object.__setattr__(self, "ruleset", ruleset)
            object.__setattr__(self, "phase", phase)
            object.__setattr__(self, "first_hand", first_hand)
            object.__setattr__(self, "levels", levels)
            object.__setattr__(self, "dealer", dealer)
            object.__setattr__(self, "rank", rank)
            object.__setattr__(self, "ctx", ctx)
            object.__setattr__(self, "declarations", declarations)
            object.__setattr__(self, "hand", hand)
            object.__setattr__(self, "hand_sizes", hand_sizes)
            object.__setattr__(self, "cards_dealt", cards_dealt)
            object.__setattr__(self, "cards_to_deal", cards_to_deal)
            object.__setattr__(self, "kitty", kitty)
            object.__setattr__(self, "tricks", tricks)
            object.__setattr__(self, "current", current)
            object.__setattr__(self, "to_act", to_act)
            object.__setattr__(self, "trick_points", trick_points)
            object.__setattr__(self, "penalties", penalties)
            object.__setattr__(self, "last_chance", last_chance)

    @property
    def in_force(self) -> Declaration | None:
        """The declaration in force: the last one shown (it sets the trump while dealing)."""
        return self.declarations[-1] if self.declarations else None

    @property
    def options_rank(self) -> Rank | None:
        """The rank of the level cards this seat may declare with now: the hand's level, but
        the seat's own team level in the defenders' after-deal window."""
        if self.phase == AFTER_DEAL:
            return self.levels[self.seat % 2]
        return self.rank if self.phase == DEALING else None

    def declaration(self, cards: Sequence[Card]) -> Declaration | None:
        """The declaration these cards would make if this seat showed them now (their kind
        and the trump they set), or None when the rules refuse them. Worked out from the
        observation alone (the declarations shown so far), the way the table would."""
        bidding = self._bidding()
        if bidding is None:
            return None
        return bidding.classify(self.seat, cards, self.phase == AFTER_DEAL)

    def _bidding(self) -> Bidding | None:
        """The table's bidding rebuilt from the declarations shown (whether it is closed, who
        may still change it); None outside the declaring phases or for declarations the
        rules would not have allowed."""
        if not self.phase.declaring:
            return None
        bidding = Bidding(
            self.ruleset, self.first_hand, self.dealer, self.dealer if self.dealer is not None else 0, self.levels
        )
        try:
            for shown in self.declarations:
                if shown.after_deal and not bidding.deal_over:
                    bidding.end_deal()
                bidding.apply(shown.seat, shown.cards, shown.after_deal)
        except ValueError:
            return None
        if self.phase == AFTER_DEAL and not bidding.deal_over:
            bidding.end_deal()
        return bidding

    def legal_actions(self, limit: int = LIMIT) -> LegalMoves:
        """What this seat may do now, worked out from what it sees: the same answer as
        ``Hand.legal_actions(seat)`` (its declarations, its bury, its leads or follows)."""
        if self.phase.declaring:
            bidding = self._bidding()
            if bidding is None:
                return declare_moves(())
            return declare_moves(bidding.options(self.seat, list(self.hand), self.phase == AFTER_DEAL))
        if self.phase == BURYING:
            return bury_moves(self.ruleset.kitty) if self.seat == self.dealer else NOTHING
        if self.phase == PLAYING and self.to_act == self.seat and self.ctx is not None:
            return play_moves(self.hand, self.lead, self.ctx, limit)
        return NOTHING

    @property
    def defender_points(self) -> int:
        return self.trick_points + self.penalties

    @property
    def is_dealer_side(self) -> bool:
        return self.dealer is not None and self.seat % 2 == self.dealer % 2

    def scored(self, trick: TrickView) -> bool:
        """Do ``trick``'s points count for the defenders? (The dealers' tricks score nothing.)"""
        return self.dealer is not None and trick.winner is not None and trick.winner % 2 != self.dealer % 2

    @property
    def leading(self) -> bool:
        return self.phase == PLAYING and self.to_act == self.seat and self.current is None

    @property
    def lead(self) -> tuple[Card, ...] | None:
        return self.current.lead if self.current else None


def observe(hand: Hand, seat: int, last_chance: bool = False) -> Observation:
    """The observation for ``seat``. Its hand is in the order ``observation_to_json`` writes
    (``TrumpContext.sort_hand`` once the trump is known, else card order), so a bot decides
    the same on an observation and on its JSON read back.

    In the play phase, interpreted, what the plays cannot change (the setup, the
    declarations, the dealer's kitty …: most fields) is copied from the seat's first
    observation of the phase, kept by the hand, and the rest filled in as ``_observe`` does:
    every field filled is a few bytecodes, and an observation is made per decision."""
    state = hand.play_state
    if _COMPILED or state is None or hand.phase is not PLAYING:
        return _observe(hand, seat, last_chance)
    key = seat * 2 + last_chance
    fixed = hand.observed.get(key)
    if fixed is None:  # the general path (the one compiled), kept for the next
        obs = _observe(hand, seat, last_chance)
        hand.observed[key] = dict(vars(obs))
        return obs
    obs = object.__new__(Observation)
    attrs = obs.__dict__
    attrs.update(fixed)
    trick, to_act = state.turn()
    hands = hand.hands
    attrs["hand"] = hand.shown_hand(seat)
    attrs["hand_sizes"] = (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3]))
    attrs["tricks"] = state.views
    attrs["current"] = TrickView.of(trick) if trick is not None else None
    attrs["to_act"] = to_act
    attrs["trick_points"] = state.trick_points
    attrs["penalties"] = state.penalties
    return obs


def _observe(hand: Hand, seat: int, last_chance: bool) -> Observation:
    """``observe`` in any phase."""
    state = hand.play_state
    phase = hand.phase
    ctx = hand.ctx
    kitty: tuple[Card, ...] = ()
    if seat == hand.dealer and phase != DEALING and ctx is not None:
        kitty = tuple(hand.dealt_kitty) if phase == BURYING else tuple(hand.kitty)
    hands = hand.hands
    to_act: int | None
    if state is not None:
        trick, to_act = state.turn()
        current = TrickView.of(trick) if trick is not None else None
        views, trick_points, penalties = state.views, state.trick_points, state.penalties
    else:
        current, views, trick_points, penalties = None, (), 0, 0
        to_act = hand.to_act()
    setup = hand.setup
    rank = hand.rank if ctx else hand.bidding.rank
    shown = tuple(hand.bidding.shown)
    mine = hand.shown_hand(seat) if ctx is not None else tuple(sorted(hands[seat]))
    sizes = (len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3]))
    if _COMPILED:  # a native class: its compiled __init__
        return Observation(
            seat,
            hand.ruleset,
            phase,
            setup.first_hand,
            setup.levels,
            hand.dealer,
            rank,
            ctx,
            shown,
            mine,
            sizes,
            hand.dealt,
            hand.to_deal,
            kitty,
            views,
            current,
            to_act,
            trick_points,
            penalties,
            last_chance,
        )
    # Every decision builds one: fill the frozen instance's fields directly rather than
    # through __init__ (one object.__setattr__ per field), one store each, in the fields'
    # order (tests/core/test_observation_json.py checks that every field is filled).
    obs = object.__new__(Observation)
    attrs = obs.__dict__
    attrs["seat"] = seat
    attrs["ruleset"] = hand.ruleset
    attrs["phase"] = phase
    attrs["first_hand"] = setup.first_hand
    attrs["levels"] = setup.levels
    attrs["dealer"] = hand.dealer
    attrs["rank"] = rank
    attrs["ctx"] = ctx
    attrs["declarations"] = shown
    attrs["hand"] = mine
    attrs["hand_sizes"] = sizes
    attrs["cards_dealt"] = hand.dealt
    attrs["cards_to_deal"] = hand.to_deal
    attrs["kitty"] = kitty
    attrs["tricks"] = views
    attrs["current"] = current
    attrs["to_act"] = to_act
    attrs["trick_points"] = trick_points
    attrs["penalties"] = penalties
    attrs["last_chance"] = last_chance
    return obs


def _sorted_hand(cards: list[Card], ctx: TrumpContext | None) -> tuple[Card, ...]:
    return tuple(ctx.sort_hand(cards) if ctx is not None else sorted(cards))


def _trump_code(trump: Suit | None) -> str:
    return trump.value if trump is not None else "NT"


def _declaration_json(d: Declaration) -> dict[str, Any]:
    return {
        "seat": d.seat,
        "cards": format_cards(d.cards),
        "kind": str(d.kind),
        "after_deal": d.after_deal,
        "trump": _trump_code(d.trump),
    }


def _trick_json(trick: TrickView) -> dict[str, Any]:
    out = {"leader": trick.leader, "plays": [{"seat": s, "cards": format_cards(c)} for s, c in trick.plays]}
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
        "declarations": [_declaration_json(d) for d in obs.declarations],
        "in_force": _declaration_json(obs.in_force) if obs.in_force else None,
        "hand": format_cards(_sorted_hand(list(obs.hand), obs.ctx)),
        "hand_sizes": list(obs.hand_sizes),
        "kitty": format_cards(obs.kitty),
        "tricks": [_trick_json(t) for t in obs.tricks],
        "current": _trick_json(obs.current) if obs.current else None,
        "to_act": obs.to_act,
        "leading": obs.leading,
        "defender_points": obs.defender_points,
        "penalties": obs.penalties,
        "cards_dealt": obs.cards_dealt,
        "cards_to_deal": obs.cards_to_deal,
        "kitty_size": obs.ruleset.kitty,
        "last_chance": obs.last_chance,
    }


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(t) for t in texts)


def _trick_from_json(data: dict[str, Any]) -> TrickView:
    return TrickView(
        leader=data["leader"],
        plays=tuple((p["seat"], _cards(p["cards"])) for p in data["plays"]),
        winner=data.get("winner"),
        points=data.get("points", 0),
        attempted=_cards(data.get("attempted", [])),
        penalty=data.get("penalty", 0),
    )


def _declaration_from_json(data: dict[str, Any]) -> Declaration:
    cards = _cards(data["cards"])
    kind = DeclarationKind(data["kind"])
    if "trump" in data:  # protocol 2; version 1 left it to be worked out from the cards
        trump = None if data["trump"] == "NT" else Suit(data["trump"])
    else:
        trump = None if kind == DeclarationKind.NO_TRUMP else next((c.suit for c in cards if not c.is_joker), None)
    return Declaration(data["seat"], cards, kind, trump, bool(data.get("after_deal", False)))


def observation_from_json(data: dict[str, Any], ruleset: Ruleset | None = None) -> Observation:
    """The observation ``observation_to_json`` wrote (the inverse: ``observation_to_json(
    observation_from_json(d)) == d``). Extra fields (a request's ``type``, ``options`` …) are
    ignored. ``ruleset`` is needed for a ruleset that is not built in (its id must match).
    Raises ``KeyError``, ``ValueError`` (``CardError``) on a malformed observation."""
    if ruleset is None:
        ruleset = get_ruleset(data["ruleset"])
    elif ruleset.id != data["ruleset"]:
        raise ValueError(f"the observation is of ruleset {data['ruleset']!r}, not {ruleset.id!r}")
    rank = Rank.parse(data["level"]) if data.get("level") is not None else None
    ctx = None
    if data.get("trump") is not None:
        if rank is None:
            raise ValueError("an observation with a trump must give the level")
        ctx = TrumpContext(rank, None if data["trump"] == "NT" else Suit(data["trump"]))
    levels = data["levels"]
    sizes = data["hand_sizes"]
    current = data.get("current")
    return Observation(
        seat=data["seat"],
        ruleset=ruleset,
        phase=Phase(data["phase"]),
        first_hand=bool(data["first_hand"]),
        levels=(Rank.parse(levels[0]), Rank.parse(levels[1])),
        dealer=data["dealer"],
        rank=rank,
        ctx=ctx,
        declarations=tuple(_declaration_from_json(d) for d in data["declarations"]),
        hand=_sorted_hand(list(_cards(data["hand"])), ctx),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        cards_dealt=data["cards_dealt"],
        cards_to_deal=data["cards_to_deal"],
        kitty=_cards(data["kitty"]),
        tricks=tuple(_trick_from_json(t) for t in data["tricks"]),
        current=_trick_from_json(current) if current is not None else None,
        to_act=data["to_act"],
        trick_points=data["defender_points"] - data["penalties"],
        penalties=data["penalties"],
        last_chance=bool(data.get("last_chance", False)),
    )


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(_sorted_hand, "__code__")
