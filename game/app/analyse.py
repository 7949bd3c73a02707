"""Analyse one seat's decisions in a finished hand: ``python -m game.app.analyse FILE --seat N``.

``FILE`` is a replay as the game keeps them (``Records``; the arena's ``--record`` files
use the same format). Every declaring decision (a declaration shown, or a chance let pass:
``"played": []``), bury and play of the seat is searched as that seat saw it, with the
``hard`` level's sampled worlds and a larger budget (``bots.analysis``), and labelled
best / good / inaccuracy / mistake / blunder by what it cost the seat's team in levels.

Options: ``--think-ms MS`` adds a time box per decision (the report may then depend on the
machine's speed); ``--samples K`` sets the worlds per decision; ``--json`` prints one JSON
object as the last line::

    {"seat": N, "decisions": [{"kind", "trick", "played", "best", "loss", "points_loss",
      "label", ...}], "total_loss": float, "seconds": float, ...}

Cards are in the referee's notation. Without ``--json`` a readable table is printed.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
import sys

from bots.analysis import Analysis, Settings, analyse_hand
from game.app.records import Records


def table(report: Analysis) -> str:
    rows = [
        f"Seat {report.seat}: {len(report.rated)} decisions rated, total loss "
        f"{report.total_loss:.3f} levels ({report.total_points_loss:+.1f} points), accuracy "
        f"{report.accuracy:.0%}, {report.seconds:.1f} s",
        f"{'#':>3} {'kind':<8}{'trick':>5}  {'played':<24}{'better':<24}{'loss':>7}{'points':>8}  label",
    ]

    def cards(cs) -> str:
        return " ".join(map(str, cs)) or "pass"  # only a declaring decision may show nothing

    for i, d in enumerate(report.decisions, 1):
        better = "" if d.best == d.played else cards(d.best)
        rows.append(
            f"{i:>3} {d.kind:<8}{'' if d.trick is None else d.trick + 1:>5}  "
            f"{cards(d.played):<24}{better:<24}{d.loss:>7.3f}"
            f"{d.points_loss:>8.1f}  {d.label}{' (forced)' if d.forced else ''}"
        )
    counts = ", ".join(f"{k} {v}" for k, v in report.counts().items())
    rows.append(counts)
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m game.app.analyse", description=(__doc__ or "").splitlines()[0])
    ap.add_argument("file", type=Path, help="a replay file (the game's or the arena's)")
    ap.add_argument("--seat", type=int, required=True, choices=range(4))
    ap.add_argument(
        "--think-ms", type=float, default=None, help="a time box per decision (default: none, the world count decides)"
    )
    ap.add_argument(
        "--samples",
        type=int,
        default=Settings.samples,
        help=f"sampled worlds per decision (default {Settings.samples})",
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="one JSON object as the last line")
    args = ap.parse_args(argv)
    try:
        replay = Records.load(args.file)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if replay.hand.settlement is None:
        print("error: the hand was not played to its end (re-dealt?)", file=sys.stderr)
        return 2
    settings = Settings(samples=args.samples, think_ms=args.think_ms, seed=args.seed, curve=False)
    report = analyse_hand(replay.hand, args.seat, settings)
    if args.json:
        print(json.dumps(report.to_json(), ensure_ascii=False))
    else:
        print(table(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
