"""The table with the play modes: hot-seat privacy, practice aids and tournament clocks.

``ModeTableScene`` is the ``TableScene`` with the modes' aids (``game.table.Aids``):

* **hot-seat** (two to four people at one screen): the table is shown from the seat of the
  person whose decision it waits for, after a privacy screen (``PrivacyScene``); every hand
  lies face down in between (``locked``), and the hand is hidden again as soon as the turn
  passes to someone else;
* **practice**: Hint (the ``normal`` bot's move, raised, with its reason), refusals naming
  the section of the rules, Undo, the card counter, the last trick and the whole hand so
  far, and Replay this deal;
* **tournament**: the ruleset's clocks per play and per bury (the hint's move is played when
  one runs out, and the table says so), the match's length and score in the top bar.
"""
from __future__ import annotations

from dataclasses import replace
import math

import pygame

from game.core import BURY, PLAY, SUITS, Card, Rank
from game.i18n import tr
from game.table import TableDriver, TurnClock, WaitKind, cards_out, clock_seconds, hotseat_privacy, points_out
from game.ui import theme
from game.ui.names import about, cards_text, seat_name, team_name, use_names
from game.ui.table_scene import TableScene
from game.ui.theme import blit_text
from game.ui.widgets import Button, play_sound


def reason_text(reason) -> str:
    """A bot's ``Reason`` in the current language (``hint.<code>``)."""
    params = {}
    for key, value in getattr(reason, "params", {}).items():
        params[key] = cards_text(value) if isinstance(value, (list, tuple)) else str(value)
    text = tr("hint." + reason.code, **params)
    return reason.english if text == "hint." + reason.code else text


class ModeTableScene(TableScene):
    """A ``TableScene`` with the modes (see the module docstring)."""

    def __init__(self, app, driver: TableDriver, viewer: int | None, notices: list[str] | None = None):
        self.tools: list[Button] = []
        super().__init__(app, driver, viewer)
        self.features = driver.aids
        self.why_not = self.features.why_not
        self.hotseat = driver.hotseat
        names = driver.settings.names
        use_names(names.get("seats"), names.get("teams"), absolute=self.hotseat)
        self.locked = self.hotseat
        self.unlocked: int | None = None
        self._mark: tuple | None = None  # (hand, log length) when the hand was shown
        self.hand_view.hidden = self.hotseat
        self.hand_view.back_colour = app.settings.card_back
        self.clock = TurnClock()
        self._clock_shown: int | None = None
        self.hint_line = ""
        self._hint_for = None
        self.notice: list | None = None  # [text, seconds left]: a clock ran out
        self.show_counter = False
        self.messages = list(notices or [])  # an outside program that could not start
        self._tools_seen = None
        self._build_tools()

    # ------------------------------------------------------------------ tools

    def _build_tools(self) -> None:
        f = self.features
        tools = []
        if self.viewer is None:  # bots only: nothing to help with
            self.tools = []
            return
        if f.undo:
            tools.append(Button(lambda: tr("button.undo"), self.undo, self.can_undo))
        if f.counter:
            tools.append(Button(lambda: tr("practice.counter_hide" if self.show_counter else "practice.counter"),
                                self.toggle_counter, self._shown))
        if f.last_trick:
            tools.append(Button(lambda: tr("button.last_trick"), self.open_last_trick,
                                lambda: self._shown() and bool(self.driver.hand.tricks
                                                               and self.driver.hand.tricks[0].complete)))
        if f.history:
            tools.append(Button(lambda: tr("practice.hand_so_far"), self.open_hand_so_far, self._shown))
        if f.undo and not self.driver.settings.autoplay:
            tools.append(Button(lambda: tr("practice.replay_deal"), self.open_replay_deal, self._can_replay))
        self.tools = tools
        self._layout_tools()

    def _shown(self) -> bool:
        """May the person at the bottom look at the table's aids now?"""
        return self.viewer is not None and not self.locked and self.app.top is self

    def _can_replay(self) -> bool:
        return self.viewer is not None and not self.locked

    def tools_rect(self) -> pygame.Rect:
        """The aids' buttons: under the left seat's plate, above the bottom seat's."""
        lay = self.lay
        s = lay.scale
        west, south = lay.plate_rect(3), lay.plate_rect(0)
        top = west.bottom + round(12 * s)
        width = round(min(lay.width * 0.22, 250 * s))
        # Above the bottom plate the bottom seat's declaration is shown: keep clear of it.
        bottom = south.top - lay.tiny_h - round(16 * s)
        return pygame.Rect(west.x, top, width, max(0, bottom - top))

    def _layout_tools(self) -> None:
        if not self.tools:
            return
        rect = self.tools_rect()
        s = self.lay.scale
        gap = round(8 * s)
        rows = (len(self.tools) + 1) // 2
        h = min(round(34 * s), (rect.h - gap * (rows - 1)) // max(1, rows))
        w = (rect.w - gap) // 2
        for i, button in enumerate(self.tools):
            r, c = divmod(i, 2)
            if c == 0 and i == len(self.tools) - 1:
                w_i, x = rect.w, rect.x  # an odd last button spans both columns
            else:
                w_i, x = w, rect.x + c * (w + gap)
            button.rect = pygame.Rect(x, rect.y + r * (h + gap), w_i, h)
            button.font_size = round(15 * s)

    def counter_rect(self) -> pygame.Rect:
        """The card counter: under the right seat's plate, above the hand."""
        lay = self.lay
        s = lay.scale
        east = lay.plate_rect(1)
        top = east.bottom + round(12 * s)
        bottom = lay.hand_y - lay.raise_by - round(10 * s)
        width = round(min(lay.width * 0.3, 372 * s))
        return pygame.Rect(lay.width - round(14 * s) - width, top, width, max(0, bottom - top))

    # ------------------------------------------------------------------ scene contract

    def layout(self, size) -> None:
        super().layout(size)
        self._layout_tools()

    def phase_name(self) -> str:
        return "table-" + self.driver.hand.phase

    def handle_event(self, e: pygame.event.Event) -> None:
        for button in self.tools:
            if button.handle_event(e):
                self.changed = True
                return
        if e.type == pygame.KEYDOWN and not self.locked and self.viewer is not None:
            if e.key == pygame.K_h and self.features.hint:
                self.show_hint()
                return
            if e.key == pygame.K_u and self.features.undo and self.can_undo():
                self.undo()
                return
            if e.key == pygame.K_l and self.tools and self.features.last_trick:
                self.open_last_trick()
                return
        super().handle_event(e)

    def update(self, dt: float) -> None:
        notices = getattr(self.app, "table_notices", None)
        if notices:  # a save that failed (or works again): said at the table
            self.messages += notices
            notices.clear()
        if self.messages and self.notice is None:
            self.notice = [self.messages.pop(0), 8.0]  # an outside program that could not start
            self.changed = True
        super().update(dt)
        if self.notice is not None:
            self.notice[1] -= dt
            if self.notice[1] <= 0:
                self.notice, self.changed = None, True
        self._privacy()
        self._clock(dt)
        if (self.features.why_not and self.viewer is not None and not self.locked
                and self.driver.hand.phase.declaring):
            self.hand_view.interactive = True  # raise cards to try a declaration
        if self.hand_view.hidden:
            self.hand_view.interactive = False
        if self._hint_for is not None and self._hint_for != self._hint_key():
            self.hint_line, self._hint_for = "", None
            self.changed = True
        # The aids' buttons are drawn with the whole picture: redraw it when one changes.
        tools = tuple((b.enabled, b.text) for b in self.tools) + (
            (len(self.driver.hand.log), self.shown_hand is self.driver.hand) if self.show_counter else ())
        if tools != self._tools_seen:
            self._tools_seen, self.changed = tools, True

    def tick_clocks(self, dt: float) -> None:
        """The clocks run on while an overlay (the privacy screen, the last trick) is up."""
        self.driver.add_time(dt)
        self._clock(dt)

    def closing(self) -> None:
        super().closing()
        self.driver.close()

    # ------------------------------------------------------------------ hot-seat

    def controls_key(self):
        """What else decides the person's buttons (PersonControls rebuilds when it changes)."""
        return (self.locked, self.viewer, bool(self.hand_view.selected) if self.features.why_not else None)

    def _privacy(self) -> None:
        if not self.hotseat:
            return
        # Nobody is called to the screen while it is busy (cards in flight, an overlay).
        wait = None if self.busy or self.app.top is not self else self.driver.waiting()
        rule = hotseat_privacy(self.driver.hand, self._mark, self.unlocked, self.locked, wait, self.driver.humans())
        if rule.cover:
            self.lock()
        if rule.call is not None and wait is not None:
            self.hand_view.settle()  # the table stands still behind the screen: no card mid-slide
            self.app.nav.privacy(self, rule.call, wait.kind)

    def lock(self) -> None:
        """Every hand face down (the turn has passed)."""
        if not self.hotseat:
            return
        self.locked = True
        self.unlocked = None
        self._mark = None
        self.hand_view.hidden = True
        self.hand_view.clear_selection()
        self.hint_line, self._hint_for = "", None
        self.show_counter = False
        self.error = ""
        self.changed = True

    def unlock(self, seat: int) -> None:
        """The person at ``seat`` sits down: the table turns to his seat, his hand face up."""
        if seat != self.viewer:
            self.viewer = self.bottom = seat
            self.rebuild_visuals()
        self.locked = False
        self.unlocked = seat
        self._mark = (self.driver.hand, len(self.driver.hand.log))
        self.hand_view.hidden = False
        self.person.key = None
        self.changed = True

    def rebuild_visuals(self) -> None:
        """Show the hand as it stands, from the bottom seat (after a turn of the table or an undo)."""
        number = self.hand_number
        self.reset_visuals()
        self.catch_up()
        self.hand_number = number
        self.person.key = None
        self.turn = None
        self.changed = True

    # ------------------------------------------------------------------ practice: hint, undo

    def _hint_key(self):
        hand = self.driver.hand
        return (id(hand), len(hand.log), self.viewer, tuple(self.hand_view.selected))

    def show_hint(self) -> None:
        """Raise the cards the ``normal`` bot would play, with a one-line reason."""
        wait = None if self.busy else self.driver.waiting()
        if wait is None or wait.seat != self.viewer or self.locked:
            return
        try:
            cards, reason = self.driver.hint(self.viewer, wait.options if wait.kind == WaitKind.DECLARE else None)
        except Exception:
            self.hint_line = tr("table.hint_none")
            self.changed = True
            return
        if wait.kind == WaitKind.DECLARE:
            what = tr("practice.hint_declare", cards=cards_text(cards)) if cards else tr("practice.hint_pass")
            self.hand_view.select_cards(cards or [])
        else:
            self.hand_view.select_cards(cards or [])
            what = cards_text(cards or [])
        self.hint_line = tr("practice.hint_line", move=what, reason=reason_text(reason))
        self._hint_for = self._hint_key()
        self.changed = True

    def can_undo(self) -> bool:
        return (self.features.undo and self.viewer is not None and not self.locked and not self.busy
                and self.driver.undo_point(self.viewer) is not None)

    def undo(self) -> None:
        """Take back the person's last play or bury, and the replies after it."""
        if not self.can_undo():
            return
        self.flights.clear()
        self.timeline.clear()
        self.pending = None
        if self.driver.undo(self.viewer):
            if self.hotseat:
                self._mark = (self.driver.hand, len(self.driver.hand.log))
            self.rebuild_visuals()
            self.hint_line, self._hint_for = "", None
            self.say(tr("practice.undone"), 1.5)
            play_sound("click")

    def toggle_counter(self) -> None:
        self.show_counter = not self.show_counter
        self.changed = True

    def clock_tick(self):
        """In a tournament the clocks run on under the rules and the settings."""
        return self.tick_clocks if self.features.clocks else None

    def open_rules(self) -> None:
        """The rules; in a tournament the clocks run on while they are read."""
        if not self.features.clocks:
            super().open_rules()
            return
        self.app.nav.rules(self.driver.match.ruleset.id, self.tick_clocks)

    def open_last_trick(self) -> None:
        tricks = self.driver.hand.tricks
        if self.features.last_trick and self._shown() and tricks and tricks[0].complete:
            self.app.nav.hand_record(self, last_only=True)

    def open_hand_so_far(self) -> None:
        if self.features.history and self._shown():
            self.app.nav.hand_record(self, last_only=False)

    def open_replay_deal(self) -> None:
        self.app.nav.ask_deal_again(self.driver.hand, self.driver.settings, self.viewer)

    # ------------------------------------------------------------------ the person's buttons

    def extra_controls(self, wait, controls: list[Button], dealing: bool) -> list[Button]:
        """Hint before the main button; in practice, Declare for raised cards during the deal."""
        out = list(controls)
        tail = [out.pop()] if wait is not None and out and wait.kind != WaitKind.CONTINUE else []
        if self.features.why_not and dealing and self.hand_view.selected:
            out.append(Button(lambda: tr("practice.declare_selected"), self._declare_selected))
        if self.features.hint and wait is not None and wait.kind != WaitKind.CONTINUE:
            out.append(Button(lambda: tr("button.hint"), self.show_hint))
        return out + tail

    def _declare_selected(self) -> None:
        cards = tuple(self.hand_view.selected)
        refusal = self.driver.declare(self.viewer, cards)
        if refusal is not None:
            self.error = self.person.words(refusal)
            play_sound("error")
        else:
            self.error = ""
            self.hand_view.clear_selection()
        self.person.key = None

    def prompt(self) -> tuple[str, tuple]:
        if self.hotseat and self.locked:
            wait = None if self.busy else self.driver.waiting()
            seat = wait.seat if wait is not None else self.driver.hand.to_act()
            if seat is not None and not self.driver.hand.phase.finished:
                return tr("table.waiting_for", player=seat_name(seat, None)), theme.INK_DIM
            return "", theme.INK
        wait = None if self.busy else self.driver.waiting()
        if (not self.error and wait is not None and wait.kind == WaitKind.DECLARE and wait.seat == self.viewer
                and not self.driver.final_round):
            return tr("hotseat.declare_now"), theme.GOLD
        return super().prompt()

    # ------------------------------------------------------------------ clocks

    def _clock(self, dt: float) -> None:
        if not self.features.clocks:
            return
        wait = None if self.busy else self.driver.waiting()
        hand = self.driver.hand
        if (wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY)
                and self.driver.controllers[wait.seat].human):
            seconds = clock_seconds(hand.ruleset, BURY if wait.kind == WaitKind.BURY else PLAY)
            if seconds > 0:
                key = (id(hand), len(hand.log), wait.seat)
                fresh = key != self.clock.key
                self.clock = self.clock.start(key, seconds)
                left = self.driver.clock_left
                if fresh and left is not None and left[:2] == (len(hand.log), wait.seat):
                    # A continued match: the clock goes on from where it stood when it was left.
                    self.clock = replace(self.clock, left=min(float(seconds), max(0.5, left[2])))
        elif self.clock.key is not None and not self.busy:
            self.clock = self.clock.stop()
        self.clock, expired = self.clock.tick(dt)
        self.driver.clock_left = (self.clock.key[1], self.clock.key[2], self.clock.left) \
            if self.clock.running and self.clock.key is not None else None
        if expired:
            self._time_out(self.clock.key[2])
        shown = self.clock.seconds_left if self.clock.running else None
        if shown != self._clock_shown:
            self._clock_shown = shown
            self.changed = True

    def _time_out(self, seat: int) -> None:
        """The clock ran out: the hint's move is played for the seat, and the table says so."""
        while self.app.top is not None and self.app.top is not self and self.app.top.table_overlay:
            self.app.pop()
        self.hand_view.clear_selection()
        action = self.driver.play_for(seat)
        self.clock = self.clock.stop()
        if action is not None:
            viewer = None if self.hotseat else self.viewer
            if action.kind == BURY:  # the buried cards stay secret
                text = about("modes.timed_out_bury", seat, viewer)
            else:
                text = about("modes.timed_out", seat, viewer, cards=cards_text(action.cards))
            self.notice = [text, 5.0]
            self.changed = True
            play_sound("error")

    # ------------------------------------------------------------------ the bar

    def bar_parts(self) -> list[str]:
        match = self.driver.match
        parts = []
        if self.driver.settings.deal_only:
            return [tr("practice.deal_replay")]
        if match.length is not None and match.ruleset.match_length == "hands":
            parts.append(tr("modes.hands_of", n=match.length))
        if match.ruleset.match_score == "levels-gained":
            us = 0 if self.viewer is None or self.hotseat else self.viewer % 2
            parts.append(tr("modes.score", us=team_name(us, None if self.hotseat else self.viewer),
                            a=match.gained[us], b=match.gained[1 - us]))
        if match.lot_dealer is not None and match.time_up and not match.over:
            parts.append(tr("tie_lot.header", player=seat_name(match.lot_dealer, self._names_viewer())))
        return parts

    def _names_viewer(self) -> int | None:
        """Whose point of view names the seats (nobody's at a hot-seat table)."""
        return None if self.hotseat else self.viewer

    # ------------------------------------------------------------------ end of a hand and a match

    def _on_HandStarted(self, event) -> None:
        super()._on_HandStarted(event)
        match = self.driver.match
        extra = match.time_up or (match.ruleset.match_length == "hands" and match.length is not None
                                  and match.hands_played >= match.length)
        if extra and not self.driver.settings.deal_only:
            # The match score is tied: the ruleset's tie rule plays one more hand.
            if match.lot_dealer is not None:
                self.say(tr("tie_lot.banner", player=seat_name(match.lot_dealer, self._names_viewer())), 4.0,
                         theme.GOLD)
            else:
                self.say(tr("modes.extra_hand"), 3.0, theme.GOLD)

    def _on_HandSettled(self, event) -> None:
        self.sweep_trick()  # the last trick's points count too (issue 26 item 9)
        hand = self.driver.hand
        self.app.hands_done += 1
        self.lock()
        self.driver.next_hand()
        summary = self.driver.match.history[-1]
        self.def_points = summary.defender_points
        self.app.nav.hand_over(self, hand, summary)
        self.app.phase_changed("hand-end", delay=2.0 / self.speed)

    def _on_MatchOver(self, event) -> None:
        # Several people at the screen: the winners are named, nobody is "you".
        self.app.nav.match_over(self, None if self.hotseat else self.viewer)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        for button in self.tools:
            button.draw(surface)
        if self.show_counter and self._shown():
            self.draw_counter(surface)
        if self.notice is not None:
            self.draw_note(surface, self.notice[0], theme.RED, (60, 16, 12, 225))
        elif self.hint_line and not self.locked:
            self.draw_note(surface, self.hint_line, theme.GOLD, (40, 32, 6, 220))
        if self.clock.running and not self.locked and self.clock.key[2] == self.viewer:
            self.draw_clock(surface)

    def draw_note(self, surface: pygame.Surface, text: str, ink, fill) -> None:
        """A line above the prompt: the hint's reason, or what the computer played at a timeout."""
        lay = self.lay
        s = lay.scale
        lines = theme.wrap(text, lay.font_small, round(lay.width * 0.5))
        top = (self.controls[0].rect.top if self.controls else lay.buttons_y()) - round(14 * s) - lay.font * 2
        y = top - len(lines) * round(lay.font_small * 1.4)
        width = max(theme.text(line, lay.font_small, ink).get_width() for line in lines)
        box = pygame.Rect(0, 0, width + round(24 * s), len(lines) * round(lay.font_small * 1.4) + round(8 * s))
        box.midtop = (lay.width // 2, y - round(4 * s))
        theme.panel(surface, box, fill, round(10 * s), ink)
        for i, line in enumerate(lines):
            blit_text(surface, line, lay.font_small, (lay.width // 2, y + i * round(lay.font_small * 1.4)),
                      ink, anchor="midtop")

    def draw_clock(self, surface: pygame.Surface) -> None:
        """The countdown beside the bottom seat's plate: a ring that empties, and the seconds."""
        lay = self.lay
        s = lay.scale
        plate = lay.plate_rect(0)
        r = round(26 * s)
        centre = (plate.right + round(16 * s) + r, plate.centery)
        left = self.clock.seconds_left
        urgent = left <= 10
        colour = theme.RED if urgent else theme.GOLD
        pygame.draw.circle(surface, (8, 34, 25), centre, r)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        frac = self.clock.left / max(1e-6, self.clock.total)
        if frac > 0:
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, max(3, round(5 * s)))
        blit_text(surface, str(left), round(22 * s), centre, colour, True, anchor="center")

    def draw_counter(self, surface: pygame.Surface) -> None:
        """记牌器: how many of each card are still out (unseen), by suit and rank, and the points."""
        lay = self.lay
        s = lay.scale
        box = self.counter_rect()
        size = max(11, round(14 * s))
        box.h = min(box.h, round(size * 1.6) + 6 * round(size * 1.45) + round(20 * s))
        obs = self.driver.observation(self.viewer)
        out = cards_out(obs)
        theme.panel(surface, box, (6, 28, 20, 235), round(12 * s), (80, 130, 105))
        pad = round(10 * s)
        x0, y = box.x + pad, box.y + pad
        blit_text(surface, tr("practice.counter_title"), size, (x0, y), theme.GOLD, True)
        not_played, mine = points_out(obs)
        blit_text(surface, tr("practice.points_out", points=not_played - mine), size,
                  (box.right - pad, y), theme.INK, anchor="topright")
        y += round(size * 1.6)
        ranks = [r for r in Rank if r <= Rank.ACE][::-1]
        level = obs.rank
        if obs.ctx is not None:
            trump = obs.ctx.trump_suit
        else:
            trump = obs.declarations[-1].trump if obs.declarations else None
        label_w = round(size * 1.6)
        col = (box.w - 2 * pad - label_w) / len(ranks)
        row_h = round(size * 1.45)
        for i, r in enumerate(ranks):
            colour = theme.GOLD if level is not None and r == level else theme.INK_DIM
            blit_text(surface, r.label, size, (x0 + label_w + col * (i + 0.5), y), colour, True, anchor="midtop")
        y += row_h
        for suit in SUITS:
            if suit == trump:
                band = pygame.Rect(x0 - round(4 * s), y - round(2 * s), box.w - 2 * pad + round(8 * s), row_h)
                theme.panel(surface, band, (90, 70, 20, 140), round(6 * s))
            colour = theme.RED if suit.is_red else theme.INK
            blit_text(surface, suit.symbol, size, (x0, y), colour, True)
            for i, r in enumerate(ranks):
                n = out.get(Card.of(suit, r), 0)
                text, ink = (str(n), theme.INK) if n else ("·", (90, 120, 105))
                blit_text(surface, text, size, (x0 + label_w + col * (i + 0.5), y), ink, n > 0, anchor="midtop")
            y += row_h
        jokers = [(tr("card.big_joker"), Card.parse("BJ"), theme.RED),
                  (tr("card.small_joker"), Card.parse("SJ"), theme.INK)]
        x = x0
        for name, card, colour in jokers:
            r = blit_text(surface, f"{name} {out.get(card, 0)}", size, (x, y + round(2 * s)), colour, True)
            x = r.right + round(18 * s)
        blit_text(surface, tr("practice.points_yours", points=mine), size, (box.right - pad, y + round(2 * s)),
                  theme.INK_DIM, anchor="topright")
