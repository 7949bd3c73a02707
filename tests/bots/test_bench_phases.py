"""The sampling searcher stand-in (``bots.bench.sampler``) and the per-phase loss benchmark
(``bots.bench.phases``), at tiny settings: seconds, not a measurement."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace

import pytest

from bots import make_bot
from bots.analysis import Decision
from bots.arena import deal_setup
from bots.bench import phases
from bots.bench.sampler import SamplerBot, lower_bound_choice
from game.core import REDEAL, Hand, Trick, get_ruleset
from game.table import play_hand


def _hand(ruleset_id: str, seed: int) -> Hand:
    """One hand, samplers (3 worlds, 4 candidates, no time box) at seats 0 and 2."""
    ruleset = get_ruleset(ruleset_id)
    for attempt in range(10):
        bots = [
            SamplerBot(s, random.Random(seed * 10 + s), ruleset, think_ms=None, worlds=3, max_candidates=4)
            if s % 2 == 0
            else make_bot("normal", s, random.Random(seed * 10 + s), ruleset)
            for s in range(4)
        ]
        report = play_hand(Hand(ruleset, deal_setup(seed, 0, attempt)), bots, timing=False)
        assert report.clean, (report.illegal, report.errors)
        if report.hand.phase != REDEAL:
            assert bots[0].last_candidates <= 4  # type: ignore[attr-defined]
            return report.hand
    raise AssertionError("ten re-deals")


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "logistics-2015"])
def test_the_sampler_plays_a_whole_hand_legally(ruleset_id):
    hand = _hand(ruleset_id, 11)
    assert hand.settlement is not None


def test_the_sampler_is_reproducible_from_its_seed():
    assert _hand("hebi-2010", 12).log == _hand("hebi-2010", 12).log


def test_the_lower_bound_prefers_the_surer_candidate():
    steady = [1.0, 1.0, 1.0, 1.0]
    wild = [4.0, -2.0, 4.0, -2.0]  # the same mean, a wide spread
    wild_better = [4.5, -1.5, 4.5, -1.5]  # mean 1.5, se ~1.7: bound below steady's 1.0
    assert lower_bound_choice([wild, steady]) == 1
    assert lower_bound_choice([wild_better, steady]) == 1
    assert lower_bound_choice([steady, [2.0, 2.0, 2.0, 2.0]]) == 1
    assert lower_bound_choice([[0.0], [1.0]]) == 1  # one world: the best mean


def _decision(kind: str, trick: int | None) -> Decision:
    return Decision(kind, trick, [], [], 0.1, 0.0, "inaccuracy")


def test_phases_of_decisions():
    # Ten tricks: seat 1 leads trick 2, seat 3 leads tricks 5 and 8.
    leaders = [0, 0, 1, 2, 2, 3, 0, 0, 3, 0]
    hand = SimpleNamespace(tricks=[Trick(leader) for leader in leaders])
    seat = 3
    assert phases.phase_of(_decision("declare", None), hand, seat) == "declaring"
    assert phases.phase_of(_decision("bury", None), hand, seat) == "burying"
    assert phases.phase_of(_decision("play", 5), hand, seat) == "leading"
    assert phases.phase_of(_decision("play", 2), hand, seat) == "following"
    assert phases.phase_of(_decision("play", 8), hand, seat) == "last tricks"  # a lead, but late
    assert phases.phase_of(_decision("play", 7), hand, seat) == "last tricks"
    assert phases.phase_of(_decision("play", 6), hand, seat) == "following"
    assert phases.phase_of(_decision("play", 7), hand, seat, last=2) == "following"


def test_a_tally_counts_unforced_decisions_by_phase():
    hand = SimpleNamespace(tricks=[Trick(0), Trick(1), Trick(0), Trick(0)])
    tally = phases.Tally()
    tally.start_deal()
    forced = Decision("play", 0, [], [], 0.0, 0.0, "best", forced=True)
    tally.add([_decision("play", 0), _decision("play", 1), forced, _decision("bury", None)], hand, 0, 1)
    rows = {r["phase"]: r for r in tally.rows()}
    assert rows["leading"]["decisions"] == 1 and rows["following"]["decisions"] == 1
    assert rows["burying"]["levels_lost"] == pytest.approx(0.1)
    assert rows["all"]["decisions"] == 3 and rows["all"]["levels_lost"] == pytest.approx(0.3)
    assert rows["leading"]["share"] == pytest.approx(1 / 3, abs=1e-3)


def test_the_benchmark_runs_one_deal_and_prints_the_table(capsys):
    phases.main(
        [
            "--deals",
            "1",
            "--seed",
            "5",
            "--think-ms",
            "20",
            "--samples",
            "2",
            "--sampler-ms",
            "0",
            "--sampler-worlds",
            "2",
            "--sampler-candidates",
            "3",
            "--analysis-samples",
            "4",
            "--progress",
            "--json",
        ]
    )
    out = capsys.readouterr().out
    assert "deal 0: hard" in out
    for side in ("hard", "sampler"):
        assert f"levels lost by {side}'s seats (1 analysed deals" in out
    for phase in phases.PHASES:
        assert phase in out
    data = json.loads(out.strip().splitlines()[-1])
    assert data["deals"] == 1 and data["incidents"] == 0
    assert [r["phase"] for r in data["phases"]["hard"]] == [*phases.PHASES, "all"]
