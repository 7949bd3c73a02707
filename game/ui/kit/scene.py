"""The scene stack and the frame loop.

Each screen is a ``Scene`` with one contract: ``handle_event(e)``, ``update(dt)`` and
``draw(surface)``; ``draw`` never changes state. Only the top scene gets events and
updates; scenes below it are drawn when the top one is an overlay (``opaque = False``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
import itertools
from pathlib import Path
import random
import sys
import time
from typing import TYPE_CHECKING, Protocol
import warnings

import pygame

from game.app.session import BotFactory, Driver, MatchChoice, Session, SessionError
from game.app.settings import Settings
from game.app.storage import Storage
from game.core import Hand, HandSetup, HandSummary, Ruleset
from game.i18n import default_language, set_language
from game.table.frame_gate import FRAME_GATE
from game.ui.kit import assets, flights, theme, widgets
from game.ui.kit.cardview import forget_sizes, use_palette
from game.ui.kit.names import TableNames

if TYPE_CHECKING:  # what the navigator is handed
    from collections.abc import Callable

    from game.app.duplicate import DuplicateJob
    from game.app.event_store import SavedEvent
    from game.app.records import Replay
    from game.learn.puzzles import Puzzle, PuzzleStore
    from game.table import TableSettings

MIN_SIZE = (1024, 640)
SWITCH_INTERVAL = 0.0005
"""Seconds a thread may keep the interpreter lock when another wants it (CPython's default
is 5 ms): a frame waits at most this long for a search in the worker to reach its pause."""


def use_switch_interval() -> None:
    """The frame loop's switch interval (``SWITCH_INTERVAL``), for the whole process."""
    sys.setswitchinterval(SWITCH_INTERVAL)


FRAME_TIMES_KEPT = 20_000  # the last few minutes of frames: the report's percentiles, bounded
FPS = 60
REDUCED_MOTION = 0.12  # the share of a card's flight still seen with *reduce motion*


class Scene:
    """One screen of the game."""

    opaque = True
    table_overlay = False  # over a table whose clocks run on (a tournament's timeout closes it)

    def __init__(self, app: App):
        self.app = app

    def handle_event(self, e: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the current state; never change it."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place widgets for a window of ``size``."""

    def animating(self) -> bool:
        """Does the picture change without input? A still screen is not redrawn."""
        return False

    def closing(self) -> None:
        """The window is being closed: keep what must be kept (the table saves)."""

    def dirty_rects(self) -> list[pygame.Rect] | None:
        """After a frame drawn while animating: the areas that changed (None: all)."""
        return None

    def phase_name(self) -> str:
        """A short name for screenshots taken at phase changes."""
        return type(self).__name__


class TableScreen(Protocol):
    """A table screen as the navigator is handed it (``game.ui.table.table_scene.TableScene``
    is one): its driver and its names. The table lives above this module, so it is named by
    what is asked of it, not imported."""

    @property
    def driver(self) -> Driver: ...
    @property
    def names(self) -> TableNames: ...


class Navigator(Protocol):
    """Every way from one screen to another. Screens ask ``app.nav``; only
    ``game.ui.navigation`` knows which screen comes next, so no screen imports another.
    The signatures are ``Navigation``'s own (a test compares them), so the two cannot drift."""

    def start(self) -> None:
        """Back to the start screen (everything else closes)."""

    def new_match(self) -> None: ...
    def edit_names(self) -> None: ...
    def replays(self) -> None: ...
    def settings(self, tick: Callable[[float], None] | None = None) -> None:
        """The settings; from a table, ``tick(dt)`` keeps its clocks running."""

    def rules(self, ruleset_id: str, tick: Callable[[float], None] | None = None) -> None:
        """The rules; ``tick(dt)`` keeps a table's clocks running underneath."""

    def learn(self) -> None:
        """The lessons and the rules trainer."""

    def lesson(self, lesson_id: str) -> None: ...
    def trainer(self) -> None: ...
    @property
    def puzzle_store(self) -> PuzzleStore:
        """The puzzles from the player's games (read once)."""

    def puzzles_due(self) -> int:
        """How many of the puzzles from the player's games are due now (issue 27)."""

    def puzzles(self) -> None: ...
    def try_again(self, puzzles: list[Puzzle]) -> None: ...
    def statistics(self) -> None: ...

    def start_match(self, choice: MatchChoice) -> None: ...
    def continue_match(self, path: Path | None = None) -> None: ...
    def saved_matches(self) -> None: ...
    def autoplay(self, ruleset_id: str, seed: int, level: str) -> None: ...

    def ask_deal_again(self, ruleset: Ruleset, setup: HandSetup, settings: TableSettings, seat: int | None) -> None:
        """Ask for the seat to play a deal (``ruleset``, ``setup``) again from."""

    def deal_again(self, ruleset: Ruleset, setup: HandSetup, seat: int, settings: TableSettings) -> None:
        """Leave the table (saved as it stands) and play the deal again from ``seat``."""

    def deal_over(self) -> None:
        """A replayed deal is over: back to the match it was opened from (or the start screen)."""

    def ask_leave(self, table: TableScreen) -> None: ...
    def leave(self, table: TableScreen) -> None: ...
    def privacy(self, table: TableScreen, seat: int, kind: str) -> None: ...
    def hand_record(self, table: TableScreen, last_only: bool) -> None: ...
    def hand_over(self, table: TableScreen, hand: Hand, summary: HandSummary) -> None: ...
    def match_over(self, table: TableScreen, viewer: int | None) -> None: ...
    def review(
        self, replay: Replay, seat: int, title: str | None = None, companion: tuple | None = None, swap: bool = False
    ) -> None: ...
    def review_duplicate(self, job: DuplicateJob) -> None: ...
    def review_last_hand(self, seat: int) -> None: ...

    def tournament(self) -> None:
        """Start a tournament event, or go on with one."""

    def start_event(self, saved: SavedEvent) -> None: ...
    def continue_event(self, path: Path) -> None: ...
    def end_event(self) -> None: ...
    def event_board(self, last: str | None = None) -> None: ...
    def play_event_match(self) -> None: ...
    def event_prizes(self) -> None: ...
    def event_replay(self, hands: Path | Sequence[Path], index: int = 0, swap: bool = False) -> None: ...


@dataclass
class Options:
    """The command line, as the scenes need it."""

    ruleset: str | None = None
    seed: int | None = None
    lang: str | None = None
    autoplay: bool = False
    hands: int | None = None
    speed: float | None = None
    screenshot: Path | None = None
    monkey: int = 0
    frame_stats: bool = False
    data_dir: Path | None = None
    size: tuple[int, int] = (1280, 800)
    max_frames: int | None = None
    bot_factory: BotFactory | None = None  # tests inject a stand-in; None uses ``bots``
    seats: dict | None = None  # --seat N=LEVEL or N=external:COMMAND
    external_ms: float = 5000.0  # --external-ms: an outside program's time per decision
    autoplay_saves: bool = False  # tests only: --autoplay saves like a match (kill and resume)


class App:
    """The window, the scene stack, settings and the frame loop."""

    def __init__(self, options: Options, surface: pygame.Surface | None = None):
        self.options = options
        # Watching bots never writes to the player's data folder (their match, settings, records).
        self.storage = Storage(options.data_dir, watch_only=options.autoplay and not options.autoplay_saves)
        self.session = Session(
            self.storage,
            bot_factory=options.bot_factory,
            seats=options.seats,
            external_ms=options.external_ms,
            autoplay=options.autoplay,
            report=self.report,
            keep_autoplay=options.autoplay_saves,
        )
        self.table_notices: list[str] = []  # said at the table (a save that failed)
        self._nav: Navigator | None = None
        self.settings: Settings = self.storage.load_settings(default_language())
        if options.lang:
            self.settings.language = options.lang
        set_language(self.settings.language)
        widgets.SOUND_ON[0] = self.settings.sound
        use_palette(self.settings.card_colours)
        flights.MOTION[0] = REDUCED_MOTION if self.settings.reduce_motion else 1.0
        self.surface = surface if surface is not None else self._open_window(options.size)
        self.stack: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frame_times: deque[tuple[float, float]] = deque(maxlen=FRAME_TIMES_KEPT)
        self.frames_drawn = 0
        self.shots = 0
        self._shot_pending: str | None = None
        self._shot_delay = 0.0
        self.monkey_rng = random.Random(options.seed or 0)
        self.monkey_left = options.monkey
        self.hands_done = 0
        # Shown once on the start screen: files set aside, another copy on the data folder.
        self.session.records.stats()  # a statistics file that cannot be used is set aside now, and said
        notices = self.storage.notices + self.session.records.notices
        self.message: str | None = " ".join(str(n) for n in notices) or None
        self.visited: set[str] = set()  # phase names seen (the monkey's coverage)
        self.dirty = True  # the picture must be redrawn
        self.drawn = False  # the last step drew a new picture
        self.skipped = 0
        self.update_rects: list | None = None
        # Work that goes on whatever screen is shown (a tournament's other tables): each has
        # ``tick()`` (every frame, never blocking) and ``close()`` (the window closes).
        self.background: list = []

    # ------------------------------------------------------------------ window

    @staticmethod
    def _open_window(size: tuple[int, int]) -> pygame.Surface:
        pygame.display.set_caption("升级 Shengji")
        try:
            pygame.display.set_icon(assets.image("icon/icon-64.png"))
        except (FileNotFoundError, pygame.error):
            pass
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        try:
            # The layouts are designed from 1024×640 up; the window manager enforces it.
            # (pygame-ce 2.5 has no other handle on the display module's window.)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        return surface

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        return self.surface.get_size()

    @property
    def speed(self) -> float:
        """The animation speed factor: --speed wins over the setting."""
        return self.options.speed if self.options.speed else self.settings.speed_factor

    def save_settings(self) -> None:
        """Apply and store the settings; every scene lays out again."""
        set_language(self.settings.language)
        widgets.SOUND_ON[0] = self.settings.sound
        use_palette(self.settings.card_colours)
        flights.MOTION[0] = REDUCED_MOTION if self.settings.reduce_motion else 1.0
        self.storage.save_settings(self.settings)
        for scene in self.stack:
            scene.layout(self.size)

    # ------------------------------------------------------------------ where screens lead

    @property
    def nav(self) -> Navigator:
        """The screens' way to the next screen (``game.ui.navigation.make_app`` sets it)."""
        if self._nav is None:
            raise RuntimeError("no navigation: build the app with game.ui.navigation.make_app")
        return self._nav

    def use_navigation(self, nav: Navigator) -> None:
        self._nav = nav

    def report(self, error: SessionError) -> None:
        """A session's problem (a save that failed), said at the table and on the start screen."""
        self.message = str(error)
        self.table_notices.append(str(error))

    # ------------------------------------------------------------------ the stack

    @property
    def top(self) -> Scene | None:
        """The scene that gets input."""
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Open ``scene`` over the current one."""
        self.dirty = True
        self.stack.append(scene)
        scene.layout(self.size)
        self.phase_changed()

    def pop(self) -> Scene | None:
        """Close the top scene."""
        self.dirty = True
        scene = self.stack.pop() if self.stack else None
        if self.top is not None:
            self.top.layout(self.size)
            self.phase_changed()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``."""
        if self.stack:
            self.stack.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Make ``scene`` the only one (back to the start screen, a new match …)."""
        self.stack.clear()
        self.push(scene)

    def quit(self, code: int = 0) -> None:
        """Stop the frame loop with ``code``."""
        self.running = False
        self.exit_code = code

    def phase_changed(self, name: str | None = None, delay: float = 0.0) -> None:
        """Take a screenshot after the next frame (or ``delay`` seconds, to let an
        animation settle) when --screenshot is on."""
        top = self.top
        self.visited.add(name or (top.phase_name() if top else "empty"))
        if self.options.screenshot is not None:
            self._shot_pending = name or (top.phase_name() if top else "empty")
            self._shot_delay = delay

    # ------------------------------------------------------------------ frames

    def handle_event(self, e: pygame.event.Event) -> None:
        if e.type == pygame.QUIT:
            if self.monkey_left <= 0:
                for scene in self.stack:
                    scene.closing()
                for work in self.background:
                    work.close()
                self.quit(0)
            return
        if e.type == pygame.VIDEORESIZE:
            w, h = max(MIN_SIZE[0], e.w), max(MIN_SIZE[1], e.h)
            if (w, h) != (e.w, e.h):
                self.surface = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            else:
                self.surface = pygame.display.get_surface() or self.surface
            forget_sizes()
            self.dirty = True
            for scene in self.stack:
                scene.layout(self.size)
            return
        if self.top is not None:
            self.top.handle_event(e)

    def update(self, dt: float) -> None:
        for work in self.background:
            work.tick()
        if self.top is not None:
            self.top.update(dt)

    def draw(self) -> None:
        first = len(self.stack) - 1
        while first > 0 and not self.stack[first].opaque:
            first -= 1
        if first < 0:
            self.surface.fill(theme.FELT_DARK)
        for scene in self.stack[max(first, 0) :]:
            scene.draw(self.surface)

    def step(self, dt: float, events=()) -> None:
        """One frame: events, update, draw (tests call it with fake time).

        A still picture (no input, nothing moving) is not redrawn, so an idle table costs
        next to nothing and the frames that move get the whole frame budget.
        """
        for e in events:
            self.handle_event(e)
        if events:
            self.dirty = True
        self.update(min(dt, 0.1))
        top = self.top
        full = self.dirty or top is None
        self.drawn = full or (top is not None and top.animating())
        self.update_rects = None
        if self.drawn:
            self.draw()
            self.dirty = False
            if not full and top is not None and len(self.stack) == 1:
                rects = top.dirty_rects()
                self.update_rects = rects
            elif top is not None:
                top.dirty_rects()  # a full frame: the scene starts afresh
        else:
            self.skipped += 1
        self._shot_delay -= dt
        if self._shot_pending is not None and self._shot_delay <= 0:
            self._save_shot(self._shot_pending)
            self._shot_pending = None

    def _save_shot(self, name: str) -> None:
        folder = self.options.screenshot
        if folder is None:  # asked for only with --screenshot
            return
        folder.mkdir(parents=True, exist_ok=True)
        self.shots += 1
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in name)
        pygame.image.save(self.surface, str(folder / f"{self.shots:03d}-{safe}.png"))

    def monkey_events(self) -> list[pygame.event.Event]:
        """Random clicks and keys (--monkey), seeded by --seed."""
        rng = self.monkey_rng
        w, h = self.size
        self.monkey_left -= 1
        if rng.random() < 0.7:
            # Aim mostly at where the controls are: the bottom third and the middle.
            pos = (rng.randrange(w), rng.randrange(h // 3, h) if rng.random() < 0.6 else rng.randrange(h))
            return [
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3, 4, 5))),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
            ]
        if rng.random() < 0.03:
            return [
                pygame.event.Event(
                    pygame.VIDEORESIZE, w=rng.randrange(900, 1700), h=rng.randrange(600, 1000), size=(0, 0)
                )
            ]
        key = rng.choice(
            (
                pygame.K_SPACE,
                pygame.K_RETURN,
                pygame.K_ESCAPE,
                pygame.K_LEFT,
                pygame.K_RIGHT,
                pygame.K_UP,
                pygame.K_DOWN,
                pygame.K_a,
                pygame.K_h,
                pygame.K_TAB,
                pygame.K_1,
                pygame.K_BACKSPACE,
            )
        )
        return [
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0),
        ]

    def run(self) -> int:
        """The frame loop; returns the exit status."""
        clock = pygame.time.Clock()
        fixed = self.monkey_left > 0
        frames = 0
        use_switch_interval()
        while self.running:
            # The monkey runs on simulated time as fast as the machine allows.
            dt = clock.tick(0 if fixed else FPS) / 1000.0
            if fixed:
                dt = 1 / FPS
            start = time.perf_counter()
            events = pygame.event.get()
            if self.monkey_left > 0:
                events += self.monkey_events()
                if self.monkey_left <= 0:
                    self.quit(0)
            self.frame(dt, events, start)
            frames += 1
            if self.options.max_frames is not None and frames >= self.options.max_frames:
                self.quit(0)
        return self.exit_code

    def frame(self, dt: float, events=(), start: float | None = None) -> None:
        """One frame of the loop: the step and the copy to the screen, timed from ``start``
        (its events read). The frame gate is held throughout: a bot searching in the worker
        waits at its next pause point instead of taking turns with the frame."""
        if start is None:
            start = time.perf_counter()
        with FRAME_GATE:
            self.step(dt, events)
            if not self.drawn:
                return
            drawn = time.perf_counter()
            if self.update_rects is None:
                pygame.display.flip()
            elif self.update_rects:
                # Only what moved goes to the screen: on a software display the copy
                # of the whole window is most of a frame's cost.
                pygame.display.update(self.update_rects)
            done = time.perf_counter()
        self.frame_times.append((done - start, drawn - start))
        self.frames_drawn += 1

    def frame_report(self) -> str:
        """Frame-time percentiles over the frames drawn: the whole frame (events, update,
        draw, flip), and without the flip (the copy to the screen, the X server's share)."""
        lines = []
        for label, index in (("frame", 0), ("without flip", 1)):
            times = sorted(t[index] for t in itertools.islice(self.frame_times, 1, None)) or [0.0]

            def pct(p: float, times: list[float] = times) -> float:
                return times[min(len(times) - 1, int(p / 100 * len(times)))] * 1000

            lines.append(
                f"{label}: p50 {pct(50):.2f} ms, p90 {pct(90):.2f} ms, p99 {pct(99):.2f} ms, "
                f"max {times[-1] * 1000:.2f} ms"
            )
        return f"frames drawn {self.frames_drawn}, still frames skipped {self.skipped}\n" + "\n".join(lines)
