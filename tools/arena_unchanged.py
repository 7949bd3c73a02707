"""Check that a refactoring of the heuristic levels changes no move: the arena's output for
every pair of ``random``, ``easy`` and ``normal`` on every ruleset, seeded, identical before
and after (timing fields left out)::

    python tools/arena_unchanged.py save /tmp/before      # on the commit before
    python tools/arena_unchanged.py check /tmp/before     # after each step: exit 1 on a change

Each run plays the duplicate deals (``--deals``, default 30) with ``--record`` and ``--out``,
so every move of every hand is compared, not only the summary. About 20 s for the default.
The quicker guard in the test suite is ``tests/bots/test_golden_moves.py``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
import subprocess
import sys
import tempfile
from typing import Any

RULESETS = ("hebi-2010", "lanzhou-2010", "logistics-2015")
PAIRS = (
    ("normal", "normal"),
    ("easy", "easy"),
    ("random", "random"),
    ("normal", "easy"),
    ("normal", "random"),
    ("easy", "random"),
)
TIMING = frozenset(
    {"hands_per_s", "elapsed_s", "decision_ms", "decision_ms_a", "decision_ms_b", "a_times", "b_times", "time"}
)


def run(out: Path, deals: int, seed: int) -> None:
    for ruleset in RULESETS:
        for a, b in PAIRS:
            d = out / f"{ruleset}-{a}-{b}"
            d.mkdir(parents=True, exist_ok=True)
            summary = subprocess.run(
                [
                    sys.executable,
                    "-m",
                    "bots.arena",
                    "--ruleset",
                    ruleset,
                    "--deals",
                    str(deals),
                    "--seed",
                    str(seed),
                    "--a",
                    a,
                    "--b",
                    b,
                    "--json",
                    "--no-progress",
                    "--out",
                    str(d / "deals.jsonl"),
                    "--record",
                    str(d / "rec"),
                ],
                check=True,
                capture_output=True,
                text=True,
            ).stdout
            (d / "summary.json").write_text(summary, encoding="utf-8")


def _without_timing(o: Any) -> Any:
    if isinstance(o, dict):
        return {k: _without_timing(v) for k, v in o.items() if k not in TIMING}
    if isinstance(o, list):
        return [_without_timing(v) for v in o]
    return o


def _load(p: Path) -> Any:
    text = p.read_text(encoding="utf-8")
    if p.suffix == ".jsonl":
        return [_without_timing(json.loads(line)) for line in text.splitlines() if line.strip()]
    return _without_timing(json.loads(text))


def differences(before: Path, after: Path) -> list[str]:
    """The files of ``before`` whose content (less timings) differs in ``after``."""
    names = sorted(p.relative_to(before) for p in before.rglob("*.json*"))
    others = sorted(p.relative_to(after) for p in after.rglob("*.json*"))
    if names != others:
        return sorted(set(map(str, names)) ^ set(map(str, others)))
    return [str(n) for n in names if _load(before / n) != _load(after / n)]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=("save", "check"))
    ap.add_argument("dir", type=Path)
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args(argv)
    if args.action == "save":
        run(args.dir, args.deals, args.seed)
        print(f"saved to {args.dir}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        run(Path(tmp), args.deals, args.seed)
        bad = differences(args.dir, Path(tmp))
    for name in bad[:20]:
        print(f"differs: {name}")
    print(f"{'moves changed' if bad else 'unchanged'}: {len(bad)} file(s) differ")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
