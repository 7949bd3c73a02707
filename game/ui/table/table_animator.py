"""The table's animator: what the table shows of the game, changed event by event.

It keeps the table's *visual* state (the cards in each seat's trick pile, the backs in each
fan, the defenders' point cards …) with the flights, pauses and banners that take it from
one event to the next. Each driver event is shown by the one ``match`` case of its class
(``show``); the scene draws the state and never changes it while drawing. The driver is
advanced again only when the animations of the previous event are done.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import pygame

from game.core import BURYING, PLAYING, Card, Declaration, Hand, Observation, TrickView, TrumpContext, observe
from game.i18n import tr
from game.table import (
    AfterDealWindow,
    Buried,
    DealClosed,
    Dealt,
    Declared,
    Event,
    HandSettled,
    HandStarted,
    MatchOver,
    Played,
    Redealt,
    TimedOut,
    TrickWon,
)
from game.ui.kit import theme
from game.ui.kit.flights import Flight, fly
from game.ui.kit.names import about, cards_text, declaration_text, suit_text
from game.ui.kit.widgets import play_sound

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

Colour = tuple[int, ...]

# The table's pace at the normal speed (issue 26): the apps players know deal a hand in a
# few seconds and answer a card in about a second. Each is divided by the speed setting.
DEAL_SECONDS = 2.5
"""The cards of a deal leave the deck within this, however many there are ..."""
DEAL_GAP = 0.03
"""... and no slower than one card in this (a small deal is not drawn out)."""
HAND_START_HOLD = 0.4
DECLARED_HOLD = 0.6
KITTY_FLIGHT = 0.35
KITTY_HOLD = 0.8
PLAY_FLIGHT = 0.25
TRICK_READ = 1.0
"""A finished trick is read this long before the next lead (a click goes on at once)."""
SWEEP_FLIGHT = 0.3
OVERDUE = 0.1
"""How far a hold may run past zero: a frame that came late lets the deal catch up."""


class TableAnimator:
    """The table's visual state and the animations between the driver's events."""

    def __init__(self, scene: TableHost):
        self.scene = scene
        self.flights: list[Flight] = []
        self.timeline: list[list[Any]] = []  # [seconds left, callback]
        self.hold = 0.0
        self.pending: list[Any] | None = None  # a bot's event held back for a natural moment: [event, seconds]
        self.since_event = 0.0
        self.banner: tuple[str, float, Colour] | None = None
        self.banner_shown = 0.0
        self.reset()

    # ------------------------------------------------------------------ the state

    def reset(self) -> None:
        """Clear the table for a new hand."""
        scene = self.scene
        # The hand on screen: with the driver already at the next hand under the end panel,
        # the table goes on showing the settled one.
        self.obs: Observation = scene.driver.observation(scene.bottom)
        self.settled: Hand | None = None  # the hand the end panel shows, once settled
        self.counts = [0, 0, 0, 0]
        self.incoming = [0, 0, 0, 0]  # cards flying to each fan (the deal does not wait for them)
        self.piles: list[list[Card]] = [[], [], [], []]
        self.dimmed: list[set[int]] = [set(), set(), set(), set()]  # a failed throw's returned cards
        self.winning_pile: int | None = None
        self.lingering: tuple[int, TrickView] | None = None  # a finished trick left on the table
        self.declarations: list[Declaration] = []
        self.ctx: TrumpContext | None = None
        self.dealer = self.obs.dealer
        self.point_cards: list[Card] = []
        self.def_points = 0
        self.deck_left = self.obs.cards_to_deal - self.obs.cards_dealt
        self.centre_kitty = self.obs.ruleset.kitty
        self.buried = 0
        self.hand_number = scene.driver.match.hands_played + 1
        self.trick_number = 0
        scene.hand_view.entries.clear()
        scene.hand_view.set_sort(self._provisional_sort)

    def catch_up(self) -> None:
        """Show a hand as it stands (Continue, a turn of the table, an undo), without
        replaying its animations."""
        scene = self.scene
        obs = self.obs = scene.driver.observation(scene.bottom)
        self.counts = [obs.hand_sizes[scene.seat_at(p)] for p in range(4)]  # by screen position
        self.incoming = [0, 0, 0, 0]
        self.declarations = list(obs.declarations)
        self.ctx = obs.ctx
        self.dealer = obs.dealer
        self.deck_left = obs.cards_to_deal - obs.cards_dealt
        self.centre_kitty = obs.ruleset.kitty if obs.ctx is None else 0
        self.buried = obs.ruleset.kitty if obs.phase == PLAYING else 0
        self.trick_number = len(obs.tricks)
        self.def_points = obs.defender_points
        for trick in obs.tricks:
            if obs.scored(trick):
                self.point_cards += [c for _, cards in trick.plays for c in cards if c.points]
        if obs.current is not None:
            for seat, cards in obs.current.plays:
                self.piles[scene.pos(seat)] = list(cards)
        hand_view = scene.hand_view
        hand_view.group_of = self._group_function()
        hand_view.set_sort(self._sort_function())
        hand_view.sync(list(obs.hand), scene.lay.seat_point(0))
        if obs.phase == BURYING and obs.kitty:
            # The dealer's picked-up kitty stays tinted until it is buried, as before the save.
            left = list(obs.kitty)
            for e in hand_view.entries:
                if e.card in left:
                    left.remove(e.card)
                    e.fresh = True
        hand_view.settle()

    def _provisional_sort(self, cards: Iterable[Card]) -> list[Card]:
        self.scene.hand_view.group_of = self._group_function()
        return self._sort_function()(cards)

    def _group_function(self) -> Callable[[Card], Any] | None:
        """A card's suit group in the hand's order (trumps, then each side suit): the gaps
        between them in the fanned hand."""
        sort = self._sort_function()
        ctx = getattr(sort, "__self__", None)  # the bound sort_hand of a TrumpContext
        return ctx.suit_of if isinstance(ctx, TrumpContext) else None

    def _sort_function(self) -> Callable[[Iterable[Card]], list[Card]]:
        if self.ctx is not None:
            return self.ctx.sort_hand
        obs = self.obs
        rank = obs.rank if obs.dealer is not None or obs.first_hand else None
        trump = self.declarations[-1].trump if self.declarations else None
        if rank is None:
            return sorted
        # Before the trump is settled: group by the declared (or no) trump so far.
        return TrumpContext(rank, trump).sort_hand

    # ------------------------------------------------------------------ time

    def seconds(self, base: float) -> float:
        """``base`` seconds at the current speed."""
        return base / self.scene.speed

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` after ``seconds`` (the driver waits for it)."""
        self.timeline.append([seconds, callback])

    def say(self, text: str, seconds: float = 2.0, colour: Colour = theme.INK) -> None:
        """Show a banner for a while."""
        self.banner = (text, max(0.8, seconds), colour)
        self.scene.changed = True

    @property
    def busy(self) -> bool:
        """Is an animation or a pause still running?"""
        return bool(self.timeline or self.hold > 0 or self.pending or any(f.blocking for f in self.flights))

    def stop(self) -> None:
        """Drop what is under way (an undo takes the table back)."""
        self.flights.clear()
        self.timeline.clear()
        self.pending = None

    def update(self, dt: float) -> list[pygame.Rect]:
        """Move the animations on; the screen areas that moved this frame."""
        scene = self.scene
        # What moves this frame, for a partial screen update; anything else that changes
        # (a card landing, a callback, a banner appearing or going) redraws everything.
        moved = [r for r in (f.rect() for f in self.flights) if r is not None]
        for flight in list(self.flights):
            flight.update(dt)
            if flight.landed:
                if flight.region is None:
                    scene.changed = True
                else:
                    scene.touched.append(flight.region)
            elif (r := flight.rect()) is not None:
                moved.append(r)
        self.flights = [f for f in self.flights if not f.landed]
        for item in list(self.timeline):
            item[0] -= dt
            if item[0] <= 0:
                self.timeline.remove(item)
                item[1]()
                scene.changed = True
        if self.banner is not None:
            text, left, colour = self.banner
            self.banner = (text, left - dt, colour) if left - dt > 0 else None
            if self.banner is None or left > self.banner_shown:
                scene.changed = True
            elif left - dt < 0.3:
                moved.append(scene.view.banner_rect())
            self.banner_shown = left - dt
        self.hold = max(-OVERDUE, self.hold - dt)
        self.since_event += dt
        if self.pending is not None:
            self.pending[1] -= dt
        return moved

    def held_back(self) -> Event | None:
        """A bot's move held back for a natural moment, once its moment has come."""
        if self.pending is None or self.pending[1] > 0:
            return None
        event, self.pending = self.pending[0], None
        return event

    # ------------------------------------------------------------------ showing an event

    def show(self, event: Event) -> None:
        """Show one driver event: change the visual state, start its animations."""
        scene = self.scene
        self.since_event = 0.0
        # The deal and ordinary plays change a few known areas; anything else redraws all.
        if isinstance(event, Dealt) or (isinstance(event, Played) and not event.attempted):
            scene.touched.append(scene.view.prompt_region())
        else:
            scene.changed = True
        if not isinstance(event, HandSettled | MatchOver):
            self.obs = scene.driver.observation(scene.bottom)
        match event:
            case HandStarted():
                self._hand_started(event)
            case Dealt():
                self._dealt(event)
            case Declared():
                self._declared(event)
            case AfterDealWindow():
                self.say(tr("declare.defenders_window"), 2.5)
                self.hold = self.seconds(1.0)
            case Redealt():
                self.say(tr("declare.none_redeal"), 2.5)
                self.hold = self.seconds(1.8)
            case DealClosed():
                self._deal_closed(event)
            case Buried():
                self._buried(event)
            case Played():
                self._played(event)
            case TrickWon():
                self._trick_won(event)
            case HandSettled():
                self.sweep_trick()
                if event.hand is not None:
                    self.settled = event.hand
                    self.obs = observe(event.hand, scene.bottom)
            case MatchOver() | TimedOut():
                pass  # the scene and the clock's component answer these

    def _hand_started(self, event: HandStarted) -> None:
        self.reset()
        self.hand_number = event.number
        self.say(tr("table.hand_number", n=event.number), 1.2)
        self.hold = self.seconds(HAND_START_HOLD)
        self.scene.app.phase_changed(f"hand{event.number}-dealing")

    def _dealt(self, event: Dealt) -> None:
        scene, lay = self.scene, self.scene.lay
        self.deck_left -= 1
        p = scene.pos(event.seat)
        deck = self._deck_corner(lay.small_h)
        scene.touched.append(scene.view.deck_region())
        if p == 0:
            scene.hand_view.sync(list(self.obs.hand), deck)
            scene.touched.append(scene.view.seat_region(0))
        else:
            # Cards still in the air go before this one: its slot, and the fan it completes.
            slot = self.counts[p] + self.incoming[p]
            self.incoming[p] += 1
            target = scene.view.back_slot(p, slot)
            flight = fly(
                None,
                deck,
                target,
                lay.small_h,
                lay.small_h,
                self.seconds(0.28),
                on_land=lambda p=p: self._land_dealt(p),
            )
            flight.region = scene.view.seat_region(p, slot + 1)
            flight.blocking = False
            self.flights.append(flight)
        if self.deck_left % 2 == 0:
            play_sound("deal")
        gap = self.seconds(min(DEAL_GAP, DEAL_SECONDS / max(1, self.obs.cards_to_deal)))
        # A frame that came late is caught up (the hold ran below zero): the deal keeps its length.
        self.hold = max(self.hold, -gap) + gap

    def _add_count(self, p: int, n: int) -> None:
        self.counts[p] += n

    def _land_dealt(self, p: int) -> None:
        self.incoming[p] -= 1
        self.counts[p] += 1

    def _deck_corner(self, h: float) -> tuple[float, float]:
        cx, cy = self.scene.lay.deck_point()
        return (cx - h * 0.35, cy - h / 2)

    def _declared(self, event: Declared) -> None:
        scene = self.scene
        self.declarations.append(event.declaration)
        self.say(declaration_text(event.declaration, scene.viewer, scene.names), 2.0, theme.GOLD)
        play_sound("play")
        scene.hand_view.group_of = self._group_function()
        scene.hand_view.set_sort(self._sort_function())
        self.hold = self.seconds(DECLARED_HOLD)
        scene.app.phase_changed("declared")

    def _deal_closed(self, event: DealClosed) -> None:
        scene, lay = self.scene, self.scene.lay
        obs = self.obs
        ctx = self.ctx = obs.ctx
        assert ctx is not None  # the deal is closed: the trump is known
        self.dealer = event.dealer
        trump = suit_text(ctx.trump_suit)
        if not event.declared:
            self.say(tr("declare.none_kitty", trump=trump), 2.5)
        else:
            self.say(about("kitty.pick_up", event.dealer, scene.viewer, scene.names), 2.0)
        p = scene.pos(event.dealer)
        start = self._deck_corner(lay.small_h)
        self.centre_kitty = 0
        scene.hand_view.group_of = ctx.suit_of
        scene.hand_view.set_sort(ctx.sort_hand)
        if p == 0:
            scene.hand_view.sync(list(obs.hand), start, mark_new=True)
        else:
            for i in range(event.kitty_size):
                self.flights.append(
                    fly(
                        None,
                        start,
                        scene.view.back_slot(p, self.counts[p] + self.incoming[p] + i),
                        lay.small_h,
                        lay.small_h,
                        self.seconds(KITTY_FLIGHT),
                        self.seconds(0.025 * i),
                        on_land=lambda p=p: self._add_count(p, 1),
                    )
                )
        self.hold = self.seconds(KITTY_HOLD)
        scene.app.phase_changed("kitty")

    def _buried(self, event: Buried) -> None:
        scene, lay = self.scene, self.scene.lay
        p = scene.pos(event.seat)
        end = scene.view.kitty_slot()
        h = lay.tiny_h
        if p == 0:
            scene.hand_view.unmark()
            removed = scene.hand_view.sync(list(self.obs.hand), end)
            starts = [(e.x, e.y - e.lift * lay.raise_by) for e in removed]
            h0 = lay.card_h
        else:
            self.counts[p] -= event.count
            starts = [scene.view.back_slot(p, self.counts[p] + i) for i in range(event.count)]
            h0 = lay.small_h
        for i, start in enumerate(starts):
            self.flights.append(
                fly(None, start, end, h0, h, self.seconds(0.45), self.seconds(0.03 * i), on_land=self._bury_one)
            )
        self.say(tr("kitty.buried"), 1.5)
        self.hold = self.seconds(0.5)
        scene.app.phase_changed("playing")

    def _bury_one(self) -> None:
        self.buried += 1

    def _played(self, event: Played) -> None:
        scene, lay = self.scene, self.scene.lay
        if self.lingering is not None:  # the finished trick stays until this lead
            self.sweep_trick()
        # The next seat's turn shows at once; after the fourth card nobody's, until the sweep.
        if scene.turn is not None:
            scene.touched.append(scene.view.seat_region(scene.pos(scene.turn)))
        scene.turn = (event.seat + 1) % 4
        scene.touched.append(scene.view.seat_region(scene.pos(scene.turn)))
        p = scene.pos(event.seat)
        shown = list(event.attempted or event.cards)
        if not any(self.piles) and not self.flights:
            self.trick_number += 1
        targets = lay.row_positions(len(shown), lay.trick_center(p), lay.trick_h, lay.width * 0.3)
        if p == 0:
            removed = scene.hand_view.sync(list(self.obs.hand), targets[0])
            starts = [(e.x, e.y - e.lift * lay.raise_by) for e in removed]
            scene.touched.append(scene.view.hand_region())
            starts += [lay.seat_point(0)] * (len(shown) - len(starts))
            h0 = lay.card_h
            scene.hand_view.clear_selection()
        else:
            scene.touched.append(scene.view.seat_region(p))  # the fan as it was, before it shrinks
            self.counts[p] -= len(event.cards)
            sx, sy = lay.seat_point(p)
            starts = [(sx - lay.small_h * 0.35, sy - lay.small_h / 2)] * len(shown)
            h0 = lay.small_h
        duration = self.seconds(PLAY_FLIGHT)
        scene.touched.append(scene.view.seat_region(p))
        region = scene.view.pile_region(p, len(shown))
        for i, (card, start, end) in enumerate(zip(shown, starts, targets)):
            last = i == len(shown) - 1
            flight = fly(
                card,
                start,
                end,
                h0,
                lay.trick_h,
                duration,
                self.seconds(0.02 * i),
                on_land=(lambda p=p, shown=shown: self._land_play(p, shown)) if last else None,
            )
            flight.region = region
            self.flights.append(flight)
        play_sound("play")
        self.hold = duration + self.seconds(0.05)
        if event.attempted:
            self._failed_throw(event, p, duration)

    def _failed_throw(self, event: Played, p: int, duration: float) -> None:
        viewer = self.scene.viewer
        text = about("throw.failed", event.seat, viewer, self.scene.names, cards=cards_text(event.cards))
        if event.blocked_by is not None:
            by, with_ = event.blocked_by
            text += "  " + about("trick_table.blocked_by", by, viewer, self.scene.names, cards=cards_text(with_))
        if event.penalty:
            text += "  " + tr("throw.penalty", penalty=abs(event.penalty))
        self.later(duration, lambda: self.say(text, 3.2, theme.RED))
        self.later(
            duration + self.seconds(0.6), lambda: self._dim_returned(p, list(event.attempted), list(event.cards))
        )
        self.later(duration + self.seconds(1.8), lambda: self._land_play(p, list(event.cards)))
        self.later(duration + self.seconds(1.8), self._refresh_points)
        play_sound("error")

    def _land_play(self, p: int, cards: list[Card]) -> None:
        self.piles[p] = list(cards)
        self.dimmed[p] = set()

    def _dim_returned(self, p: int, attempted: list[Card], forced: list[Card]) -> None:
        keep = list(forced)
        dim = set()
        for i, card in enumerate(attempted):
            if card in keep:
                keep.remove(card)
            else:
                dim.add(i)
        self.dimmed[p] = dim

    def _refresh_points(self) -> None:
        self.def_points = self.obs.defender_points

    def _trick_won(self, event: TrickWon) -> None:
        scene = self.scene
        scene.turn = None
        trick = event.trick
        assert trick.winner is not None
        wp = scene.pos(trick.winner)
        self.winning_pile = wp  # outlined while the trick is read
        linger = scene.app.settings.trick_linger
        if linger > 0:  # the player's setting: a fixed time
            read = self.seconds(float(linger))
            self.later(read, lambda: self._sweep(wp, trick, event.scored))
            self.hold = read + self.seconds(0.45)
        else:  # until the next lead (or a click), as the commercial tables do
            # The next leader waits long enough for the trick to be read; a click goes on at once.
            self.lingering = (wp, trick)
            self.hold = self.seconds(TRICK_READ)

    def sweep_trick(self) -> None:
        """Take a finished trick off the table now (the next lead, a click, the hand's end)."""
        if self.lingering is not None:
            wp, trick = self.lingering
            self.lingering = None
            self.scene.changed = True
            self._sweep(wp, trick, self.obs.scored(trick))

    def _sweep(self, wp: int, trick: TrickView, scored: bool) -> None:
        scene, lay = self.scene, self.scene.lay
        assert trick.winner is not None  # a finished trick
        self.winning_pile = None
        target = lay.seat_point(wp)
        h1 = lay.tiny_h
        end = (target[0] - h1 * 0.35, target[1] - h1 / 2)
        cards = []
        for p in range(4):
            positions = lay.row_positions(len(self.piles[p]), lay.trick_center(p), lay.trick_h, lay.width * 0.3)
            for card, start in zip(self.piles[p], positions):
                cards.append(card)
                self.flights.append(fly(card, start, end, lay.trick_h, h1, self.seconds(SWEEP_FLIGHT), fade=True))
            self.piles[p] = []
            self.dimmed[p] = set()
        if scored:
            self.point_cards += [c for c in cards if c.points]
        self._refresh_points()
        text = about("table.wins_trick", trick.winner, scene.viewer, scene.names)
        if trick.points and scored:  # the dealers' tricks score nothing
            text += "  " + tr("table.trick_points", points=trick.points)
        self.say(text, 1.4)
        play_sound("trick")
