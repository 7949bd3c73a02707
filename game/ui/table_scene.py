"""The card table: a match played through the driver, animated event by event.

The scene keeps its own *visual* state (cards in each seat's trick pile, the hand as
fanned, the defenders' point cards …), changed only by driver events and by animations
landing; ``draw`` reads that state and nothing else. The driver is advanced only when the
animations of the previous event are done, so the rules core can run ahead of nothing.
"""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame

from game.core import BURY, PLAY, Action, Card, TrumpContext
from game.driver import (AfterDealWindow, Buried, DealClosed, Dealt, Declared, HandSettled,
                         HandStarted, MatchOver, Played, Redealt, TableDriver, TrickWon)
from game.i18n import tr
from game.ui import theme
from game.ui.flights import Flight, fly
from game.ui.hand_view import HandView
from game.ui.layout import TableLayout
from game.ui.names import about, cards_text, declaration_text, refusal_words, seat_name, suit_text
from game.ui.scene import Scene
from game.ui.table_view import TableView
from game.ui.widgets import Button, layout_row, play_sound


class TableScene(Scene):
    """Four seats, the person's hand at the bottom, the trick in the middle."""

    def __init__(self, app, driver: TableDriver, viewer: int | None):
        super().__init__(app)
        self.driver = driver
        self.viewer = viewer  # the person's seat, None when bots play all four
        self.bottom = viewer if viewer is not None else 0
        self.rng = random.Random(driver.match.seed)
        self.lay = TableLayout(*app.size)
        self.hand_view = HandView()
        self.hand_view.layout = self.lay
        self.view = TableView(self)
        self.flights: list[Flight] = []
        self.timeline: list[list] = []  # [seconds left, callback]
        self.hold = 0.0
        self.pending = None  # a bot's event held back for a natural moment: [event, seconds]
        self.since_event = 0.0
        self.banner: tuple[str, float, tuple] | None = None
        self.error = ""
        self.controls: list[Button] = []
        self._controls_key = None
        self._check_cache: tuple | None = None
        self.menu_button = Button(lambda: tr("button.menu"), self.open_menu)
        self.reset_visuals()

    # ------------------------------------------------------------------ visual state

    def reset_visuals(self) -> None:
        hand = self.driver.hand
        # The hand on screen: the driver moves on to the next hand under the end-of-hand panel.
        self.shown_hand = hand
        self.counts = [0, 0, 0, 0]
        self.piles: list[list[Card]] = [[], [], [], []]
        self.dimmed: list[set[int]] = [set(), set(), set(), set()]  # a failed throw's returned cards
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
        self.counts = list(obs.hand_sizes)
        self.declarations = list(obs.declarations)
        self.ctx = obs.ctx
        self.dealer = obs.dealer
        self.deck_left = obs.cards_to_deal - obs.cards_dealt
        self.centre_kitty = hand.ruleset.kitty if obs.ctx is None else 0
        self.buried = hand.ruleset.kitty if obs.phase == "playing" else 0
        self.trick_number = len(obs.tricks)
        self.def_points = obs.defender_points
        for trick in obs.tricks:
            if obs.dealer is not None and trick.winner % 2 != obs.dealer % 2:
                self.point_cards += [c for _, cards in trick.plays for c in cards if c.points]
        if obs.current is not None:
            for seat, cards in obs.current.plays:
                self.piles[self.pos(seat)] = list(cards)
        self.hand_view.set_sort(self._sort_function())
        self.hand_view.sync(obs.hand, self.lay.seat_point(0))
        if obs.phase == "burying" and obs.kitty:
            # The dealer's picked-up kitty stays tinted until it is buried, as before the save.
            left = list(obs.kitty)
            for e in self.hand_view.entries:
                if e.card in left:
                    left.remove(e.card)
                    e.fresh = True
        self.hand_view.settle()

    def pos(self, seat: int) -> int:
        return (seat - self.bottom) % 4

    def seat_at(self, pos: int) -> int:
        return (pos + self.bottom) % 4

    def _provisional_sort(self, cards):
        return self._sort_function()(cards)

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
        return max(0.1, self.app.speed)

    def seconds(self, base: float) -> float:
        return base / self.speed

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        self.timeline.append([seconds, callback])

    def say(self, text: str, seconds: float = 2.0, colour=theme.INK) -> None:
        self.banner = (text, max(0.8, seconds), colour)

    @property
    def busy(self) -> bool:
        return bool(self.flights or self.timeline or self.hold > 0 or self.pending)

    # ------------------------------------------------------------------ scene contract

    def layout(self, size) -> None:
        self.lay = TableLayout(*size)
        self.hand_view.layout = self.lay
        self.hand_view.settle()
        self._controls_key = None

    def phase_name(self) -> str:
        return "table-" + self.driver.hand.phase

    def handle_event(self, e: pygame.event.Event) -> None:
        if self.menu_button.handle_event(e):
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

    def update(self, dt: float) -> None:
        self.hand_view.update(dt)
        for flight in list(self.flights):
            flight.update(dt)
        self.flights = [f for f in self.flights if not f.landed]
        for item in list(self.timeline):
            item[0] -= dt
            if item[0] <= 0:
                self.timeline.remove(item)
                item[1]()
        if self.banner is not None:
            text, left, colour = self.banner
            self.banner = (text, left - dt, colour) if left - dt > 0 else None
        self.hold = max(0.0, self.hold - dt)
        self.since_event += dt
        if self.pending is not None:
            self.pending[1] -= dt
            if self.pending[1] <= 0:
                event, self.pending = self.pending[0], None
                self.on_event(event)
        self.driver.add_time(dt)
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
        if not self.busy:
            self.turn = self.driver.hand.to_act()
        self._update_controls()

    def _is_bot_move(self, event) -> bool:
        seat = getattr(event, "seat", None)
        return isinstance(event, (Played, Buried)) and not self.driver.controllers[seat].human

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)

    # ------------------------------------------------------------------ events

    def on_event(self, event) -> None:
        self.since_event = 0.0
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
        if p == 0:
            self.hand_view.sync(self.driver.observation(self.bottom).hand, deck)
        else:
            target = self.view.back_slot(p, self.counts[p])
            self.flights.append(fly(None, deck, target, self.lay.small_h, self.lay.small_h,
                                    self.seconds(0.28), on_land=lambda p=p: self._add_count(p, 1)))
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
        p = self.pos(event.seat)
        shown = list(event.attempted or event.cards)
        if not any(self.piles) and not self.flights:
            self.trick_number += 1
        targets = self.lay.row_positions(len(shown), self.lay.trick_center(p), self.lay.trick_h,
                                         self.lay.width * 0.3)
        if p == 0:
            removed = self.hand_view.sync(self.driver.observation(self.bottom).hand, targets[0])
            starts = [(e.x, e.y - e.lift * self.lay.raise_by) for e in removed]
            starts += [self.lay.seat_point(0)] * (len(shown) - len(starts))
            h0 = self.lay.card_h
            self.hand_view.clear_selection()
        else:
            self.counts[p] -= len(event.cards)
            sx, sy = self.lay.seat_point(p)
            starts = [(sx - self.lay.small_h * 0.35, sy - self.lay.small_h / 2)] * len(shown)
            h0 = self.lay.small_h
        duration = self.seconds(0.3)
        for i, (card, start, end) in enumerate(zip(shown, starts, targets)):
            last = i == len(shown) - 1
            self.flights.append(fly(card, start, end, h0, self.lay.trick_h, duration, self.seconds(0.02 * i),
                                    on_land=(lambda p=p, shown=shown: self._land_play(p, shown)) if last else None))
        play_sound("play")
        self.hold = duration + self.seconds(0.05)
        if event.attempted:
            text = about("throw.failed", event.seat, self.viewer, cards=cards_text(event.cards))
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
        trick = event.trick
        winner = trick.winner
        wp = self.pos(winner)
        read = self.seconds(1.0)
        self.later(read, lambda: self._sweep(wp, trick))
        self.hold = read + self.seconds(0.45)

    def _sweep(self, wp: int, trick) -> None:
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
        if trick.points:
            text += "  " + tr("table.trick_points", points=trick.points)
        self.say(text, 1.4)
        play_sound("trick")

    def _on_HandSettled(self, event: HandSettled) -> None:
        from game.ui.results import HandEndScene
        hand = self.driver.hand
        self.app.hands_done += 1
        self.driver.next_hand()
        summary = self.driver.match.history[-1]
        self.app.push(HandEndScene(self.app, self, hand, summary))
        self.app.phase_changed("hand-end", delay=2.0 / self.speed)

    def _on_MatchOver(self, event: MatchOver) -> None:
        from game.ui.results import MatchEndScene
        self.app.storage.delete_save()
        self.app.replace(MatchEndScene(self.app, self.driver.match, self.viewer))

    # ------------------------------------------------------------------ the person's controls

    def _update_controls(self) -> None:
        wait = None if self.busy else self.driver.waiting()
        mine = wait is not None and self.viewer is not None and wait.seat == self.viewer
        dealing = self.viewer is not None and self.driver.hand.phase in ("dealing", "after_deal")
        options = self.driver.declaration_options(self.viewer) if dealing else []
        key = (wait.kind if mine else None, tuple(map(tuple, options)), self.lay.width, self.lay.height)
        self.hand_view.interactive = mine and wait.kind in ("bury", "play")
        if key == self._controls_key:
            return
        self._controls_key = key
        controls: list[Button] = []
        for option in options:
            controls.append(Button(tr("declare.button", cards=cards_text(option)),
                                   lambda o=option: self._declare(o), primary=True))
        if mine and wait.kind == "declare":
            controls.append(Button(lambda: tr("button.pass"), self._pass))
        elif mine and wait.kind == "bury":
            controls.append(Button(lambda: tr("button.bury"), self._bury, self._can_bury, primary=True))
        elif mine and wait.kind == "play":
            controls.append(Button(lambda: tr("button.play"), self._play, self._can_play, primary=True))
        lay = self.lay
        layout_row(controls, lay.width / 2, lay.buttons_y(), lay.button_h, lay.font, round(12 * lay.scale))
        self.controls = controls

    def _declare(self, cards) -> None:
        refusal = self.driver.declare(self.viewer, cards)
        if refusal is not None:
            self.error = refusal_words(refusal)
        self._controls_key = None

    def _pass(self) -> None:
        self.driver.pass_declaration(self.viewer)
        self._controls_key = None

    def _can_bury(self) -> bool:
        return len(self.hand_view.selected) == self.driver.hand.ruleset.kitty

    def _bury(self) -> None:
        refusal = self.driver.submit(Action(BURY, self.viewer, tuple(self.hand_view.selected)))
        self.error = refusal_words(refusal) if refusal else ""

    def play_check(self):
        """The core's verdict on the raised cards (cached per selection)."""
        selected = tuple(self.hand_view.selected)
        if self._check_cache is None or self._check_cache[0] != (selected, len(self.driver.hand.log)):
            refusal = self.driver.hand.check(Action(PLAY, self.viewer, selected))
            self._check_cache = ((selected, len(self.driver.hand.log)), refusal)
        return self._check_cache[1]

    def _can_play(self) -> bool:
        return bool(self.hand_view.selected) and self.play_check() is None

    def _play(self) -> None:
        refusal = self.driver.submit(Action(PLAY, self.viewer, tuple(self.hand_view.selected)))
        if refusal is not None:
            self.error = refusal_words(refusal)
            play_sound("error")
        else:
            self.error = ""

    def prompt(self) -> tuple[str, tuple]:
        """The line above the hand: whose turn, what to choose, or why not."""
        if self.error:
            return self.error, theme.RED
        wait = None if self.busy else self.driver.waiting()
        if wait is not None and self.viewer is not None and wait.seat == self.viewer:
            if wait.kind == "declare":
                return tr("declare.prompt_end"), theme.INK
            if wait.kind == "bury":
                n = self.driver.hand.ruleset.kitty
                return tr("table.bury_progress", n=n, k=len(self.hand_view.selected)), theme.INK
            if wait.kind == "play":
                selected = self.hand_view.selected
                current = self.driver.hand.current_trick
                need = tr("table.select_one_card") if current is not None and len(current.lead) == 1 \
                    else tr("table.select_n_cards", n=len(current.lead)) if current is not None else ""
                if not selected:
                    if current is None:
                        return tr("table.your_turn_lead"), theme.GOLD
                    return need, theme.GOLD
                refusal = self.play_check()
                if refusal is None:
                    return tr("table.ready_to_play", cards=cards_text(selected)), theme.INK
                if refusal.code == "follow.count" and len(selected) < len(current.lead):
                    return need, theme.INK
                return refusal_words(refusal), theme.RED
        if self.turn is not None and self.driver.hand.phase in ("burying", "playing"):
            if self.turn != self.viewer:
                key = "kitty.burying" if self.driver.hand.phase == "burying" else "table.waiting_for"
                return tr(key, player=seat_name(self.turn, self.viewer)), theme.INK_DIM
        return "", theme.INK

    def open_menu(self) -> None:
        from game.ui.menus import LeaveDialog
        if self.app.options.autoplay and self.app.monkey_left <= 0:
            self.app.quit(0)
            return
        self.app.push(LeaveDialog(self.app, self))
