"""Matches as the player starts them: new, continued, a deal again, autoplay — no pygame.

A ``Session`` turns a player's choice into a running table (``Started``: the driver, the
seat shown at the bottom, notices for the table) or a typed ``SessionError`` whose text is
the player's reason. It is the one place that builds drivers and controllers (``bots``, the
outside programs of ``--seat``) and the hooks a match runs: replays and statistics kept
per hand, the saved match written, results sent to outside programs by the driver.

A match's table settings travel with its save (``game.table.TableSettings``, under
``"table"``): the ruleset, the people's seats (``humans``; ``human`` is the first), the bots'
levels, the mode, the length and the names typed for seats and teams. Outside programs
(``--seat``) are never started from a save: a saved ``external:`` seat plays ``normal`` unless
the same ``--seat`` is given again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.app.duplicate import DEFAULT_LEVEL, DuplicateJob, decode_states, duplicate_bots, encode_states, rng_states
from game.app.event_store import EVENT_KEY
from game.app.records import Records
from game.app.saved_data import check_save
from game.app.storage import Storage
from game.core import Hand, HandSetup, HandSummary, Match, Ruleset, fresh_seed, get_ruleset
from game.i18n import tr
from game.table import PRACTICE, Mode, TableDriver, TableSettings, make_controllers
from game.table.seats import BOT_LEVELS, EXTERNAL

RNG_KEY = "duplicate_rng"  # TableSettings.extra: the bots' random states as the deal began
#: The rulesets on which the new-match screen offers ``expert``: where the arena measured it
#: above ``hard`` (ci95 above 0; bots/NOTES.md, "Turn 5" and "Turn 6"): a player is not
#: asked to wait seven times as long for a gain nobody has shown. Turn 6's harder steering
#: put it above ``hard`` on two and three decks; on one deck it fell below (bots/NOTES.md,
#: "expert on one deck"), and with ``hard``'s steering there it is not yet shown above.
#: Saves, replays and ``--bot-level`` take it everywhere.
EXPERT_RULESETS = frozenset({"hebi-2010", "lanzhou-2010"})
_SEAT_KEYS = ("south", "east", "north", "west")  # hotseat.seat_<key>: a seat's name for everyone

Driver = TableDriver  # the table engine the game runs


def offered_levels(ruleset_id: str) -> tuple[str, ...]:
    """The bot levels a new match on ``ruleset_id`` offers, weakest first."""
    if ruleset_id in EXPERT_RULESETS:
        return BOT_LEVELS
    return tuple(level for level in BOT_LEVELS if level != "expert")


class SessionError(Exception):
    """Why a match could not be opened, in the player's words (``str(error)``)."""


class NoSavedMatch(SessionError):
    """Continue was asked for, and there is no saved match."""

    def __init__(self) -> None:
        super().__init__(tr("save.invalid", error="no save"))


class UnreadableSave(SessionError):
    """The saved match cannot be read (damaged, from a newer version, inconsistent)."""


class BotsMissing(SessionError):
    """The bots cannot be imported (a broken install)."""

    def __init__(self, error: ImportError):
        super().__init__(tr("dialog.no_bots", error=str(error)))


class ProgramFailed(SessionError):
    """An outside program (``--seat N=external:…``) did not start; ``normal`` plays instead.

    Not raised: the match opens all the same, with this among ``Started.notices``."""

    def __init__(self, seat: int, error: str):
        self.seat = seat
        super().__init__(tr("modes.external_failed", seat=tr("hotseat.seat_" + _SEAT_KEYS[seat]), error=error[:120]))


class SaveFailed(SessionError):
    """The match could not be written; the game goes on with the match in memory, and the
    save is tried again at the next trick."""

    def __init__(self, error: OSError):
        super().__init__(tr("data_folder.save_failed", error=(error.strerror or str(error))[:120]))


class SavedAgain(SessionError):
    """After a failure, the match (and any replay kept in memory) was written after all."""

    def __init__(self) -> None:
        super().__init__(tr("data_folder.saved_again"))


@dataclass(frozen=True)
class MatchChoice:
    """What the new-match screen (or ``--autoplay``) asks for.

    ``human`` is the first person's seat (None: bots only); ``humans`` every person's seat
    (two or more: hot-seat); ``names`` the typed names (``{"seats": [...], "teams": [...]}``)."""

    ruleset_id: str
    levels: Sequence[str]
    human: int | None = None
    humans: Sequence[int] = ()
    mode: str = "practice"
    length: int | None = None
    seed: int | None = None
    names: dict = field(default_factory=dict)
    duplicate: str | None = None  # duplicate practice: the level of the bot in each person's seat


@dataclass
class Started:
    """A table ready to open: its driver, the seat at the bottom, and what to tell the player."""

    driver: Driver
    viewer: int | None
    notices: list[SessionError] = field(default_factory=list)
    resumed: bool = False  # a saved hand: show it as it stands, no animations to catch up


BotFactory = Callable[..., object]


class Session:
    """Opens matches for one player's data folder and command line."""

    def __init__(
        self,
        storage: Storage,
        *,
        bot_factory: BotFactory | None = None,
        seats: dict[int, str] | None = None,
        external_ms: float = 5000.0,
        autoplay: bool = False,
        report: Callable[[SessionError], None] | None = None,
        keep_autoplay: bool = False,
    ):
        self.storage = storage
        self.bot_factory = bot_factory  # the tests' stand-in; None: ``bots.make_bot``
        self.seats = dict(seats or {})  # --seat N=LEVEL or N=external:COMMAND
        self.external_ms = external_ms
        self.autoplay = autoplay
        # Watching bots (--autoplay) never touches the player's match, replays or statistics.
        self.keeps = (not autoplay or keep_autoplay) and storage.writable
        self.report = report  # a problem met while the match runs (a save that failed)
        self.records = Records(storage.folder, writable=self.keeps)
        self.save_failing = False  # the last save failed: the player was told
        self.last_replay: Path | None = None  # the file of the hand that just ended (its review)
        self.duplicates: list[DuplicateJob] = []  # the bots' hands of the deal just ended
        self._rng_states: dict[int, object] = {}  # the bots' random states as the deal began
        self._controllers: Sequence = []
        # A tournament event's match is saved into the event's file (``game.app.event_play``).
        self.event_saver: Callable[[dict], None] | None = None

    # ------------------------------------------------------------------ opening a table

    def start_match(self, choice: MatchChoice) -> Started:
        """Deal the first hand of a new match (saved at once, unless bots play alone for show)."""
        seed = choice.seed if choice.seed is not None else fresh_seed()
        match = Match(get_ruleset(choice.ruleset_id), seed, choice.length)
        humans = sorted(set(([] if choice.human is None else [choice.human]) + list(choice.humans)))
        humans, levels = self._seat_overrides(humans, list(choice.levels))
        settings = TableSettings(
            ruleset=choice.ruleset_id,
            humans=tuple(humans),
            levels=tuple(levels),
            mode=Mode(choice.mode),
            length=choice.length,
            names=dict(choice.names),
            seed=seed,
            autoplay=self.autoplay,
            extra={"duplicate": choice.duplicate} if choice.duplicate and humans else {},
        )
        started = self._open(match, settings, announce=True, save=True)
        if not self.autoplay:
            self.storage.shelve()  # the match in progress is kept, never written over
            started.driver.save()
        return started

    def autoplay_match(self, ruleset_id: str, seed: int, level: str) -> Started:
        """Bots in all four seats (``--autoplay``), the ruleset's first match length."""
        length = get_ruleset(ruleset_id).match_options[0]
        return self.start_match(MatchChoice(ruleset_id, [level] * 4, seed=seed, length=length))

    def deal_again(
        self, ruleset: Ruleset, setup: HandSetup, seat: int, settings: TableSettings | None = None
    ) -> Started:
        """Practice one deal again from ``seat``: the same setup, so the same cards. Never
        saved: the match in progress stays as it was saved."""
        old = settings or TableSettings()
        match = Match(ruleset, int(old.seed or setup.seed), None)
        match.levels = list(setup.levels)
        match.dealer = setup.dealer
        match.first_drawer = setup.first_drawer
        match.hand = Hand(ruleset, setup)
        levels = tuple(v if v in BOT_LEVELS else "normal" for v in old.levels)
        settings = TableSettings(
            ruleset=ruleset.id,
            humans=(seat,),
            levels=levels,
            mode=PRACTICE,
            length=None,
            names=old.names,
            seed=match.seed,
            deal_only=True,
        )
        return self._open(match, settings, announce=True, save=False)

    def continue_match(self, path: Path | None = None) -> Started:
        """The saved match where it stopped (the one at ``path``, one of
        ``Storage.saved_matches``; None: the one played last). Raises ``NoSavedMatch`` or
        ``UnreadableSave`` (the caller decides whether to move the file aside: see ``set_aside``)."""
        if path is not None:
            if not Path(path).is_file():
                raise NoSavedMatch()
            try:
                path = self.storage.activate(Path(path))
            except OSError as e:
                raise SessionError(tr("data_folder.open_failed", error=(e.strerror or str(e))[:120])) from None
        match, settings = self.read_saved_match(path)
        clock = self._saved_clock(path)
        # The deal under way began with the bots' states saved then (duplicate practice).
        began = decode_states(settings.extra.get(RNG_KEY)) if match.hand.log else None
        levels = list(settings.levels)
        for seat, level in enumerate(levels):
            if str(level).startswith(EXTERNAL) and self.seats.get(seat) != level:
                levels[seat] = "normal"  # a save never starts a program by itself
        started = self._open(match, settings.with_(levels=tuple(levels)), announce=False, save=True)
        if began is not None:
            self._rng_states = began
            self._keep_rng_states(started.driver.settings)
        started.driver.clock_left = clock
        started.resumed = True
        return started

    def open_event_match(
        self, match: Match, settings: TableSettings, resumed: bool = False, clock: tuple[int, int, float] | None = None
    ) -> Started:
        """A tournament event's match at the table: new, or ``resumed`` from the event's file
        (with its turn clock); saved through ``event_saver``."""
        started = self._open(match, settings, announce=not resumed, save=True)
        if resumed:
            started.driver.clock_left = clock
            started.resumed = True
        else:
            started.driver.save()
        return started

    def open_event_board(self, match: Match, settings: TableSettings) -> Started:
        """A board of a person's duplicate match: one hand, never saved mid-way (the event's
        file keeps the match between boards)."""
        return self._open(match, settings, announce=True, save=False)

    # ------------------------------------------------------------------ the saved match

    def read_saved_match(self, path: Path | None = None) -> tuple[Match, TableSettings]:
        """The saved match and its table settings (the one at ``path``; None: the one in progress)."""
        if not (self.storage.has_save() if path is None else Path(path).is_file()):
            raise NoSavedMatch()
        try:
            data = self.storage.read_save(path)
        except ValueError as e:
            raise UnreadableSave(tr("save.corrupt", error=str(e)[:120])) from None
        version = data["match"].get("version")
        if isinstance(version, int) and version > 1:
            raise UnreadableSave(tr("save.newer", version=version))
        try:
            match, table = check_save(data)  # every value, and every hand replayed legally
            settings = TableSettings.from_dict(table)
        except Exception as e:  # whatever the file holds, it is refused here, not at the table
            raise UnreadableSave(tr("save.invalid", error=str(e)[:120])) from None
        return match, settings

    def _saved_clock(self, path: Path | None = None) -> tuple[int, int, float] | None:
        """The turn clock as it stood when the match was saved (None: none was running)."""
        try:
            clock = self.storage.read_save(path).get("clock")
            if not isinstance(clock, list) or len(clock) != 3:
                return None
            return int(clock[0]), int(clock[1]), float(clock[2])
        except (ValueError, TypeError):
            return None

    def check_saved_match(self) -> bool:
        """Is there a saved match that can be continued? Raises ``UnreadableSave`` for one that cannot."""
        if not self.storage.has_save():
            return False
        self.read_saved_match()
        return True

    def set_aside(self, error: SessionError) -> str:
        """Move an unreadable save out of the way; the player's message says where."""
        moved = self.storage.move_aside()
        return str(error) + (" " + tr("dialog.moved_aside", path=moved.name) if moved else "")

    def autosave(self, data: dict) -> None:
        """Write the match atomically (raises ``SaveFailed``). A replayed deal is never
        written: the match in progress keeps its save, and watching bots writes nothing."""
        settings = TableSettings.from_dict(data.get("table"))
        if not self.keeps or settings.deal_only:
            return
        if EVENT_KEY in settings.extra:  # never over the saved match: into the event's file
            if self.event_saver is not None:
                self.event_saver(data)
            return
        try:
            self.storage.write_save(data)
        except OSError as e:
            raise SaveFailed(e) from None
        if not self.records.flush():  # a replay kept in memory since a failed write
            raise SaveFailed(OSError(0, "a replay could not be written"))

    def match_over(self, driver: Driver) -> None:
        """The match is won: count it for the first person's team, forget the save. A
        replayed deal touches neither."""
        settings = driver.settings
        if settings.deal_only or not self.keeps:
            return
        if settings.human is not None:
            self.records.record_match(driver.match.ruleset.id, settings.human % 2, driver.match.winner)
        self.storage.delete_save()

    # ------------------------------------------------------------------ building the table

    def _open(self, match: Match, settings: TableSettings, announce: bool, save: bool) -> Started:
        notices: list[SessionError] = []
        try:
            controllers = make_controllers(
                settings.humans, settings.levels, match.ruleset, match.seed, self._factory(notices)
            )
        except ImportError as e:
            raise BotsMissing(e) from None
        driver = build_driver(
            match,
            controllers,
            settings,
            on_save=self._saver() if save and self.keeps else None,
            announce=announce,
            on_hand_over=self._hand_recorder(settings),
        )
        self._rng_states = rng_states(controllers)
        self._keep_rng_states(settings)
        self._controllers = controllers
        return Started(driver, settings.human, notices)

    def _keep_rng_states(self, settings: TableSettings) -> None:
        """With duplicate practice, the bots' states as the deal begins go with the saved
        match: a continued match's first duplicate starts them where the person's deal did."""
        extra = settings.extra
        if extra.get("duplicate") and not settings.deal_only and isinstance(extra, dict):
            extra[RNG_KEY] = encode_states(self._rng_states)

    def _saver(self) -> Callable[[dict], None]:
        """Save after every trick; a failure is said once (the match stays in memory and the
        next trick tries again), and so is the first save that works after it."""

        def save(data: dict) -> None:
            try:
                self.autosave(data)
            except SaveFailed as e:
                if not self.save_failing and self.report is not None:
                    self.report(e)  # the game goes on; the table says so
                self.save_failing = True
                return
            if self.save_failing:
                self.save_failing = False
                if self.report is not None:
                    self.report(SavedAgain())

        return save

    def _factory(self, notices: list[SessionError]) -> BotFactory:
        """The bot factory: the tests' stand-in, the command line's (outside programs), or
        ``bots.make_bot``; a program that cannot start is noted and ``normal`` plays."""
        factory = self.bot_factory
        if factory is None and any(str(v).startswith(EXTERNAL) for v in self.seats.values()):
            factory = external_factory(self.external_ms)
        if factory is None:
            factory = default_factory()
        make = factory

        def guarded(level, seat, rng, ruleset, **options):
            try:
                return make(level, seat, rng, ruleset, **options)
            except ValueError as e:
                if str(level).startswith(EXTERNAL):
                    notices.append(ProgramFailed(seat, str(e)))
                raise

        return guarded

    def _hand_recorder(self, settings: TableSettings) -> Callable[[Hand, HandSummary | None], None]:
        """Keep every finished hand as a replay; count it in the statistics of the first person's team."""

        def over(hand: Hand, summary: HandSummary | None) -> None:
            if not self.keeps:
                return
            kind = "deal" if settings.deal_only else "match"
            self.last_replay = self.records.add_replay(
                hand, summary.number if summary else 0, dict(settings.names), kind, settings.seed, list(settings.humans)
            )
            if summary is not None and settings.human is not None and not settings.deal_only:
                self.records.record_hand(hand.ruleset.id, settings.human % 2, hand, summary)
            self.duplicates = []
            if settings.extra.get("duplicate") and not settings.deal_only and hand.settlement is not None:
                self.duplicates = [
                    self._duplicate(hand, seat, settings, summary.number if summary else 0) for seat in settings.humans
                ]
            self._rng_states = rng_states(self._controllers)
            self._keep_rng_states(settings)

        return over

    def _duplicate(self, hand: Hand, seat: int, settings: TableSettings, number: int) -> DuplicateJob:
        """The deal again with a bot in ``seat`` (duplicate practice), started in a thread."""
        level = str(settings.extra.get("duplicate") or DEFAULT_LEVEL)
        factory = self.bot_factory or default_factory()
        bots = duplicate_bots(
            hand, seat, level, settings.levels, settings.humans, self._rng_states, int(settings.seed or 0), factory
        )
        job = DuplicateJob(hand, seat, level, bots)

        def done(job: DuplicateJob) -> None:
            # In the worker: keep the bot's hand (to review it) and count the comparison.
            job.replay = self.records.add_replay(
                job.hand, number, dict(settings.names), "duplicate", settings.seed, [seat]
            )
            c = job.comparison
            if c is None:
                return
            self.records.record_duplicate(hand.ruleset.id, c.levels, c.points)
            score = settings.extra.get("duplicate_score")
            if not isinstance(score, dict):
                score = {}
                settings.extra["duplicate_score"] = score  # type: ignore[index]
            row = score.setdefault(str(seat), [0, 0, 0])
            row[0], row[1], row[2] = row[0] + 1, row[1] + c.levels, row[2] + c.points

        job.on_done = done
        return job.start()

    def _seat_overrides(self, humans: list[int], levels: list[str]) -> tuple[list[int], list[str]]:
        """The command line's ``--seat N=...`` take those seats (people move out of them)."""
        for seat, spec in self.seats.items():
            levels[seat] = spec
            humans = [h for h in humans if h != seat]
        return humans, levels


def external_factory(external_ms: float) -> BotFactory:
    """Outside programs for ``external:`` levels, ``bots.make_bot`` for the rest."""
    # Imported here: the bots package is optional for the session (tests pass stand-ins),
    # and an install without it reports BotsMissing instead of failing at import.
    from bots.external import seat_bot_factory

    return seat_bot_factory(external_ms)


def default_factory() -> BotFactory:
    """``bots.make_bot``: our own levels."""
    # Imported here: an install without the bots package reports BotsMissing at the table
    # instead of failing when the game starts.
    from bots import make_bot

    return make_bot


def build_driver(
    match: Match,
    controllers: Sequence,
    settings: TableSettings | None = None,
    *,
    on_save: Callable[[dict], None] | None = None,
    announce: bool = True,
    on_hand_over: Callable[[Hand, HandSummary | None], None] | None = None,
) -> Driver:
    """The one place a table's driver is built (the game, the tests' and tools' tables), with
    the ``normal`` bot's hint for practice."""
    from bots.hint import hint  # see default_factory

    return Driver(
        match, list(controllers), settings, on_save=on_save, announce=announce, on_hand_over=on_hand_over, hint=hint
    )
