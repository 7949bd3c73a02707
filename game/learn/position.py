"""A learning position: fixed cards on a table and the move the learner must make.

A position is data; everything it asks is answered by the rules core (``game.core``), so a
lesson can never teach what the game refuses. The learner always sits at seat 0 (South, at
the bottom of the screen); ``trick`` holds the plays made before the learner's turn, the
first of them the lead. ``others`` shows the other seats' hands (1, 2, 3) when a lesson needs
them known, as for a throw.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.core import (
    Bidding,
    Card,
    Rank,
    Ruleset,
    TrumpContext,
    check_lead,
    check_play_cards,
    get_ruleset,
)

PLAY, CHOICE, DECLARE, BURY = "play", "choice", "declare", "bury"

# Play goals: any legal play, a play that wins the trick, a throw that stands, a legal play
# that also gives the partner's winning trick the most points it can.
LEGAL, WIN, THROW, FEED = "legal", "win", "throw", "feed"
# Bury goals: any legal bury, a bury with no point cards in it.
NO_POINTS = "no_points"


def cards(text: str) -> tuple[Card, ...]:
    """``cards("AH AH 10S")``: the lesson files' card literals."""
    return tuple(Card.parse(t) for t in text.split())


@dataclass(frozen=True)
class Bids:
    """The state of a deal's declarations, for the declaring positions (RULES.md §8)."""

    first_hand: bool = True
    dealer: int | None = None
    levels: tuple[str, str] = ("2", "2")
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # (seat, cards) already declared
    after_deal: bool = False  # the deal is over: the defenders' after-deal window

    def bidding(self, ruleset: Ruleset) -> Bidding:
        """A fresh ``Bidding`` with the earlier declarations applied through the core."""
        bidding = Bidding(
            ruleset, self.first_hand, self.dealer, 0, (Rank.parse(self.levels[0]), Rank.parse(self.levels[1]))
        )
        for seat, shown in self.shown:
            bidding.apply(seat, shown)
        if self.after_deal:
            bidding.end_deal()
        return bidding


@dataclass(frozen=True)
class Position:
    """One task. ``id`` names its strings: ``learn.pos.<id>.prompt`` and ``.why``."""

    id: str
    ruleset: str
    kind: str = PLAY
    level: str = "2"
    trump: str = "S"  # a suit letter, or NT
    hand: tuple[Card, ...] = ()
    trick: tuple[tuple[Card, ...], ...] = ()
    others: tuple[tuple[Card, ...], ...] = ()  # seats 1, 2, 3 when shown; else empty
    goal: str = LEGAL
    right: tuple[Card, ...] = ()  # one intended move (the "show me" button and the tests)
    wrong: tuple[tuple[Card, ...], ...] = ()  # moves the tests prove are refused
    bids: Bids | None = None
    # A choice: the question's kind (see ``game.learn.answers``), its arguments, the options.
    ask: str = ""
    args: dict[str, Any] = field(default_factory=dict)
    options: tuple[Any, ...] = ()
    dealer: int = 0  # the dealer's seat (who scores: the defenders are the other team)
    text_key: str = ""  # trainer questions share their strings; lessons use learn.pos.<id>
    lead_seat: int | None = None  # who led a complete trick (else it follows from its length)

    @property
    def rules(self) -> Ruleset:
        return get_ruleset(self.ruleset)

    @property
    def ctx(self) -> TrumpContext:
        return TrumpContext.parse(self.level, self.trump)

    @property
    def leader(self) -> int:
        """The seat that led the trick so far (the learner when it is empty)."""
        return self.lead_seat if self.lead_seat is not None else (-len(self.trick)) % 4

    def seat_of_play(self, index: int) -> int:
        """The seat that made the trick's ``index``-th play."""
        return (self.leader + index) % 4

    @property
    def prompt_key(self) -> str:
        return f"{self.text_key or 'learn.pos.' + self.id}.prompt"

    @property
    def why_key(self) -> str:
        return f"{self.text_key or 'learn.pos.' + self.id}.why"


def position_problems(p: Position) -> list[str]:
    """Why a position could not occur in its ruleset (empty when it could)."""
    problems: list[str] = []
    r = p.rules
    ctx = p.ctx
    seen = Counter(p.hand)
    for play in p.trick:
        seen.update(play)
    for hand in p.others:
        seen.update(hand)
    for key in ("lead", "kitty"):  # cards a question shows besides the hands
        seen.update(p.args.get(key, ()))
    if p.bids is not None:
        for _, shown in p.bids.shown:
            seen.update(shown)
    for card, n in seen.items():
        if n > r.decks:
            problems.append(f"{card} appears {n} times with {r.decks} deck(s)")
    limit = r.hand_size + (r.kitty if p.kind == BURY else 0)
    if len(p.hand) > limit:
        problems.append(f"the hand holds {len(p.hand)} cards, more than {limit}")
    if p.kind == BURY and len(p.hand) != limit:
        problems.append(f"a dealer burying holds {limit} cards, not {len(p.hand)}")
    if p.trick:
        lead = p.trick[0]
        refusal = check_lead(lead, ctx)
        if refusal is not None:
            problems.append(f"the lead is refused: {refusal}")
        for i, play in enumerate(p.trick[1:], start=1):
            seat = p.seat_of_play(i)
            if len(play) != len(lead):
                problems.append(f"seat {seat} plays {len(play)} cards to a lead of {len(lead)}")
            elif p.others:
                refusal = check_play_cards(list(p.others[seat - 1]) + list(play), lead, play, ctx)
                if refusal is not None:
                    problems.append(f"seat {seat}'s play is refused: {refusal}")
        # A hand that played fewer cards than the lead asked would be a revoke in the past.
        if len(p.hand) < len(lead) and p.kind == PLAY:
            problems.append("the learner holds fewer cards than the lead")
    if p.others and len({len(h) for h in p.others}) > 1 and not p.trick:
        problems.append("before a lead every seat holds as many cards")
    if p.kind == DECLARE:
        if p.bids is None:
            problems.append("a declaring position needs its bids")
        else:
            try:
                p.bids.bidding(r)
            except ValueError as e:
                problems.append(f"an earlier declaration is refused: {e}")
    return problems
