"""An event being played: the player's matches at the table, the others in the background.

``EventPlay`` holds one ``SavedEvent`` and the runner of its bots-only matches. ``tick()``
(called every frame, whatever screen is shown) sends every ready bots-only match to the
runner and records what came back, saving the event after each result; ``table_choice``
gives what the table needs for the player's next match, and ``match_saved`` /
``match_over`` keep the event's file up to date from the table (after every trick and
hand, and with the result). No pygame here: the screens read it.

The runner is ``game.tournament.runner.BotRunner`` (worker processes) in the game;
``InlineRunner`` plays the matches in this process, one per ``poll``, for the tests and for
a machine where a worker cannot start.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
import random
import time
from typing import Any, Protocol

from game.app.event_boards import BOARD_KEY, Boards
from game.app.event_store import EVENT_FILE_KEY, EVENT_KEY, EventStore, SavedEvent, regulation_settings, replay_folder
from game.core import Hand, Match
from game.i18n import tr
from game.table import TableSettings
from game.tournament import Tournament, make_field, team_name
from game.tournament.play import (
    BotFactory,
    MatchJob,
    MatchOutcome,
    board_setup,
    duplicate_result,
    play_match,
    result_of,
    write_replays,
)


class Runner(Protocol):
    def submit(self, job: MatchJob) -> None: ...
    def poll(self, wait: float = 0.0) -> list[MatchOutcome]: ...
    @property
    def pending(self) -> list[str]: ...
    def close(self, wait: bool = True) -> None: ...


class InlineRunner:
    """Plays submitted matches in this process, one per ``poll`` (tests; no worker)."""

    def __init__(self, factory: BotFactory, replay_dir: Path | None = None):
        self.factory = factory
        self.replay_dir = replay_dir
        self.jobs: dict[str, MatchJob] = {}

    def submit(self, job: MatchJob) -> None:
        self.jobs.setdefault(job.match_id, job)

    def poll(self, wait: float = 0.0) -> list[MatchOutcome]:
        if not self.jobs:
            return []
        job = self.jobs.pop(next(iter(self.jobs)))
        outcome = play_match(job, self.factory)
        if self.replay_dir is not None:
            write_replays(outcome, self.replay_dir, job.replay_prefix)
        return [outcome]

    @property
    def pending(self) -> list[str]:
        return list(self.jobs)

    def close(self, wait: bool = True) -> None:
        self.jobs.clear()


def names_of(event: Tournament) -> dict[str, str]:
    """Each team's name in the language shown now."""
    return {t.id: team_name(t, tr) for t in event.teams}


def new_event(
    store: EventStore,
    ruleset_id: str,
    size: int,
    format: str,
    player: str,
    strength: str,
    practice: bool,
    seed: int,
    player_level: str = "normal",
) -> SavedEvent:
    """A new event with its draw made (its own file: no other event or match is touched)."""
    field = make_field(size, random.Random(f"field:{seed}"), strength, player, player_level)
    lengths = practice_lengths(ruleset_id) if practice else None
    event = Tournament.new(ruleset_id, field, seed, format, lengths)
    return SavedEvent(store.new_path(), event, None, time.time())


def practice_lengths(ruleset_id: str) -> tuple[int, int]:
    """Short matches to practise the event's shape: 2 hands (final 3), or 15 minutes (final 20)."""
    from game.core import get_ruleset

    return (15, 20) if get_ruleset(ruleset_id).match_length == "minutes" else (2, 3)


class EventPlay:
    """The event under way: its file, its background tables and the player's next match."""

    def __init__(
        self,
        store: EventStore,
        saved: SavedEvent,
        runner: Callable[[Path], Runner],
        report: Callable[[str], None] | None = None,
    ):
        self.store = store
        self.saved = saved
        self.replay_dir = replay_folder(saved.path)
        self._make_runner = runner
        self._runner: Runner | None = None
        self.report = report  # a save that failed, a background match that failed
        self.failed: str | None = None  # the background stopped: why (the event is kept)
        self.results: list[str] = []  # the matches recorded since the screen last looked
        self.names = names_of(saved.event)
        self.hold = False  # the draw is being shown: nothing is played yet
        # A person's duplicate board under way: the person's hand, the second table's job and hand.
        self.first: Hand | None = None
        self.second: Hand | None = None
        self.board_job: str | None = None
        self.board_scored: Boards | None = None  # the board just scored (its panel reads it)
        self.board_match_done: str | None = None  # that board ended the match: its id

    @property
    def event(self) -> Tournament:
        return self.saved.event

    # ------------------------------------------------------------------ the background

    @property
    def runner(self) -> Runner:
        if self._runner is None:
            if self.store.storage.writable:
                self.replay_dir.mkdir(parents=True, exist_ok=True)
            self._runner = self._make_runner(self.replay_dir)
        return self._runner

    def tick(self) -> list[str]:
        """Send the ready bots-only matches, record those finished (never blocks); the ids
        of the matches recorded now."""
        if self.failed is not None or self.event.finished or self.hold:
            return []
        done = []
        try:
            for p in self.event.bot_matches():
                names = (self.names[p.a], self.names[p.b or ""])
                self.runner.submit(MatchJob.of(self.event, p, names, self.replay_dir.name))
            for outcome in self.runner.poll():
                if outcome.hand is not None:  # a person's board: its second table
                    if outcome.match_id == self.board_job:
                        self.second = outcome.hand
                    continue
                self.event.record(outcome.match_id, outcome.result)
                done.append(outcome.match_id)
            if self.first is not None and self.second is not None:
                done += self._score_board()
        except Exception as e:  # a worker that cannot start, a match whose bots failed
            self.failed = str(e)[:200]
            if self.report is not None:
                self.report(tr("event.background_failed", error=self.failed))
            return done
        if done:
            self.results += done
            self.save()
        return done

    def running(self) -> list[str]:
        """The bots-only matches being played now (not a person's board's second table)."""
        ids = {p.id for p in self.event.pairings}
        return [m for m in getattr(self._runner, "pending", []) or [] if m in ids]

    def close(self) -> None:
        """Stop the background (unfinished matches are sent again when the event goes on; a
        board under way is dealt again from its start)."""
        self.first = self.second = None
        self.board_job = None
        if self._runner is not None:
            self._runner.close(wait=False)  # never keep the window waiting for a match
            self._runner = None

    def save(self) -> None:
        try:
            self.store.save(self.saved)
        except OSError as e:
            if self.report is not None:
                self.report(tr("data_folder.save_failed", error=(e.strerror or str(e))[:120]))

    # ------------------------------------------------------------------ the player's match

    def next_match(self) -> Any:
        """The player's next match (a ``Pairing``), or None while only bots are playing."""
        matches = self.event.player_matches()
        return matches[0] if matches else None

    def opponent(self) -> str | None:
        p = self.next_match()
        if p is None:
            return None
        mine = [t for t in p.teams if not self.event.team(t).bots_only]
        other = [t for t in p.teams if t not in mine]
        return other[0] if other else mine[-1]

    def table_choice(self) -> tuple[Match, TableSettings]:
        """The player's next match as the table plays it: tournament conditions (clocks, no
        aids), the event's seed, seats and length."""
        p = self.next_match()
        if p is None:
            raise ValueError("the event has no match for the player now")
        match = Match(self.event.ruleset, p.seed, self.event.length(p))
        settings = regulation_settings(self.event, p).with_(
            names={"teams": [self.names[p.a], self.names[p.b or ""]]},
            extra={EVENT_KEY: p.id, EVENT_FILE_KEY: self.saved.path.name},
        )
        return match, settings

    def match_saved(self, data: dict[str, Any]) -> None:
        """The table saved the player's match (after a trick or a hand): into the event's file.
        A duplicate board is not kept mid-way (``saved.boards`` has the match between boards)."""
        table = data.get("table")
        if isinstance(table, dict) and BOARD_KEY in table:
            return
        self.saved.table = data
        self.save()

    def match_over(self, match: Match, settings: TableSettings) -> str:
        """The player's match is won: its result recorded, the event saved; the match's id."""
        pid = str(settings.extra.get(EVENT_KEY))
        p = self.event.pairing(pid)
        self.event.record(pid, result_of(match, (p.a, p.b or "")))
        self.saved.table = None
        self.results.append(pid)
        self.save()
        return pid

    # ------------------------------------------------------------------ a person's duplicate match

    def boards(self) -> Boards:
        """The running score of the player's next match (a duplicate one)."""
        p = self.next_match()
        if p is None:
            raise ValueError("the event has no match for the player now")
        if self.saved.boards is not None and self.saved.boards.get("match") == p.id:
            return Boards.from_dict(self.saved.boards)
        return Boards(p.id)

    def board_choice(self) -> tuple[Match, TableSettings]:
        """The next board at the person's table, a one-hand match in tournament conditions;
        its second table sent to the worker at once (the tables play side by side)."""
        state = self.boards()
        match, settings = self.table_choice()
        setup = board_setup(match.seed, state.board, state.attempt)
        match = Match(self.event.ruleset, match.seed, None)
        match.levels = list(setup.levels)
        match.dealer = setup.dealer
        match.first_drawer = setup.first_drawer
        match.hand = Hand(self.event.ruleset, setup)
        extra = dict(settings.extra)
        extra[BOARD_KEY] = state.board
        self.saved.boards = state.to_dict()
        self.board_scored = None
        self.board_match_done = None
        self.first = None
        self._second_table(setup)
        return match, settings.with_(length=None, deal_only=True, extra=extra)

    def _second_table(self, setup: Any) -> None:
        p = self.event.pairing(self.boards().match)
        state = self.boards()
        self.board_job = f"{p.id}-b{state.board}-{setup.seed:x}"
        self.second = None
        names = (self.names[p.a], self.names[p.b or ""])
        self.runner.submit(MatchJob.second_table(self.event, p, self.board_job, setup, names, self.replay_dir.name))

    def board_played(self, hand: Hand) -> None:
        """The person's hand of the board is settled; a table that re-dealt played another
        deal, so the second table plays that one (both tables always play the same cards)."""
        if self.board_job is None:
            return
        submitted = self.board_job.rsplit("-", 1)[1]
        if f"{hand.setup.seed:x}" != submitted:
            self._second_table(hand.setup)
        self.first = hand

    def board_waiting(self) -> bool:
        """The person's hand is over, the second table's not yet."""
        return self.first is not None and self.board_scored is None

    def _score_board(self) -> list[str]:
        first, second = self.first, self.second
        assert first is not None and second is not None
        self.first = self.second = None
        self.board_job = None
        state = self.boards()
        p = self.event.pairing(state.match)
        length = self.event.length(p)
        timed = self.event.ruleset.match_length == "minutes"
        if second.settlement is None:  # nobody declared at the second table
            state.redealt()
        else:
            state.score(first, second, self.event.rules, timed, length)
        self.board_scored = state
        done = []
        if state.over(length, timed):
            minutes = round(state.elapsed / 60, 3) if timed else None
            result = duplicate_result((p.a, p.b or ""), p.seed, state.net, state.points, state.boards, minutes)
            self.event.record(p.id, result)
            self.saved.boards = None
            self.board_match_done = p.id
            done.append(p.id)
        else:
            self.saved.boards = state.to_dict()
        self.save()
        return done

    def player_teams(self) -> list[str]:
        return [t.id for t in self.event.teams if not t.bots_only]
