"""The arena's seeds tell a seated program nothing (issue 24, item 2).

Before, a program could try the arena's ``--seed`` values (1 by default) until one dealt its
own first hand, and then knew the other three hands and the kitty. Now the run's seed is a
fresh 128-bit number unless one is given, the deals are keyed hashes of it, and the ``seed``
a program is sent is a keyed hash in another domain. The summary gives the seed, so a run
is repeated exactly with ``--seed``.
"""

from __future__ import annotations

from collections import Counter
import json
from pathlib import Path
import shlex
import sys

from bots.arena import deal_setup, main
from game.core import Hand, HandSetup, get_ruleset, parse_cards
from game.core.seeds import WIDE

EXAMPLES = Path(__file__).resolve().parents[2] / "bots" / "examples"
RULESET = "hebi-2010"
TIMING = ("hands_per_s", "elapsed_s", "decision_ms", "decision_ms_a", "decision_ms_b")

SPY = f"""
import sys
sys.path.insert(0, {str(EXAMPLES)!r})
import random_bot
log = open(sys.argv[1], "a", encoding="utf-8")


class Tee:
    def __iter__(self):
        for line in sys.__stdin__:
            log.write(line)
            log.flush()
            yield line


sys.stdin = Tee()
sys.argv = sys.argv[:1]
random_bot.main()
"""


def _spy(tmp_path) -> tuple[str, Path]:
    script = tmp_path / "spy.py"
    script.write_text(SPY, encoding="utf-8")
    log = tmp_path / "requests.jsonl"
    return f"external:{shlex.join([sys.executable, str(script), str(log)])}", log


def _run(capsys, *argv: str) -> dict:
    assert (
        main(["--ruleset", RULESET, "--deals", "1", "--a", "easy", "--b", "random", "--json", "--no-progress", *argv])
        == 0
    )
    return json.loads(capsys.readouterr().out)


def _seat_cards(setup: HandSetup, seat: int) -> Counter:
    """What a seat could hold in its first hand dealt from ``setup``: its cards and the kitty."""
    ruleset = get_ruleset(RULESET)
    hand = Hand(ruleset, setup)
    mine = [c for i, c in enumerate(hand.deck[: hand.to_deal]) if (setup.first_drawer + i) % 4 == seat]
    return Counter(mine + list(hand.dealt_kitty))


def test_a_seated_program_cannot_search_its_way_to_the_deal(tmp_path, capsys):
    spec, log = _spy(tmp_path)
    summary = _run(capsys, "--seat", f"0={spec}")
    requests = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    first = next(r for r in requests if r["type"] in ("bury", "play"))  # its whole first hand
    seat, sent, held = first["seat"], first["seed"], Counter(parse_cards(first["hand"]))

    def deals_it(setup: HandSetup) -> bool:
        return not held - _seat_cards(setup, seat)

    # The attack: every small run seed, and the numbers around the seed the program is sent,
    # as the run's seed or as the shuffle's.
    near = [sent + k for k in range(-50, 51)]
    found = [s for s in [*range(3000), *near] for attempt in (0, 1) if deals_it(deal_setup(s, 0, attempt))]
    template = deal_setup(0, 0)
    found += [s for s in near if deals_it(HandSetup(s, False, template.levels, template.dealer, template.dealer))]
    assert found == []
    assert sent < 1 << 64 and summary["seed"] >= WIDE and sent != summary["seed"]
    # The true run seed does deal it (the check above could have found it).
    assert any(deals_it(deal_setup(summary["seed"], 0, attempt)) for attempt in range(5))


def test_the_summary_gives_the_seed_and_the_run_repeats_with_it(capsys):
    first = _run(capsys)
    assert first["seed"] >= WIDE
    again = _run(capsys, "--seed", str(first["seed"]))
    other = _run(capsys)
    for summary in (first, again, other):
        for key in TIMING:
            summary.pop(key)
    assert again == first and other["seed"] != first["seed"]


def test_a_resumed_run_keeps_the_seed_of_its_file(tmp_path, capsys):
    out = tmp_path / "run.jsonl"
    _run(capsys, "--out", str(out))
    main(
        [
            "--ruleset",
            RULESET,
            "--deals",
            "2",
            "--a",
            "easy",
            "--b",
            "random",
            "--json",
            "--no-progress",
            "--out",
            str(out),
            "--resume",
        ]
    )
    capsys.readouterr()
    *deals, last = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(deals) == 2 and len({d["run"]["seed_sha256"] for d in deals}) == 1
    assert last["finished"] and last["seed"] >= WIDE  # the finished run's line gave the seed


def test_a_small_seed_with_a_program_seated_is_warned_of(tmp_path, capsys):
    spec, _ = _spy(tmp_path)
    assert (
        main(["--ruleset", RULESET, "--deals", "1", "--seed", "4", "--seat", f"0={spec}", "--json", "--no-progress"])
        == 0
    )
    assert "small enough to search" in capsys.readouterr().err


# Writes its pid with every request, so the test sees which process played which hand.
PIDS = f"""
import json, os, sys
sys.path.insert(0, {str(EXAMPLES)!r})
import random_bot
log = open(sys.argv[1], "a", encoding="utf-8")


class Tee:
    def __iter__(self):
        for line in sys.__stdin__:
            request = json.loads(line)
            log.write(json.dumps([os.getpid(), request["type"], request.get("hand_number"), request["seat"]]) + "\\n")
            log.flush()
            yield line


sys.stdin = Tee()
sys.argv = sys.argv[:1]
random_bot.main()
"""


def test_each_hand_is_played_by_a_fresh_process_of_a_seated_program(tmp_path, capsys):
    """In the second play of a deal a seated program is dealt the cards it watched the next
    seat play in the first; the process of the first play must be gone by then (issue 40,
    item 2). Every hand gets a process of its own, started with hello for its seat."""
    script = tmp_path / "pids.py"
    script.write_text(PIDS, encoding="utf-8")
    log = tmp_path / "pids.jsonl"
    spec = f"external:{shlex.join([sys.executable, str(script), str(log)])}"
    summary = _run(capsys, "--deals", "2", "--seat", f"1={spec}")
    assert summary["external"][0]["running"] and summary["external_refusals"] == 0
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    by_pid: dict[int, list] = {}
    for pid, kind, hand_number, seat in rows:
        by_pid.setdefault(pid, []).append((kind, hand_number, seat))
    hands = summary["hands"] + summary["redeals"]
    assert hands >= 4 and len(by_pid) == hands
    for requests in by_pid.values():
        assert requests[0][0] == "hello" and requests[-1][0] == "result"
        assert [kind for kind, _, _ in requests].count("hello") == 1
        assert len({n for kind, n, _ in requests if kind != "hello"}) == 1  # one hand each
        assert len({seat for _, _, seat in requests}) == 1  # hello names the hand's seat
    seats = sorted({seat for requests in by_pid.values() for _, _, seat in requests})
    assert seats == [1, 2]  # seat 1 in the first play of each deal, 2 in the second
