"""While an arena run goes on, nothing a seated program can read holds a seed that decides a
later deal (issue 40, item 1).

Before, every ``--record`` replay held the run's seed (``arena.seed`` and ``match_seed``),
every ``--out`` line held it (``run.seed``), and the replay of a deal's first play was
written before its second play dealt the same cards again: a program that found the paths
on its parent's command line knew every hand from the second deal on.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
import shlex
import sys

import pytest

from bots import arena
from bots.arena import deal_setup, main
from game.app.records import Records

EXAMPLES = Path(__file__).resolve().parents[2] / "bots" / "examples"
BASE = ["--ruleset", "hebi-2010", "--a", "easy", "--b", "random", "--json", "--no-progress"]

# Lists the --record folder at every request, as a program that found it would read it.
WATCHER = f"""
import json, os, sys
sys.path.insert(0, {str(EXAMPLES)!r})
import random_bot
folder, log = sys.argv[1], open(sys.argv[2], "a", encoding="utf-8")


class Tee:
    def __iter__(self):
        for line in sys.__stdin__:
            files = sorted(os.listdir(folder)) if os.path.isdir(folder) else []
            log.write(json.dumps(files) + "\\n")
            log.flush()
            yield line


sys.stdin = Tee()
sys.argv = sys.argv[:1]
random_bot.main()
"""


def _summary(capsys, *argv: str) -> dict:
    assert main([*BASE, *argv]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_replay_holds_its_deals_own_seed_not_the_runs(tmp_path, capsys):
    folder = tmp_path / "rec"
    summary = _summary(capsys, "--deals", "2", "--record", str(folder))
    run_seed = summary["seed"]
    paths = sorted(folder.glob("*.json"))
    assert len(paths) == 4
    for path in paths:
        assert str(run_seed) not in path.read_text(encoding="utf-8")
        replay = Records.load(path)  # the game still opens it
        shuffle = replay.hand.setup.seed
        deal = replay.meta["arena"]["deal"] - 1
        assert shuffle in {deal_setup(run_seed, deal, attempt).seed for attempt in range(5)}
        assert replay.meta["arena"]["seed"] == shuffle == replay.meta["match_seed"]


def test_a_deals_replays_are_written_only_once_both_its_plays_are_over(tmp_path, capsys):
    folder, log = tmp_path / "rec", tmp_path / "listings.jsonl"
    script = tmp_path / "watcher.py"
    script.write_text(WATCHER, encoding="utf-8")
    spec = f"external:{shlex.join([sys.executable, str(script), str(folder), str(log)])}"
    _summary(capsys, "--deals", "2", "--record", str(folder), "--seat", f"0={spec}")
    listings = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert listings and any(listings)  # it saw the first deal's replays during the second
    for files in listings:
        # Never the first play of a deal without the second: the deal is not being played.
        for name in files:
            assert name.replace("play-0", "play-1") in files and name.replace("play-1", "play-0") in files


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_out_lines_hold_a_digest_of_the_seed_and_the_finished_run_gives_it(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    summary = _summary(capsys, "--deals", "2", "--out", str(out))
    seed = summary["seed"]
    *deals, last = _lines(out)
    assert [d["deal"] for d in deals] == [1, 2]
    for d in deals:
        assert "seed" not in d["run"] and str(seed) not in json.dumps(d)
        assert d["run"]["seed_sha256"] == hashlib.sha256(str(seed).encode()).hexdigest()
    assert last == {"finished": True, "seed": seed}  # the run is over: the seed may be said
    # A finished run goes on without --seed (its last line gives it), and the file loses the
    # seed again while it runs.
    again = _summary(capsys, "--deals", "3", "--out", str(out), "--resume")
    assert again["seed"] == seed and again["deals"] == 3
    *deals, last = _lines(out)
    assert [d["deal"] for d in deals] == [1, 2, 3] and last == {"finished": True, "seed": seed}


def test_resume_of_a_stopped_run_needs_its_seed(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    seed = _summary(capsys, "--deals", "2", "--out", str(out))["seed"]
    out.write_text("".join(line + "\n" for line in out.read_text().splitlines()[:-1]))  # stopped: no last line
    with pytest.raises(SystemExit):
        main([*BASE, "--deals", "3", "--out", str(out), "--resume"])
    assert "--resume needs the run's seed: add --seed" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # the digest tells another seed from the run's
        main([*BASE, "--deals", "3", "--out", str(out), "--resume", "--seed", str(seed + 1)])
    capsys.readouterr()
    assert _summary(capsys, "--deals", "3", "--out", str(out), "--resume", "--seed", str(seed))["deals"] == 3


def test_an_out_file_of_before_is_resumed_and_loses_its_seed(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    seed = _summary(capsys, "--deals", "2", "--out", str(out))["seed"]
    old = []
    for d in _lines(out)[:-1]:  # as the arena wrote it before: the seed in every line's run
        d["run"] = {"seed": seed, **{k: v for k, v in d["run"].items() if k != "seed_sha256"}}
        old.append(json.dumps(d) + "\n")
    out.write_text("".join(old))
    assert _summary(capsys, "--deals", "3", "--out", str(out), "--resume")["deals"] == 3
    *deals, _ = _lines(out)
    assert [d["deal"] for d in deals] == [1, 2, 3]
    assert all("seed" not in d["run"] and d["run"]["seed_sha256"] for d in deals)


def test_ctrl_c_gives_the_seed_and_the_command_that_goes_on(tmp_path, capsys, monkeypatch):
    def interrupted(args, on_result=None, previous=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(arena, "run", interrupted)
    out = tmp_path / "run.jsonl"
    assert main([*BASE, "--deals", "2", "--out", str(out)]) == 130
    err = capsys.readouterr().err
    seed = err.split("the run's seed is ")[1].split(";")[0]
    assert int(seed) > 0 and f"--out {out} --resume --seed {seed}" in err
    assert seed not in out.read_text()


def test_a_seed_on_the_command_line_with_a_program_seated_is_warned_of(capsys):
    program = shlex.join([sys.executable, str(EXAMPLES / "random_bot.py")])
    big = str(1 << 100)
    assert main([*BASE, "--deals", "1", "--seed", big, "--seat", f"0=external:{program}"]) == 0
    err = capsys.readouterr().err
    assert "can read this process's command line" in err and "small enough" not in err
    assert main([*BASE, "--deals", "1", "--seed", big]) == 0  # no program seated: no warning
    assert "command line" not in capsys.readouterr().err
