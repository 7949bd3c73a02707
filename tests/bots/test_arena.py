"""The arena: duplicate deals, the JSON summary, the command line."""

import json
import subprocess
import sys

import pytest

from bots.arena import RANKS, deal_setup, main, play_deal


def test_json_summary_has_the_promised_fields(capsys):
    code = main(
        [
            "--ruleset",
            "hebi-2010",
            "--deals",
            "3",
            "--seed",
            "5",
            "--a",
            "easy",
            "--b",
            "random",
            "--json",
            "--no-progress",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    for key in (
        "deals",
        "hands",
        "illegal",
        "errors",
        "a_levels_per_deal",
        "ci95",
        "a_points_as_defenders",
        "hands_per_s",
        "decision_ms",
    ):
        assert key in out
    assert out["deals"] == 3 and out["hands"] == 6
    assert out["illegal"] == 0 and out["errors"] == 0
    low, high = out["ci95"]
    assert low <= out["a_levels_per_deal"] <= high
    assert set(out["decision_ms"]) == {"p50", "p95", "max"}


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_a_level_against_itself_scores_exactly_zero(ruleset_id):
    # The heuristic levels use no randomness in play: with both teams the same, the two
    # plays of a deal mirror each other and the duplicate score cancels exactly.
    for index in range(2):
        result = play_deal(ruleset_id, 3, index, "normal", "normal")
        assert result.diff == 0
        assert result.illegal == 0 and result.errors == 0


def test_deals_cover_every_level_rank_and_seat():
    setups = [deal_setup(1, i) for i in range(26)]
    dealer_levels = {s.levels[s.dealer % 2] for s in setups}
    assert dealer_levels == set(RANKS)
    assert {s.dealer for s in setups} == {0, 1, 2, 3}
    # The same deal index gives the same cards for both plays.
    assert deal_setup(1, 4) == deal_setup(1, 4)


def test_text_summary_and_the_module_entry_point():
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bots.arena",
            "--ruleset",
            "logistics-2015",
            "--deals",
            "2",
            "--a",
            "normal",
            "--b",
            "easy",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "A levels per deal" in proc.stdout and "illegal moves: 0" in proc.stdout


def test_hard_in_the_arena_with_a_short_budget(capsys):
    code = main(
        [
            "--ruleset",
            "logistics-2015",
            "--deals",
            "1",
            "--a",
            "hard",
            "--b",
            "normal",
            "--think-ms",
            "10",
            "--json",
            "--no-progress",
        ]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["errors"] == 0 and out["illegal"] == 0
    assert out["decision_ms_a"]["max"] < 1000
