"""``normal``'s learned rules: taking an opponent's trick (``follows.take_features``) and
choosing a lead (``leads.lead_features``); their weights (``learned``) and the tool that
learns them (``bench/learn.py``)."""

from __future__ import annotations

from dataclasses import replace
import json
import random

from bots.bench.learn import LearnedPolicy, RulesPolicy, examples, fit, ridge, write
from bots.follows import FOLLOW_WEIGHTS, TAKE_FLAGS, best_win, take_features, take_score
from bots.hard import ExpertBot, HardBot
from bots.leads import LEAD_CODES, distinct_offers, lead_features, learned_lead
from bots.learned import LEAD_MODELS, TAKE_MODELS
from bots.normal import NormalBot, NormalPolicy
from bots.plays import winning_plays
from bots.settings import HARD
from game.core import cards, get_ruleset
from tests.bots.test_heuristic_rules import follow_state, view

F = FOLLOW_WEIGHTS


def test_every_deck_count_has_weights_for_every_feature():
    v = view("AH 3H 6D", seat=3, dealer=0, plays=((0, "10H"), (1, "5H"), (2, "KH")))
    f = follow_state(v)
    win = best_win(f, winning_plays(f.mine, f.tr, v.tab, f.cheap), F)
    assert win is not None and win.secure and win.play == cards("AH")
    x = take_features(f, win, win.play, cards("3H"), F)
    assert len(x) == 17 + len(TAKE_FLAGS) * 16
    assert x[1] == 2.5 and x[2] == 1.0 and x[6] == 0.0  # 25 points, a sure win, nobody after me
    assert sorted(TAKE_MODELS) == [1, 2, 3]
    assert all(len(weights) == len(x) for weights in TAKE_MODELS.values())


def test_the_score_is_the_weights_times_the_features():
    rng = random.Random(5)
    model = [rng.uniform(-1, 1) for _ in range(17 + len(TAKE_FLAGS) * 16)]
    positions = [
        view("AH 3H 6D", seat=3, dealer=0, plays=((0, "10H"), (1, "5H"), (2, "KH"))),
        view("3S 4C 6D 7D 8D 9C 10C", seat=1, dealer=0, plays=((0, "4H"),), ruleset="hebi-2010"),
        view("BJ 2S 6D 7D", seat=2, dealer=2, plays=((1, "KC"),)),
    ]
    for v in positions:
        f = follow_state(v)
        wins = winning_plays(f.mine, f.tr, v.tab, f.cheap)
        win = best_win(f, wins, F)
        assert win is not None
        take, cheap = (win.play if win.secure else wins[-1]), cards(str(min(v.hand)))
        x = take_features(f, win, take, cheap, F)
        assert abs(take_score(model, f, win, take, cheap, F) - sum(m * a for m, a in zip(model, x))) < 1e-9


def test_the_learned_rule_takes_a_rich_trick_it_surely_wins():
    # Last to play; the opponent's K wins 25 points; my ace takes them home.
    v = view("AH 3H 6D 7D 8D 9C", seat=3, dealer=0, plays=((0, "10H"), (1, "5H"), (2, "KH")))
    assert LearnedPolicy().follow(v)[0] == cards("AH")
    assert RulesPolicy().follow(v)[0] == cards("AH")


def test_the_learned_rule_ruffs_low_where_the_stake_rules_discard():
    # Void in hearts on two decks; the next seat, an opponent, has shown a void in hearts
    # too and may overruff. The stake rules try an uncertain win only for a trick of 15
    # points or more; the learned rule ruffs the K with the lowest trump, which costs little
    # and makes the next seat spend a trump to keep the 10 points.
    v = view("3S 4C 6D 7D 8D 9C 10C", seat=1, dealer=0, plays=((0, "KH"),), voids={2: "H"}, ruleset="hebi-2010")
    assert RulesPolicy().follow(v)[0] == cards("4C")
    assert LearnedPolicy().follow(v)[0] == cards("3S")
    assert NormalPolicy().follow(v)[0] == cards("4C")  # the learned rules are off by default
    assert NormalPolicy(learned=True).follow(v)[0] == cards("3S")
    assert LearnedPolicy(learned=False).follow(v)[0] == cards("4C")


def test_the_searching_levels_play_with_the_learned_rules_on_one_deck_and_normal_never():
    # The policies are built by the bot's ruleset; the view's two decks pick the weights.
    v = view("3S 4C 6D 7D 8D 9C 10C", seat=1, dealer=0, plays=((0, "KH"),), voids={2: "H"}, ruleset="hebi-2010")
    one_deck, two_decks = get_ruleset("logistics-2015"), get_ruleset("hebi-2010")
    hard = HardBot(1, random.Random(1), one_deck)
    assert hard.policy.follow(v)[0] == hard.rollout_policy.follow(v)[0] == cards("3S")
    assert ExpertBot(1, random.Random(1), one_deck).rollout_policy.follow(v)[0] == cards("3S")
    assert ExpertBot(1, random.Random(1), two_decks).rollout_policy.follow(v)[0] == cards("4C")  # not measured
    cut = HardBot(1, random.Random(1), two_decks)  # three tricks, then the judge: rules
    assert cut.settings.horizon and cut.policy.follow(v)[0] == cut.rollout_policy.follow(v)[0] == cards("4C")
    assert NormalBot(1, random.Random(1), one_deck).policy.follow(v)[0] == cards("4C")
    plain = HardBot(1, random.Random(1), one_deck, settings=replace(HARD, learned_rules=False))
    assert plain.policy.follow(v)[0] == cards("4C")


LEAD_FEATURES = (2 + len(LEAD_CODES) + 6) * 4


def test_every_deck_count_has_lead_weights_for_every_feature():
    v = view("AH KH 4C 6D 7D 3S", seat=0, dealer=0)
    offers = distinct_offers(NormalPolicy().lead_options(v))
    assert len(offers) >= 2
    x = lead_features(v, offers, 1, v.mine())
    assert len(x) == LEAD_FEATURES
    assert x[0] == 0.2 and x[1] <= 0.0  # the second offer, scored no higher than the first
    assert sorted(LEAD_MODELS) == [1, 2, 3]
    assert all(len(weights) == LEAD_FEATURES for weights in LEAD_MODELS.values())


def test_distinct_offers_keeps_the_first_offer_of_each_lead():
    offers = [(9.0, cards("AH"), "lead.boss"), (5.0, cards("AH"), "lead.low"), (4.0, cards("4C"), "lead.low")]
    assert distinct_offers(offers) == [offers[0], offers[2]]
    assert distinct_offers(offers, limit=1) == [offers[0]]


def test_a_learned_lead_is_the_offer_of_highest_value():
    v = view("AH KH 4C 6D 7D 3S", seat=0, dealer=0)
    offers = distinct_offers(NormalPolicy().lead_options(v))
    # Weights that read only the "a low single" flag: the first such offer wins.
    only_low = [0.0] * LEAD_FEATURES
    only_low[2 + LEAD_CODES.index("lead.low")] = 1.0
    first_low = next(o for o in offers if o[2] == "lead.low")
    assert learned_lead(v, offers, only_low) == first_low
    assert learned_lead(v, offers, [0.0] * LEAD_FEATURES) == offers[0]  # ties: the best by score
    assert learned_lead(v, offers[:1], only_low) == offers[0]


def test_normal_without_its_learned_rules_leads_the_best_offer_by_score():
    v = view("AH KH 4C 6D 7D 3S", seat=0, dealer=0)
    assert RulesPolicy().lead(v)[0] == NormalPolicy().lead_options(v)[0][1] == NormalPolicy().lead(v)[0]
    offers = distinct_offers(NormalPolicy().lead_options(v))
    assert LearnedPolicy().lead(v)[0] == learned_lead(v, offers, LEAD_MODELS[1])[1]


def test_the_examples_and_the_fit_recover_a_rule(tmp_path):
    takes = list(examples("take", "logistics-2015", 7, 0, 2, plays="rules"))
    assert takes, "two hands hold a follow to an opponent's trick that could be taken"
    for index, x, gain, rule in takes:
        assert index in (0, 1) and len(x) == 17 + len(TAKE_FLAGS) * 16 and rule in (-1, 0, 1)
        assert -10.0 < gain < 10.0
    leads = list(examples("lead", "logistics-2015", 7, 0, 2, plays="take"))
    assert leads, "two hands hold a lead with two offers"
    for index, features, values in leads:
        assert index in (0, 1) and len(features) == len(values) >= 2
        assert all(len(x) == LEAD_FEATURES for x in features)
    path = tmp_path / "lead.jsonl"
    path.write_text("".join(json.dumps(e) + "\n" for e in leads), encoding="utf-8")
    assert len(fit("lead", [str(path)])) == LEAD_FEATURES
    rng = random.Random(3)
    rows = []
    for _ in range(400):
        x = [1.0, rng.random(), rng.random()]
        rows.append((x, 0.5 - 2.0 * x[1] + x[2] + rng.gauss(0.0, 0.01)))
    weights = ridge(rows, ridge=0.0)
    assert [round(w, 1) for w in weights] == [0.5, -2.0, 1.0]


def test_write_makes_the_module_the_policy_reads(tmp_path):
    source = tmp_path / "w.json"
    source.write_text(json.dumps([0.5, -1.25]), encoding="utf-8")
    module = tmp_path / "learned.py"
    write([f"2={source}"], [], module)
    namespace: dict = {}
    exec(module.read_text(encoding="utf-8"), namespace)
    assert namespace["TAKE_MODELS"] == {2: (0.5, -1.25)}
    assert namespace["LEAD_MODELS"] == LEAD_MODELS  # a kind not given keeps its weights
