"""The card table: a match played through the driver, animated event by event.

The scene keeps its own *visual* state (cards in each seat's trick pile, the hand as
fanned, the defenders' point cards …), changed only by driver events and by animations
landing; ``draw`` reads that state and nothing else. The driver is advanced only when the
animations of the previous event are done, so the rules core can run ahead of nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
import math
import random

import pygame

from game.core import BURYING, PLAYING, Card, TrumpContext, make_deck
from game.i18n import tr
from game.session import Driver, SessionError
from game.table import Buried, Played
from game.ui import theme
from game.ui.cardview import back_image, card_image
from game.ui.flights import Flight
from game.ui.hand_view import HandView
from game.ui.layout import TableLayout
from game.ui.scene import Scene
from game.ui.table_controls import PersonControls
from game.ui.table_events import TableEvents
from game.ui.table_view import TableView
from game.ui.widgets import Button


class TableScene(TableEvents, Scene):
    """Four seats, the person's hand at the bottom, the trick in the middle.

    It is the ``TableHost`` of its controls: the plain table is never locked, its refusals
    give no rule section, and it adds no buttons and nothing to the bar."""

    locked = False
    why_not = False

    def __init__(self, app, driver: Driver, viewer: int | None):
        super().__init__(app)
        self.driver = driver
        self.viewer = viewer  # the person's seat, None when bots play all four
        self.bottom = viewer if viewer is not None else 0
        self.rng = random.Random(driver.match.seed)
        self.lay = TableLayout(*app.size, app.settings.card_scale)
        self.hand_view = HandView()
        self.hand_view.layout = self.lay
        self.view = TableView(self)
        self.flights: list[Flight] = []
        self.timeline: list[list] = []  # [seconds left, callback]
        self.hold = 0.0
        self.pending = None  # a bot's event held back for a natural moment: [event, seconds]
        self.since_event = 0.0
        self.banner: tuple[str, float, tuple] | None = None
        self._error: tuple[str, tuple] = ("", ())
        self.person = PersonControls(self)
        self.menu_button = Button(lambda: tr("button.menu"), self.open_menu)
        self.rules_button = Button(lambda: tr("menu.rules"), self.open_rules)
        self.changed = True
        self.minutes_left: int | None = None
        self.moved: list[pygame.Rect] = []
        self.touched: list[pygame.Rect] = []  # areas changed by events (a partial update)
        self.banner_shown = 0.0
        self._warm: list = []
        self.reset_visuals()

    # ------------------------------------------------------------------ the refusal line

    def _moment(self) -> tuple:
        """What a refusal answers: this hand, its phase, the bidding and every move but the
        cards dealt. When any of them changes (a valid declaration, the bury, a play, a new
        hand) the refusal has had its moment and is no longer shown."""
        hand = self.driver.hand
        return id(hand), hand.phase, len(hand.bidding.shown), len(hand.log) - hand.dealt

    @property
    def error(self) -> str:
        """The refusal shown above the hand, while its moment lasts ("" for none)."""
        text, moment = self._error
        if text and moment != self._moment():
            self._error = ("", ())
            self.changed = True
            return ""
        return text

    @error.setter
    def error(self, text: str) -> None:
        self._error = (text, self._moment() if text else ())

    # ------------------------------------------------------------------ visual state

    def reset_visuals(self) -> None:
        """Clear the table for a new hand."""
        hand = self.driver.hand
        # The hand on screen: the driver moves on to the next hand under the end-of-hand panel.
        self.shown_hand = hand
        self.counts = [0, 0, 0, 0]
        self.piles: list[list[Card]] = [[], [], [], []]
        self.dimmed: list[set[int]] = [set(), set(), set(), set()]  # a failed throw's returned cards
        self.winning_pile: int | None = None
        self.lingering: tuple | None = None  # (pile, trick): a finished trick left on the table
        self.declarations = []
        self.ctx: TrumpContext | None = None
        self.dealer = hand.dealer
        self.point_cards: list[Card] = []
        self.def_points = 0
        self.deck_left = hand.to_deal - hand.dealt
        self.centre_kitty = hand.ruleset.kitty
        self.buried = 0
        self.hand_number = self.driver.match.hands_played + 1
        self.trick_number = 0
        self.turn: int | None = None
        self.hand_view.entries.clear()
        self.hand_view.set_sort(self._provisional_sort)
        self.error = ""

    def catch_up(self) -> None:
        """Show a restored hand as it stands (Continue), without replaying its animations."""
        hand = self.shown_hand = self.driver.hand
        obs = self.driver.observation(self.bottom)
        self.counts = [obs.hand_sizes[self.seat_at(p)] for p in range(4)]  # by screen position
        self.declarations = list(obs.declarations)
        self.ctx = obs.ctx
        self.dealer = obs.dealer
        self.deck_left = obs.cards_to_deal - obs.cards_dealt
        self.centre_kitty = hand.ruleset.kitty if obs.ctx is None else 0
        self.buried = hand.ruleset.kitty if obs.phase == PLAYING else 0
        self.trick_number = len(obs.tricks)
        self.def_points = obs.defender_points
        for trick in obs.tricks:
            if obs.dealer is not None and trick.winner % 2 != obs.dealer % 2:
                self.point_cards += [c for _, cards in trick.plays for c in cards if c.points]
        if obs.current is not None:
            for seat, cards in obs.current.plays:
                self.piles[self.pos(seat)] = list(cards)
        self.hand_view.group_of = self._group_function()
        self.hand_view.set_sort(self._sort_function())
        self.hand_view.sync(obs.hand, self.lay.seat_point(0))
        if obs.phase == BURYING and obs.kitty:
            # The dealer's picked-up kitty stays tinted until it is buried, as before the save.
            left = list(obs.kitty)
            for e in self.hand_view.entries:
                if e.card in left:
                    left.remove(e.card)
                    e.fresh = True
        self.hand_view.settle()

    def pos(self, seat: int) -> int:
        """The screen position (0 bottom … 3 left) of ``seat``."""
        return (seat - self.bottom) % 4

    def seat_at(self, pos: int) -> int:
        """The seat at screen position ``pos``."""
        return (pos + self.bottom) % 4

    def _provisional_sort(self, cards):
        self.hand_view.group_of = self._group_function()
        return self._sort_function()(cards)

    def _group_function(self) -> Callable | None:
        """A card's suit group in the hand's order (trumps, then each side suit): the gaps
        between them in the fanned hand."""
        sort = self._sort_function()
        ctx = getattr(sort, "__self__", None)  # the bound sort_hand of a TrumpContext
        return ctx.suit_of if isinstance(ctx, TrumpContext) else None

    def _sort_function(self) -> Callable:
        if self.ctx is not None:
            return self.ctx.sort_hand
        hand = self.driver.hand
        rank = hand.bidding.rank if hand.dealer is not None or hand.setup.first_hand else None
        trump = self.declarations[-1].trump if self.declarations else None
        if rank is None:
            return sorted
        # Before the trump is settled: group by the declared (or no) trump so far.
        return TrumpContext(rank, trump).sort_hand

    @property
    def speed(self) -> float:
        """The animation speed factor."""
        return max(0.1, self.app.speed)

    def seconds(self, base: float) -> float:
        """``base`` seconds at the current speed."""
        return base / self.speed

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        """Call ``callback`` after ``seconds`` (the driver waits for it)."""
        self.timeline.append([seconds, callback])

    def say(self, text: str, seconds: float = 2.0, colour=theme.INK) -> None:
        """Show a banner for a while."""
        self.banner = (text, max(0.8, seconds), colour)
        self.changed = True

    @property
    def busy(self) -> bool:
        """Is an animation or a pause still running?"""
        return bool(self.flights or self.timeline or self.hold > 0 or self.pending)

    # ------------------------------------------------------------------ scene contract

    def layout(self, size) -> None:
        self.changed = True
        self.lay = TableLayout(*size, self.app.settings.card_scale)
        self.hand_view.layout = self.lay
        self.hand_view.settle()
        self.person.key = None
        self._warm = self._warm_list()
        s = self.lay.scale
        for i, button in enumerate((self.menu_button, self.rules_button)):
            button.rect = pygame.Rect(self.lay.width - round((110 + 110 * i) * s), round(5 * s), round(100 * s),
                                      self.lay.bar_h - round(10 * s))
            button.font_size = self.lay.font_small

    def _warm_list(self) -> list:
        """Card images this layout needs, drawn a few per frame ahead of use, so the first
        deal does not stall on drawing faces."""
        lay, colour = self.lay, self.app.settings.card_back
        faces = make_deck(1)
        work = [(back_image, (h, colour)) for h in (lay.small_h, lay.tiny_h)]
        work += [(card_image, (c, lay.card_h)) for c in faces]
        work += [(card_image, (c, h)) for h in (lay.trick_h, lay.tiny_h) for c in faces]
        work += [(card_image, (c, lay.card_h, v)) for v in ("selected", "highlight") for c in faces]
        work.reverse()
        return work

    def phase_name(self) -> str:
        return "table-" + self.driver.hand.phase

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.menu_button.handle_event(e) or self.rules_button.handle_event(e):
            return
        if e.type == pygame.KEYDOWN and e.key == pygame.K_ESCAPE:
            self.open_menu()
            return
        for button in list(self.controls):
            if button.handle_event(e):
                return
        if e.type == pygame.KEYDOWN and e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            for button in self.controls:
                if button.primary and button.enabled:
                    button.on_click()
                    return
        if self.hand_view.handle_event(e):
            self.error = ""
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.lingering is not None:
            self.sweep_trick()  # a click clears the finished trick, and the play goes on
            self.hold = min(self.hold, self.seconds(0.45))

    def update(self, dt: float) -> None:
        for _ in range(3):
            if self._warm:
                function, args = self._warm.pop()
                function(*args)
        self.hand_view.update(dt)
        # What moves this frame, for a partial screen update; anything else that changes
        # (a card landing, a callback, a banner appearing or going) redraws everything.
        moved = [r for r in (f.rect() for f in self.flights) if r is not None]
        for flight in list(self.flights):
            flight.update(dt)
            if flight.landed:
                if flight.region is None:
                    self.changed = True
                else:
                    self.touched.append(flight.region)
            elif (r := flight.rect()) is not None:
                moved.append(r)
        self.flights = [f for f in self.flights if not f.landed]
        for item in list(self.timeline):
            item[0] -= dt
            if item[0] <= 0:
                self.timeline.remove(item)
                item[1]()
                self.changed = True
        if self.banner is not None:
            text, left, colour = self.banner
            self.banner = (text, left - dt, colour) if left - dt > 0 else None
            if self.banner is None or left > self.banner_shown:
                self.changed = True
            elif left - dt < 0.3:
                moved.append(self.view.banner_rect())
            self.banner_shown = left - dt
        self.moved = moved
        self.hold = max(0.0, self.hold - dt)
        self.since_event += dt
        if self.pending is not None:
            self.pending[1] -= dt
            if self.pending[1] <= 0:
                event, self.pending = self.pending[0], None
                self.on_event(event)
        self.driver.add_time(dt)
        minutes = self._minutes_left()
        if minutes != self.minutes_left:
            self.minutes_left, self.changed = minutes, True
        for _ in range(64):
            if self.busy or self.app.top is not self:
                break
            event = self.driver.advance()
            if event is None:
                break
            if self._is_bot_move(event):
                think = self.seconds(self.rng.uniform(0.35, 0.8))
                if self.since_event < think:
                    self.pending = [event, think - self.since_event]
                    break
            self.on_event(event)
        if not self.busy and self.turn != self.driver.hand.to_act():
            for seat in (self.turn, self.driver.hand.to_act()):
                if seat is not None:
                    self.touched.append(self.view.seat_region(self.pos(seat)))
            self.touched.append(self.view.prompt_region())
            self.turn = self.driver.hand.to_act()
        self.person.update()

    # ------------------------------------------------------------------ TableHost: what the modes change

    def controls_key(self) -> Hashable:
        return None

    def extra_controls(self, wait, controls: list[Button], dealing: bool) -> list[Button]:
        return controls

    def bar_parts(self) -> list[str]:
        return []

    @property
    def controls(self) -> list[Button]:
        """The person's buttons now (declare, pass, bury or play)."""
        return self.person.buttons

    def prompt(self) -> tuple[str, tuple]:
        """The line above the hand."""
        return self.person.prompt()

    def _minutes_left(self) -> int | None:
        match = self.driver.match
        if match.ruleset.match_length != "minutes" or match.length is None:
            return None
        return max(0, math.ceil((match.length * 60 - match.elapsed) / 60))

    def _is_bot_move(self, event) -> bool:
        seat = getattr(event, "seat", None)
        return isinstance(event, (Played, Buried)) and not self.driver.controllers[seat].human

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    def animating(self) -> bool:
        # Pauses (a hold, a bot thinking, a timeline waiting) change nothing on screen.
        fading = self.banner is not None and self.banner[1] < 0.35
        return (self.changed or bool(self.flights) or fading or self.hand_view.moving
                or bool(self.touched))

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """The screen areas the last frame changed, or None for the whole window."""
        changed, self.changed = self.changed, False
        if changed:
            return None
        rects = list(self.moved) + self.touched
        self.touched = []
        rects += self.hand_view.dirty
        if self.hand_view.dirty and self.hand_view.interactive and self.hand_view.focus is not None:
            rects.append(self.view.focus_region())
        return rects

    def closing(self) -> None:
        if not self.app.options.autoplay and not self.driver.match.over:
            try:
                self.app.session.autosave(self.driver.save_data())
            except SessionError as e:
                self.app.message = str(e)  # the game goes on; the start screen says so

    def clock_tick(self) -> Callable[[float], None] | None:
        """What keeps the table's clocks running under another screen (none here)."""
        return None

    def open_rules(self) -> None:
        """The rules of this match's ruleset; the table waits underneath."""
        self.app.nav.rules(self.driver.match.ruleset.id)

    def open_menu(self) -> None:
        """Ask before leaving the table (the match is saved)."""
        if self.app.options.autoplay and self.app.monkey_left <= 0:
            self.app.quit(0)
            return
        self.app.nav.ask_leave(self)
