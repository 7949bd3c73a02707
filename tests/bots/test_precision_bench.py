"""The label-precision benchmark (issue 27): a re-analysis of chosen decisions is the same
search as the whole hand's, and the summary counts what kept its label."""

import json

from bots.analysis import Settings, analyse_hand
from bots.bench.analysis import played_hand, precision_summary


def test_analysing_only_some_decisions_gives_the_same_results_for_them():
    hand = played_hand("lanzhou-2010", 12, ["random", "normal", "normal", "normal"], dealer=0)
    settings = Settings(samples=8, curve=False)
    whole = analyse_hand(hand, 0, settings)
    unforced = [d for d in whole.decisions if not d.forced]
    steps = {d.step for d in unforced[1::3]} | {unforced[-1].step}
    some = analyse_hand(hand, 0, settings, only=steps)
    assert sorted(d.step for d in some.decisions) == sorted(steps)
    by_step = {d.step: d.to_json() for d in whole.decisions}
    for d in some.decisions:
        assert d.to_json() == by_step[d.step]


def test_the_summary_counts_the_labels_kept(tmp_path, capsys):
    def row(kind, loss, se, re_loss):
        return {"kind": kind, "loss": loss, "gap": loss + se, "se": se, "re_loss": re_loss, "hinted": False}

    rows = [
        row("play", 0.3, 0.01, 0.3),  # a sure mistake, confirmed
        row("play", 0.3, 0.01, 0.1),  # a sure mistake, an inaccuracy on a second look
        row("play", 0.5, 0.01, 0.9),  # a blunder, confirmed
        row("play", 0.0, 0.01, 0.5),  # best, a blunder on a second look
        row("play", 0.3, 0.5, 0.0),
    ]  # unclear from z 1.5 on
    path = tmp_path / "p.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    precision_summary(str(path))
    out = capsys.readouterr().out
    z1 = next(line for line in out.splitlines() if line.strip().startswith("z 1.0"))
    assert "best/good 0/1 = 0%" in z1 and "mistake 1/3 = 33%" in z1 and "blunder 1/1 = 100%" in z1
    z2 = next(line for line in out.splitlines() if line.strip().startswith("z 2.0"))
    assert "mistake 1/2 = 50%" in z2 and "unclear 1" in z2


def test_the_benchmark_can_gather_one_kind_of_decision_alone():
    import random

    from bots.bench.analysis import precision_steps
    from bots.declare_analysis import declaring_moments

    hand = played_hand("hebi-2010", 3, ["normal"] * 4, dealer=0, first_hand=True)  # a hand with a declaring moment
    declaring = {m.step for m in declaring_moments(hand, 0)}
    assert declaring
    every = precision_steps(hand, 0, random.Random(1), 4, ["play", "bury", "declare"])
    alone = precision_steps(hand, 0, random.Random(1), 4, ["declare"])
    assert alone == declaring and declaring < every
    kinds = {hand.log[s - 1].kind for s in every - declaring}
    assert kinds <= {"play", "bury"} and "play" in kinds
