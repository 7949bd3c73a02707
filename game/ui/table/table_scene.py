"""The card table: a match played through the driver, one scene made of parts.

* the **animator** (``TableAnimator``) shows each driver event and keeps what the table
  shows (the visual state);
* the **person's controls** (``PersonControls``) ask the driver what the person may do;
* each **mode** is a part (``game.ui.table.table_modes``): hot-seat privacy, the practice aids,
  the tournament clocks; and take-over and obvious moves (``game.ui.table.table_auto``), the
  held peek at the last trick (``game.ui.table.table_peek``).

The scene advances the driver when the animations of the previous event are done, and
``draw`` only reads: every change happens in ``update`` and in the input handlers.
"""

from __future__ import annotations

from collections.abc import Callable
import math
import random
from typing import Any

import pygame

from game.app.session import Driver, SessionError
from game.core import BURYING, PLAYING, derive, make_deck
from game.i18n import tr
from game.table import Buried, Event, HandSettled, HandStarted, MatchOver, Played
from game.ui.kit import theme
from game.ui.kit.cardview import back_image, card_image
from game.ui.kit.hand_view import HandView
from game.ui.kit.layout import TableLayout
from game.ui.kit.names import TableNames, level_name, seat_name, team_name
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.table.table_animator import TableAnimator
from game.ui.table.table_auto import ObviousMoves, TakeOver
from game.ui.table.table_controls import PersonControls, Prompt
from game.ui.table.table_modes import HotSeatPrivacy, PracticeAids, TableMode, TournamentClock, draw_note
from game.ui.table.table_peek import LastTrickPeek
from game.ui.table.table_view import THINKING_STEPS, TableView

BOT_BEAT = (0.45, 0.75)
"""Seconds from the previous event to a bot's move at the normal speed: a bot that answered
at once still waits this readable beat (drawn from the table's own stream)."""


class TableScene(Scene):
    """Four seats, the person's hand at the bottom, the trick in the middle."""

    def __init__(self, app: Any, driver: Driver, viewer: int | None, notices: list[str] | None = None):
        super().__init__(app)
        self.driver = driver
        # The end-of-hand panel is shown from the settlement's event: the driver deals on by itself.
        driver.moves_on = True
        self.viewer = viewer  # the person's seat, None when bots play all four
        self.bottom = viewer if viewer is not None else 0
        # This table's names: every part of it, and every panel over it, reads them from here.
        self.names = TableNames.typed(driver.settings.names, absolute=driver.hotseat)
        # The bots' pauses: their own stream, so their lengths tell nothing of the deals.
        self.rng = random.Random(derive(driver.match.seed, "table-pauses"))
        width, height = app.size
        self.lay = TableLayout(width, height, app.settings.card_scale)
        self.hand_view = HandView()
        self.hand_view.layout = self.lay
        self.hand_view.back_colour = app.settings.card_back
        self.view = TableView(self)
        self.changed = True
        self.moved: list[pygame.Rect] = []
        self.touched: list[pygame.Rect] = []  # areas changed by events (a partial update)
        self.turn: int | None = None
        self.thinking: list[Any] | None = None  # [seat, seconds]: a bot's move awaited (its plate shows it)
        self.minutes_left: int | None = None
        self.notice: list[Any] | None = None  # [text, seconds left]: a clock ran out, a program failed
        self.messages = list(notices or [])  # an outside program that could not start
        self._error: tuple[str, tuple[Any, ...]] = ("", ())
        self._warm: list[Any] = []
        self.privacy = HotSeatPrivacy(self) if driver.hotseat else None
        self.practice = PracticeAids(self)
        self.clocks = TournamentClock(self) if driver.aids.clocks else None
        self.modes: list[TableMode] = [m for m in (self.privacy, self.practice, self.clocks) if m is not None]
        self.anim = TableAnimator(self)
        self.person = PersonControls(self)
        self.menu_button = Button(lambda: tr("button.menu"), self.open_menu)
        self.rules_button = Button(lambda: tr("menu.rules"), self.open_rules)
        # The computer playing for a person (托管, obvious moves), a peek at the last trick.
        self.auto = TakeOver(self)
        self.peek = LastTrickPeek(self)
        self.modes += [self.auto, ObviousMoves(self), self.peek]

    # ------------------------------------------------------------------ what the parts read

    @property
    def locked(self) -> bool:
        """Every hand face down between two people's turns (hot-seat): nobody may act."""
        return self.privacy is not None and self.privacy.locked

    @property
    def busy(self) -> bool:
        """Is an animation or a pause still running?"""
        return self.anim.busy

    @property
    def controls(self) -> list[Button]:
        """The person's buttons now (declare, pass, bury or play)."""
        return self.person.buttons

    @property
    def tools(self) -> list[Button]:
        """The practice aids' buttons."""
        return self.practice.tools

    @property
    def error(self) -> str:
        """The refusal shown above the hand, while its moment lasts ("" for none)."""
        text, moment = self._error
        return text if text and moment == self.driver.moment else ""

    @error.setter
    def error(self, text: str) -> None:
        self._error = (text, self.driver.moment if text else ())

    @property
    def speed(self) -> float:
        """The animation speed factor."""
        return max(0.1, float(self.app.speed))

    def pos(self, seat: int) -> int:
        """The screen position (0 bottom … 3 left) of ``seat``."""
        return (seat - self.bottom) % 4

    def seat_at(self, pos: int) -> int:
        """The seat at screen position ``pos``."""
        return (pos + self.bottom) % 4

    def prompt(self) -> Prompt:
        """The line above the hand."""
        return self.person.prompt()

    def notify(self, text: str, seconds: float) -> None:
        """A note above the prompt for a while (a clock ran out, a program failed, a save)."""
        self.notice = [text, seconds]
        self.changed = True

    def bar_parts(self) -> list[str]:
        """More for the top bar: hand n of N, the match score, the tie's lot."""
        match = self.driver.match
        if self.driver.settings.deal_only:
            return [tr("practice.deal_replay")]
        parts = []
        if match.length is not None and match.ruleset.match_length == "hands":
            parts.append(tr("modes.hands_of", n=match.length))
        if match.ruleset.match_score == "levels-gained":
            hotseat = self.privacy is not None
            us = 0 if self.viewer is None or hotseat else self.viewer % 2
            parts.append(
                tr(
                    "modes.score",
                    us=team_name(us, None if hotseat else self.viewer, self.names),
                    a=match.gained[us],
                    b=match.gained[1 - us],
                )
            )
        duplicate = self.driver.settings.extra.get("duplicate")
        if duplicate:  # the person's deals are played again by a bot: the bar says so all match
            parts.append(tr("duplicate.bar", level=level_name(str(duplicate))))
        if match.lot_dealer is not None and match.time_up and not match.over:
            parts.append(tr("tie_lot.header", player=seat_name(match.lot_dealer, self.names_viewer(), self.names)))
        return parts

    def names_viewer(self) -> int | None:
        """Whose point of view names the seats (nobody's at a hot-seat table)."""
        return None if self.privacy is not None else self.viewer

    # ------------------------------------------------------------------ changes outside the events

    def catch_up(self) -> None:
        """Show a restored hand as it stands (Continue), without replaying its animations."""
        self.anim.catch_up()

    def rebuild_visuals(self) -> None:
        """Show the hand as it stands, from the bottom seat (after a turn of the table or an undo)."""
        number = self.anim.hand_number
        self.anim.reset()
        self.anim.catch_up()
        self.anim.hand_number = number
        self.error = ""
        self.person.key = None
        self.turn = None
        self.changed = True

    def unlock(self, seat: int) -> None:
        """The person at ``seat`` sits down (the privacy screen): his hand face up."""
        if self.privacy is not None:
            self.privacy.unlock(seat)

    # ------------------------------------------------------------------ scene contract

    def layout(self, size: tuple[int, int]) -> None:
        self.changed = True
        self.lay = TableLayout(*size, self.app.settings.card_scale)
        self.hand_view.layout = self.lay
        self.hand_view.settle()
        self.person.key = None
        self._warm = self._warm_list()
        s = self.lay.scale
        for i, button in enumerate((self.menu_button, self.rules_button)):
            button.rect = pygame.Rect(
                self.lay.width - round((110 + 110 * i) * s),
                round(5 * s),
                round(100 * s),
                self.lay.bar_h - round(10 * s),
            )
            button.font_size = self.lay.font_small
        for mode in self.modes:
            mode.layout()

    def _warm_list(self) -> list[Any]:
        """Card images this layout needs, drawn a few per frame ahead of use, so the first
        deal does not stall on drawing faces."""
        lay, colour = self.lay, self.app.settings.card_back
        faces = make_deck(1)
        work: list[Any] = [(back_image, (h, colour)) for h in (lay.small_h, lay.tiny_h)]
        work += [(card_image, (c, lay.card_h)) for c in faces]
        work += [(card_image, (c, h)) for h in (lay.trick_h, lay.tiny_h) for c in faces]
        work += [(card_image, (c, lay.card_h, v)) for v in ("selected", "highlight") for c in faces]
        work.reverse()
        return work

    def phase_name(self) -> str:
        return "table-" + self.driver.phase

    def handle_event(self, e: pygame.event.Event) -> None:
        if any(mode.handle_event(e) for mode in self.modes):
            return
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
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1 and self.anim.lingering is not None:
            self.anim.sweep_trick()  # a click clears the finished trick, and the play goes on
            self.anim.hold = min(self.anim.hold, self.anim.seconds(0.45))

    def update(self, dt: float) -> None:
        self._warm_up()
        self._take_messages()
        self.hand_view.update(dt)
        self.moved = self.anim.update(dt)
        self.tick_clocks(dt)
        self.driver.think_ahead()  # the search runs while the previous cards fly
        self._show_events()
        self._expire(dt)
        self._mark_turn()
        self._track_thinking(dt)
        self.person.update()
        for mode in self.modes:
            mode.update(dt)
        if self.hand_view.hidden:
            self.hand_view.interactive = False

    def _warm_up(self) -> None:
        for _ in range(3):
            if self._warm:
                function, args = self._warm.pop()
                function(*args)

    def _take_messages(self) -> None:
        notices = getattr(self.app, "table_notices", None)
        if notices:  # a save that failed (or works again): said at the table
            self.messages += notices
            notices.clear()
        if self.messages and self.notice is None:
            self.notify(self.messages.pop(0), 8.0)  # an outside program that could not start

    def tick_clocks(self, dt: float) -> None:
        """Time passes: the match's clock and, in a tournament, the turn clocks (they run on
        under an overlay: the privacy screen, the last trick, the rules)."""
        if self.clocks is not None:
            self.clocks.tick(dt)
        else:
            self.driver.tick(dt, shown=not self.busy)

    def _show_events(self) -> None:
        """Show the driver's next events while nothing is animating."""
        held = self.anim.held_back()
        if held is not None:
            self.on_event(held)
        for _ in range(64):
            if self.busy or self.app.top is not self:
                break
            event = self.driver.advance()
            if event is None:
                break
            if self._is_bot_move(event):
                think = self.anim.seconds(self.rng.uniform(*BOT_BEAT))
                if self.anim.since_event < think:
                    self.anim.pending = [event, think - self.anim.since_event]
                    break
            self.on_event(event)

    def _expire(self, dt: float) -> None:
        """What is shown for a while: a refusal (its moment), a note, the minutes left."""
        if self._error[0] and self._error[1] != self.driver.moment:
            self._error = ("", ())
            self.changed = True
        if self.notice is not None:
            self.notice[1] -= dt
            if self.notice[1] <= 0:
                self.notice, self.changed = None, True
        minutes = self._minutes_left()
        if minutes != self.minutes_left:
            self.minutes_left, self.changed = minutes, True

    def _mark_turn(self) -> None:
        """The seat whose turn it is shows it once the table stands still."""
        to_act = self.driver.to_act
        if not self.busy and self.turn != to_act:
            for seat in (self.turn, to_act):
                if seat is not None:
                    self.touched.append(self.view.seat_region(self.pos(seat)))
            self.touched.append(self.view.prompt_region())
            self.turn = to_act

    def thinking_budget(self, seat: int) -> float | None:
        """The seconds ``seat``'s bot may think per move (the searching levels), else None."""
        ms = getattr(self.driver.controllers[seat].bot, "think_ms", None)
        return ms / 1000.0 if isinstance(ms, int | float) and ms > 0 else None

    def _track_thinking(self, dt: float) -> None:
        """The bot whose move the table shows it waits for: its turn is marked and its move
        not shown yet (searching in the worker, or its answer held for the beat)."""
        seat = self.turn
        awaited = (
            seat is not None
            and self.anim.obs.phase in (BURYING, PLAYING)
            and self.anim.settled is None
            and not self.driver.controllers[seat].human
            and not self.driver.match.over
        )
        if not awaited:
            if self.thinking is not None:
                self.touched.append(self.view.seat_region(self.pos(self.thinking[0])))
                self.thinking = None
            return
        assert seat is not None
        if self.thinking is None or self.thinking[0] != seat:
            if self.thinking is not None:
                self.touched.append(self.view.seat_region(self.pos(self.thinking[0])))
            self.thinking = [seat, 0.0]
            self.touched.append(self.view.thinking_region(self.pos(seat)))
            return
        before = self.thinking[1]
        self.thinking[1] += dt
        if int(before * THINKING_STEPS) != int(self.thinking[1] * THINKING_STEPS):
            self.touched.append(self.view.thinking_region(self.pos(seat)))

    def on_event(self, event: Event) -> None:
        """Show one driver event: the animator, then each part, then where the screen goes."""
        self.anim.show(event)
        for mode in self.modes:
            mode.on_event(event)
        match event:
            case HandStarted():
                self._announce_extra_hand()
            case HandSettled():
                self.app.hands_done += 1
                if event.hand is not None and event.summary is not None:
                    self.app.nav.hand_over(self, event.hand, event.summary)
                self.app.phase_changed("hand-end", delay=2.0 / self.speed)
            case MatchOver():
                # Several people at the screen: the winners are named, nobody is "you".
                self.app.nav.match_over(self, self.names_viewer())

    def _announce_extra_hand(self) -> None:
        match = self.driver.match
        extra = match.time_up or (
            match.ruleset.match_length == "hands" and match.length is not None and match.hands_played >= match.length
        )
        if extra and not self.driver.settings.deal_only:
            # The match score is tied: the ruleset's tie rule plays one more hand.
            if match.lot_dealer is not None:
                self.anim.say(
                    tr("tie_lot.banner", player=seat_name(match.lot_dealer, self.names_viewer(), self.names)),
                    4.0,
                    theme.GOLD,
                )
            else:
                self.anim.say(tr("modes.extra_hand"), 3.0, theme.GOLD)

    def _minutes_left(self) -> int | None:
        match = self.driver.match
        if match.ruleset.match_length != "minutes" or match.length is None:
            return None
        return max(0, math.ceil((match.length * 60 - match.elapsed) / 60))

    def _is_bot_move(self, event: Event) -> bool:
        return isinstance(event, Played | Buried) and not self.driver.controllers[event.seat].human

    def draw(self, surface: pygame.Surface) -> None:
        self.view.draw(surface)
        for mode in self.modes:
            mode.draw(surface)
        if self.notice is not None:
            draw_note(self, surface, self.notice[0], theme.RED, (60, 16, 12, 225))

    def animating(self) -> bool:
        # Pauses (a hold, a bot thinking, a timeline waiting) change nothing on screen.
        banner = self.anim.banner
        fading = banner is not None and banner[1] < 0.35
        return self.changed or bool(self.anim.flights) or fading or self.hand_view.moving or bool(self.touched)

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
        self.driver.close()

    def clock_tick(self) -> Callable[[float], None] | None:
        """What keeps the table's clocks running under another screen (a tournament's)."""
        return self.tick_clocks if self.clocks is not None else None

    def open_rules(self) -> None:
        """The rules of this match's ruleset; in a tournament the clocks run on while they are read."""
        self.app.nav.rules(self.driver.match.ruleset.id, self.clock_tick())

    def open_menu(self) -> None:
        """Ask before leaving the table (the match is saved)."""
        if self.app.options.autoplay and self.app.monkey_left <= 0:
            self.app.quit(0)
            return
        self.app.nav.ask_leave(self)
