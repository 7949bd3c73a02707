"""``python -m bots.engine``: our levels over the bot protocol play exactly as in process."""

from __future__ import annotations

import io
import json
from pathlib import Path
import shlex
import sys

import pytest

from bots.arena import main as arena_main
from bots.engine import Engine, ruleset_from_hello
from bots.examples.transcript import transcript
from bots.protocol import hello_request
from game.core import get_ruleset


def engine_command(level: str, *extra: str) -> str:
    return " ".join(shlex.quote(a) for a in (sys.executable, "-m", "bots.engine", "--level", level, *extra))


def _arena(capsys, tmp: Path, ruleset: str, level_a: str, level_b: str, seats: dict[int, str]):
    argv = [
        "--ruleset",
        ruleset,
        "--deals",
        "2",
        "--seed",
        "7",
        "--a",
        level_a,
        "--b",
        level_b,
        "--json",
        "--no-progress",
        "--record",
        str(tmp),
    ]
    for n, spec in seats.items():
        argv += ["--seat", f"{n}={spec}"]
    assert arena_main(argv) == 0
    summary = json.loads(capsys.readouterr().out)
    hands = {p.name: json.loads(p.read_text())["hand"] for p in sorted(tmp.glob("*.json"))}
    return summary, hands


@pytest.mark.parametrize(
    "ruleset,level_a,level_b",
    [("hebi-2010", "normal", "easy"), ("lanzhou-2010", "easy", "random"), ("logistics-2015", "random", "normal")],
)
def test_the_engine_plays_as_the_in_process_bot(capsys, tmp_path, ruleset, level_a, level_b):
    inside, inside_hands = _arena(capsys, tmp_path / "inside", ruleset, level_a, level_b, {})
    # One engine for each team: seat 0 (team A) and seat 3 (team B), moving with the team.
    seats = {0: "external:" + engine_command(level_a), 3: "external:" + engine_command(level_b)}
    outside, outside_hands = _arena(capsys, tmp_path / "outside", ruleset, level_a, level_b, seats)
    assert len(inside_hands) == 4 and inside_hands == outside_hands  # the same hand logs
    assert outside["external_refusals"] == 0
    for key in (
        "a_levels_per_deal",
        "ci95",
        "hands",
        "redeals",
        "teams",
        "a_points_as_defenders",
        "b_points_as_defenders",
    ):
        assert inside[key] == outside[key], key


def test_the_engine_in_the_transcript_tool():
    out = io.StringIO()
    refusals = transcript("hebi-2010", 2, engine_command("normal"), seed=3, out=out)
    assert refusals == []
    answers = [json.loads(line[2:]) for line in out.getvalue().splitlines() if line[:2] == "< "]
    assert answers and all("error" not in a for a in answers)


def test_the_engine_reports_a_bad_request_and_goes_on():
    engine = Engine("easy")
    ruleset = get_ruleset("logistics-2015")
    engine.answer(hello_request(1, ruleset, 5000))
    answer = engine.answer({"type": "play", "id": 4, "seat": 1, "ruleset": ruleset.id})
    assert answer["id"] == 4 and "error" in answer and "play" not in answer
    assert engine.answer({"type": "result", "id": 5}) is None
    stdin = io.StringIO("not json\n\n" + json.dumps(hello_request(0, ruleset, 5000)) + "\n")
    stdout = io.StringIO()
    engine.serve(stdin, stdout)
    assert stdout.getvalue() == ""  # hello takes no answer
    with pytest.raises(ValueError):
        Engine("genius")


def test_a_ruleset_from_hello():
    for ruleset_id in ("hebi-2010", "lanzhou-2010"):
        ruleset = get_ruleset(ruleset_id)
        hello = json.loads(json.dumps(hello_request(0, ruleset, 5000)))
        assert ruleset_from_hello(hello["ruleset"]) == ruleset
        changed = dict(hello["ruleset"], throw_penalty=hello["ruleset"]["throw_penalty"] + 5)
        assert ruleset_from_hello(changed).throw_penalty == ruleset.throw_penalty + 5


def test_a_think_time_near_the_time_limit_is_warned_about(capsys):
    Engine("hard", think_ms=4500).answer(hello_request(0, get_ruleset("hebi-2010"), 5000))
    assert "time limit" in capsys.readouterr().err
    Engine("hard", think_ms=100).answer(hello_request(0, get_ruleset("hebi-2010"), 5000))
    assert capsys.readouterr().err == ""
