"""The post-hand analysis: planted blunders are caught, forced moves are free, reports repeat,
and worse players are charged more."""

import json
import random

import pytest

from bots import make_bot
from bots.analysis import LABEL_ORDER, LABELS, Analysis, Settings, analyse_hand, label_of
from bots.bench.analysis import played_hand
from bots.normal import NormalBot
from game.app.records import Records
from game.core import TRUMP, Hand, HandSetup, Rank, get_ruleset, legal_follows
from game.table import play_hand

FAST = Settings(samples=10, curve=False)
WORSE = LABEL_ORDER.index("mistake")


class PlantedBot(NormalBot):
    """``normal``, except that playing last to a trick an opponent wins it plants a blunder:
    ``"points"`` gives the most points it may though a pointless follow exists;
    ``"no_ruff"`` discards, void in the suit led, rather than trumping a trick of 20 points
    or more. ``planted`` lists the tricks where it did."""

    def __init__(self, seat, rng, ruleset, kind="points", **_):
        super().__init__(seat, rng, ruleset)
        self.kind = kind
        self.planted: list[int] = []

    def decide_play(self, obs):
        cur = obs.current
        if cur is not None and len(cur.plays) == 3:
            v = self.view(obs)
            tr = v.trick
            if tr.winner % 2 != self.seat % 2:
                follows = list(legal_follows(cur.lead, obs.hand, obs.ctx))
                play = self._plant(v, tr, follows)
                if play is not None:
                    self.planted.append(len(obs.tricks))
                    return play, "planted"
        return super().decide_play(obs)

    def _plant(self, v, tr, follows):
        tab = v.tab
        beats = [f for f in follows if tr.value_of(f, tab) is not None and tr.value_of(f, tab) > tr.best_value]
        if self.kind == "points":
            # Only where nothing wins the trick: the points surely go to the opponents.
            if beats or v.dealer_side is False:
                return None
            pts = [sum(c.points for c in f) for f in follows]
            if min(pts) == 0 and max(pts) >= 20:
                return follows[pts.index(max(pts))]
            return None
        void = not v.mine()[tr.suit]
        if not void or tr.suit == TRUMP or tr.points < 20:
            return None
        ruffs = [f for f in beats if all(tab.is_trump[c] for c in f)]
        quiet = [f for f in follows if f not in beats and sum(c.points for c in f) == 0]
        if ruffs and quiet:
            return quiet[0]
        return None


def planted_hands(kind: str, want: int) -> list[tuple[Hand, int, list[int]]]:
    ruleset = get_ruleset("hebi-2010")
    out = []
    for seed in range(200):
        dealer = seed % 4
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), dealer, dealer))
        seat = dealer if kind == "points" else (dealer + 1) % 4
        bots = [make_bot("normal", s, random.Random(seed + s), ruleset) for s in range(4)]
        bots[seat] = PlantedBot(seat, random.Random(seed), ruleset, kind=kind)
        play_hand(hand, bots, timing=False)
        if hand.settlement is not None and bots[seat].planted:
            out.append((hand, seat, bots[seat].planted))
            if len(out) >= want:
                break
    return out


@pytest.mark.parametrize("kind", ["points", "no_ruff"])
def test_planted_blunders_are_mistakes_or_worse(kind):
    found = planted_hands(kind, 2)
    assert found, "no planted blunder in 200 deals"
    charged = []
    for hand, seat, tricks in found:
        report = analyse_hand(hand, seat, Settings(curve=False))
        for d in report.decisions:
            if d.kind == "play" and d.trick in tricks:
                charged.append((d.label, d.loss, d.points_loss))
                assert LABEL_ORDER.index(d.label) >= WORSE, (kind, d)
                assert d.points_loss > 0 and d.best != d.played
    assert charged


def test_forced_moves_cost_nothing():
    hand = played_hand("hebi-2010", 11, ["normal"] * 4)
    report = analyse_hand(hand, 1, FAST)
    forced = [d for d in report.decisions if d.forced]
    assert forced  # the last trick at least
    for d in forced:
        assert d.loss == 0 and d.points_loss == 0 and d.label == "best" and d.best == d.played


def test_same_replay_and_settings_same_report(tmp_path):
    hand = played_hand("hebi-2010", 12, ["random", "normal", "normal", "normal"])
    path = Records(tmp_path).add_replay(hand, 1)
    replay = Records.load(path)
    first = analyse_hand(replay.hand, 0, FAST).to_json()
    second = analyse_hand(Records.load(path).hand, 0, FAST).to_json()
    for r in (first, second):
        r.pop("seconds")
    assert first == second
    again = Analysis.from_json(json.loads(json.dumps(first))).to_json()
    assert again["decisions"] == first["decisions"] and again["curve"] == first["curve"]
    assert again["total_loss"] == pytest.approx(first["total_loss"], abs=1e-3)


def test_labels_follow_the_thresholds():
    assert label_of(0.0) == "best"
    assert label_of(10.0) == "blunder"
    assert label_of(10.0, forced=True) == "best"
    limits = [limit for _, limit in LABELS]
    assert limits == sorted(limits)
    for name, limit in LABELS:
        assert label_of(limit) == name


@pytest.mark.bench
def test_random_costs_far_more_than_normal_and_hard():
    """A small version of ``python -m bots.bench.analysis validity`` (deals 100-105 there).
    ``normal`` against ``hard`` is below what six hands resolve: on these seeds the
    analysis charged hard 0.0016 a decision against normal's 0.0005 in turn 3, and 0.0196
    against 0.0065 after turn 4 (hard overrules normal on half a standard error now, and
    the analysis, 16 worlds of its own, disputes some of those), while on seeds 200-211
    it charges hard less (0.0115 against 0.0124) and the arena has hard ahead by 0.8
    levels a deal. A random player stays far behind both."""
    losses = {}
    for level in ("random", "normal", "hard"):
        xs = []
        for seed in (101, 102, 103, 104, 105, 106):
            hand = played_hand("hebi-2010", seed, [level, "normal", "normal", "normal"], dealer=seed % 4)
            report = analyse_hand(hand, 0, Settings(samples=16, curve=False))
            xs += [d.loss for d in report.rated if not d.forced]
        losses[level] = sum(xs) / len(xs)
    assert losses["random"] >= 2 * losses["normal"], losses
    assert losses["random"] >= 2 * losses["hard"], losses


def test_command_prints_json_last(tmp_path, capsys):
    from game.app import analyse

    hand = played_hand("hebi-2010", 13, ["normal"] * 4)
    path = Records(tmp_path).add_replay(hand, 1)
    assert analyse.main([str(path), "--seat", "2", "--samples", "4", "--json"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    data = json.loads(last)
    assert data["seat"] == 2 and isinstance(data["total_loss"], float)
    kinds = {d["kind"] for d in data["decisions"]}
    assert kinds <= {"declare", "bury", "play"}
    d = data["decisions"][-1]
    assert set(d) >= {"kind", "trick", "played", "best", "loss", "points_loss", "label"}
    assert analyse.main([str(path), "--seat", "2", "--samples", "4"]) == 0
    assert "accuracy" in capsys.readouterr().out


def test_the_last_cards_are_judged_exactly_when_asked(monkeypatch):
    import bots.analysis as analysis

    hand = played_hand("logistics-2015", 13, ["normal"] * 4)
    sizes: list[int] = []

    class CountingSolver(analysis.Solver):
        def value(self, state):
            sizes.append(len(state.hands[self.seat]) + 1)  # the seat's move is made already
            return super().value(state)

    monkeypatch.setattr(analysis, "Solver", CountingSolver)
    plain = analyse_hand(hand, 0, FAST)
    assert not sizes  # the review's default: roll-outs only
    exact = analyse_hand(hand, 0, Settings(samples=10, curve=False, exact_cards=3))
    assert sizes and max(sizes) <= 3
    late = [d for d in exact.decisions if d.kind == "play" and not d.forced and d.trick is not None and d.trick >= 9]
    assert late  # decisions with three cards or fewer were judged

    def early_losses(report):
        return {d.trick: d.loss for d in report.decisions if d.kind == "play" and d.trick is not None and d.trick < 9}

    assert early_losses(plain) == early_losses(exact)  # the same worlds before: only the last cards differ
