"""Which screen comes next: the one module that knows every screen.

Screens never import each other: they ask ``app.nav`` (the ``Navigator`` of
``game.ui.kit.scene``) to move on, and this module's ``Navigation`` opens the next screen.
Matches are opened by the app's ``game.app.session.Session``; this module puts what it returns
on the screen (or its error on the start screen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
import random
import time

import pygame

from game.app.duplicate import DuplicateJob
from game.app.event_boards import BOARD_KEY
from game.app.event_play import EventPlay, InlineRunner, Runner
from game.app.event_store import EVENT_KEY, EventStore, SavedEvent
from game.app.records import Records, Replay
from game.app.session import MatchChoice, SessionError, Started, UnreadableSave
from game.core import Hand, HandSetup, HandSummary, Ruleset
from game.i18n import tr
from game.learn import lesson, retry
from game.learn.progress import Progress
from game.learn.puzzles import Puzzle, PuzzleStore
from game.table import TableSettings
from game.ui.coach.coach_stats import StatisticsScene
from game.ui.coach.replays import ReplayListScene
from game.ui.coach.review import ReviewScene
from game.ui.events.tournament_boards import BoardScoreScene
from game.ui.events.tournament_prizes import PrizeScene
from game.ui.events.tournament_scene import TournamentScene
from game.ui.events.tournament_setup import TournamentSetupScene
from game.ui.kit.scene import App, Options, TableScreen
from game.ui.learning.learn_scenes import LearnScene, LessonScene, TrainerScene
from game.ui.learning.puzzle_scenes import PuzzleRunScene, PuzzlesScene
from game.ui.learning.rules_scene import RulesScene
from game.ui.menus.menus import LeaveDialog, SettingsScene, StartScene
from game.ui.menus.names_scene import NamesScene
from game.ui.menus.new_match import NewMatchScene
from game.ui.menus.saved_list import SavedListScene
from game.ui.table.deal_again import DealAgainDialog, ModeHandEndScene
from game.ui.table.hand_record import HandRecordScene
from game.ui.table.privacy import PrivacyScene
from game.ui.table.results import MatchEndScene
from game.ui.table.table_scene import TableScene


def make_app(options: Options, surface: pygame.Surface | None = None) -> App:
    """The app with its navigation: what ``python -m game``, the tools and the tests run."""
    app = App(options, surface)
    app.use_navigation(Navigation(app))
    return app


class Navigation:
    """The ``Navigator`` of the game's screens."""

    def __init__(self, app: App):
        self.app = app
        self._progress: Progress | None = None
        self._puzzles: PuzzleStore | None = None
        self.back_to_match = False  # a replayed deal was opened from a match in progress
        self.events = EventStore(app.storage)
        self.event: EventPlay | None = None  # the tournament event under way

    def deal_over(self) -> None:
        """A replayed deal is over: back into the match it was opened from, else the start
        screen (a person's duplicate board: its score)."""
        tables = [s for s in self.app.stack if isinstance(s, TableScene)]
        if self.event is not None and tables and BOARD_KEY in tables[0].driver.settings.extra:
            for scene in self.app.stack:
                scene.closing()
            self.app.reset(BoardScoreScene(self.app, self.event))
            return
        if self.back_to_match and self.app.storage.has_save():
            self.back_to_match = False
            self.continue_match()
        else:
            self.start()

    # ------------------------------------------------------------------ menus

    def start(self) -> None:
        self.end_event()
        self.app.reset(StartScene(self.app))

    def new_match(self) -> None:
        self.app.push(NewMatchScene(self.app))

    def edit_names(self) -> None:
        self.app.push(NamesScene(self.app))

    def replays(self) -> None:
        self.app.push(ReplayListScene(self.app))

    def settings(self, tick: Callable[[float], None] | None = None) -> None:
        self.app.push(SettingsScene(self.app, tick))

    def rules(self, ruleset_id: str, tick: Callable[[float], None] | None = None) -> None:
        self.app.push(RulesScene(self.app, ruleset_id, tick))

    # ------------------------------------------------------------------ learning

    @property
    def progress(self) -> Progress:
        """The learner's progress, read once (a damaged file is set aside, and said so)."""
        if self._progress is None:
            self._progress = Progress.load(self.app.storage.folder, self.app.storage.writable)
        return self._progress

    def learn(self) -> None:
        self.app.push(LearnScene(self.app, self.progress))

    def lesson(self, lesson_id: str) -> None:
        self.app.push(LessonScene(self.app, lesson(lesson_id), self.progress))

    def trainer(self) -> None:
        seed = self.app.options.seed if self.app.options.seed is not None else time.time_ns()
        self.app.push(TrainerScene(self.app, self.progress, random.Random(seed)))

    # ------------------------------------------------------------------ puzzles (issue 27)

    @property
    def puzzle_store(self) -> PuzzleStore:
        """The puzzles from the player's games, read once (a damaged file is set aside)."""
        if self._puzzles is None:
            self._puzzles = PuzzleStore.load(self.app.storage.folder if self.app.storage.writable else None)
        return self._puzzles

    def puzzles_due(self) -> int:
        now = retry.CLOCK()
        return sum(1 for p in self.puzzle_store.puzzles.values() if p.due <= now)  # each frame: no sort

    def puzzles(self) -> None:
        self.app.push(PuzzlesScene(self.app, self.puzzle_store))

    def try_again(self, puzzles: list[Puzzle]) -> None:
        """The review's mistakes, tried again on the spot (nothing scheduled)."""
        if puzzles:
            self.app.push(PuzzleRunScene(self.app, puzzles, retry=True))

    def statistics(self) -> None:
        self.app.push(StatisticsScene(self.app, self.puzzle_store))

    # ------------------------------------------------------------------ opening a table

    def start_match(self, choice: MatchChoice) -> None:
        self._open(lambda: self.app.session.start_match(choice))

    def autoplay(self, ruleset_id: str, seed: int, level: str) -> None:
        self._open(lambda: self.app.session.autoplay_match(ruleset_id, seed, level))

    def saved_matches(self) -> None:
        """Continue: straight into the one saved match, or the list when there are several."""
        paths = self.app.storage.saved_matches()
        if len(paths) > 1:
            self.app.push(SavedListScene(self.app))
        else:
            self.continue_match(paths[0] if paths else None)

    def continue_match(self, path: Path | None = None) -> None:
        """The saved match (the one at ``path``; None: the one played last) where it
        stopped; one that cannot be read is moved aside."""
        try:
            started = self.app.session.continue_match(path)
        except UnreadableSave as e:
            self.app.message = self.app.session.set_aside(e)
            self.start()
            return
        except SessionError as e:
            self.app.message = str(e)
            self.start()
            return
        self.app.message = None
        self._show(started)

    def ask_deal_again(self, ruleset: Ruleset, setup: HandSetup, settings: TableSettings, seat: int | None) -> None:
        self.app.push(DealAgainDialog(self.app, ruleset, setup, settings, seat))

    def deal_again(self, ruleset: Ruleset, setup: HandSetup, seat: int, settings: TableSettings) -> None:
        tables = [s for s in self.app.stack if isinstance(s, TableScene)]
        if tables and not tables[0].driver.settings.deal_only:
            self.back_to_match = not tables[0].driver.match.over  # a match is left for the deal
        elif not tables:
            self.back_to_match = False  # from the replays: no match to go back to
        for scene in self.app.stack:  # the table being left: saved as it stands, programs ended
            scene.closing()
        self._open(lambda: self.app.session.deal_again(ruleset, setup, seat, settings))

    def _open(self, start: Callable[[], Started]) -> None:
        try:
            started = start()
        except SessionError as e:
            self.app.message = str(e)  # the screen stays; the start screen shows why
            return
        self._show(started)

    def _show(self, started: Started) -> None:
        table = TableScene(self.app, started.driver, started.viewer, [str(n) for n in started.notices])
        if started.resumed:
            table.catch_up()
        self.app.reset(table)

    # ------------------------------------------------------------------ over a table

    def ask_leave(self, table: TableScreen) -> None:
        self.app.push(LeaveDialog(self.app, table))

    def leave(self, table: TableScreen) -> None:
        """Save and go back to the start screen; outside programs end with the table (and an
        event's other tables stop: its file keeps them)."""
        try:
            self.app.session.autosave(table.driver.save_data())
        except SessionError as e:
            self.app.message = str(e)
        table.driver.close()
        self.end_event()
        self.start()

    def privacy(self, table: TableScreen, seat: int, kind: str) -> None:
        self.app.push(PrivacyScene(self.app, table, seat, kind))

    def hand_record(self, table: TableScreen, last_only: bool) -> None:
        self.app.push(HandRecordScene(self.app, table, last_only))

    def hand_over(self, table: TableScreen, hand: Hand, summary: HandSummary) -> None:
        """The end-of-hand panel; a table with the modes offers *Replay this deal*."""
        if self.event is not None and BOARD_KEY in table.driver.settings.extra:
            self.event.board_played(hand)
        self.app.push(ModeHandEndScene(self.app, table, hand, summary))

    # ------------------------------------------------------------------ reviews

    def review(
        self, replay: Replay, seat: int, title: str | None = None, companion: tuple | None = None, swap: bool = False
    ) -> None:
        """The post-hand analysis of ``seat``'s decisions in ``replay``; ``companion`` is
        another hand (replay, seat, title) the screen can switch to (duplicate practice),
        ``swap`` puts the screen in the place of the one on top."""
        scene = ReviewScene(self.app, replay, seat, title, companion)
        if swap:
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def review_duplicate(self, job: DuplicateJob) -> None:
        """The person's hand and the bot's hand of one deal, one review each."""
        if self.app.session.last_replay is None or job.replay is None:
            return
        try:
            mine, bots = Records.load(self.app.session.last_replay), Records.load(job.replay)
        except ValueError as e:
            self.app.message = str(e)
            return
        bot_title = tr("duplicate.review_bot", level=tr("bots." + job.level))
        self.review(mine, job.seat, tr("duplicate.review_you"), (bots, job.seat, bot_title))

    def review_last_hand(self, seat: int) -> None:
        """The review of the hand just finished (its replay, kept by the session)."""
        path = self.app.session.last_replay
        if path is None:
            return
        try:
            replay = Records.load(path)
        except ValueError as e:
            self.app.message = str(e)
            return
        self.review(replay, seat)

    def match_over(self, table: TableScreen, viewer: int | None) -> None:
        """Count the match, forget its save, show the winners (an event's match: back to
        the event, its result recorded)."""
        if BOARD_KEY in table.driver.settings.extra:
            return  # a board's one hand ended past A: its panel goes on to the board's score
        if EVENT_KEY in table.driver.settings.extra and self.event is not None:
            table.driver.close()
            settings = table.driver.settings
            if settings.human is not None:
                self.app.session.records.record_match(
                    table.driver.match.ruleset.id, settings.human % 2, table.driver.match.winner
                )
            pid = self.event.match_over(table.driver.match, settings)
            self.event_board(pid)
            return
        self.app.session.match_over(table.driver)
        table.driver.close()
        self.app.replace(MatchEndScene(self.app, table.driver.match, viewer, table.names))

    # ------------------------------------------------------------------ tournament events

    def tournament(self) -> None:
        """Start a tournament, or go on with one (its file read again and checked)."""
        self.app.push(TournamentSetupScene(self.app, self.events))

    def _runner(self, folder: Path) -> Runner:
        factory = self.app.options.bot_factory
        if factory is not None:  # the tests' stand-in bots, played here
            make = factory

            def plain(level, seat, rng, ruleset, **_search):  # a stand-in has no search to fix
                return make(level, seat, rng, ruleset)

            return InlineRunner(plain, folder)
        from game.tournament.runner import BotRunner

        return BotRunner(replay_dir=folder)

    def _hold(self, saved: SavedEvent) -> None:
        self.end_event()
        self.event = EventPlay(self.events, saved, self._runner, lambda text: self.app.report(SessionError(text)))
        self.app.session.event_saver = self.event.match_saved
        self.app.background.append(self.event)

    def end_event(self) -> None:
        """Stop the event's background (its file keeps everything)."""
        if self.event is not None:
            self.event.close()
            if self.event in self.app.background:
                self.app.background.remove(self.event)
            self.event = None
            self.app.session.event_saver = None

    def start_event(self, saved: SavedEvent) -> None:
        """A new event: saved at once (its own file), then the draw shown."""
        self._hold(saved)
        assert self.event is not None
        self.event.save()
        self.app.reset(TournamentScene(self.app, self.event, draw=True))

    def continue_event(self, path: Path) -> None:
        """The saved event at ``path``; one that cannot be used is set aside, and said."""
        try:
            saved = self.events.load(path)
        except (ValueError, OSError) as e:
            self.app.message = self.events.set_aside(path, str(e))
            self.start()
            return
        self.app.message = None
        self._hold(saved)
        assert self.event is not None
        self.app.reset(TournamentScene(self.app, self.event))

    def event_board(self, last: str | None = None) -> None:
        """The event's bracket and tables (``last``: the player's match just finished)."""
        if self.event is None:
            self.start()
            return
        if self.event.event.finished:
            self.event_prizes()
            return
        self.app.reset(TournamentScene(self.app, self.event, last=last))

    def play_event_match(self) -> None:
        """The player's next match at the table, in tournament conditions (or the one under way)."""
        play = self.event
        if play is None or play.next_match() is None:
            return
        from game.app.saved_data import check_save
        from game.table import TableSettings

        def open_table() -> Started:
            if play.event.duplicate:
                return self.app.session.open_event_board(*play.board_choice())
            data = play.saved.table
            if data is not None:
                match, table = check_save(data)
                clock = data.get("clock")
                clock_left = (int(clock[0]), int(clock[1]), float(clock[2])) if isinstance(clock, list) else None
                return self.app.session.open_event_match(match, TableSettings.from_dict(table), True, clock_left)
            match, settings = play.table_choice()
            return self.app.session.open_event_match(match, settings)

        self._open(open_table)

    def event_prizes(self) -> None:
        if self.event is not None:
            self.app.reset(PrizeScene(self.app, self.event))

    def event_replay(self, hands: Path | Sequence[Path], index: int = 0, swap: bool = False) -> None:
        """A bots-only match's hand in the replay viewer (``hands``: every hand of the match,
        so the viewer steps on to the others; ``swap``: in the place of the viewer on top)."""
        from game.ui.coach.replays import ReplayScene

        files = [hands] if isinstance(hands, Path) else list(hands)
        try:
            replay = Records.load(files[index])
        except (ValueError, OSError) as e:
            self.app.message = str(e)
            return
        scene = ReplayScene(self.app, replay, (files, index))
        if swap:
            self.app.replace(scene)
        else:
            self.app.push(scene)
