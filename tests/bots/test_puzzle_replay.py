"""A puzzle's position is the one the player faced (issue 27): over many seeded hands, the
position rebuilt from every decision's puzzle has the same hand, the same trick so far and
the same legal moves, and shows no card the seat had not seen."""

from collections import Counter
import json

from bots.analysis import Decision, Settings, analyse_hand
from bots.bench.analysis import played_hand
from bots.declare_analysis import declaring_moments
from game.core import BURY, PLAY, observe
from game.learn import coach
from game.learn.puzzles import Puzzle


def decisions_of(hand, seat):
    """Every play, bury and declaring decision of ``seat``, labelled a mistake (the position
    does not depend on the label)."""
    out = []
    for i, a in enumerate(hand.log):
        if a.seat == seat and a.kind in (PLAY, BURY):
            out.append(Decision(a.kind, None, list(a.cards), list(a.cards), 0.3, 10.0, "mistake", step=i + 1))
    for m in declaring_moments(hand, seat):
        d = Decision("declare", None, list(m.played), list(m.played), 0.3, 10.0, "mistake", step=m.step)
        d.options = [list(o) for o in m.options]
        out.append(d)
    return out


def seen_cards(obs_json):
    """Every card the observation shows, as a multiset (its hand, the tricks, the trick so
    far, the declarations, the kitty)."""
    got = Counter(obs_json["hand"]) + Counter(obs_json["kitty"])
    for t in obs_json["tricks"] + ([obs_json["current"]] if obs_json["current"] else []):
        for p in t["plays"]:
            got += Counter(p["cards"])
    return got


def test_the_puzzle_position_is_the_one_the_player_faced():
    checked = Counter()
    for k in range(9):
        ruleset = ("hebi-2010", "lanzhou-2010", "logistics-2015")[k % 3]
        hand = played_hand(
            ruleset, 300 + k, ["random", "normal", "easy", "normal"], dealer=k % 4, first_hand=k % 2 == 1
        )
        for seat in range(4):
            for d in decisions_of(hand, seat):
                data = coach.puzzle_of(hand, seat, d, 0.0)
                p = Puzzle.from_json(json.loads(json.dumps(data)))
                obs = p.position()
                then = hand.replay(d.step - 1)  # before the decision's action
                faced = observe(then, seat)
                assert obs.hand == faced.hand
                assert obs.current == faced.current and obs.tricks == faced.tricks
                assert obs.phase == faced.phase and obs.declarations == faced.declarations
                assert obs.legal_actions() == then.legal_actions(seat)
                if d.kind == "play":  # and what the player did was a legal move there
                    moves = obs.legal_actions(limit=100_000).moves
                    assert Counter(map(str, d.played)) in [Counter(map(str, m)) for m in moves]
                elif d.kind == "declare" and d.played:
                    assert Counter(map(str, d.played)) in [Counter(map(str, m)) for m in obs.legal_actions().moves]
                assert p.kind == (
                    "declare"
                    if d.kind == "declare"
                    else "bury"
                    if d.kind == "bury"
                    else "lead"
                    if faced.current is None
                    else "follow"
                )
                # nothing hidden: every card shown is the seat's, played, or (the dealer's) kitty
                shown = seen_cards(p.observation) - Counter(
                    str(c) for t in faced.tricks for _, cs in t.plays for c in cs
                )
                if faced.current is not None:
                    shown -= Counter(str(c) for _, cs in faced.current.plays for c in cs)
                mine = Counter(str(c) for c in faced.hand) + Counter(str(c) for c in faced.kitty)
                assert shown <= mine
                checked[p.kind] += 1
    assert min(checked[k] for k in ("lead", "follow", "bury")) >= 5 and checked["declare"] >= 3, checked


def test_a_confident_mistake_becomes_a_puzzle_whose_answer_is_legal_there():
    hand = played_hand("hebi-2010", 41, ["random", "normal", "normal", "normal"])
    report = analyse_hand(hand, 0, Settings(samples=12, curve=False))
    made = 0
    for d in report.decisions:
        data = coach.puzzle_of(hand, 0, d, 0.0)
        if d.label not in ("mistake", "blunder"):
            assert data is None
            continue
        p = Puzzle.from_json(data)
        made += 1
        assert not p.accepts(d.played)  # the mistake itself is not an answer
        moves = {tuple(sorted(map(str, m))) for m in p.position().legal_actions(limit=100_000).moves}
        for answer in p.accepted:
            if d.kind == "play":
                assert tuple(sorted(answer)) in moves
        assert p.gain == round(d.loss, 4)
        text = coach.answer_text(p)  # the answer explained: its gain and how often it did better
        assert f"{d.loss:.2f}" in text and str(round(100 * d.better_share)) in text
    assert made >= 1
