"""Declaring trump (亮主) while the cards are dealt, for each ruleset's policy (RULES.md §8).

``Bidding`` follows one deal's declarations. ``check`` explains a refusal, ``apply`` records
an accepted declaration, ``options`` lists what a seat holding some cards may show now, and
``resolve`` settles the trump, the level rank and the dealer once the deal is over (using
the kitty when nobody declared).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from . import cards as card_module
from .cards import SUITS, Card, Rank, Suit
from .refusal import Refusal
from .ruleset import DeclareOpen, Fallback, FallbackJoker, Overturn, Ruleset


class DeclarationKind(StrEnum):
    """What a declaration does (the same words in saves and in the bot protocol)."""

    OPEN = "open"  # the first declaration: it sets the trump
    OVERTURN = "overturn"  # 反主: another suit's pair of level cards replaces the trump
    NO_TRUMP = "no-trump"  # 反无主: a pair of jokers makes the hand no-trump
    PROTECT = "protect"  # 自保: a pair in the standing trump suit, which no one may overturn


OPEN, OVERTURN, NO_TRUMP, PROTECT = (
    DeclarationKind.OPEN,
    DeclarationKind.OVERTURN,
    DeclarationKind.NO_TRUMP,
    DeclarationKind.PROTECT,
)


@dataclass(frozen=True)
class Declaration:
    seat: int
    cards: tuple[Card, ...]
    kind: DeclarationKind
    trump: Suit | None  # the trump it sets (None: no-trump)
    after_deal: bool = False


@dataclass(frozen=True)
class BidResult:
    trump: Suit | None
    rank: Rank | None
    dealer: int | None
    redeal: bool
    declared: bool  # False when the trump came from the kitty (or the hand is re-dealt)


def team_of(seat: int) -> int:
    return seat % 2


# Final: compiled, C statics (``cards`` is interpreted: its names are dict look-ups).
BIG_JOKER: Final = card_module.BIG_JOKER
SMALL_JOKER: Final = card_module.SMALL_JOKER
_FIRST_JOKER_CODE: Final = 52

# The four level cards of each rank, in suit order.
_LEVEL_CARDS: Final[dict[Rank, tuple[Card, ...]]] = {
    rank: tuple(Card.of(suit, rank) for suit in SUITS)
    for rank in Rank
    if rank not in (Rank.SMALL_JOKER, Rank.BIG_JOKER)
}


@dataclass
class Bidding:
    ruleset: Ruleset
    first_hand: bool
    dealer: int | None  # None in the first hand until someone declares
    first_drawer: int
    levels: tuple[Rank, Rank]
    shown: list[Declaration] = field(default_factory=list)
    closed: bool = False
    deal_over: bool = False
    dealer_changed: int | None = None  # dealer taken by a declaration
    _options: dict[tuple[object, ...], tuple[tuple[Card, ...], ...]] = field(
        default_factory=dict, repr=False, compare=False
    )

    # ------------------------------------------------------------------ state queries

    @property
    def rank(self) -> Rank:
        """The level rank being declared: the dealer team's level (2 in the first hand)."""
        if self.first_hand:
            return Rank.TWO
        # ``_dealer_team`` written out: every declaration weighed asks for the rank.
        assert self.dealer is not None  # only the first hand starts without a dealer
        return self.levels[self.dealer % 2]

    def _dealer_team(self) -> int:
        assert self.dealer is not None  # only the first hand starts without a dealer
        return team_of(self.dealer)

    @property
    def trump(self) -> Suit | None:
        return self.shown[-1].trump if self.shown else None

    @property
    def declared(self) -> bool:
        return bool(self.shown)

    @property
    def standing(self) -> Declaration | None:
        return self.shown[-1] if self.shown else None

    def after_deal_window(self) -> bool:
        """Is the defenders' after-deal window (hebi-2010) open?"""
        return self.deal_over and self.ruleset.defenders_after_deal and not self.first_hand and not self.shown

    # ------------------------------------------------------------------ classification

    def _rank_for(self, seat: int, after_deal: bool) -> Rank:
        return self.levels[team_of(seat)] if after_deal else self.rank

    def options_rank(self, seat: int, after_deal: bool = False) -> Rank:
        """The rank of the level cards ``seat`` may declare with now: the hand's level, or in
        the defenders' after-deal window the seat's own team level."""
        return self._rank_for(seat, after_deal)

    def classify(self, seat: int, cards: Sequence[Card], after_deal: bool = False) -> Declaration | None:
        """The declaration these cards would make now (its kind and the trump it sets), or
        None when the rules refuse it. Nothing is recorded."""
        return self._classify(seat, list(cards), after_deal)

    def _opening(self, cards: Sequence[Card], rank: Rank) -> tuple[DeclarationKind, Suit | None] | None:
        """(kind, suit) when the cards open the bidding under this ruleset."""
        if self.ruleset.declare_open == DeclareOpen.LEVEL_AND_JOKER:
            if len(cards) != 2:
                return None
            jokers = [c for c in cards if c.is_joker]
            levels = [c for c in cards if not c.is_joker and c.rank == rank]
            if len(jokers) != 1 or len(levels) != 1:
                return None
            suit = levels[0].suit
            assert suit is not None  # a level card, not a joker
            wanted = BIG_JOKER if suit.is_red else SMALL_JOKER
            return (OPEN, suit) if jokers[0] == wanted else None
        # "level-card": one level card, or a pair at once (declaration plus self-protection).
        n = len(cards)
        card = cards[0] if cards else None
        if card is None or n > 2 or any(c != card for c in cards):
            return None
        if card.is_joker or card.rank != rank:
            return None
        return (OPEN if n == 1 else PROTECT, card.suit)

    def _change(self, seat: int, cards: Sequence[Card]) -> tuple[DeclarationKind, Suit | None] | None:
        """(kind, trump) when the cards overturn or protect the standing declaration."""
        standing = self.standing
        if standing is None or len(cards) != 2 or cards[0] != cards[1]:
            return None
        card = cards[0]
        policy = self.ruleset.overturn
        if policy == Overturn.NONE:
            return None
        kind: tuple[DeclarationKind, Suit | None]
        if card.is_joker:
            kind = (NO_TRUMP, None)
        elif card.rank == self.rank:
            kind = (OVERTURN, card.suit) if card.suit != standing.trump else (PROTECT, card.suit)
        else:
            return None
        if policy == Overturn.PAIR_ONCE:
            changes = [d for d in self.shown if d.kind != OPEN]
            if kind[0] == PROTECT or seat == standing.seat:
                return None
            if not changes:
                return kind
            # The one exception to "once": big jokers over a pair of small jokers.
            if (
                len(changes) == 1
                and standing.kind == NO_TRUMP
                and standing.cards[0] == SMALL_JOKER
                and card == BIG_JOKER
            ):
                return kind
            return None
        # "one-change": 反主 / 反无主 by another player, 自保 by the declarer; first one wins.
        opener = self.shown[0].seat
        if kind[0] == PROTECT:
            return kind if seat == opener else None
        return kind if seat != opener else None

    # ------------------------------------------------------------------ check / apply

    def check(self, seat: int, cards: Sequence[Card], after_deal: bool = False) -> Refusal | None:
        """None when the declaration stands, else the rule it breaks (``why_not``)."""
        if self._classify(seat, list(cards), after_deal) is None:
            return self.why_not(seat, list(cards), after_deal)
        return None

    def why_not(self, seat: int, cards: list[Card], after_deal: bool = False) -> Refusal:
        """The rule a refused declaration breaks, as specific as the cards allow (RULES.md §8).

        Only called for a refused declaration; ``declare.invalid`` is the last resort."""
        if (
            self.closed
            and not self.deal_over
            and self.ruleset.overturn == Overturn.PAIR_ONCE
            and any(d.kind != OPEN for d in self.shown)
        ):
            return Refusal("declare.once")
        if self.closed or (self.deal_over and not after_deal) or not cards:
            return Refusal("declare.closed")
        if after_deal:
            if not self.after_deal_window():
                return Refusal("declare.closed")
            if team_of(seat) == self._dealer_team():
                return Refusal("declare.defenders_only", {"rank": self._rank_for(seat, True).label})
            return self._opening_refusal(cards, self._rank_for(seat, True))
        if not self.shown:
            return self._opening_refusal(cards, self.rank)
        standing = self.standing
        assert standing is not None  # some declaration was shown
        rank = {"rank": self.rank.label}
        counts = Counter(cards)
        pair = len(cards) == 2 and len(counts) == 1
        card = cards[0]
        own_suit = pair and not card.is_joker and card.rank == self.rank and card.suit == standing.trump
        if self.ruleset.overturn == Overturn.PAIR_ONCE:
            if seat == standing.seat:
                return Refusal("declare.own")
            if any(d.kind != OPEN for d in self.shown):
                return Refusal("declare.once")
            if own_suit:
                return Refusal("declare.other_suit", rank)
            return Refusal("declare.overturn_pair", rank)
        if self.ruleset.overturn == Overturn.ONE_CHANGE:
            if seat == self.shown[0].seat:
                return Refusal("declare.protect_only", rank)
            if own_suit:
                return Refusal("declare.other_suit", rank)
            return Refusal("declare.overturn_pair", rank)
        return Refusal("declare.invalid")

    def _opening_refusal(self, cards: list[Card], rank: Rank) -> Refusal:
        params = {"rank": rank.label}
        if self.ruleset.declare_open == DeclareOpen.LEVEL_AND_JOKER:
            jokers = [c for c in cards if c.is_joker]
            levels = [c for c in cards if not c.is_joker and c.rank == rank]
            if len(cards) == 2 and len(jokers) == 1 and len(levels) == 1:
                return Refusal("declare.joker_colour", params)
            return Refusal("declare.level_and_joker", params)
        return Refusal("declare.level_card", params)

    def _classify(self, seat: int, cards: list[Card], after_deal: bool) -> Declaration | None:
        kind = self._kind(seat, cards, after_deal)
        if kind is None:
            return None
        return Declaration(seat, tuple(cards), kind[0], kind[1], after_deal)

    def _kind(self, seat: int, cards: list[Card], after_deal: bool) -> tuple[DeclarationKind, Suit | None] | None:
        """(kind, trump) of the declaration the cards would make now, or None."""
        if self.closed or not cards:
            return None
        if after_deal:
            if not self.after_deal_window() or team_of(seat) == self._dealer_team():
                return None
            return self._opening(cards, self._rank_for(seat, True))
        if self.deal_over:
            return None
        if not self.shown:
            return self._opening(cards, self.rank)
        return self._change(seat, cards)

    def apply(self, seat: int, cards: Sequence[Card], after_deal: bool = False) -> Declaration:
        decl = self._classify(seat, list(cards), after_deal)
        if decl is None:
            raise ValueError("declaration refused: " + Refusal("declare.invalid").english())
        first = not self.shown
        self.shown.append(decl)
        if after_deal:
            self.dealer_changed = seat
            self.closed = True
        elif self.first_hand and (first or self.ruleset.first_hand_overturn_takes_deal):
            self.dealer_changed = seat
        if self.ruleset.overturn == Overturn.NONE or (decl.kind == PROTECT and first):
            self.closed = True
        elif not first:
            self._close_after_change(decl)
        return decl

    def _close_after_change(self, decl: Declaration) -> None:
        if self.ruleset.overturn == Overturn.ONE_CHANGE:
            self.closed = True
        elif self.ruleset.overturn == Overturn.PAIR_ONCE:
            # Still open only while big jokers may overturn a pair of small jokers.
            self.closed = not (decl.kind == NO_TRUMP and decl.cards[0] == SMALL_JOKER)

    def declares_with(self, card: Card, seat: int, after_deal: bool = False) -> bool:
        """Could ``card`` be part of a declaration by ``seat``? Only level cards and jokers
        ever are: a seat's options cannot change when it receives any other card."""
        # By the card's code (13 * suit + rank - 2, the jokers from 52): it is asked at every
        # card dealt, and a card's attributes are Python look-ups.
        code: int = card
        if code >= _FIRST_JOKER_CODE:
            return True
        # ``_rank_for`` written out (it calls ``rank``, which calls ``team_of``).
        rank: int
        if after_deal:
            rank = self.levels[seat % 2]
        elif self.first_hand:
            rank = Rank.TWO
        else:
            assert self.dealer is not None  # only the first hand starts without a dealer
            rank = self.levels[self.dealer % 2]
        return code % 13 + 2 == rank

    def options(self, seat: int, held: Sequence[Card], after_deal: bool = False) -> list[list[Card]]:
        """Every declaration the seat may show now with the cards it holds."""
        if self.closed or (self.deal_over and not after_deal):
            return []
        rank = self._rank_for(seat, after_deal)
        # Only six cards can ever declare: count just those (this runs after every card dealt).
        levels = _LEVEL_CARDS[rank]
        counts: dict[Card, int] = dict.fromkeys(levels, 0)
        counts[SMALL_JOKER] = 0
        counts[BIG_JOKER] = 0
        # One pass over the hand, not one ``list.count`` per card counted: comparing a card
        # (an ``int`` subclass) is dearer than hashing it.
        for card in held:
            if card in counts:
                counts[card] += 1
        # The answer depends only on those counts and on the declarations so far, which a
        # deal rarely changes: remember it (as tuples; callers get fresh lists).
        key = (seat, after_deal, tuple(counts.values()), len(self.shown), self.closed, self.deal_over)
        known = self._options.get(key)
        if known is None:
            known = self._options[key] = tuple(
                tuple(cards)
                for cards in self._candidates(counts, levels)
                if self._kind(seat, cards, after_deal) is not None
            )
        return [list(cards) for cards in known]

    @staticmethod
    def _candidates(counts: dict[Card, int], levels: tuple[Card, ...]) -> list[list[Card]]:
        candidates: list[list[Card]] = []
        for level in levels:
            if counts[level]:
                candidates.append([level])
                if counts[BIG_JOKER]:
                    candidates.append([level, BIG_JOKER])
                if counts[SMALL_JOKER]:
                    candidates.append([level, SMALL_JOKER])
            if counts[level] >= 2:
                candidates.append([level, level])
        for joker in (SMALL_JOKER, BIG_JOKER):
            if counts[joker] >= 2:
                candidates.append([joker, joker])
        return candidates

    def end_deal(self) -> None:
        self.deal_over = True

    def resolve(self, kitty: Sequence[Card]) -> BidResult:
        """The hand's trump, rank and dealer once bidding is over."""
        dealer = self.dealer_changed if self.dealer_changed is not None else self.dealer
        if dealer is None:
            dealer = self.first_drawer
        rank = self.levels[team_of(dealer)] if not self.first_hand else Rank.TWO
        if self.shown:
            return BidResult(self.trump, rank, dealer, False, True)
        if self.ruleset.fallback == Fallback.REDEAL:
            return BidResult(None, None, None, True, False)
        trump = _kitty_trump(kitty, self.ruleset.fallback_card, self.ruleset.fallback_joker)
        return BidResult(trump, rank, dealer, False, False)


def _kitty_trump(kitty: Sequence[Card], place: int, joker_rule: FallbackJoker) -> Suit | None:
    """The suit of the kitty's Nth card (top first); a joker is skipped or means no-trump."""
    if len(kitty) < place:
        raise ValueError(f"the kitty has {len(kitty)} cards; its card number {place} decides the trump")
    for card in kitty[place - 1 :]:
        if not card.is_joker:
            return card.suit
        if joker_rule == FallbackJoker.NO_TRUMP:
            return None
    return None
