"""All-`normal` self-play speed of two or more checkouts, side by side in one run.

    python tools/compare_speed.py /path/to/old-checkout /path/to/this-checkout [--runs 5]

Each checkout runs its own arena with its own venv (``CHECKOUT/.venv/bin/python``):
``python -m bots.arena --ruleset hebi-2010 --deals 40 --seed 99 --a normal --b normal
--jobs 1 --json``. Two figures per checkout:

* ``hands_per_s`` from the arena's JSON, the runs of the checkouts interleaved (median and
  best): what a person sees, but it moves with whatever else the machine is doing;
* with ``--instructions`` (needs valgrind): instructions per deal counted by callgrind,
  the run of 40 deals less the run of 10 over 30, so start-up is left out. The count does
  not depend on the machine's load: the figure to trust on a shared machine.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
import re
import statistics
import subprocess
import sys

ARENA = [
    "-m",
    "bots.arena",
    "--ruleset",
    "hebi-2010",
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
]


def _python(checkout: Path) -> str:
    exe = checkout / ".venv" / "bin" / "python"
    if not exe.exists():
        sys.exit(f"{checkout}: no .venv/bin/python (make its venv first)")
    return str(exe)


def hands_per_s(checkout: Path, deals: int = 40) -> float:
    out = subprocess.run(
        [_python(checkout), *ARENA, "--deals", str(deals)], cwd=checkout, capture_output=True, text=True, check=True
    ).stdout
    return float(json.loads(out.strip().splitlines()[-1])["hands_per_s"])


def instructions(checkout: Path, deals: int) -> int:
    run = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            _python(checkout),
            *ARENA,
            "--deals",
            str(deals),
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=5, help="interleaved wall-clock runs each")
    parser.add_argument("--instructions", action="store_true", help="count instructions with valgrind")
    args = parser.parse_args(argv)
    checkouts = [c.resolve() for c in args.checkouts]
    times: dict[Path, list[float]] = {c: [] for c in checkouts}
    for _ in range(args.runs):
        for c in checkouts:
            times[c].append(hands_per_s(c))
    first = checkouts[0]
    for c in checkouts:
        med, best = statistics.median(times[c]), max(times[c])
        ratio = med / statistics.median(times[first])
        print(f"{c}: hands/s median {med:.1f}, best {best:.1f} ({ratio:.2f}x the first by median)")
    if args.instructions:
        per_deal = {c: (instructions(c, 40) - instructions(c, 10)) / 30 for c in checkouts}
        for c in checkouts:
            print(
                f"{c}: {per_deal[c] / 1e6:.1f} M instructions per deal ({per_deal[first] / per_deal[c]:.2f}x the first)"
            )


if __name__ == "__main__":
    main()
