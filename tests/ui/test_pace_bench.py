"""tools/pace_bench.py runs and measures what it says (a benchmark; no figure is asserted)."""

import math

from tests.tools_loader import load_tool


def test_the_pace_bench_measures_a_deal_and_the_gaps_between_the_persons_turns():
    bench = load_tool("pace_bench")
    r = bench.measure("logistics-2015", "random", 1, 2, "instant", 120.0)
    assert r["turns"] == 2
    assert not math.isnan(r["deal"]) and r["deal"] > 0
    assert 0 < r["median"] <= r["max"]
