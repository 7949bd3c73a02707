"""How the table scene shows each driver event: flights, banners, holds and sounds.

A mixin of ``TableScene``: each ``_on_<Event>`` changes the scene's visual state and
starts the animations; the driver is not advanced again until they are done.
"""
from __future__ import annotations

from game.core import Card
from game.i18n import tr
from game.table import (
    AfterDealWindow,
    Buried,
    DealClosed,
    Dealt,
    Declared,
    HandSettled,
    HandStarted,
    MatchOver,
    Played,
    Redealt,
    TrickWon,
)
from game.ui import theme
from game.ui.flights import fly
from game.ui.names import about, cards_text, declaration_text, suit_text
from game.ui.widgets import play_sound


class TableEvents:
    """The event handlers of the table scene."""


    def on_event(self, event) -> None:
        """Show one driver event."""
        self.since_event = 0.0
        # The deal and ordinary plays change a few known areas; anything else redraws all.
        quiet = isinstance(event, Dealt) or (isinstance(event, Played) and not event.attempted)
        if quiet:
            self.touched.append(self.view.prompt_region())
        else:
            self.changed = True
        handler = getattr(self, "_on_" + type(event).__name__)
        handler(event)

    def _on_HandStarted(self, event: HandStarted) -> None:
        self.reset_visuals()
        self.hand_number = event.number
        self.say(tr("table.hand_number", n=event.number), 1.2)
        self.hold = self.seconds(0.6)
        self.app.phase_changed(f"hand{event.number}-dealing")

    def _on_Dealt(self, event: Dealt) -> None:
        self.deck_left -= 1
        p = self.pos(event.seat)
        deck = self._deck_corner(self.lay.small_h)
        self.touched.append(self.view.deck_region())
        if p == 0:
            self.hand_view.sync(self.driver.observation(self.bottom).hand, deck)
            self.touched.append(self.view.seat_region(0))
        else:
            target = self.view.back_slot(p, self.counts[p])
            flight = fly(None, deck, target, self.lay.small_h, self.lay.small_h, self.seconds(0.28),
                         on_land=lambda p=p: self._add_count(p, 1))
            flight.region = self.view.seat_region(p, self.counts[p] + 1)
            self.flights.append(flight)
        if self.deck_left % 2 == 0:
            play_sound("deal")
        self.hold = self.seconds(0.045)

    def _add_count(self, p: int, n: int) -> None:
        self.counts[p] += n

    def _deck_corner(self, h: float) -> tuple[float, float]:
        cx, cy = self.lay.deck_point()
        return (cx - h * 0.35, cy - h / 2)

    def _on_Declared(self, event: Declared) -> None:
        self.declarations.append(event.declaration)
        self.say(declaration_text(event.declaration, self.viewer), 2.0, theme.GOLD)
        play_sound("play")
        self.hand_view.group_of = self._group_function()
        self.hand_view.set_sort(self._sort_function())
        self.hold = self.seconds(0.9)
        self.app.phase_changed("declared")

    def _on_AfterDealWindow(self, event: AfterDealWindow) -> None:
        self.say(tr("declare.defenders_window"), 2.5)
        self.hold = self.seconds(1.0)

    def _on_Redealt(self, event: Redealt) -> None:
        self.say(tr("declare.none_redeal"), 2.5)
        self.hold = self.seconds(1.8)

    def _on_DealClosed(self, event: DealClosed) -> None:
        obs = self.driver.observation(self.bottom)
        self.ctx = obs.ctx
        self.dealer = event.dealer
        trump = suit_text(obs.ctx.trump_suit)
        if not event.declared:
            self.say(tr("declare.none_kitty", trump=trump), 2.5)
        else:
            self.say(about("kitty.pick_up", event.dealer, self.viewer), 2.0)
        p = self.pos(event.dealer)
        start = self._deck_corner(self.lay.small_h)
        self.centre_kitty = 0
        self.hand_view.group_of = self.ctx.suit_of
        if p == 0:
            self.hand_view.set_sort(self.ctx.sort_hand)
            self.hand_view.sync(obs.hand, start, mark_new=True)
        else:
            self.hand_view.set_sort(self.ctx.sort_hand)
            for i in range(event.kitty_size):
                self.flights.append(fly(None, start, self.view.back_slot(p, self.counts[p] + i),
                                        self.lay.small_h, self.lay.small_h, self.seconds(0.5),
                                        self.seconds(0.04 * i), on_land=lambda p=p: self._add_count(p, 1)))
        self.hold = self.seconds(1.2)
        self.app.phase_changed("kitty")

    def _on_Buried(self, event: Buried) -> None:
        p = self.pos(event.seat)
        end = self.view.kitty_slot()
        h = self.lay.tiny_h
        if p == 0:
            self.hand_view.unmark()
            removed = self.hand_view.sync(self.driver.observation(self.bottom).hand, end)
            starts = [(e.x, e.y - e.lift * self.lay.raise_by) for e in removed]
            h0 = self.lay.card_h
        else:
            self.counts[p] -= event.count
            starts = [self.view.back_slot(p, self.counts[p] + i) for i in range(event.count)]
            h0 = self.lay.small_h
        for i, start in enumerate(starts):
            self.flights.append(fly(None, start, end, h0, h, self.seconds(0.45), self.seconds(0.03 * i),
                                    on_land=lambda: setattr(self, "buried", self.buried + 1)))
        self.say(tr("kitty.buried"), 1.5)
        self.hold = self.seconds(0.5)
        self.app.phase_changed("playing")

    def _on_Played(self, event: Played) -> None:
        if self.lingering is not None:  # the finished trick stays until this lead
            self.sweep_trick()
        # The next seat's turn shows at once; after the fourth card nobody's, until the sweep.
        if self.turn is not None:
            self.touched.append(self.view.seat_region(self.pos(self.turn)))
        self.turn = (event.seat + 1) % 4
        self.touched.append(self.view.seat_region(self.pos(self.turn)))
        p = self.pos(event.seat)
        shown = list(event.attempted or event.cards)
        if not any(self.piles) and not self.flights:
            self.trick_number += 1
        targets = self.lay.row_positions(len(shown), self.lay.trick_center(p), self.lay.trick_h,
                                         self.lay.width * 0.3)
        if p == 0:
            removed = self.hand_view.sync(self.driver.observation(self.bottom).hand, targets[0])
            starts = [(e.x, e.y - e.lift * self.lay.raise_by) for e in removed]
            self.touched.append(self.view.hand_region())
            starts += [self.lay.seat_point(0)] * (len(shown) - len(starts))
            h0 = self.lay.card_h
            self.hand_view.clear_selection()
        else:
            self.touched.append(self.view.seat_region(p))  # the fan as it was, before it shrinks
            self.counts[p] -= len(event.cards)
            sx, sy = self.lay.seat_point(p)
            starts = [(sx - self.lay.small_h * 0.35, sy - self.lay.small_h / 2)] * len(shown)
            h0 = self.lay.small_h
        duration = self.seconds(0.3)
        self.touched.append(self.view.seat_region(p))
        region = self.view.pile_region(p, len(shown))
        for i, (card, start, end) in enumerate(zip(shown, starts, targets)):
            last = i == len(shown) - 1
            flight = fly(card, start, end, h0, self.lay.trick_h, duration, self.seconds(0.02 * i),
                         on_land=(lambda p=p, shown=shown: self._land_play(p, shown)) if last else None)
            flight.region = region
            self.flights.append(flight)
        play_sound("play")
        self.hold = duration + self.seconds(0.05)
        if event.attempted:
            text = about("throw.failed", event.seat, self.viewer, cards=cards_text(event.cards))
            if event.blocked_by is not None:
                by, with_ = event.blocked_by
                text += "  " + about("trick_table.blocked_by", by, self.viewer, cards=cards_text(with_))
            if event.penalty:
                text += "  " + tr("throw.penalty", penalty=abs(event.penalty))
            self.later(duration, lambda: self.say(text, 3.2, theme.RED))
            self.later(duration + self.seconds(0.6),
                       lambda p=p: self._dim_returned(p, list(event.attempted), list(event.cards)))
            self.later(duration + self.seconds(1.8), lambda p=p, c=list(event.cards): self._land_play(p, c))
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
        self.def_points = self.driver.observation(self.bottom).defender_points

    def _on_TrickWon(self, event: TrickWon) -> None:
        self.turn = None
        trick = event.trick
        winner = trick.winner
        wp = self.pos(winner)
        read = self.seconds(1.0)
        self.winning_pile = wp  # outlined while the trick is read
        linger = self.app.settings.trick_linger
        if linger > 0:  # the player's setting: a fixed time
            read = self.seconds(float(linger))
            self.later(read, lambda: self._sweep(wp, trick))
            self.hold = read + self.seconds(0.45)
        else:  # until the next lead (or a click), as the commercial tables do
            # The next leader waits long enough for the trick to be read; a click goes on at once.
            self.lingering = (wp, trick)
            self.hold = self.seconds(2.6)

    def sweep_trick(self) -> None:
        """Take a finished trick off the table now (the next lead, a click, the hand's end)."""
        if self.lingering is not None:
            wp, trick = self.lingering
            self.lingering = None
            self.changed = True
            self._sweep(wp, trick)

    def _sweep(self, wp: int, trick) -> None:
        self.winning_pile = None
        target = self.lay.seat_point(wp)
        h1 = self.lay.tiny_h
        end = (target[0] - h1 * 0.35, target[1] - h1 / 2)
        cards = []
        for p in range(4):
            positions = self.lay.row_positions(len(self.piles[p]), self.lay.trick_center(p), self.lay.trick_h,
                                               self.lay.width * 0.3)
            for card, start in zip(self.piles[p], positions):
                cards.append(card)
                self.flights.append(fly(card, start, end, self.lay.trick_h, h1, self.seconds(0.4), fade=True))
            self.piles[p] = []
            self.dimmed[p] = set()
        dealer_side = self.dealer is not None and trick.winner % 2 == self.dealer % 2
        if not dealer_side:
            self.point_cards += [c for c in cards if c.points]
        self._refresh_points()
        text = about("table.wins_trick", trick.winner, self.viewer)
        if trick.points and not dealer_side:  # the dealers' tricks score nothing
            text += "  " + tr("table.trick_points", points=trick.points)
        self.say(text, 1.4)
        play_sound("trick")

    def _on_HandSettled(self, event: HandSettled) -> None:
        self.sweep_trick()
        hand = self.driver.hand
        self.app.hands_done += 1
        self.driver.next_hand()
        summary = self.driver.match.history[-1]
        self.app.nav.hand_over(self, hand, summary)
        self.app.phase_changed("hand-end", delay=2.0 / self.speed)

    def _on_MatchOver(self, event: MatchOver) -> None:
        self.app.nav.match_over(self, self.viewer)
