"""A tournament event as a value: the field, the draw, the schedule, results, standings, places.

``Tournament`` is pure and seeded: the draw, each group's lots, the cross-over draw after
the groups, the seats of each match and each match's seed all come from the event's seed
(a string-seeded ``random.Random`` per use, so nothing depends on the order matches are
played in). A result is recorded with ``record``; byes and forfeits resolve themselves.
The event's saved form (``to_dict``) is its settings and the log of what happened (results
and withdrawals, in order); ``from_dict`` rebuilds the event by replaying that log through
the same checks, so a damaged file cannot make an inconsistent event.

Formats (RULES.md §11 and docs/tournaments.md): ``knockout`` (single elimination, byes in
the draw's order), ``groups`` (round-robin groups, then the top two of each in a knockout),
and the two with duplicate matches, ``duplicate`` and ``duplicate-groups``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
import random
import re
from typing import Any

from game.core import (
    BUILTIN_IDS,
    MatchScore,
    Rank,
    Ruleset,
    get_ruleset,
    kitty_multiplier,
    level_change,
    make_deck,
    points_of,
)

from .field import HUMAN, MAX_TEAMS, MIN_TEAMS, Team, team_from_dict
from .rules import FORMATS, TournamentRules, TournamentRulesError, tournament_rules
from .schedule import cross_groups, deal_into_groups, group_sizes, knockout_slots, round_robin

SAVE_VERSION = 1
HOW = ("played", "bye", "forfeit")
MAX_SCORE = 10_000
GROUP_LETTERS = "ABCDEFGHIJKLMNOP"
MOST_GAINED = int(Rank.ACE) - int(Rank.TWO)  # a match starts at 2 and levels stop at A
# A replay as ``play.write_replays`` names it: "PREFIX-MATCH-NNN.json", the prefix the event's
# replay folder or "t" and the event's seed. Nothing else: no folder, no "..", no other file.
REPLAY_PREFIX = r"[A-Za-z0-9][A-Za-z0-9_-]*"


class TournamentError(ValueError):
    """A result or a saved event that does not fit the event (the message says why)."""


@dataclass(frozen=True)
class Result:
    """A finished match. ``score``: the teams' match scores by the ruleset (level reached,
    levels gained; net levels in a duplicate match); ``gained``: levels gained (the group
    tie-break); ``minutes``: the time a timed match used (notional at a bots-only table)."""

    winner: str
    score: tuple[int, int] = (0, 0)
    gained: tuple[int, int] = (0, 0)
    hands: int = 0
    minutes: float | None = None
    how: str = "played"
    replays: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "score": list(self.score),
            "gained": list(self.gained),
            "hands": self.hands,
            "minutes": self.minutes,
            "how": self.how,
            "replays": list(self.replays),
        }

    @classmethod
    def from_dict(cls, data: Any, what: str = "a result") -> Result:
        if not isinstance(data, dict):
            raise TournamentError(f"{what} must be an object")
        keys = {"winner", "score", "gained", "hands", "minutes", "how", "replays"}
        if not set(data) <= keys | {"kind", "match"} or not keys <= set(data):
            raise TournamentError(f"{what} must hold exactly {', '.join(sorted(keys))}")
        pairs = []
        for name in ("score", "gained"):
            value = data[name]
            if (
                not isinstance(value, list)
                or len(value) != 2
                or not all(_is_int(v, -MAX_SCORE, MAX_SCORE) for v in value)
            ):
                raise TournamentError(f"{what}'s {name} must be two whole numbers")
            pairs.append((value[0], value[1]))
        if not isinstance(data["winner"], str):
            raise TournamentError(f"{what}'s winner must be a team id")
        if not _is_int(data["hands"], 0, MAX_SCORE):
            raise TournamentError(f"{what}'s hands must be a whole number from 0")
        minutes = data["minutes"]
        if minutes is not None and (
            isinstance(minutes, bool) or not isinstance(minutes, (int, float)) or not 0 <= minutes <= 100_000
        ):
            raise TournamentError(f"{what}'s minutes must be a number from 0, or null")
        if data["how"] not in HOW:
            raise TournamentError(f"{what}'s how must be one of {', '.join(HOW)}")
        replays = data["replays"]
        if (
            not isinstance(replays, list)
            or len(replays) > MAX_SCORE
            or not all(isinstance(r, str) and len(r) <= 500 for r in replays)
        ):
            raise TournamentError(f"{what}'s replays must be a list of file names")
        return cls(
            data["winner"],
            pairs[0],
            pairs[1],
            data["hands"],
            None if minutes is None else float(minutes),
            data["how"],
            tuple(replays),
        )


@dataclass
class Pairing:
    """One match of the schedule: team ``a`` sits at seats 0 and 2 (team 0 of the match)."""

    id: str
    stage: str  # "group", "knockout" or "third"
    round: int  # the event's round, from 1
    a: str
    b: str | None  # None: a bye
    seed: int
    final: bool = False
    group: int | None = None
    result: Result | None = None

    @property
    def teams(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)

    @property
    def loser(self) -> str | None:
        if self.result is None or self.b is None:
            return None
        return self.b if self.result.winner == self.a else self.a

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "stage": self.stage,
            "round": self.round,
            "group": self.group,
            "a": self.a,
            "b": self.b,
            "final": self.final,
            "seed": self.seed,
            "result": None if self.result is None else self.result.to_dict(),
        }


@dataclass(frozen=True)
class Standing:
    """A group's row: tie-breaks in order points, the result between the tied teams,
    levels gained over the group's matches, lot (RULES.md §11)."""

    team: str
    played: int
    won: int
    lost: int
    points: int
    head_to_head: int
    gained: int
    lot: int


@dataclass(frozen=True)
class Place:
    place: int  # joint places share the number
    team: str
    award: str | None  # "first", "second", "third", "merit" or None

    def to_dict(self) -> dict[str, Any]:
        return {"place": self.place, "team": self.team, "award": self.award}


@dataclass
class Tournament:
    """An event; build it with ``Tournament.new`` (the draw is made there)."""

    ruleset_id: str
    rules: TournamentRules
    format: str
    seed: int
    teams: list[Team]
    lengths: tuple[int, int]  # preliminary, final (the ruleset's unit: hands or minutes)
    draw: list[str] = field(default_factory=list)  # the draw's order of team ids
    groups: list[list[str]] = field(default_factory=list)
    pairings: list[Pairing] = field(default_factory=list)
    withdrawn: list[str] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    # ------------------------------------------------------------------ building

    @classmethod
    def new(
        cls,
        ruleset_id: str,
        teams: Sequence[Team],
        seed: int,
        format: str | None = None,
        lengths: tuple[int, int] | None = None,
        rules: TournamentRules | None = None,
    ) -> Tournament:
        """An event with its draw made. ``lengths``: practice lengths (preliminary, final);
        None plays the regulation's."""
        if ruleset_id not in BUILTIN_IDS:
            raise TournamentError(f"'{ruleset_id}' is not a known ruleset (known: {', '.join(BUILTIN_IDS)})")
        rules = rules or tournament_rules(ruleset_id)
        format = format or rules.format
        if format not in rules.formats:
            raise TournamentError(f"the format {format!r} is not one of {', '.join(rules.formats)}")
        if not MIN_TEAMS <= len(teams) <= MAX_TEAMS:
            raise TournamentError(f"an event has {MIN_TEAMS} to {MAX_TEAMS} teams, not {len(teams)}")
        ids = [t.id for t in teams]
        if len(set(ids)) != len(ids):
            raise TournamentError("two teams have the same id")
        if lengths is None:
            lengths = (rules.preliminary, rules.final)
        if len(lengths) != 2 or not all(_is_int(n, 1, MAX_SCORE) for n in lengths):
            raise TournamentError("the match lengths must be two whole numbers from 1")
        event = cls(ruleset_id, rules, format, seed, list(teams), (lengths[0], lengths[1]))
        event._make_draw()
        return event

    @property
    def ruleset(self) -> Ruleset:
        return get_ruleset(self.ruleset_id)

    @property
    def duplicate(self) -> bool:
        return self.format.startswith("duplicate")

    @property
    def with_groups(self) -> bool:
        return self.format in ("groups", "duplicate-groups")

    @property
    def regulation(self) -> bool:
        """False when the matches were shortened for practice (the event says so)."""
        return self.lengths == (self.rules.preliminary, self.rules.final)

    @property
    def unit(self) -> str:
        """What a length counts: "hands" or "minutes" (the ruleset's match format)."""
        return self.ruleset.match_length

    def team(self, team_id: str) -> Team:
        for t in self.teams:
            if t.id == team_id:
                return t
        raise KeyError(team_id)

    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"tournament:{self.seed}:{purpose}")

    def _make_draw(self) -> None:
        order = [t.id for t in self.teams]
        self._rng("draw").shuffle(order)
        self.draw = order
        if self.with_groups:
            self.groups = deal_into_groups(order, group_sizes(len(order), self.rules.group_size))
            for g, members in enumerate(self.groups):
                for r, pairs in enumerate(round_robin(members)):
                    for k, (a, b) in enumerate(pairs):
                        self._add(f"group-{GROUP_LETTERS[g]}-{r + 1}-{k + 1}", "group", r + 1, a, b, group=g)
        else:
            self._add_knockout_round(knockout_slots(order), 1)
        self._settle_automatic()

    def _add(
        self, pid: str, stage: str, round_: int, a: str, b: str | None, final: bool = False, group: int | None = None
    ) -> Pairing:
        if b is not None and self.rules.draw_seats and self._rng(f"seats:{pid}").random() < 0.5:
            a, b = b, a
        seed = self._rng(f"match:{pid}").getrandbits(48)
        pairing = Pairing(pid, stage, round_, a, b, seed, final, group)
        self.pairings.append(pairing)
        return pairing

    def _knockout_round(self) -> int:
        """The knockout's current round number within the knockout (0 before it starts)."""
        return max((int(p.id.split("-")[1]) for p in self.pairings if p.stage == "knockout"), default=0)

    def _add_knockout_round(self, slots: Sequence[tuple[str, str | None]], event_round: int) -> None:
        number = self._knockout_round() + 1
        final = len(slots) == 1
        for k, (a, b) in enumerate(slots):
            pairing = self._add(f"ko-{number}-{k + 1}", "knockout", event_round, a, b, final=final)
            if b is None:
                pairing.result = Result(a, how="bye")
        if final:
            semis = [p for p in self.pairings if p.stage == "knockout" and p.id.startswith(f"ko-{number - 1}-")]
            losers = [p.loser for p in semis]
            if self.rules.third_place == "match" and len(semis) == 2 and all(losers):
                third = [x for x in losers if x is not None]
                self._add("third", "third", event_round, third[0], third[1])
                # The final is the event's last match: the third-place match comes before it.
                self.pairings.sort(key=lambda p: (p.round, p.final))

    # ------------------------------------------------------------------ playing

    def ready(self) -> list[Pairing]:
        """The matches to play now (both teams known, no result), in schedule order."""
        return [p for p in self.pairings if p.result is None]

    def bot_matches(self) -> list[Pairing]:
        """Ready matches with no person in them: the background plays these."""
        return [p for p in self.ready() if all(self.team(t).bots_only for t in p.teams)]

    def player_matches(self) -> list[Pairing]:
        """Ready matches with a person in them, the next first."""
        return [p for p in self.ready() if not all(self.team(t).bots_only for t in p.teams)]

    def pairing(self, pid: str) -> Pairing:
        for p in self.pairings:
            if p.id == pid:
                return p
        raise TournamentError(f"the event has no match {str(pid)[:40]!r}")

    def length(self, pairing: Pairing) -> int:
        return self.lengths[1] if pairing.final else self.lengths[0]

    def seats(self, pairing: Pairing) -> list[str]:
        """What plays in each of the four seats: team a at 0 and 2, team b at 1 and 3."""
        if pairing.b is None:
            raise TournamentError("a bye is not played")
        a, b = self.team(pairing.a), self.team(pairing.b)
        return [a.seats[0], b.seats[0], a.seats[1], b.seats[1]]

    def duplicate_seats(self, pairing: Pairing) -> tuple[list[str], list[str]]:
        """A duplicate match's two tables: the first as ``seats``; the second with the teams
        turned and every person's seat played by a bot (the team's level: a person plays
        at one table, his team's bots at the other, as teammates do at JJ's 复式团体赛)."""
        first = self.seats(pairing)
        a, b = self.team(pairing.a), self.team(pairing.b or "")
        bots = [s if s != HUMAN else (a if i % 2 == 0 else b).level for i, s in enumerate(first)]
        bots = [s if s != HUMAN else "normal" for s in bots]  # two people in one team
        return first, [bots[1], bots[0], bots[3], bots[2]]

    def humans(self, pairing: Pairing) -> list[int]:
        return [i for i, s in enumerate(self.seats(pairing)) if s == HUMAN]

    def record(self, pid: str, result: Result) -> None:
        """A played match's result; the schedule moves on (next round, knockout, final)."""
        pairing = self.pairing(pid)
        if pairing.result is not None:
            raise TournamentError(f"the match {pid} already has a result")
        if result.how != "played":
            raise TournamentError("only a played result is recorded; byes and forfeits resolve themselves")
        if result.winner not in pairing.teams:
            raise TournamentError(f"the winner of {pid} must be one of its teams")
        if self.unit == "minutes" and result.minutes is None and not self.duplicate:
            raise TournamentError(f"the timed match {pid} must say the minutes it used")
        pairing.result = result
        self.log.append({"kind": "result", "match": pid, **result.to_dict()})
        self._settle_automatic()

    def withdraw(self, team_id: str) -> None:
        """A team leaves the event (弃权): it loses its matches from now on, scoring 0."""
        self.team(team_id)
        if team_id in self.withdrawn:
            raise TournamentError(f"the team {team_id} has already left the event")
        if self.finished:
            raise TournamentError("the event is over")
        self.withdrawn.append(team_id)
        self.log.append({"kind": "withdraw", "team": team_id})
        self._settle_automatic()

    def _settle_automatic(self) -> None:
        """Resolve forfeits, then open the next stage or round when one is complete."""
        while True:
            changed = False
            for p in self.ready():
                gone = [t for t in p.teams if t in self.withdrawn]
                if gone:
                    if len(gone) == len(p.teams):  # both left: a lot decides who goes on
                        winner = self._rng(f"forfeit:{p.id}").choice(list(p.teams))
                    else:
                        winner = next(t for t in p.teams if t not in gone)
                    p.result = Result(winner, how="forfeit")
                    changed = True
            if not self.ready() and not self.finished:
                self._next_stage()
                changed = True
            if not changed:
                return

    def _next_stage(self) -> None:
        last_round = max(p.round for p in self.pairings)
        knockout = [p for p in self.pairings if p.stage == "knockout"]
        if not knockout:  # the groups are over
            tables = [self.standings(g) for g in range(len(self.groups))]
            winners = [t[0].team for t in tables]
            runners_up = [t[1].team for t in tables]
            self._add_knockout_round(cross_groups(winners, runners_up, self._rng("cross")), last_round + 1)
            return
        number = self._knockout_round()
        current = [p for p in knockout if p.id.startswith(f"ko-{number}-")]
        winners = [p.result.winner for p in current if p.result is not None]
        self._add_knockout_round([(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)], last_round + 1)

    @property
    def finished(self) -> bool:
        return any(p.final and p.result is not None for p in self.pairings) and not self.ready()

    @property
    def rounds(self) -> int:
        return max(p.round for p in self.pairings)

    # ------------------------------------------------------------------ tables

    def standings(self, group: int) -> list[Standing]:
        """A group's table, best first."""
        members = self.groups[group]
        matches = [p for p in self.pairings if p.stage == "group" and p.group == group and p.result is not None]
        lots = list(members)
        self._rng(f"lot:{group}").shuffle(lots)
        points = {t: 0 for t in members}
        won = {t: 0 for t in members}
        played = {t: 0 for t in members}
        gained = {t: 0 for t in members}
        for p in matches:
            assert p.result is not None and p.b is not None
            for i, t in enumerate((p.a, p.b)):
                played[t] += 1
                gained[t] += p.result.gained[i]
                if p.result.winner == t:
                    won[t] += 1
                    points[t] += self.rules.win_points
                else:
                    points[t] += self.rules.loss_points
        head = {t: 0 for t in members}
        for p in matches:
            assert p.result is not None and p.b is not None
            if points[p.a] == points[p.b]:
                head[p.result.winner] += self.rules.win_points
        rows = [
            Standing(t, played[t], won[t], played[t] - won[t], points[t], head[t], gained[t], len(lots) - lots.index(t))
            for t in members
        ]
        return sorted(rows, key=lambda s: (s.points, s.head_to_head, s.gained, s.lot), reverse=True)

    def places(self) -> list[Place]:
        """Every team's place once the event is over, best first (joint places share a number)."""
        if not self.finished:
            return []
        out: list[tuple[int, str]] = []

        def place(teams: Iterable[str]) -> None:
            n = len(out) + 1
            out.extend((n, t) for t in teams)

        knockout = [p for p in self.pairings if p.stage == "knockout"]
        final = next(p for p in knockout if p.final)
        assert final.result is not None
        place([final.result.winner])
        place([t for t in [final.loser] if t is not None])
        third = next((p for p in self.pairings if p.stage == "third"), None)
        number = int(final.id.split("-")[1])
        if third is not None and third.result is not None:
            place([third.result.winner])
            place([t for t in [third.loser] if t is not None])
            number -= 1
        for r in range(number - 1, 0, -1):
            place(
                sorted(
                    (p.loser for p in knockout if p.id.startswith(f"ko-{r}-") and p.loser is not None),
                    key=self.draw.index,
                )
            )
        if self.with_groups:
            tables = [self.standings(g) for g in range(len(self.groups))]
            for rank in range(2, max(len(t) for t in tables)):
                place([t[rank].team for t in tables if rank < len(t)])
        awards = ("first", "second", "third", "fourth")
        return [
            Place(n, t, awards[n - 1] if n <= self.rules.prizes else ("merit" if self.rules.merit_award else None))
            for n, t in out
        ]

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The event's settings and its log; the schedule follows from them."""
        return {
            "version": SAVE_VERSION,
            "kind": "tournament",
            "ruleset": self.ruleset_id,
            "rules": self.rules.to_dict(),
            "format": self.format,
            "seed": self.seed,
            "lengths": list(self.lengths),
            "teams": [t.to_dict() for t in self.teams],
            "log": [dict(entry) for entry in self.log],
        }

    @classmethod
    def from_dict(cls, data: Any) -> Tournament:
        """Rebuild a saved event; ``TournamentError`` says what is wrong with ``data``."""
        if not isinstance(data, dict):
            raise TournamentError("the event must be an object")
        keys = {"version", "kind", "ruleset", "rules", "format", "seed", "lengths", "teams", "log"}
        if set(data) != keys:
            raise TournamentError(f"the event must hold exactly {', '.join(sorted(keys))}")
        if data["version"] != SAVE_VERSION or data["kind"] != "tournament":
            raise TournamentError(f"unsupported event version {str(data['version'])[:20]}")
        if data["ruleset"] not in BUILTIN_IDS:
            raise TournamentError("the event's ruleset is not known")
        if data["format"] not in FORMATS:
            raise TournamentError("the event's format is not known")
        if not _is_int(data["seed"], -(2**64), 2**64):
            raise TournamentError("the event's seed is not valid")
        lengths = data["lengths"]
        if not isinstance(lengths, list) or len(lengths) != 2:
            raise TournamentError("the event's lengths must be two whole numbers")
        teams_data = data["teams"]
        if not isinstance(teams_data, list):
            raise TournamentError("the event's teams must be a list")
        try:
            rules = TournamentRules.from_dict(data["rules"])
            teams = [team_from_dict(t, f"team {i + 1}") for i, t in enumerate(teams_data)]
        except (TournamentRulesError, ValueError) as e:
            raise TournamentError(str(e)) from None
        event = cls.new(data["ruleset"], teams, data["seed"], data["format"], (lengths[0], lengths[1]), rules)
        log = data["log"]
        if not isinstance(log, list):
            raise TournamentError("the event's log must be a list")
        for i, entry in enumerate(log):
            what = f"entry {i + 1} of the event's log"
            if not isinstance(entry, dict):
                raise TournamentError(f"{what} must be an object")
            if entry.get("kind") == "withdraw":
                if set(entry) != {"kind", "team"} or not isinstance(entry["team"], str):
                    raise TournamentError(f"{what} is not a valid withdrawal")
                try:
                    event.withdraw(entry["team"])
                except KeyError:
                    raise TournamentError(f"{what}: the team is not in the event") from None
            elif entry.get("kind") == "result":
                if not isinstance(entry.get("match"), str):
                    raise TournamentError(f"{what} names no match")
                result = Result.from_dict(entry, what)
                event.check_possible(entry["match"], result, what)
                event.record(entry["match"], result)
            else:
                raise TournamentError(f"{what} is neither a result nor a withdrawal")
        return event

    def check_possible(self, pid: str, result: Result, what: str = "a result") -> None:
        """A saved result is one the match could have ended with: a score the ruleset's match
        format can produce, the winner the one it makes, replays named as the game names them.
        ``TournamentError`` says what is not."""
        pairing = self.pairing(pid)
        if result.winner not in pairing.teams:
            return  # ``record`` refuses it, naming the match
        won = pairing.teams.index(result.winner)
        a, b = result.score
        if self.duplicate:
            # Team a's net levels over both tables of every board, the others' the opposite.
            possible = (
                b == -a
                and result.gained == result.score
                and result.hands % 2 == 0
                and abs(a) <= result.hands * most_levels_a_hand(self.ruleset)
                and (a == 0 or (a > 0) == (won == 0))
            )
        else:
            start = 0 if self.ruleset.match_score == MatchScore.LEVELS_GAINED else int(Rank.TWO)
            possible = (
                all(0 <= g <= MOST_GAINED for g in result.gained)
                and result.score == (start + result.gained[0], start + result.gained[1])
                and result.score[won] >= result.score[1 - won]
            )
        if not possible:
            raise TournamentError(f"{what}'s score {list(result.score)} is not one the match can end with")
        if (result.minutes is None) != (self.unit != "minutes"):
            raise TournamentError(f"{what}'s minutes do not fit the match's length")
        name = re.compile(rf"{REPLAY_PREFIX}-{re.escape(pid)}-[0-9]{{3,}}\.json")
        if not all(name.fullmatch(r) for r in result.replays):
            raise TournamentError(f"{what}'s replays are not files the game writes")

    def summary(self, name: Callable[[Team], Any] | None = None) -> dict[str, Any]:
        """The event as the headless run prints it: places (best first) and every match."""

        def team(tid: str | None) -> Any:
            if tid is None:
                return None
            t = self.team(tid)
            return {"id": t.id, "name": name(t), "seats": list(t.seats)} if name else t.id

        return {
            "ruleset": self.ruleset_id,
            "format": self.format,
            "seed": self.seed,
            "teams": len(self.teams),
            "lengths": {"preliminary": self.lengths[0], "final": self.lengths[1], "unit": self.unit},
            "regulation": self.regulation,
            "draw": list(self.draw),
            "groups": [[row.__dict__ for row in self.standings(g)] for g in range(len(self.groups))],
            "places": [{**p.to_dict(), "team": team(p.team)} for p in self.places()],
            "matches": [p.to_dict() for p in self.pairings],
        }


def most_levels_a_hand(ruleset: Ruleset) -> int:
    """The most levels one hand can move a team: the defenders' highest possible total (every
    point of the decks in tricks, and again in the kitty at the largest multiplier a hand's
    cards allow) through the level table, or its largest band or shutout."""
    decks = make_deck(ruleset.decks)
    points = points_of(decks)
    cards_in_a_hand = (len(decks) - ruleset.kitty) // 4
    total = points + points * kitty_multiplier(ruleset, cards_in_a_hand)
    return max(ruleset.shutout, *(band.levels for band in ruleset.bands), level_change(ruleset, total)[1])


def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
