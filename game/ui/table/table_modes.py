"""The play modes as parts of the table screen: hot-seat privacy, practice aids, tournament clocks.

* **hot-seat** (two to four people at one screen, ``HotSeatPrivacy``): the table is shown
  from the seat of the person whose decision it waits for, after a privacy screen
  (``PrivacyScene``); every hand lies face down in between (``locked``), and the hand is
  hidden again as soon as the turn passes to someone else (the rule is the driver's);
* **practice** (``PracticeAids``): Hint (the ``normal`` bot's move, raised, with its reason),
  refusals naming the section of the rules, Undo, the card counter, the last trick and the
  whole hand so far, and Replay this deal;
* **tournament** (``TournamentClock``): the ruleset's clocks per play and per bury, run by
  the driver (the hint's move is played when one runs out, and the table says so).

Each part answers the same few questions of the scene (``TableMode``); the scene asks every
part in turn, so a mode is added or removed without touching the others.
"""

from __future__ import annotations

from collections.abc import Hashable
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.core import BURY, SUITS, Card, Rank
from game.i18n import tr
from game.table import Event, HandSettled, TimedOut, Wait, WaitKind, cards_out, points_out
from game.ui.kit import theme
from game.ui.kit.names import about, cards_text
from game.ui.kit.theme import blit_text
from game.ui.kit.widgets import Button, play_sound

if TYPE_CHECKING:
    from game.ui.table.host import TableHost


def reason_text(reason: Any) -> str:
    """A bot's ``Reason`` in the current language (``hint.<code>``)."""
    params = {}
    for key, value in getattr(reason, "params", {}).items():
        params[key] = cards_text(value) if isinstance(value, (list, tuple)) else str(value)
    text = tr("hint." + reason.code, **params)
    return str(reason.english) if text == "hint." + reason.code else text


def draw_note(
    scene: TableHost, surface: pygame.Surface, text: str, ink: tuple[int, ...], fill: tuple[int, ...]
) -> None:
    """A line above the prompt: the hint's reason, or what the computer played at a timeout."""
    lay = scene.lay
    s = lay.scale
    # Above the prompt (however many lines it takes), clear of the open card counter.
    left, right = scene.view.prompt_span()
    lines = theme.wrap(text, lay.font_small, min(round(lay.width * 0.5), right - left - round(24 * s)))
    top = scene.view.prompt_top() - round(6 * s)
    y = top - len(lines) * round(lay.font_small * 1.4)
    width = max(theme.text(line, lay.font_small, ink).get_width() for line in lines)
    box = pygame.Rect(0, 0, width + round(24 * s), len(lines) * round(lay.font_small * 1.4) + round(8 * s))
    centre = lay.width // 2
    if centre - box.w // 2 < left or centre + box.w // 2 > right:
        centre = (left + right) // 2
    box.midtop = (centre, y - round(4 * s))
    theme.panel(surface, box, fill, round(10 * s), ink)
    for i, line in enumerate(lines):
        blit_text(surface, line, lay.font_small, (centre, y + i * round(lay.font_small * 1.4)), ink, anchor="midtop")


class TableMode:
    """A part of the table screen; each answer defaults to "nothing to add"."""

    def __init__(self, scene: TableHost):
        self.scene = scene

    def layout(self) -> None:
        """The window changed size."""

    def handle_event(self, e: pygame.event.Event) -> bool:
        """True when the part took the input."""
        return False

    def update(self, dt: float) -> None:
        """Once a frame, after the animations and the driver moved on."""

    def on_event(self, event: Event) -> None:
        """After the animator showed a driver event."""

    def draw(self, surface: pygame.Surface) -> None:
        """Over the table (must not change anything)."""

    def controls_key(self) -> Hashable:
        """What else decides the person's buttons (they are rebuilt when it changes)."""
        return None

    def extra_controls(self, wait: Wait | None, controls: list[Button], dealing: bool) -> list[Button]:
        """The person's buttons with the part's own added."""
        return controls

    def forget(self) -> None:
        """The table turned or was taken back: drop what was shown for the position."""


class HotSeatPrivacy(TableMode):
    """Several people at one screen: each hand is shown only to its owner, in turn."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self.locked = True
        self.unlocked: int | None = None
        self.shown_at: tuple[int, int] | None = None  # the driver's position when the hand was shown
        scene.hand_view.hidden = True

    def update(self, dt: float) -> None:
        scene = self.scene
        # Nobody is called to the screen while it is busy (cards in flight, an overlay).
        wait = None if scene.busy or scene.app.top is not scene else scene.driver.waiting()
        if wait is not None and scene.auto.on(wait.seat):
            # A seat handed over is never called, and plays face down: no hand stays up meanwhile.
            if not self.locked and wait.seat != self.unlocked:
                self.lock()
            wait = None
        rule = scene.driver.privacy(self.shown_at, self.unlocked, self.locked, wait)
        if rule.cover:
            self.lock()
        if rule.call is not None and wait is not None:
            scene.hand_view.settle()  # the table stands still behind the screen: no card mid-slide
            scene.app.nav.privacy(scene, rule.call, wait.kind)

    def on_event(self, event: Event) -> None:
        if isinstance(event, HandSettled):
            self.lock()

    def controls_key(self) -> Hashable:
        return self.locked, self.scene.viewer

    def lock(self) -> None:
        """Every hand face down (the turn has passed)."""
        scene = self.scene
        self.locked = True
        self.unlocked = None
        self.shown_at = None
        scene.hand_view.hidden = True
        scene.hand_view.clear_selection()
        for mode in scene.modes:
            mode.forget()
        scene.error = ""
        scene.changed = True

    def unlock(self, seat: int) -> None:
        """The person at ``seat`` sits down: the table turns to his seat, his hand face up."""
        scene = self.scene
        if seat != scene.viewer:
            scene.viewer = scene.bottom = seat
            scene.rebuild_visuals()
        self.locked = False
        self.unlocked = seat
        self.shown_at = scene.driver.position
        scene.hand_view.hidden = False
        scene.person.key = None
        scene.changed = True

    def undone(self) -> None:
        """An undo took the hand back: it is shown to the same person from there."""
        self.shown_at = self.scene.driver.position


class PracticeAids(TableMode):
    """Hint, Undo, the card counter, the last trick, the hand so far, Replay this deal."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self.aids = scene.driver.aids
        self.hint_line = ""
        self.hint_for: tuple[Any, ...] | None = None
        self.show_counter = False
        self.tools: list[Button] = []
        self._tools_seen: tuple[Any, ...] | None = None
        if scene.viewer is not None:  # bots only: nothing to help with
            self._build_tools()

    def _build_tools(self) -> None:
        a = self.aids
        tools = []
        if a.undo:
            tools.append(Button(lambda: tr("button.undo"), self.undo, self.can_undo))
        if a.counter:
            tools.append(
                Button(
                    lambda: tr("practice.counter_hide" if self.show_counter else "practice.counter"),
                    self.toggle_counter,
                    self.shown,
                )
            )
        if a.last_trick:
            tools.append(
                Button(
                    lambda: tr("button.last_trick"), self.open_last_trick, lambda: self.shown() and self._tricks_done()
                )
            )
        if a.history:
            tools.append(Button(lambda: tr("practice.hand_so_far"), self.open_hand_so_far, self.shown))
        if a.undo and not self.scene.driver.settings.autoplay:
            tools.append(Button(lambda: tr("practice.replay_deal"), self.open_replay_deal, self._can_replay))
        self.tools = tools

    def _tricks_done(self) -> bool:
        return bool(self.scene.anim.obs.tricks)  # a trick is complete (as the table shows it)

    def shown(self) -> bool:
        """May the person at the bottom look at the table's aids now?"""
        scene = self.scene
        return scene.viewer is not None and not scene.locked and scene.app.top is scene

    def _can_replay(self) -> bool:
        return self.scene.viewer is not None and not self.scene.locked

    def tools_columns(self) -> int:
        """Two columns of tools; three when two would leave the buttons lower than their
        labels (Large cards raise the person's plate into the tools' room)."""
        lay = self.scene.lay
        s = lay.scale
        rect = self._tools_room(round(min(lay.width * 0.22, 250 * s)))
        gap = round(8 * s)
        rows = (len(self.tools) + 1) // 2
        return 2 if rows * self._min_tool_h() + gap * (rows - 1) <= rect.h else 3

    def _min_tool_h(self) -> int:
        size = round(15 * self.scene.lay.scale)
        return theme.text("Ag隐", size, theme.INK, True).get_height() + round(4 * self.scene.lay.scale)

    def _tools_room(self, width: int) -> pygame.Rect:
        lay = self.scene.lay
        s = lay.scale
        west, south = lay.plate_rect(3), lay.plate_rect(0)
        top = west.bottom + round(12 * s)
        # Above the bottom plate the bottom seat's declaration is shown: keep clear of it.
        bottom = south.top - lay.tiny_h - round(16 * s)
        return pygame.Rect(west.x, top, width, max(0, bottom - top))

    def tools_rect(self) -> pygame.Rect:
        """The aids' buttons: under the left seat's plate, above the bottom seat's."""
        lay = self.scene.lay
        s = lay.scale
        width = round(min(lay.width * 0.22, 250 * s))
        if self.tools and self.tools_columns() == 3:
            width = round(min(lay.width * 0.3, 340 * s))
        return self._tools_room(width)

    def layout(self) -> None:
        if not self.tools:
            return
        rect = self.tools_rect()
        s = self.scene.lay.scale
        gap = round(8 * s)
        cols = self.tools_columns()
        rows = -(-len(self.tools) // cols)
        h = max(min(round(34 * s), (rect.h - gap * (rows - 1)) // max(1, rows)), self._min_tool_h())
        w = (rect.w - gap * (cols - 1)) // cols
        last_row = (len(self.tools) - 1) // cols
        in_last = len(self.tools) - last_row * cols
        for i, button in enumerate(self.tools):
            r, c = divmod(i, cols)
            if r == last_row and in_last < cols:
                # A short last row shares the whole width.
                w_i = (rect.w - gap * (in_last - 1)) // in_last
                x = rect.x + c * (w_i + gap)
            else:
                w_i, x = w, rect.x + c * (w + gap)
            button.rect = pygame.Rect(x, rect.y + r * (h + gap), w_i, h)
            button.font_size = round(15 * s)

    def counter_open(self) -> bool:
        """Is the card counter on the table now?"""
        return self.show_counter and self.shown()

    def counter_rect(self) -> pygame.Rect:
        """The card counter: under the right seat's plate, above the hand."""
        lay = self.scene.lay
        s = lay.scale
        east = lay.plate_rect(1)
        top = east.bottom + round(12 * s)
        bottom = lay.hand_y - lay.raise_by - round(10 * s)
        width = round(min(lay.width * 0.3, 372 * s))
        return pygame.Rect(lay.width - round(14 * s) - width, top, width, max(0, bottom - top))

    def handle_event(self, e: pygame.event.Event) -> bool:
        scene = self.scene
        for button in self.tools:
            if button.handle_event(e):
                scene.changed = True
                return True
        if e.type == pygame.KEYDOWN and not scene.locked and scene.viewer is not None:
            if e.key == pygame.K_h and self.aids.hint:
                self.show_hint()
                return True
            if e.key == pygame.K_u and self.aids.undo and self.can_undo():
                self.undo()
                return True
            if e.key == pygame.K_l and self.tools and self.aids.last_trick:
                self.open_last_trick()
                return True
        return False

    def update(self, dt: float) -> None:
        scene = self.scene
        if self.aids.why_not and scene.viewer is not None and not scene.locked and scene.driver.phase.declaring:
            scene.hand_view.interactive = True  # raise cards to try a declaration
        if self.hint_for is not None and self.hint_for != self._hint_key():
            self.hint_line, self.hint_for = "", None
            scene.changed = True
        # The aids' buttons are drawn with the whole picture: redraw it when one changes.
        tools = tuple((b.enabled, b.text) for b in self.tools) + (
            (scene.driver.position, scene.anim.obs.phase) if self.show_counter else ()
        )
        if tools != self._tools_seen:
            self._tools_seen, scene.changed = tools, True

    def forget(self) -> None:
        self.hint_line, self.hint_for = "", None
        self.show_counter = False

    def _hint_key(self) -> tuple[Any, ...]:
        scene = self.scene
        return scene.driver.position, scene.viewer, tuple(scene.hand_view.selected)

    def show_hint(self) -> None:
        """Raise the cards the ``normal`` bot would play, with a one-line reason."""
        scene = self.scene
        wait = None if scene.busy else scene.driver.waiting()
        if wait is None or wait.seat != scene.viewer or scene.locked:
            return
        try:
            cards, reason = scene.driver.hint(wait.seat, wait.options if wait.kind == WaitKind.DECLARE else None)
        except Exception:
            self.hint_line = tr("table.hint_none")
            scene.changed = True
            return
        scene.hand_view.select_cards(cards or [])
        if wait.kind == WaitKind.DECLARE:
            what = tr("practice.hint_declare", cards=cards_text(cards)) if cards else tr("practice.hint_pass")
        else:
            what = cards_text(cards or [])
        self.hint_line = tr("practice.hint_line", move=what, reason=reason_text(reason))
        self.hint_for = self._hint_key()
        scene.changed = True

    def can_undo(self) -> bool:
        scene = self.scene
        return (
            self.aids.undo
            and scene.viewer is not None
            and not scene.locked
            and not scene.busy
            and scene.driver.undo_point(scene.viewer) is not None
        )

    def undo(self) -> None:
        """Take back the person's last play or bury, and the replies after it."""
        scene = self.scene
        if not self.can_undo() or scene.viewer is None:
            return
        scene.anim.stop()
        if scene.driver.undo(scene.viewer):
            if scene.privacy is not None:
                scene.privacy.undone()
            scene.rebuild_visuals()
            self.hint_line, self.hint_for = "", None
            scene.anim.say(tr("practice.undone"), 1.5)
            play_sound("click")

    def toggle_counter(self) -> None:
        self.show_counter = not self.show_counter
        self.scene.changed = True

    def open_last_trick(self) -> None:
        if self.aids.last_trick and self.shown() and self._tricks_done():
            self.scene.app.nav.hand_record(self.scene, last_only=True)

    def open_hand_so_far(self) -> None:
        if self.aids.history and self.shown():
            self.scene.app.nav.hand_record(self.scene, last_only=False)

    def open_replay_deal(self) -> None:
        scene = self.scene
        ruleset, setup = scene.driver.deal()
        scene.app.nav.ask_deal_again(ruleset, setup, scene.driver.settings, scene.viewer)

    def extra_controls(self, wait: Wait | None, controls: list[Button], dealing: bool) -> list[Button]:
        """Hint before the main button; in practice, Declare for raised cards during the deal."""
        out = list(controls)
        tail = [out.pop()] if wait is not None and out and wait.kind != WaitKind.CONTINUE else []
        if self.aids.why_not and dealing and self.scene.hand_view.selected:
            out.append(Button(lambda: tr("practice.declare_selected"), self.scene.person.declare_selected))
        if self.aids.hint and wait is not None and wait.kind != WaitKind.CONTINUE:
            out.append(Button(lambda: tr("button.hint"), self.show_hint))
        return out + tail

    def controls_key(self) -> Hashable:
        return bool(self.scene.hand_view.selected) if self.aids.why_not else None

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        for button in self.tools:
            button.draw(surface)
        if self.show_counter and self.shown():
            self.draw_counter(surface)
        if scene.notice is None and self.hint_line and not scene.locked:
            draw_note(scene, surface, self.hint_line, theme.GOLD, (40, 32, 6, 220))

    def draw_counter(self, surface: pygame.Surface) -> None:
        """记牌器: how many of each card are still out (unseen), by suit and rank, and the points."""
        scene = self.scene
        lay = scene.lay
        s = lay.scale
        box = self.counter_rect()
        size = max(11, round(14 * s))
        box.h = min(box.h, round(size * 1.6) + 6 * round(size * 1.45) + round(20 * s))
        assert scene.viewer is not None
        obs = scene.driver.observation(scene.viewer)
        out = cards_out(obs)
        theme.panel(surface, box, (6, 28, 20, 235), round(12 * s), (80, 130, 105))
        pad = round(10 * s)
        x0, y = box.x + pad, box.y + pad
        blit_text(surface, tr("practice.counter_title"), size, (x0, y), theme.GOLD, True)
        not_played, mine = points_out(obs)
        blit_text(
            surface,
            tr("practice.points_out", points=not_played - mine),
            size,
            (box.right - pad, y),
            theme.INK,
            anchor="topright",
        )
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
        jokers = [
            (tr("card.big_joker"), Card.parse("BJ"), theme.RED),
            (tr("card.small_joker"), Card.parse("SJ"), theme.INK),
        ]
        x = x0
        for name, card, colour in jokers:
            drawn = blit_text(surface, f"{name} {out.get(card, 0)}", size, (x, y + round(2 * s)), colour, True)
            x = drawn.right + round(18 * s)
        blit_text(
            surface,
            tr("practice.points_yours", points=mine),
            size,
            (box.right - pad, y + round(2 * s)),
            theme.INK_DIM,
            anchor="topright",
        )


class TournamentClock(TableMode):
    """The ruleset's turn clocks: the driver runs them, this part shows them and a time-out."""

    def __init__(self, scene: TableHost):
        super().__init__(scene)
        self._shown: int | None = None

    def tick(self, dt: float) -> None:
        """Time passes at the table (also under an overlay: the clocks run on)."""
        scene = self.scene
        timed_out = scene.driver.tick(dt, shown=not scene.busy)
        if timed_out is not None:
            self.timed_out(timed_out)
        clock = scene.driver.clock
        shown = clock.seconds_left if clock.running else None
        if shown != self._shown:
            self._shown = shown
            scene.changed = True

    def timed_out(self, event: TimedOut) -> None:
        """The clock ran out: the table played the hint's move for the seat, and says so."""
        scene = self.scene
        app = scene.app
        while app.top is not None and app.top is not scene and app.top.table_overlay:
            app.pop()
        scene.hand_view.clear_selection()
        viewer = None if scene.privacy is not None else scene.viewer
        if event.kind == BURY:  # the buried cards stay secret
            text = about("modes.timed_out_bury", event.seat, viewer, scene.names)
        else:
            text = about("modes.timed_out", event.seat, viewer, scene.names, cards=cards_text(event.cards))
        scene.notify(text, 5.0)
        play_sound("error")

    def draw(self, surface: pygame.Surface) -> None:
        """The countdown beside the bottom seat's plate: a ring that empties, and the seconds."""
        scene = self.scene
        clock = scene.driver.clock
        if not clock.running or scene.locked or not isinstance(clock.key, tuple) or clock.key[2] != scene.viewer:
            return
        lay = scene.lay
        s = lay.scale
        plate = lay.plate_rect(0)
        r = round(26 * s)
        centre = (plate.right + round(16 * s) + r, plate.centery)
        left = clock.seconds_left
        colour = theme.RED if left <= 10 else theme.GOLD
        pygame.draw.circle(surface, (8, 34, 25), centre, r)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = centre
        frac = clock.left / max(1e-6, clock.total)
        if frac > 0:
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, max(3, round(5 * s)))
        blit_text(surface, str(left), round(22 * s), centre, colour, True, anchor="center")
