"""The arena's long-run flags on short runs: --minutes, --out/--resume, the progress bar,
--jobs with outside programs, strict JSON, the per-team counts and --record."""

from __future__ import annotations

import io
import json
from pathlib import Path
import shlex
import sys

import pytest

from bots.arena import main
from bots.arena_io import Progress, mean_ci, seed_digest
from game.app.records import Records
from game.core import DeclarationKind

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "bots" / "examples" / "random_bot.py"


def strict(text: str) -> dict:
    def refuse(constant):
        raise AssertionError(f"not strict JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


def run(capsys, *argv: str) -> tuple[int, dict, str]:
    code = main(["--ruleset", "logistics-2015", "--seed", "4", "--a", "easy", "--b", "random", "--json", *argv])
    captured = capsys.readouterr()
    return code, strict(captured.out) if captured.out.strip() else {}, captured.err


def test_one_deal_gives_strict_json_with_a_null_interval(capsys):
    code, out, _ = run(capsys, "--deals", "1")
    assert code == 0 and out["deals"] == 1 and out["ci95"] is None
    assert mean_ci([]) == (0.0, None) and mean_ci([1.0])[1] is None
    assert mean_ci([1.0, 3.0])[1][0] < 2.0 < mean_ci([1.0, 3.0])[1][1]


def test_help_says_the_interval_may_be_null(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "ci95 is null" in capsys.readouterr().out


def test_minutes_stop_starting_deals(capsys):
    code, out, _ = run(capsys, "--minutes", "0.003")  # about 0.2 s, no --deals: no other limit
    assert code == 0 and out["stopped_by_time"] and 1 <= out["deals"] < 1000
    code, out, _ = run(capsys, "--minutes", "0")
    assert code == 0 and out["deals"] == 0 and out["ci95"] is None


def test_out_writes_a_line_per_deal_and_resume_goes_on(capsys, tmp_path):
    out_file = tmp_path / "run.jsonl"
    code, _, _ = run(capsys, "--deals", "2", "--out", str(out_file))
    *lines, last = [json.loads(line) for line in out_file.read_text().splitlines()]
    assert code == 0 and sorted(d["deal"] for d in lines) == [1, 2] and last == {"finished": True, "seed": 4}
    assert all(d["run"]["a"] == "easy" and d["run"]["seed_sha256"] == seed_digest(4) for d in lines)
    # Without --resume an existing file is not overwritten.
    with pytest.raises(SystemExit):
        run(capsys, "--deals", "4", "--out", str(out_file))
    # A line cut short (the run was stopped while writing) is dropped and played again.
    out_file.write_text(out_file.read_text() + '{"deal": 3, "ind')
    code, resumed, _ = run(capsys, "--deals", "4", "--out", str(out_file), "--resume")
    lines = [json.loads(line) for line in out_file.read_text().splitlines()][:-1]
    assert code == 0 and sorted(d["deal"] for d in lines) == [1, 2, 3, 4]
    code, fresh, _ = run(capsys, "--deals", "4")
    for key in ("deals", "hands", "a_levels_per_deal", "ci95", "teams", "a_points_as_defenders"):
        assert resumed[key] == fresh[key], key
    # Another run's file is refused.
    with pytest.raises(SystemExit):
        main(["--ruleset", "hebi-2010", "--deals", "4", "--out", str(out_file), "--resume", "--json"])
    capsys.readouterr()


def test_the_progress_bar():
    stream = io.StringIO()  # not a terminal: a line now and then
    bar = Progress(10, None, True, stream, after=0.0, every=0.0)
    for done in range(1, 11):
        bar.step(done, [1.0, -1.0, 2.0][:done] * 4)
    bar.step(10, [1.0] * 10, final=True)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11 and "10/10 deals" in lines[-1] and "A +1.000/deal" in lines[-1]
    assert "left" in lines[0] and "[" in lines[0]
    quiet = io.StringIO()
    short = Progress(10, None, True, quiet, after=60.0)  # a run shorter than a minute
    short.step(1, [1.0])
    short.step(1, [1.0], final=True)
    assert quiet.getvalue() == ""
    timed = Progress(None, 1e12, True, quiet := io.StringIO(), after=0.0, every=0.0)
    timed.step(3, [0.0, 1.0, 2.0])
    assert quiet.getvalue().startswith("3 deals")


def test_json_alone_is_silent_on_a_standard_error_that_is_not_a_terminal(capsys):
    code, _, err = run(capsys, "--deals", "2")
    assert code == 0 and err == ""


def _counts_from_replays(folder: Path) -> dict[str, dict[str, int]]:
    teams = {
        t: dict.fromkeys(("hands_as_dealer", "declarations", "overturns", "failed_throws", "throw_penalty_points"), 0)
        for t in "AB"
    }
    for path in folder.glob("*.json"):
        replay = Records.load(path)
        a_seats = replay.meta["arena"]["team_a_seats"]

        def team(seat: int, a_seats=a_seats) -> str:
            return "A" if seat in a_seats else "B"

        hand = replay.hand
        teams[team(hand.dealer)]["hands_as_dealer"] += 1
        for d in hand.bidding.shown:
            over = d.kind in (DeclarationKind.OVERTURN, DeclarationKind.NO_TRUMP)
            teams[team(d.seat)]["overturns" if over else "declarations"] += 1
        for t in hand.tricks:
            if t.attempted:
                teams[team(t.leader)]["failed_throws"] += 1
                teams[team(t.leader)]["throw_penalty_points"] += abs(t.penalty)
    return teams


def test_record_writes_replays_the_viewer_opens_and_the_team_counts_match(capsys, tmp_path):
    folder = tmp_path / "rec"
    code = main(
        [
            "--ruleset",
            "lanzhou-2010",
            "--seed",
            "2",
            "--deals",
            "3",
            "--a",
            "normal",
            "--b",
            "random",
            "--json",
            "--record",
            str(folder),
        ]
    )
    out = strict(capsys.readouterr().out)
    assert code == 0
    names = sorted(p.name for p in folder.glob("*.json"))
    assert names == [f"deal-{d:04d}-play-{p}.json" for d in (1, 2, 3) for p in (0, 1)]
    replay = Records.load(folder / "deal-0002-play-1.json")
    assert replay.hand.finished and replay.meta["kind"] == "arena"
    assert replay.meta["seat_levels"] == ["random", "normal", "random", "normal"]
    assert replay.meta["arena"] == {
        "deal": 2,
        "play": 1,
        "seed": replay.hand.setup.seed,  # the deal's own, not the run's (2)
        "a": "normal",
        "b": "random",
        "team_a_seats": [1, 3],
    }
    assert out["teams"] == _counts_from_replays(folder)
    assert out["teams"]["A"]["hands_as_dealer"] + out["teams"]["B"]["hands_as_dealer"] == 6
    assert sum(t["declarations"] + t["overturns"] for t in out["teams"].values()) > 0


def test_jobs_with_an_outside_program_start_it_in_the_workers(capsys):
    program = " ".join(shlex.quote(str(a)) for a in (sys.executable, EXAMPLE, "5"))
    argv = ["--deals", "3", "--seat", f"0=external:{program}", "--seat", "1=normal"]
    code, parallel, _ = run(capsys, "--jobs", "2", *argv)
    assert code == 0 and parallel["deals"] == 3 and parallel["external_refusals"] == 0
    assert parallel["external"][0]["command"] == program and parallel["external"][0]["running"]
    with pytest.raises(SystemExit):
        run(capsys, "--jobs", "2", "--deals", "1", "--seat", "0=external:/no/such/program")
