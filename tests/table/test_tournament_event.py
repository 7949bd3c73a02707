"""Tournament events as values (game/tournament; RULES.md §11): the draw, groups, brackets,
byes, places, tie-breaks, forfeits, lengths, saving. Results here are made up by a seeded
oracle, so these run in milliseconds; tests/table/test_tournament_play.py plays real matches."""

from collections import Counter
import copy
import itertools
import json
from pathlib import Path
import random
import subprocess
import sys
import tomllib

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from game.app.saved_data import DataError
from game.core.ruleset import BUILTIN_IDS, RULESET_DIR
from game.i18n import table
from game.tournament import (
    Result,
    Tournament,
    TournamentError,
    TournamentRulesError,
    make_field,
    parse_tournament,
    team_name,
    tournament_rules,
)
from game.tournament.field import UNITS, Team
from game.tournament.files import load, save
from game.tournament.schedule import group_sizes, spread

ROOT = Path(__file__).resolve().parents[2]


def field(n, seed=0, **kw):
    return make_field(n, random.Random(seed), **kw)


def made_up(event, winner, gained, hands=10):
    """A made-up result a match of ``event`` could end with (a saved event holds no other):
    the score the ruleset's match format makes of the levels gained, minutes when timed."""
    start = 0 if event.ruleset.match_score == "levels-gained" else 2
    minutes = 60.0 if event.unit == "minutes" else None
    return Result(winner, (start + gained[0], start + gained[1]), tuple(gained), hands, minutes)


def play_out(event, seed=0, gained=None):
    """Fill in every match with made-up results (a seeded oracle)."""
    rng = random.Random(seed)
    for _ in range(10_000):
        if event.finished:
            return event
        p = event.ready()[0]
        winner = rng.choice(p.teams)
        if gained:
            g = gained(p, winner)
        else:
            g = sorted((rng.randrange(6), rng.randrange(6)), reverse=winner == p.a)
        event.record(p.id, made_up(event, winner, g))
    raise AssertionError("the event never finished")


def played(event):
    return [p for p in event.pairings if p.result is not None and p.result.how != "bye"]


# ------------------------------------------------------------------------------ rules as data


@pytest.mark.parametrize("rid", BUILTIN_IDS)
def test_every_ruleset_file_has_a_valid_tournament_table(rid):
    rules = tournament_rules(rid)
    assert rules.format in rules.formats and rules.preliminary >= 1 and rules.final >= 1


def test_the_regulations_competitions_as_rules_md_decides():
    hebi, lanzhou, logistics = (tournament_rules(r) for r in BUILTIN_IDS)
    assert (hebi.format, hebi.third_place, hebi.draw_seats, hebi.merit_award) == ("groups", "match", True, True)
    assert (hebi.preliminary, hebi.final, hebi.group_size, hebi.win_points, hebi.loss_points) == (10, 16, 4, 2, 0)
    assert (lanzhou.format, lanzhou.third_place, lanzhou.preliminary, lanzhou.final) == ("knockout", "joint", 60, 120)
    assert (logistics.format, logistics.third_place, logistics.preliminary, logistics.final) == (
        "knockout",
        "match",
        60,
        60,
    )


def _table(rid="hebi-2010"):
    return tomllib.loads((RULESET_DIR / f"{rid}.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    "change, field_name",
    [
        (lambda t: t.pop("third_place"), "tournament.third_place"),
        (lambda t: t.update(third_place="shared"), "tournament.third_place"),
        (lambda t: t.update(preliminary="ten"), "tournament.preliminary"),
        (lambda t: t.update(preliminary=True), "tournament.preliminary"),
        (lambda t: t.update(format="swiss"), "tournament.format"),
        (lambda t: t.update(formats=["knockout", "knockout"]), "tournament.formats"),
        (lambda t: t.update(group_size=9), "tournament.group_size"),
        (lambda t: t.update(loss_points=2), "tournament.loss_points"),
        (lambda t: t.update(seconds_per_play=0), "tournament.seconds_per_play"),
        (lambda t: t.update(colour="red"), "tournament.colour"),
    ],
)
def test_a_bad_tournament_table_names_its_field(change, field_name):
    data = _table()
    change(data["tournament"])
    with pytest.raises(TournamentRulesError) as e:
        parse_tournament(data, "custom.toml")
    assert field_name in str(e.value) and "custom.toml" in str(e.value)


def test_a_ruleset_without_a_tournament_table_says_so():
    data = _table()
    del data["tournament"]
    with pytest.raises(TournamentRulesError, match=r"\[tournament\]"):
        parse_tournament(data, "custom.toml")


# ------------------------------------------------------------------------------ the field


def test_every_unit_and_team_name_is_in_both_languages():
    for language in ("en", "zh"):
        strings = table(language)

        def tr(key, strings=strings, **params):
            return strings[key].format(**params)

        assert len({team_name(t, tr) for t in field(32)}) == 32
        assert len({team_name(t, tr) for t in field(32, player="two-teams")}) == 32
    assert all(f"tournament.unit.{u}" in table("zh") for u in UNITS)


def test_the_field_levels_and_the_players_team():
    assert {t.level for t in field(32, strength="strong")} == {"hard"}
    assert len({t.level for t in field(32, strength="mixed")}) > 1
    assert {t.level for t in field(8, level="normal")} == {"normal"}
    me = field(8, player="bot-partner")
    assert me[0].seats == ("human", "normal") and all(t.bots_only for t in me[1:])
    assert field(8, player="hotseat")[0].people == 2
    two = field(8, player="two-teams")
    assert [t.people for t in two[:3]] == [1, 1, 0]
    with pytest.raises(ValueError):
        field(3)
    with pytest.raises(ValueError):
        field(33)


def test_the_players_matches_are_kept_from_the_background_and_seat_the_people():
    event = Tournament.new("hebi-2010", field(8, player="two-teams"), 3, "groups")
    mine = event.player_matches()
    assert mine and not {p.id for p in mine} & {p.id for p in event.bot_matches()}
    for p in mine:
        seats = event.seats(p)
        assert seats.count("human") == len(event.humans(p)) >= 1
        assert all(s == "human" or s in ("easy", "normal", "hard") for s in seats)


# ------------------------------------------------------------------------------ formats


@pytest.mark.parametrize(
    "n, sizes",
    [
        (4, [4]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [5, 4]),
        (10, [5, 5]),
        (11, [4, 4, 3]),
        (13, [5, 4, 4]),
        (32, [4] * 8),
    ],
)
def test_groups_of_four_or_three_or_five(n, sizes):
    assert group_sizes(n) == sizes


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(4, 32),
    seed=st.integers(0, 10**9),
    fmt=st.sampled_from(["groups", "duplicate-groups"]),
    rid=st.sampled_from(BUILTIN_IDS),
)
def test_every_pair_in_a_group_meets_once(n, seed, fmt, rid):
    event = play_out(Tournament.new(rid, field(n, seed), seed, fmt), seed)
    assert sorted(len(g) for g in event.groups) == sorted(group_sizes(n))
    for g, members in enumerate(event.groups):
        meetings = Counter(frozenset(p.teams) for p in event.pairings if p.stage == "group" and p.group == g)
        assert set(meetings) == {frozenset(pair) for pair in itertools.combinations(members, 2)}
        assert set(meetings.values()) == {1}
        # a team plays at most once a round
        for r in {p.round for p in event.pairings if p.group == g}:
            teams = [t for p in event.pairings if p.group == g and p.round == r for t in p.teams]
            assert len(teams) == len(set(teams))
    _check_knockout(event)
    _check_places(event)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(4, 32),
    seed=st.integers(0, 10**9),
    fmt=st.sampled_from(["knockout", "duplicate"]),
    rid=st.sampled_from(BUILTIN_IDS),
)
def test_a_knockout_of_4_to_32_teams(n, seed, fmt, rid):
    event = play_out(Tournament.new(rid, field(n, seed), seed, fmt), seed)
    byes = [p for p in event.pairings if p.result is not None and p.result.how == "bye"]
    size = 1 << (n - 1).bit_length()
    assert len(byes) == size - n
    # byes by the draw's order, in the first round only: at most one per team per event
    assert {p.a for p in byes} == set(event.draw[: size - n])
    assert all(p.id.startswith("ko-1-") for p in byes)
    assert max(Counter(p.a for p in byes).values(), default=1) == 1
    _check_knockout(event)
    _check_places(event)
    assert len(played(event)) == n - 1 + (event.rules.third_place == "match")


def test_byes_fall_in_different_halves_of_the_bracket():
    assert spread(8)[:4] == [0, 4, 2, 6]
    event = Tournament.new("lanzhou-2010", field(6), 1, "knockout")  # 8-slot bracket, 2 byes
    byes = [int(p.id.split("-")[2]) - 1 for p in event.pairings if p.b is None]
    assert sorted(byes) == [0, 2]  # matches 1 and 3 of 4: one in each half, so they cannot meet in round 2


def _check_knockout(event):
    knockout = [p for p in event.pairings if p.stage == "knockout"]
    alive = set()
    for number in itertools.count(1):
        this = [p for p in knockout if p.id.startswith(f"ko-{number}-")]
        if not this:
            break
        teams = [t for p in this for t in p.teams]
        assert len(teams) == len(set(teams)), "a team twice in one knockout round"
        if number > 1:
            assert set(teams) == alive
        alive = {p.result.winner for p in this}
    meetings = Counter(frozenset(p.teams) for p in knockout if p.b is not None)
    assert set(meetings.values()) <= {1}, "two teams met twice in the knockout"
    # only the final is of final length; it is the event's last match
    assert [p.final for p in event.pairings].count(True) == 1 and event.pairings[-1].final
    assert all(event.length(p) == (event.lengths[1] if p.final else event.lengths[0]) for p in event.pairings)


def _check_places(event):
    places = event.places()
    assert sorted(p.team for p in places) == sorted(t.id for t in event.teams)
    numbers = [p.place for p in places]
    assert numbers == sorted(numbers) and numbers[0] == 1
    final = event.pairings[-1]
    assert places[0].team == final.result.winner and places[1].team == final.loser
    assert places[0].award == "first" and places[1].award == "second"
    semis_round = int(final.id.split("-")[1]) - 1
    semi_losers = {p.loser for p in event.pairings if p.id.startswith(f"ko-{semis_round}-")} - {None}
    thirds = [p for p in places if p.place == 3]
    if len(semi_losers) == 2:
        if event.rules.third_place == "joint":
            assert {p.team for p in thirds} == semi_losers and [p.place for p in places[:4]] == [1, 2, 3, 3]
        else:
            third = next(p for p in event.pairings if p.stage == "third")
            assert [p.team for p in thirds] == [third.result.winner] and places[3].team == third.loser
    # a knockout winner is never placed below the team it beat
    place = {p.team: p.place for p in places}
    for p in event.pairings:
        if p.stage == "knockout" and p.loser is not None:
            assert place[p.result.winner] <= place[p.loser]
    rest = places[event.rules.prizes + (1 if event.rules.third_place == "joint" else 0) :]
    assert all(p.award == ("merit" if event.rules.merit_award else None) for p in rest if p.place > 3)


def test_group_winners_meet_other_groups_runners_up():
    for seed in range(20):
        event = play_out(Tournament.new("hebi-2010", field(16, seed), seed, "groups"), seed)
        group_of = {t: g for g, members in enumerate(event.groups) for t in members}
        tables = [event.standings(g) for g in range(4)]
        winners = {t[0].team for t in tables}
        for p in event.pairings:
            if p.id.startswith("ko-1-"):
                assert len(set(p.teams) & winners) == 1
                assert group_of[p.a] != group_of[p.b]


def test_the_draw_is_seeded_and_the_order_of_results_does_not_matter():
    a = Tournament.new("hebi-2010", field(12), 9, "groups")
    b = Tournament.new("hebi-2010", field(12), 9, "groups")
    assert a.draw == b.draw and a.to_dict() == b.to_dict()
    assert Tournament.new("hebi-2010", field(12), 10, "groups").draw != a.draw
    rng = random.Random(4)
    outcome = {}
    for event, order in ((a, 1), (b, -1)):
        while not event.finished:
            for p in event.ready()[::order]:
                if p.id not in outcome:
                    outcome[p.id] = Result(rng.choice(p.teams), (1, 2), (1, 2), 10)
                event.record(p.id, outcome[p.id])
    assert a.summary() == b.summary()


def test_hebi_draws_seats_by_lot():
    event = Tournament.new("hebi-2010", field(16), 2, "knockout")
    draw = event.draw
    swapped = [p for p in event.pairings if p.b is not None and draw.index(p.a) > draw.index(p.b)]
    assert swapped and len(swapped) < len(event.pairings)
    plain = Tournament.new("lanzhou-2010", field(16), 2, "knockout")
    assert all(plain.draw.index(p.a) < plain.draw.index(p.b) for p in plain.pairings)


# ------------------------------------------------------------------------------ tie-breaks


def _group_event():
    event = Tournament.new("hebi-2010", field(4), 1, "groups")
    return event, event.groups[0]


def _record_group(event, results):
    for p in list(event.ready()):
        key = frozenset(p.teams)
        winner, gained = results[key]
        event.record(p.id, made_up(event, winner, [gained[t] for t in (p.a, p.b)]))


def test_group_tie_break_three_level_on_points_and_between_them_go_by_levels():
    event, (a, b, c, d) = _group_event()
    # a wins all; b beats c, c beats d, d beats b: three on 2 points, 2 each between them
    results = {
        frozenset((a, b)): (a, {a: 1, b: 0}),
        frozenset((a, c)): (a, {a: 1, c: 0}),
        frozenset((a, d)): (a, {a: 1, d: 0}),
        frozenset((b, c)): (b, {b: 5, c: 0}),
        frozenset((c, d)): (c, {c: 3, d: 0}),
        frozenset((b, d)): (d, {b: 0, d: 1}),
    }
    _record_group(event, results)
    rows = event.standings(0)
    assert [r.team for r in rows] == [a, b, c, d]
    assert [r.points for r in rows] == [6, 2, 2, 2] and [r.gained for r in rows[1:]] == [5, 3, 1]


def test_group_tie_break_head_to_head_before_levels():
    event, (a, b, c, d) = _group_event()
    # a and b on 4 points, b beat a; c and d on 2, d beat c: the winners go first although
    # the losers gained far more levels
    results = {
        frozenset((a, b)): (b, {a: 0, b: 1}),
        frozenset((a, c)): (a, {a: 9, c: 0}),
        frozenset((a, d)): (a, {a: 9, d: 0}),
        frozenset((b, c)): (c, {b: 0, c: 9}),
        frozenset((b, d)): (b, {b: 1, d: 0}),
        frozenset((c, d)): (d, {c: 9, d: 1}),
    }
    _record_group(event, results)
    rows = event.standings(0)
    assert [r.team for r in rows] == [b, a, d, c]
    assert [r.points for r in rows] == [4, 4, 2, 2]


def test_group_tie_break_by_lot_is_seeded():
    orders = set()
    for seed in range(12):
        event = Tournament.new("hebi-2010", field(4), seed, "groups")
        a, b, c, d = event.groups[0]
        # a circle of wins with equal levels: points, head to head and levels all equal
        wins = {
            frozenset((a, b)): a,
            frozenset((b, c)): b,
            frozenset((c, a)): c,
            frozenset((a, d)): a,
            frozenset((b, d)): b,
            frozenset((c, d)): c,
        }
        _record_group(event, {k: (w, {t: 1 for t in k}) for k, w in wins.items()})
        rows = event.standings(0)
        assert rows[-1].team == d
        again = Tournament.from_dict(event.to_dict()).standings(0)
        assert [r.team for r in again] == [r.team for r in rows]
        orders.add(tuple(event.groups[0].index(r.team) for r in rows[:3]))
    assert len(orders) > 1  # the lot is drawn, not the draw's order


# ------------------------------------------------------------------------------ forfeit, lengths


def test_a_team_that_leaves_loses_its_next_match_scoring_nothing():
    event = Tournament.new("lanzhou-2010", field(8), 5, "knockout")
    first = event.ready()[0]
    leaver = first.a
    event.withdraw(leaver)
    assert first.result.how == "forfeit" and first.result.winner == first.b and first.result.score == (0, 0)
    with pytest.raises(TournamentError):
        event.withdraw(leaver)
    play_out(event, 1)
    assert event.finished
    assert not any(p.result.how == "played" and leaver in p.teams for p in event.pairings)


def test_a_team_that_leaves_in_the_groups_forfeits_the_rest_of_them():
    event = Tournament.new("hebi-2010", field(8), 5, "groups")
    leaver = event.groups[0][0]
    p = next(p for p in event.ready() if leaver in p.teams)
    event.record(p.id, made_up(event, leaver, (1, 0) if leaver == p.a else (0, 1)))
    event.withdraw(leaver)
    mine = [q for q in event.pairings if leaver in q.teams and q.id != p.id and q.result]
    assert mine and all(q.result.how == "forfeit" and q.result.score == (0, 0) for q in mine)
    play_out(event, 2)
    assert all(p.result.winner != leaver for p in event.pairings if leaver in p.teams and p.result.how != "played")
    assert Tournament.from_dict(json.loads(json.dumps(event.to_dict()))).summary() == event.summary()


def test_practice_lengths_say_the_event_is_not_of_regulation_length():
    assert Tournament.new("hebi-2010", field(8), 1).regulation
    short = Tournament.new("hebi-2010", field(8), 1, lengths=(2, 3))
    assert not short.regulation
    play_out(short)
    assert {short.length(p) for p in short.pairings if not p.final} == {2}
    assert short.length(short.pairings[-1]) == 3
    assert not Tournament.from_dict(short.to_dict()).regulation


def test_a_result_that_does_not_fit_is_refused():
    event = Tournament.new("lanzhou-2010", field(8), 1)
    p = event.ready()[0]
    with pytest.raises(TournamentError, match="one of its teams"):
        event.record(p.id, Result("nobody", minutes=60.0))
    with pytest.raises(TournamentError, match="minutes"):
        event.record(p.id, Result(p.a))
    event.record(p.id, Result(p.a, minutes=60.0))
    with pytest.raises(TournamentError, match="already"):
        event.record(p.id, Result(p.a, minutes=60.0))
    with pytest.raises(TournamentError, match="no match"):
        event.record("ko-9-9", Result(p.a, minutes=60.0))


# ------------------------------------------------------------------------------ saving


def test_an_event_survives_json_at_every_step(tmp_path):
    event = Tournament.new("hebi-2010", field(11, player="bot-partner"), 8, "groups", lengths=(3, 4))
    rng = random.Random(2)
    path = tmp_path / "event.json"
    while not event.finished:
        save(event, path)
        again = load(path)
        assert again.summary() == event.summary() and again.to_dict() == event.to_dict()
        p = event.ready()[0]
        winner = rng.choice(p.teams)
        event.record(p.id, made_up(event, winner, (1, 0) if winner == p.a else (0, 1), 3))
    save(event, path)
    assert load(path).places() == event.places()
    assert [f.name for f in tmp_path.iterdir()] == ["event.json"]  # no temporary file left


DAMAGE = [
    lambda d: d.pop("seed"),
    lambda d: d.update(version=2),
    lambda d: d.update(kind="match"),
    lambda d: d.update(ruleset="chess"),
    lambda d: d.update(format="swiss"),
    lambda d: d.update(seed="1"),
    lambda d: d.update(lengths=[0, 3]),
    lambda d: d.update(lengths=[3]),
    lambda d: d["rules"].update(third_place="none"),
    lambda d: d["rules"].pop("final"),
    lambda d: d["teams"].pop(),
    lambda d: d["teams"].append(copy.deepcopy(d["teams"][0])),
    lambda d: d["teams"][0].update(unit="moon base"),
    lambda d: d["teams"][1].update(seats=["human", "normal"]),
    lambda d: d["teams"][2].update(seats=["normal"]),
    lambda d: d["log"][0].update(match="ko-7-1"),
    lambda d: d["log"][0].update(winner="nobody"),
    lambda d: d["log"][0].update(score=[1]),
    lambda d: d["log"][0].update(score=[1, "2"]),
    lambda d: d["log"][0].update(hands=-1),
    lambda d: d["log"][0].update(how="bye"),
    lambda d: d["log"][0].update(minutes=-1),
    lambda d: d["log"][0].update(replays="a.json"),
    lambda d: d["log"][0].update(extra=1),
    lambda d: d["log"].append(copy.deepcopy(d["log"][0])),
    lambda d: d["log"].append({"kind": "withdraw", "team": "nobody"}),
    lambda d: d["log"].append({"kind": "cheer"}),
    lambda d: d["log"].append("result"),
    lambda d: d.update(log={}),
    lambda d: d.update(teams="all"),
]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_event_is_refused_with_a_reason(tmp_path, damage):
    event = Tournament.new("hebi-2010", field(8), 4, "groups")
    p = event.ready()[0]
    event.record(p.id, Result(p.a, (5, 2), (3, 0), 10))
    data = event.to_dict()
    damage(data)
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match="the event cannot be continued"):
        load(path)


def test_a_file_that_is_not_an_event_is_refused(tmp_path):
    path = tmp_path / "event.json"
    for text in ("", "[]", "{", "null", '{"version": 1}'):
        path.write_text(text, encoding="utf-8")
        with pytest.raises(DataError):
            load(path)
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "none.json")


def test_a_failed_save_keeps_the_previous_file(tmp_path, monkeypatch):
    path = tmp_path / "event.json"
    event = Tournament.new("hebi-2010", field(8), 4)
    save(event, path)
    before = path.read_bytes()
    import os

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    p = event.ready()[0]
    event.record(p.id, Result(p.a, (1, 0), (1, 0), 10))
    with pytest.raises(OSError):
        save(event, path)
    assert path.read_bytes() == before and [f.name for f in tmp_path.iterdir()] == ["event.json"]


def test_the_package_is_pure():
    code = (
        "import sys, game.tournament, game.tournament.event, game.tournament.files; "
        "sys.exit(any(m.split('.')[0] in ('pygame', 'bots') for m in sys.modules))"
    )
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_team_from_a_hand_written_list():
    event = Tournament.new("hebi-2010", [Team(f"t{i}", UNITS[i], 1, ("easy", "easy")) for i in range(5)], 1)
    assert len(event.teams) == 5
    with pytest.raises(TournamentError, match="same id"):
        Tournament.new("hebi-2010", [Team("t", UNITS[i], 1, ("easy", "easy")) for i in range(5)], 1)


@pytest.mark.parametrize("fmt", ["knockout", "groups"])
@pytest.mark.parametrize("rid", BUILTIN_IDS)
def test_the_progress_bar_counts_the_matches_the_event_plays(fmt, rid):
    from game.tournament.__main__ import expected_matches

    for n in range(4, 33):
        event = Tournament.new(rid, field(n, n), n, fmt)
        total = expected_matches(event)
        assert total == len(played(play_out(event, n))), n


def test_a_saved_duplicate_result_must_be_one_the_match_can_end_with():
    from game.tournament.event import most_levels_a_hand

    event = Tournament.new("logistics-2015", field(4), 1, "duplicate")
    p = event.ready()[0]
    most = most_levels_a_hand(event.ruleset)  # the ruleset caps a hand's levels

    def net(winner, levels, hands=2, minutes=60.0, gained=None):
        return Result(winner, (levels, -levels), gained or (levels, -levels), hands, minutes)

    event.check_possible(p.id, net(p.a, 2 * most))
    event.check_possible(p.id, net(p.b, 0))  # a tie on levels: the points or a lot decide
    for bad in (
        net(p.b, 1),  # team a ahead, team b the winner
        net(p.a, 2 * most + 1),  # more than two hands can move
        net(p.a, 1, hands=3),  # a board is two hands
        net(p.a, 1, gained=(1, 0)),
        Result(p.a, (999, -998), (999, -998), 2, 60.0),
    ):
        with pytest.raises(TournamentError, match="score"):
            event.check_possible(p.id, bad)
    with pytest.raises(TournamentError, match="minutes"):
        event.check_possible(p.id, net(p.a, 1, minutes=None))  # a timed match says its minutes
