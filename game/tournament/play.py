"""A bots-only match of an event, really played on the table engine (``game.table.play_hand``).

``play_match(job, factory)`` plays one ``MatchJob`` to its end and returns a ``MatchOutcome``:
the ``Result`` the event records and every hand as a replay (``game.app.records.replay_data``, so
the replay viewer opens it). Bots come from an injected factory (``bots.make_bot`` in the
game and the headless run), as the table engine takes them; nothing here imports the bots.

Everything is seeded by the match's seed: the deals (the core ``Match``), each hand's bots,
the duplicate boards, so a match plays the same wherever and whenever it runs. ``hard`` and
``expert`` bots search a fixed number of worlds (``samples``) instead of a time box, so a
slower machine plays the same event.

Timed matches: a bots-only table has no clock to read, so time is notional
(docs/tournaments.md): a hand costs ``seconds_per_deal`` plus ``seconds_per_bury`` per bury
and ``seconds_per_play`` per play (the ``[tournament]`` table). The hand during which the
time runs out does not count (届时停止比赛), as the ``Match`` has it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
import random
from typing import Any

from game.core import BURY, PLAY, REDEAL, Hand, HandSetup, Match, Rank, get_ruleset
from game.files import atomic_write_json
from game.table import play_hand
from game.table.outcome import Result as TableResult
from game.table.replay import replay_data

from .event import Pairing, Result, Tournament
from .field import HUMAN
from .rules import TournamentRules

BotFactory = Callable[..., Any]
SEARCH_SAMPLES = {"hard": 16, "expert": 24}
MAX_HANDS = 2000  # far past any match; a guard against a loop that never ends
EXTRA_BOARDS = 8  # a tied duplicate match plays up to this many more boards, then a lot decides
RANKS = [r for r in Rank if r <= Rank.ACE]


@dataclass(frozen=True)
class MatchJob:
    """Everything a worker needs to play one match (plain data: it crosses processes)."""

    match_id: str
    ruleset_id: str
    rules: dict[str, Any]
    seed: int
    length: int
    seats: tuple[str, str, str, str]  # bot levels; team a at seats 0 and 2
    teams: tuple[str, str]
    duplicate: bool = False
    names: tuple[str, str] = ("", "")
    replay_prefix: str = ""
    board: dict[str, Any] | None = None  # one duplicate board's second table: its HandSetup.to_dict()

    @classmethod
    def of(
        cls, event: Tournament, pairing: Pairing, names: tuple[str, str] = ("", ""), replay_prefix: str = ""
    ) -> MatchJob:
        seats = event.seats(pairing)
        if HUMAN in seats or pairing.b is None:
            raise ValueError(f"the match {pairing.id} is not a bots-only match")
        return cls(
            pairing.id,
            event.ruleset_id,
            event.rules.to_dict(),
            pairing.seed,
            event.length(pairing),
            (seats[0], seats[1], seats[2], seats[3]),
            (pairing.a, pairing.b),
            event.duplicate,
            names,
            replay_prefix or f"t{event.seed}",
        )

    @classmethod
    def second_table(
        cls, event: Tournament, pairing: Pairing, job_id: str, setup: HandSetup, names: tuple[str, str], prefix: str
    ) -> MatchJob:
        """The other table of a person's duplicate board: bots in every seat (the person's
        by his team's level), the teams turned, the board's deal (``event.duplicate_seats``)."""
        seats = event.duplicate_seats(pairing)[1]
        return cls(
            job_id,
            event.ruleset_id,
            event.rules.to_dict(),
            pairing.seed,
            1,
            (seats[0], seats[1], seats[2], seats[3]),
            (pairing.a, pairing.b or ""),
            True,
            (names[1], names[0]),
            prefix,
            setup.to_dict(),
        )


@dataclass
class MatchOutcome:
    match_id: str
    result: Result
    replays: list[dict[str, Any]] = field(default_factory=list)
    incidents: int = 0  # bot answers refused or failed (the table played its fallback)
    memory_kb: int = 0  # the playing process's resident memory after the match
    hand: Hand | None = None  # a board's second table: its hand, to score against the person's


def hand_seconds(hand: Hand, rules: TournamentRules) -> float:
    """The notional time a bots-only hand took (docs/tournaments.md)."""
    plays = sum(1 for a in hand.log if a.kind == PLAY)
    buries = sum(1 for a in hand.log if a.kind == BURY)
    return rules.seconds_per_deal + buries * rules.seconds_per_bury + plays * rules.seconds_per_play


def _bots(job: MatchJob, seats: Sequence[str], factory: BotFactory, key: str) -> list[Any]:
    ruleset = get_ruleset(job.ruleset_id)
    out = []
    for seat, level in enumerate(seats):
        rng = random.Random(f"bot:{job.seed}:{key}:{seat}")
        out.append(
            factory(
                level, seat, rng, ruleset, **({"samples": SEARCH_SAMPLES[level]} if level in SEARCH_SAMPLES else {})
            )
        )
    return out


def play_match(job: MatchJob, factory: BotFactory) -> MatchOutcome:
    """Play one bots-only match to its end (or one board's second table)."""
    if job.board is not None:
        return _play_second_table(job, factory)
    if job.duplicate:
        return _play_duplicate(job, factory)
    rules = TournamentRules.from_dict(job.rules)
    ruleset = get_ruleset(job.ruleset_id)
    timed = ruleset.match_length == "minutes"
    match = Match(ruleset, job.seed, job.length)
    out = MatchOutcome(job.match_id, Result(job.teams[0]))
    names = {"teams": list(job.names)}
    for count in range(MAX_HANDS):
        if match.over:
            break
        hand = match.hand
        report = play_hand(hand, _bots(job, job.seats, factory, str(count)), timing=False)
        out.incidents += len(report.illegal) + len(report.errors)
        if hand.phase == REDEAL:
            match.add_time(rules.seconds_per_deal)
            if not match.over and match.hand is hand:
                match.next_hand()
            continue
        if timed:
            was_up = match.time_up
            match.add_time(hand_seconds(hand, rules))
            if match.time_up and not was_up:
                continue  # the time ran out during this hand: it does not count
        out.replays.append(replay_data(hand, match.hands_played + 1, names, "tournament", job.seed))
        match.next_hand()
    else:  # pragma: no cover - a match that never ends
        raise RuntimeError(f"the match {job.match_id} did not end after {MAX_HANDS} hands")
    out.result = result_of(match, job.teams)
    out.memory_kb = _rss_kb()
    return out


def result_of(match: Match, teams: tuple[str, str]) -> Result:
    """The event's result of a finished core ``Match`` (``teams``: the team at seats 0 and
    2, then the other), for a bots-only match and for the player's match at the table."""
    if match.winner is None:
        raise ValueError("the match is not over")
    if match.ruleset.match_score == "levels-gained":
        score = (match.gained[0], match.gained[1])
    else:
        score = (int(match.levels[0]), int(match.levels[1]))
    timed = match.ruleset.match_length == "minutes"
    return Result(
        teams[match.winner],
        score,
        (match.gained[0], match.gained[1]),
        match.hands_played,
        round(match.elapsed / 60, 3) if timed else None,
    )


def _rss_kb() -> int:
    """This process's resident memory (Linux; 0 elsewhere): the measure that nothing grows
    per finished match in a worker that plays a whole event."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except (OSError, ValueError):
        pass
    return 0


def board_setup(seed: int, board: int, attempt: int) -> HandSetup:
    """A duplicate board: the dealer turns with the boards, the dealer's team's level cycles
    through 2 … A, the other team's is drawn; both tables get the same setup."""
    rng = random.Random(f"board:{seed}:{board}")
    dealer = board % 4
    levels = [rng.choice(RANKS), rng.choice(RANKS)]
    levels[dealer % 2] = RANKS[board % len(RANKS)]
    shuffle = random.Random(f"board:{seed}:{board}:{attempt}").getrandbits(48)
    return HandSetup(shuffle, False, (levels[0], levels[1]), dealer, dealer)


def turned(seats: Sequence[str]) -> tuple[str, str, str, str]:
    """The seats of a duplicate board's second table: the teams turned (team a at 1 and 3)."""
    a0, b0, a1, b1 = seats
    return (b0, a0, b1, a1)


def board_score(first: Hand, second: Hand) -> tuple[int, int]:
    """Team a's levels and card points (as good for it) over one board: at the first table
    it sits at seats 0 and 2, at the second at 1 and 3 (``game.app.duplicate.Result``)."""
    levels = points = 0
    for seat, hand in ((0, first), (1, second)):
        if hand.settlement is None or hand.dealer is None:
            raise ValueError("a board's hands must both be settled")
        mine = TableResult.of(hand.settlement, hand.dealer, seat)
        levels += mine.levels
        points += mine.points_for_team
    return levels, points


def duplicate_result(
    teams: tuple[str, str], seed: int, levels: int, points: int, boards: int, minutes: float | None = None
) -> Result:
    """A duplicate match's result from team a's net levels and points over its boards: the
    levels decide, then the points, then a lot drawn from the match's seed (the caller plays
    extra boards first, up to ``EXTRA_BOARDS``)."""
    if levels != 0:
        winner = 0 if levels > 0 else 1
    elif points != 0:
        winner = 0 if points > 0 else 1
    else:
        winner = random.Random(f"lot:{seed}").randrange(2)
    return Result(teams[winner], (levels, -levels), (levels, -levels), 2 * boards, minutes)


def _play_duplicate(job: MatchJob, factory: BotFactory) -> MatchOutcome:
    """Boards, each played at two tables with the seats turned (team a at 0 and 2, then at
    1 and 3); team a's score is its levels over both tables (``game.app.duplicate.Result``), so
    the cards' luck cancels. A timed match plays the boards both tables finish in time."""
    ruleset = get_ruleset(job.ruleset_id)
    timed = ruleset.match_length == "minutes"
    limit = job.length * 60.0
    out = MatchOutcome(job.match_id, Result(job.teams[0]))
    tables = (job.seats, turned(job.seats))
    net = points = boards = extra = 0
    elapsed = 0.0
    regular = True  # the match's own boards; then extra boards while it is tied
    for board in range(MAX_HANDS):
        if regular and not timed and boards >= job.length:
            regular = False
        if not regular:
            if net != 0 or points != 0 or extra >= EXTRA_BOARDS:
                break
            extra += 1
        played = _play_board(job, ruleset, factory, tables, board)
        if played is None:  # pragma: no cover - fifty re-deals in a row
            continue
        hands, seconds, incidents = played
        out.incidents += incidents
        if regular and timed and elapsed + max(seconds) > limit:
            elapsed = limit  # the board under way when time ran out does not count
            regular = False
            continue
        elapsed += max(seconds)  # the tables play side by side: the slower one sets the pace
        boards += 1
        levels, board_points = board_score(hands[0], hands[1])
        net += levels
        points += board_points
        for table, hand in enumerate(hands):
            names = {"teams": list(job.names) if table == 0 else [job.names[1], job.names[0]]}
            out.replays.append(replay_data(hand, 2 * boards - 1 + table, names, "tournament", job.seed))
    out.result = duplicate_result(job.teams, job.seed, net, points, boards, round(elapsed / 60, 3) if timed else None)
    out.memory_kb = _rss_kb()
    return out


def _play_board(
    job: MatchJob, ruleset: Any, factory: BotFactory, tables: Sequence[Sequence[str]], board: int
) -> tuple[list[Hand], list[float], int] | None:
    """Both tables of one board; re-dealt for both when either table re-deals (the same
    cards at both tables). None after fifty re-deals."""
    rules = TournamentRules.from_dict(job.rules)
    for attempt in range(50):
        setup = board_setup(job.seed, board, attempt)
        hands, seconds, incidents = [], [], 0
        for table, seats in enumerate(tables):
            hand = Hand(ruleset, setup)
            report = play_hand(hand, _bots(job, seats, factory, f"{board}:{attempt}:{table}"), timing=False)
            incidents += len(report.illegal) + len(report.errors)
            hands.append(hand)
            seconds.append(hand_seconds(hand, rules))
        if all(h.phase != REDEAL for h in hands):
            return hands, seconds, incidents
    return None  # pragma: no cover - fifty re-deals in a row


def _play_second_table(job: MatchJob, factory: BotFactory) -> MatchOutcome:
    """One hand at the second table of a person's board (``job.seats`` already turned).
    It has no replay: the worker would write it beside the event's file while the person
    is still playing the same cards, and with the match's seed, which deals the boards to
    come (issue 40, item 3); the board is scored from ``hand``, handed back in memory."""
    hand = Hand(get_ruleset(job.ruleset_id), HandSetup.from_dict(job.board))
    report = play_hand(hand, _bots(job, job.seats, factory, f"second:{job.match_id}"), timing=False)
    out = MatchOutcome(job.match_id, Result(job.teams[0]), hand=hand)
    out.incidents = len(report.illegal) + len(report.errors)
    return out


def write_replays(outcome: MatchOutcome, folder: Path, prefix: str) -> MatchOutcome:
    """Write the match's hands as replay files in ``folder``; the result then names them
    and the outcome no longer holds them (so nothing piles up in memory)."""

    files = []
    for i, data in enumerate(outcome.replays, 1):
        name = f"{prefix}-{outcome.match_id}-{i:03d}.json"
        atomic_write_json(folder / name, data)
        files.append(name)
    r = outcome.result
    outcome.result = Result(r.winner, r.score, r.gained, r.hands, r.minutes, r.how, tuple(files))
    outcome.replays = []
    return outcome
