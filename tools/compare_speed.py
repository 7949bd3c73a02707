"""All-`normal` self-play speed of two or more checkouts, side by side in one run.

    python tools/compare_speed.py /path/to/fefa3f5-checkout . [--ruleset hebi-2010]
        [--deals 200] [--runs 11] [--compiled] [--instructions]

Each checkout runs its own arena with its own venv (``CHECKOUT/.venv/bin/python``):
``python -m bots.arena --ruleset R --deals N --seed 99 --a normal --b normal --jobs 1
--json``, pure Python (the source tree, never a compiled build). Figures per checkout:

* ``hands_per_s`` from the arena's JSON, the runs of the checkouts interleaved (median and
  best), and the *pure-Python ratio* of each checkout's median to the first's: what a
  person sees, but it moves with whatever else the machine is doing. One process's speed
  is a draw, not only the machine's: the same checkout, run after run on an idle machine,
  comes out at one of two speeds a fifth apart (the pinned ``fefa3f5``: 54 or 67 hands/s,
  on either core, whatever the hash seed), so take many runs (``--runs 15``). Each run is
  printed, with the geometric mean of all the runs' ratios beside the median's;
* with ``--compiled``: the last checkout's compiled build (``build/compiled``, made by
  ``tools/build_compiled.py`` when it is missing) run the same way, its hands/s printed
  beside the pure-Python figures, with its ratio to the first checkout;
* with ``--instructions`` (needs valgrind): instructions per deal counted by callgrind,
  the run of ``N`` deals less the run of ``N/4`` over the difference, so start-up is left
  out. The count does not depend on the machine's load: the figure to trust on a shared
  machine.
"""

from __future__ import annotations

import argparse
import json
import math
import os
from pathlib import Path
import re
import statistics
import subprocess
import sys


def arena_args(ruleset: str, deals: int) -> list[str]:
    return [
        "-m",
        "bots.arena",
        "--ruleset",
        ruleset,
        "--seed",
        "99",
        "--a",
        "normal",
        "--b",
        "normal",
        "--jobs",
        "1",
        "--json",
        "--no-progress",
        "--deals",
        str(deals),
    ]


def _python(checkout: Path) -> str:
    exe = checkout / ".venv" / "bin" / "python"
    if not exe.exists():
        sys.exit(f"{checkout}: no .venv/bin/python (make its venv first)")
    return str(exe)


def _last_json(stdout: str) -> dict[str, object]:
    found: dict[str, object] = json.loads(stdout.strip().splitlines()[-1])
    return found


def hands_per_s(checkout: Path, ruleset: str, deals: int) -> float:
    """Pure Python: the checkout's own source, with no compiled build on the path."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run(
        [_python(checkout), *arena_args(ruleset, deals)],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return float(str(_last_json(out)["hands_per_s"]))


def compiled_tree(checkout: Path) -> Path:
    tree = checkout / "build" / "compiled"
    if not (tree / "game").is_dir():
        print(f"{checkout}: building the compiled search (about a minute)...", flush=True)
        done = subprocess.run([_python(checkout), "tools/build_compiled.py"], cwd=checkout)
        if done.returncode:
            sys.exit(f"{checkout}: tools/build_compiled.py failed (status {done.returncode})")
    return tree


def compiled_hands_per_s(checkout: Path, ruleset: str, deals: int) -> float:
    tree = compiled_tree(checkout)
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [_python(checkout), "-P", *arena_args(ruleset, deals)],
        cwd=tree,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout
    return float(str(_last_json(out)["hands_per_s"]))


def instructions(checkout: Path, ruleset: str, deals: int) -> int:
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            _python(checkout),
            *arena_args(ruleset, deals),
        ],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if found is None:
        sys.exit(f"{checkout}: valgrind printed no instruction count")
    return int(found.group(1))


def _geo_ratio(mine: list[float], theirs: list[float]) -> float:
    """The ratio of the geometric means: every run counts, a slow draw no more than a fast one."""
    return math.exp(statistics.fmean(map(math.log, mine)) - statistics.fmean(map(math.log, theirs)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path, help="the first is the reference")
    parser.add_argument("--ruleset", default="hebi-2010")
    parser.add_argument("--deals", type=int, default=200, help="deals per arena run")
    parser.add_argument(
        "--runs", type=int, default=11, help="interleaved wall-clock runs each (one run is a draw: see the docstring)"
    )
    parser.add_argument("--compiled", action="store_true", help="also the last checkout's compiled build")
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind")
    args = parser.parse_args(argv)
    checkouts = [c.resolve() for c in args.checkouts]
    first, last = checkouts[0], checkouts[-1]
    print(f"all-normal self-play, {args.ruleset}, {args.deals} deals a run, seed 99, one process", flush=True)
    times: dict[Path, list[float]] = {c: [] for c in checkouts}
    compiled: list[float] = []
    for _ in range(args.runs):
        for c in checkouts:
            times[c].append(hands_per_s(c, args.ruleset, args.deals))
        if args.compiled:
            compiled.append(compiled_hands_per_s(last, args.ruleset, args.deals))
    base = statistics.median(times[first])
    for c in checkouts:
        med, best = statistics.median(times[c]), max(times[c])
        print(f"{c}: pure Python {med:.1f} hands/s median, best {best:.1f}: pure-Python ratio {med / base:.2f}x")
        runs = " ".join(f"{t:.1f}" for t in times[c])
        print(f"    runs {runs}; geometric mean ratio {_geo_ratio(times[c], times[first]):.2f}x")
    if compiled:
        med = statistics.median(compiled)
        print(f"{last} compiled: {med:.1f} hands/s median, best {max(compiled):.1f}: {med / base:.2f}x the first")
    if args.instructions:
        short = max(1, args.deals // 4)
        per_deal = {
            c: (instructions(c, args.ruleset, args.deals) - instructions(c, args.ruleset, short)) / (args.deals - short)
            for c in checkouts
        }
        for c in checkouts:
            print(
                f"{c}: {per_deal[c] / 1e6:.1f} M instructions per deal ({per_deal[first] / per_deal[c]:.2f}x the first)"
            )


if __name__ == "__main__":
    main()
