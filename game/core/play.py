"""The play phase as a value: hands, trump context, tricks, points and the outcome.

A ``PlayState`` starts once the kitty is buried and ends with a ``Settlement``. It can be
built from any four hands — the ones a ``Hand`` dealt, or hands a bot sampled for a
look-ahead — and copied in microseconds (python-chess ``Board.copy`` style), so the table
and the bots' roll-outs play by one implementation of the rules.

Legality comes from ``moves`` (``check_play_cards``, ``fallback_play``): the state adds only
whose turn it is and what a lead does to the others (a failed throw plays the forced unit and
costs a penalty signed for the defenders, RULES.md §4).

>>> from .cards import cards
>>> from .ruleset import get_ruleset
>>> ctx = TrumpContext(Rank.TWO, Suit.SPADES)
>>> hands = [cards("AH KH"), cards("3H 4H"), cards("5H 6H"), cards("7H 8H")]
>>> state = PlayState(get_ruleset("hebi-2010"), ctx, 0, hands, cards("5C 5D"))
>>> state.to_act(), [list(map(str, p)) for p in state.legal_leads()]
(0, [['AH'], ['KH'], ['AH', 'KH']])
>>> state.apply(0, cards("AH")).leader
0
>>> state.check(2, cards("5H")).code
'turn.not_yours'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final

from .cards import Card, Rank, Suit, format_cards, points_of
from .holding import POINTS_BY_CODE
from .legal import LIMIT, NOTHING, LegalMoves, named_leads, play_moves
from .moves import check_play_cards, fallback_play
from .refusal import IllegalActionError, Refusal
from .ruleset import Ruleset
from .settlement import Settlement, settle
from .tricks import cards_of_suit, legal_follows, multiset_combinations, throw_outcome, trick_winner
from .tricks import trick_points as points_played
from .trump import TrumpContext
from .units import Format, format_of


class Trick:
    """One trick: who led, the plays so far, and once complete its winner and points."""

    __slots__ = ("_format", "attempted", "leader", "penalty", "plays", "points", "winner")

    def __init__(
        self,
        leader: int,
        plays: list[tuple[int, tuple[Card, ...]]] | None = None,
        winner: int | None = None,
        points: int = 0,
        attempted: tuple[Card, ...] = (),
        penalty: int = 0,
    ):
        self.leader = leader
        self.plays: list[tuple[int, tuple[Card, ...]]] = [] if plays is None else plays
        self.winner = winner
        self.points = points
        # A failed throw: what the leader tried, and the penalty it cost (signed for defenders).
        self.attempted = attempted
        self.penalty = penalty
        self._format: Format | None = None

    def __reduce__(self) -> tuple[type[Trick], tuple[object, ...]]:
        # Copied and pickled through the constructor (the format is a cache): compiled by
        # mypyc, the class has no bare __new__ for copy and pickle to call.
        return (Trick, (self.leader, self.plays, self.winner, self.points, self.attempted, self.penalty))

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0][1]

    @property
    def complete(self) -> bool:
        return len(self.plays) == 4

    def lead_format(self, ctx: TrumpContext) -> Format:
        """The lead's format, worked out once per trick (every follow is checked against it)."""
        if self._format is None:
            self._format = format_of(self.lead, ctx)
        return self._format

    def cards_of(self, seat: int) -> tuple[Card, ...] | None:
        for s, cards in self.plays:
            if s == seat:
                return cards
        return None

    def copy(self) -> Trick:
        t = Trick(self.leader, list(self.plays), self.winner, self.points, self.attempted, self.penalty)
        t._format = self._format
        return t

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Trick):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _key(self) -> tuple[object, ...]:
        return (self.leader, tuple(self.plays), self.winner, self.points, self.attempted, self.penalty)

    def __repr__(self) -> str:
        return (
            f"Trick(leader={self.leader}, plays={self.plays!r}, winner={self.winner}, "
            f"points={self.points}, attempted={self.attempted!r}, penalty={self.penalty})"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "plays": [[s, format_cards(c)] for s, c in self.plays],
            "winner": self.winner,
            "points": self.points,
            "attempted": format_cards(self.attempted),
            "penalty": self.penalty,
        }


@dataclass(frozen=True)
class TrickView:
    """A trick frozen for an observation (a completed trick never changes again)."""

    leader: int
    plays: tuple[tuple[int, tuple[Card, ...]], ...]
    winner: int | None
    points: int
    attempted: tuple[Card, ...]
    penalty: int

    # Written out, not generated: compiled by mypyc, a dataclass's generated methods stay
    # interpreted Python, and these are made and compared in every simulated trick.
    def __init__(
        self,
        leader: int,
        plays: tuple[tuple[int, tuple[Card, ...]], ...],
        winner: int | None,
        points: int,
        attempted: tuple[Card, ...],
        penalty: int,
    ) -> None:
        if _COMPILED:  # a native class: plain stores (still frozen from outside)
            self.leader = leader  # type: ignore[misc]
            self.plays = plays  # type: ignore[misc]
            self.winner = winner  # type: ignore[misc]
            self.points = points  # type: ignore[misc]
            self.attempted = attempted  # type: ignore[misc]
            self.penalty = penalty  # type: ignore[misc]
        else:
            object.__setattr__(self, "leader", leader)
            object.__setattr__(self, "plays", plays)
            object.__setattr__(self, "winner", winner)
            object.__setattr__(self, "points", points)
            object.__setattr__(self, "attempted", attempted)
            object.__setattr__(self, "penalty", penalty)

    @property
    def lead(self) -> tuple[Card, ...]:
        return self.plays[0][1]

    def __reduce__(self) -> tuple[type[TrickView], tuple[object, ...]]:
        # Compiled by mypyc, a frozen dataclass cannot be refilled field by field.
        return (TrickView, (self.leader, self.plays, self.winner, self.points, self.attempted, self.penalty))

    @classmethod
    def of(cls, trick: Trick) -> TrickView:
        if _COMPILED:  # a native class: no __dict__, and its constructor is a C call
            return cls(trick.leader, tuple(trick.plays), trick.winner, trick.points, trick.attempted, trick.penalty)
        # Observations make one per decision: fill the frozen fields directly, one store each
        # (keywords to ``dict.update`` build a second dict first).
        view = object.__new__(cls)
        attrs = view.__dict__
        attrs["leader"] = trick.leader
        attrs["plays"] = tuple(trick.plays)
        attrs["winner"] = trick.winner
        attrs["points"] = trick.points
        attrs["attempted"] = trick.attempted
        attrs["penalty"] = trick.penalty
        return view


class PlayState:
    """The play phase of one hand: seats 0 and 2 are a team, ``dealer``'s team deals.

    ``hands`` (four lists) and ``kitty`` are taken over, not copied: a ``Hand`` shares its
    lists with its state; ``copy()`` gives an independent state. ``tricks`` are the tricks so
    far, the last one possibly unfinished; the points and penalties are worked out from them
    unless given (a bot that knows only the defenders' total passes it as ``trick_points``).
    ``leader`` leads when ``tricks`` is empty: the dealer at the start of a hand, or the
    winner of the last trick when a bot starts a state between two tricks.
    """

    __slots__ = (
        "ctx",
        "dealer",
        "hands",
        "kitty",
        "leader",
        "penalties",
        "ruleset",
        "settlement",
        "trick_points",
        "tricks",
        "views",
    )

    def __init__(
        self,
        ruleset: Ruleset,
        ctx: TrumpContext,
        dealer: int,
        hands: list[list[Card]],
        kitty: list[Card],
        tricks: Sequence[Trick] = (),
        trick_points: int | None = None,
        penalties: int | None = None,
        leader: int | None = None,
    ):
        self.ruleset = ruleset
        self.leader = dealer if leader is None else leader
        self.ctx = ctx
        self.dealer = dealer
        self.hands = hands
        self.kitty = kitty
        self.tricks: list[Trick] = list(tricks)
        done = [t for t in self.tricks if t.complete]
        if trick_points is None:
            trick_points = sum(t.points for t in done if t.winner is not None and not self.is_dealer_side(t.winner))
        self.trick_points = trick_points  # the defenders' points from tricks
        self.penalties = sum(t.penalty for t in self.tricks) if penalties is None else penalties
        # The completed tricks as observations show them, grown one per trick.
        self.views: tuple[TrickView, ...] = tuple(TrickView.of(t) for t in done)
        self.settlement: Settlement | None = None
        if done and done[-1] is self.tricks[-1] and not any(hands):
            self._settle(done[-1])

    def __reduce__(self) -> tuple[type[PlayState], tuple[object, ...], dict[str, object]]:
        # Copied and pickled slot by slot into an empty state: compiled by mypyc, the class
        # has no bare __new__ for copy and pickle to call.
        return (
            PlayState,
            (self.ruleset, self.ctx, self.dealer, [], self.kitty, (), 0, 0, self.leader),
            {name: getattr(self, name) for name in _STATE_SLOTS},
        )

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)

    def copy(self) -> PlayState:
        """An independent state (the kitty and completed tricks never change: shared)."""
        if _COMPILED:  # a native class has no bare __new__: an empty state, filled below
            s = PlayState(self.ruleset, self.ctx, self.dealer, [], self.kitty, (), 0, 0, self.leader)
        else:
            s = PlayState.__new__(PlayState)
        s.ruleset, s.ctx, s.dealer, s.kitty = self.ruleset, self.ctx, self.dealer, self.kitty
        s.leader = self.leader
        s.hands = [h[:] for h in self.hands]
        tricks = self.tricks[:]
        if tricks and len(tricks[-1].plays) < 4:
            tricks[-1] = tricks[-1].copy()
        s.tricks = tricks
        s.trick_points, s.penalties = self.trick_points, self.penalties
        s.views, s.settlement = self.views, self.settlement
        return s

    # --------------------------------------------------------------------- queries

    def is_dealer_side(self, seat: int) -> bool:
        return seat % 2 == self.dealer % 2

    @property
    def finished(self) -> bool:
        return self.settlement is not None

    @property
    def current_trick(self) -> Trick | None:
        tricks = self.tricks
        if tricks and len(tricks[-1].plays) < 4:
            return tricks[-1]
        return None

    @property
    def lead(self) -> tuple[Card, ...] | None:
        """The cards led to the trick on the table; None when the next play is a lead."""
        trick = self.current_trick
        return trick.plays[0][1] if trick is not None else None

    @property
    def defender_points(self) -> int:
        """Trick points with throw penalties, as the settlement counts them (before the kitty)."""
        return self.trick_points + self.penalties

    def to_act(self) -> int | None:
        """The seat that plays next; None once the hand is over."""
        if self.settlement is not None:
            return None
        tricks = self.tricks
        if not tricks:
            return self.leader
        last = tricks[-1]
        if len(last.plays) < 4:
            return (last.leader + len(last.plays)) % 4
        return last.winner

    def turn(self) -> tuple[Trick | None, int | None]:
        """The trick on the table and the seat that plays next: what the table's check and
        every observation ask."""
        return self.current_trick, self.to_act()

    def points_in_play(self) -> int:
        """Points not yet captured by anyone: in hands, the kitty and the unfinished trick."""
        trick = self.current_trick
        on_table = sum(points_of(c) for _, c in trick.plays) if trick else 0
        return sum(points_of(h) for h in self.hands) + points_of(self.kitty) + on_table

    def dealer_side_points(self) -> int:
        return sum(
            t.points for t in self.tricks if t.winner is not None and t.complete and self.is_dealer_side(t.winner)
        )

    # --------------------------------------------------------------------- legal moves

    def legal_leads(self, seat: int | None = None) -> list[list[Card]]:
        """The leads worth naming (``legal.named_leads``): every unit of each suit's
        decomposition, then each suit's whole holding as a throw when it has more than one
        unit. Other multi-unit subsets are legal too (``check`` accepts them, and
        ``legal_actions`` lists them) but a look-ahead cannot try them all."""
        who = self.to_act() if seat is None else seat
        if who is None:
            return []
        return named_leads(self.hands[who], self.ctx)

    def legal_follows(self, seat: int | None = None, cap: int | None = None) -> list[list[Card]]:
        """Every distinct legal follow to the trick on the table (up to ``cap``)."""
        trick = self.current_trick
        who = self.to_act() if seat is None else seat
        if trick is None or who is None:
            return []
        hand = self.hands[who]
        return list(islice(legal_follows(trick.lead, hand, self.ctx), cap))

    def legal_actions(self, seat: int | None = None, limit: int = LIMIT) -> LegalMoves:
        """The leads or follows ``seat`` (the seat to act by default) may play now, listed by
        the one enumeration (``legal.play_moves``) on the hand as an observation sorts it;
        nothing when it is not that seat's turn."""
        who = self.to_act()
        if who is None or (seat is not None and seat != who):
            return NOTHING
        return play_moves(self.ctx.sort_hand(self.hands[who]), self.lead, self.ctx, limit)

    def legal_plays(self, cap: int | None = None) -> list[list[Card]]:
        """``legal_leads`` or ``legal_follows`` for the seat to act."""
        if self.settlement is not None:
            return []
        if self.current_trick is None:
            return self.legal_leads()
        return self.legal_follows(cap=cap)

    def fallback(self) -> list[Card]:
        """The move played for the seat to act when it gives none or an illegal one."""
        seat = self.to_act()
        if seat is None:
            return []
        return fallback_play(self.hands[seat], self.lead, self.ctx)

    # --------------------------------------------------------------------- check / apply

    def check(self, seat: int | None, cards: Sequence[Card]) -> Refusal | None:
        """Why ``seat`` may not play ``cards`` now (None when it may)."""
        if self.settlement is not None:
            return Refusal("phase.wrong")
        trick, to_act = self.turn()
        if seat is None or seat != to_act:
            return Refusal("turn.not_yours")
        hand = self.hands[seat]
        if len(cards) == 1 and cards[0] in hand:
            # A single card held, most plays of a hand: any single is a lead, and a single
            # of the suit led, or any single when void in it, follows a single. What
            # ``check_play_cards`` finds for them, without its calls and the lead's format;
            # anything else, a refusal included, is worked out there.
            if trick is None:
                return None
            lead = trick.plays[0][1]
            if len(lead) == 1:
                suit_of = self.ctx.suit_by_card
                card: int = cards[0]
                led: int = lead[0]
                suit = suit_of[led]
                if suit_of[card] is suit or not cards_of_suit(hand, self.ctx, suit):
                    return None
        if trick is None:
            return check_play_cards(hand, None, cards, self.ctx)
        return check_play_cards(hand, trick.lead, cards, self.ctx, trick.lead_format(self.ctx))

    def apply(self, seat: int, cards: Sequence[Card]) -> Trick:
        """Play ``cards`` for ``seat`` without checking them (``check`` first, or ``play``).
        A failed throw plays its forced unit instead. Returns the trick played to."""
        ctx = self.ctx
        tricks = self.tricks
        trick = tricks[-1] if tricks and len(tricks[-1].plays) < 4 else None  # ``current_trick``
        cards = tuple(cards)
        if trick is None:
            trick = Trick(seat)
            self.tricks.append(trick)
            if len(cards) > 1:
                others = [self.hands[s] for s in range(4) if s != seat]
                outcome = throw_outcome(cards, others, ctx)
                if not outcome.ok:
                    trick.attempted = cards
                    penalty = outcome.blocked * self.ruleset.throw_penalty
                    # 卡住庄家一张则给得分方加10分；卡住得分方一张则自扣10分。
                    trick.penalty = penalty if self.is_dealer_side(seat) else -penalty
                    self.penalties += trick.penalty
                    cards = outcome.played
        hand = self.hands[seat]
        if _COMPILED:
            for card in cards:
                _remove_card(hand, card)
        else:  # what ``_remove_card`` does interpreted, without a call per card
            for card in cards:
                hand.remove(card)
        trick.plays.append((seat, cards))
        if len(trick.plays) == 4:
            self._finish_trick(trick)
        return trick

    def play(self, seat: int, cards: Sequence[Card]) -> Trick:
        """``check`` then ``apply``; raises ``IllegalActionError`` when refused."""
        refusal = self.check(seat, cards)
        if refusal is not None:
            raise IllegalActionError(refusal)
        return self.apply(seat, cards)

    def _finish_trick(self, trick: Trick) -> None:
        first, second, third, fourth = trick.plays  # four: a list display, not a comprehension
        plays = [first[1], second[1], third[1], fourth[1]]
        winner = trick.plays[trick_winner(plays, self.ctx)][0]
        trick.winner = winner
        trick.points = _points_of_plays(trick.plays) if _COMPILED else points_played(plays)
        if winner % 2 != self.dealer % 2:  # not ``is_dealer_side``
            self.trick_points += trick.points
        self.views = (*self.views, TrickView.of(trick))
        if not any(self.hands):
            self._settle(trick)

    def _settle(self, last: Trick) -> None:
        """The kitty is dug when the defenders win the last trick, multiplied by its lead's
        largest unit (RULES.md §7)."""
        dug = None
        if last.winner is not None and not self.is_dealer_side(last.winner):
            dug = last.lead_format(self.ctx).largest_unit_pairs
        self.settlement = settle(self.ruleset, self.defender_points, points_of(self.kitty), dug)

    def digest(self) -> tuple[object, ...]:
        """A value that differs whenever the state differs (for comparing two runs)."""
        return (
            self.dealer,
            self.ctx,
            tuple(map(tuple, self.hands)),
            tuple(self.kitty),
            self.trick_points,
            self.penalties,
            tuple((t.leader, tuple(t.plays), t.winner, t.points, t.attempted, t.penalty) for t in self.tricks),
            self.settlement,
        )


# ------------------------------------------------------------------------------ burying


def legal_buries(hand: Sequence[Card], kitty: int) -> Iterator[list[Card]]:
    """Every distinct bury (any ``kitty`` cards of the hand), lazily: there are millions, so
    callers take a few or sample."""
    return multiset_combinations(hand, kitty)


__all__ = ["PlayState", "Rank", "Suit", "Trick", "TrickView", "legal_buries"]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__ and native classes
# no __slots__.
def _points_of_plays(plays: list[tuple[int, tuple[Card, ...]]]) -> int:
    """``trick_points`` of a trick's plays, compiled: typed as the trick holds them, the
    loops index a list and tuples where the general ``Sequence`` loops are generic calls."""
    total = 0
    for _, cards in plays:
        for c in cards:  # a tuple's own loop: ``points_of`` takes any iterable, generically
            code: int = c
            total += POINTS_BY_CODE[code]
    return total


def _remove_card(hand: list[Card], card: Card) -> None:
    """``hand.remove(card)``. Compiled, the card played is nearly always the very object the
    hand holds (the player picked it from there): a scan by identity is a pointer comparison
    per card where ``list.remove`` compares each card before it as an ``int`` subclass. An
    equal card found instead would leave the same values in the same order."""
    if _COMPILED:
        for i in range(len(hand)):
            if hand[i] is card:
                del hand[i]
                return
    hand.remove(card)


_COMPILED: Final = not hasattr(legal_buries, "__code__")
_STATE_SLOTS = (
    "ctx",
    "dealer",
    "hands",
    "kitty",
    "leader",
    "penalties",
    "ruleset",
    "settlement",
    "trick_points",
    "tricks",
    "views",
)
