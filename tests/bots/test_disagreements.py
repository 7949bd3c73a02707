"""The hard-versus-normal study (``bots.bench.disagreements``) runs and sorts what it finds."""

from __future__ import annotations

from bots.bench import disagreements


def test_study_runs_and_counts(capsys):
    assert disagreements.main(["--hands", "1", "--samples", "2", "--z", "0.5", "-v"]) == 0
    out = capsys.readouterr().out
    head = [line for line in out.splitlines() if line.startswith("hebi-2010: 1 hands")]
    assert head, out
    overruled = int(head[0].split(" searched, ")[1].split()[0])
    counted = sum(int(line.split()[0]) for line in out.splitlines() if line[:5].strip().isdigit() and "  " in line[:7])
    assert counted == overruled
