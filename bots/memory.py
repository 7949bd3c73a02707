"""Card memory: what a seat can know from everything shown at the table.

Everything here is public (the same for every seat) except the seat's own hand and, for
the dealer, the buried kitty; so ``CardMemory`` holds the public part and ``unseen()``
subtracts what one seat holds. It records:

* the cards still out (not yet played);
* voids: a seat that could not follow an effective suit holds none of it;
* no pairs / no tractors: a seat that followed a pair (tractor) lead in suit without a pair
  (tractor) holds none in that suit — the following rule made it play one if it could;
* known cards: cards shown in a declaration (by a seat other than the dealer, who may have
  buried them) or in a failed throw, until they are played.

``MemoryTracker`` keeps a ``CardMemory`` in step with a stream of observations, reading only
the plays it has not seen yet, and starts again when the observation belongs to another hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
import itertools
from typing import Final

from game.core import PLAYING, TRUMP, Card, Format, Observation, Phase, TrickView, cards_of_suit, format_of

from .tables import BY_CODE, POINTS, Tables, counts_of, tables
from .trick_state import TrickState


class CardMemory:
    """Public knowledge of one hand's play phase."""

    __slots__ = (
        "dealer",
        "decks",
        "known",
        "nopair",
        "notractor",
        "plays_seen",
        "points_out",
        "remaining",
        "suit_left",
        "tab",
        "void",
    )

    def __init__(self, tab: Tables, decks: int, dealer: int) -> None:
        self.tab = tab
        self.decks = decks
        self.dealer = dealer
        # Copies of each card not yet played, by the card's code (0 to 53): compiled, an
        # array index on an unboxed int where a Counter is a hash look-up per card.
        self.remaining: list[int] = [decks] * len(BY_CODE)
        self.void: list[set[str]] = [set() for _ in range(4)]
        self.nopair: list[set[str]] = [set() for _ in range(4)]
        self.notractor: list[set[str]] = [set() for _ in range(4)]
        self.known: list[Counter[Card]] = [Counter() for _ in range(4)]
        self.plays_seen = 0
        self.points_out = 100 * decks  # points not yet played
        self.suit_left = {s: decks * len(cs) for s, cs in tab.by_suit.items()}

    def copy(self) -> CardMemory:
        if _COMPILED:  # a native class has no bare __new__: a fresh memory, overwritten below
            m = CardMemory(self.tab, self.decks, self.dealer)
        else:
            m = CardMemory.__new__(CardMemory)
        m.tab, m.decks, m.dealer = self.tab, self.decks, self.dealer
        m.remaining = self.remaining[:]
        m.void = [set(v) for v in self.void]
        m.nopair = [set(v) for v in self.nopair]
        m.notractor = [set(v) for v in self.notractor]
        m.known = [k.copy() for k in self.known]
        m.plays_seen = self.plays_seen
        m.points_out = self.points_out
        m.suit_left = dict(self.suit_left)
        return m

    # ------------------------------------------------------------------ updates

    def add_declared(self, seat: int, cards: Sequence[Card]) -> None:
        if seat == self.dealer:
            return  # the dealer may have buried what he showed
        need = Counter(cards)
        for card, n in need.items():
            if self.known[seat][card] < n:
                self.known[seat][card] = n

    def on_play(
        self,
        seat: int,
        cards: Sequence[Card],
        lead: Sequence[Card] | None,
        lead_format: Format | None = None,
        attempted: Sequence[Card] = (),
    ) -> None:
        """Record a play; ``lead`` is None when the seat led."""
        self.plays_seen += 1
        suit_of = self.tab.suit
        left = self.suit_left
        remaining = self.remaining
        k = self.known[seat]
        points = 0
        for c in cards:
            code: int = c  # compiled: unboxed, so the look-ups below are array indexes
            # ``x[i] = x[i] - 1``, not ``-=``: compiled, an augmented item assignment is a
            # generic Python subtraction of boxed ints, this an unboxed one.
            remaining[code] = remaining[code] - 1
            points += POINTS[code]
            suit = suit_of[code]
            left[suit] = left[suit] - 1
            if k and k.get(c):  # not k[c]: a Counter's missing key goes through Python code
                k[c] -= 1
        self.points_out -= points
        if attempted:
            # A failed throw: the cards tried but not played are in the leader's hand.
            back = Counter(attempted) - Counter(cards)
            for card, n in back.items():
                if self.known[seat][card] < n:
                    self.known[seat][card] = n
        if lead is None:
            return
        led: int = lead[0]  # int indexes: a ``Card`` indexes a list by a generic call
        suit = suit_of[led]
        n = len(lead)
        if n == 1:  # a single: only a void shows
            played: int = cards[0]
            if suit_of[played] != suit:
                self.void[seat].add(suit)
                self.nopair[seat].add(suit)
                self.notractor[seat].add(suit)
            return
        in_suit = cards_of_suit(cards, self.tab.ctx, suit)
        if len(in_suit) < n:
            self.void[seat].add(suit)
            self.nopair[seat].add(suit)
            self.notractor[seat].add(suit)
            return
        if lead_format is None or not lead_format.total_pairs:
            return
        counts = counts_of(in_suit)
        pairs = sum(v // 2 for v in counts.values())
        if pairs < lead_format.total_pairs:
            # It had to play every pair it held in the suit: none is left.
            self.nopair[seat].add(suit)
            self.notractor[seat].add(suit)
        elif lead_format.tractors and not _has_run(counts, self.tab):
            self.notractor[seat].add(suit)

    def on_singles(self, plays: Sequence[tuple[int, Sequence[Card]]], start: int) -> None:
        """``on_play`` for ``plays[start:]`` of a trick led with a single card: the common
        trick, read by every seat after every play, so done in one loop."""
        suit_of = self.tab.suit
        left, remaining, known = self.suit_left, self.remaining, self.known
        led = suit_of[plays[0][1][0]]
        points = 0
        for i in range(start, len(plays)):
            seat, cards = plays[i]
            c = cards[0]
            code: int = c
            remaining[code] = remaining[code] - 1  # not -=: see on_play
            points += POINTS[code]
            suit = suit_of[code]
            left[suit] = left[suit] - 1
            k = known[seat]
            if k and k.get(c):
                k[c] -= 1
            if i and suit != led:  # a single shows only a void
                self.void[seat].add(led)
                self.nopair[seat].add(led)
                self.notractor[seat].add(led)
        self.points_out -= points
        self.plays_seen += len(plays) - start

    # ------------------------------------------------------------------ queries

    def unseen(self, hand: Sequence[Card], kitty: Sequence[Card] = ()) -> Counter[Card]:
        """Cards a seat holding ``hand`` (and knowing ``kitty``) has not seen: the other hands,
        plus the kitty when the seat is not the dealer."""
        left = self.remaining[:]
        for c in hand:
            left[c] -= 1
        for c in kitty:
            left[c] -= 1
        # In the deck's order, as the Counter of the deck less these cards was: the order
        # the sampling deals in.
        out: Counter[Card] = Counter()
        for code, n in enumerate(left):
            if n > 0:
                out[BY_CODE[code]] = n
        return out


def _has_run(counts: dict[Card, int], tab: Tables) -> bool:
    pos = sorted({tab.pos[c] for c, n in counts.items() if n >= 2})
    return any(b - a == 1 for a, b in itertools.pairwise(pos))


class MemoryTracker:
    """Keeps a ``CardMemory`` in step with a stream of observations: one seat's, or the four
    seats' of one hand (the arena's bots share one, so each play is read once; what they
    change for a search they copy first)."""

    def __init__(self) -> None:
        self.memory: CardMemory | None = None
        self._key: Hashable = None
        self._tricks = 0  # completed tricks fully read
        self._in_current = 0  # plays of the current trick read
        self._last: TrickView | None = None  # the last trick read (to recognise the same hand)
        # The trick on the table as of the last observation read, kept up play by play: the
        # seats sharing this tracker (the arena's four) each decide on it, where each would
        # otherwise value the trick's plays anew. Read it, never change it.
        self.trick: TrickState | None = None

    def sync(self, obs: Observation) -> CardMemory | None:
        """The memory after every play the observation shows (None before the play phase)."""
        if obs.phase != PLAYING or obs.ctx is None:
            if obs.phase != Phase.SETTLED:
                self.memory = None
            return self.memory
        key = (obs.ctx, obs.dealer, obs.declarations, obs.levels, obs.ruleset.id)
        tricks = obs.tricks
        fresh = (
            self.memory is None
            or key != self._key
            or len(tricks) < self._tricks
            or (self._tricks and tricks[self._tricks - 1] is not self._last and tricks[self._tricks - 1] != self._last)
        )
        if (
            not fresh
            and len(obs.tricks) == self._tricks
            and obs.current is not None
            and len(obs.current.plays) < self._in_current
        ):
            fresh = True
        if fresh:
            self._start(obs, key)
        mem = self.memory
        assert mem is not None  # kept, or just started
        tricks = obs.tricks
        while self._tricks < len(tricks):
            trick = tricks[self._tricks]
            self._read(mem, trick, self._in_current)
            self._in_current = 0
            self._tricks += 1
            self._last = trick
        current = obs.current
        if current is None:
            self.trick = None
        else:
            plays = current.plays
            counted = self._in_current
            if counted < len(plays):
                # A trick led with a single read here, with no call of ``_read``: every
                # decision reads the plays since the last one.
                if len(plays[0][1]) == 1:
                    mem.on_singles(plays, counted)
                else:
                    self._read(mem, current, counted)
            state = self.trick
            if state is not None and counted and len(state.plays) == counted and state.lead == plays[0][1]:
                state.extend(plays, mem.tab)  # ``_follow_trick``'s common case, with no call of it
            else:
                self._follow_trick(plays, mem.tab)
            self._in_current = len(plays)
        return mem

    def _follow_trick(self, plays: tuple[tuple[int, tuple[Card, ...]], ...], tab: Tables) -> None:
        """Bring ``trick`` to ``plays``: the plays after those counted added, or made anew
        for a trick it does not hold the start of."""
        trick = self.trick
        counted = self._in_current
        if trick is None or counted == 0 or len(trick.plays) != counted or trick.lead != plays[0][1]:
            self.trick = TrickState(plays, tab)
            return
        trick.extend(plays, tab)

    def _start(self, obs: Observation, key: Hashable) -> None:
        assert obs.ctx is not None and obs.dealer is not None  # the play phase
        tab = tables(obs.ctx)
        mem = self.memory = CardMemory(tab, obs.ruleset.decks, obs.dealer)
        for decl in obs.declarations:
            mem.add_declared(decl.seat, decl.cards)
        self._key = key
        self._tricks = 0
        self._in_current = 0
        self._last = None
        self.trick = None

    @staticmethod
    def _read(mem: CardMemory, trick: TrickView, start: int) -> None:
        plays = trick.plays
        if start >= len(plays):
            return
        lead = plays[0][1]
        if len(lead) == 1:
            mem.on_singles(plays, start)
            return
        fmt = None
        if len(plays) > 1 and len(lead) > 1:
            fmt = format_of(lead, mem.tab.ctx)
        for i in range(start, len(plays)):
            seat, cards = plays[i]
            if i == 0:
                mem.on_play(seat, cards, None, attempted=trick.attempted)
            else:
                mem.on_play(seat, cards, lead, fmt)


__all__ = ["TRUMP", "CardMemory", "MemoryTracker"]


# Compiled by mypyc (tools/build_compiled.py), functions have no __code__.
_COMPILED: Final = not hasattr(_has_run, "__code__")  # Final: compiled, a C static
