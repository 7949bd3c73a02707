"""The hard bot's search pieces: sampling steered by the others' plays, the bury, carried worlds."""

from collections import Counter
import random

import pytest

from bots import make_bot, sim
from bots.base import step_hand
from bots.hard import ExpertBot
from bots.inference import History, carry, plays_of, steer
from bots.learned import LEAF_MODELS
from bots.normal import NormalPolicy
from bots.settings import EXPERT, EXPERT_ONE_DECK, HARD, HARD_CUT
from game.core import (
    BURYING,
    PLAYING,
    REDEAL,
    Hand,
    HandSetup,
    Rank,
    get_ruleset,
    observe,
)


def _played_to(ruleset_id: str, seed: int, stop) -> Hand:
    """A hand played by ``normal`` bots until ``stop(hand)`` holds (another shuffle when
    nobody declares and the deal is void)."""
    ruleset = get_ruleset(ruleset_id)
    for attempt in range(20):
        shuffle = seed + 1000 * attempt
        hand = Hand(ruleset, HandSetup(shuffle, False, (Rank.TWO, Rank.FIVE), seed % 4, seed % 4))
        bots = [make_bot("normal", s, random.Random(seed * 4 + s), ruleset) for s in range(4)]
        while not hand.finished and not stop(hand):
            step_hand(hand, bots)
        if hand.phase != REDEAL:
            return hand
    raise AssertionError("no playable deal")


def _position(ruleset_id: str, seed: int, tricks: int):
    hand = _played_to(
        ruleset_id, seed, lambda h: h.phase == PLAYING and len(h.tricks) >= tricks and h.current_trick is None
    )
    seat = hand.to_act()
    obs = observe(hand, seat)
    bot = make_bot("hard", seat, random.Random(seed), hand.ruleset, think_ms=None, samples=1)
    return hand, obs, bot.view(obs)


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010"])
def test_the_true_deal_explains_every_play_of_normal_bots(ruleset_id):
    for seed in (1, 2):
        hand, obs, _ = _position(ruleset_id, seed, 9)
        history = History(obs)
        assert len(history) > 10
        assert history.mismatches(hand.hands, hand.kitty, NormalPolicy()) == 0


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "logistics-2015"])
def test_steering_keeps_the_deal_consistent_and_explains_more(ruleset_id):
    policy = NormalPolicy()
    before = after = 0
    for seed in (3, 6, 7):
        _, obs, v = _position(ruleset_id, seed, 5)
        history = History(obs)
        rng = random.Random(seed)
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        for _ in range(3):
            hands, kitty = sim.sample_hands(rng, v.unseen, v.hand_sizes, v.seat, v.mem, kitty_size, v.tab)
            hands[v.seat] = list(v.hand)
            if v.seat == v.dealer:
                kitty = list(v.kitty)
            cards_before = Counter(c for h in hands for c in h) + Counter(kitty)
            before += history.mismatches(hands, kitty, policy)
            after += steer(rng, history, hands, kitty, v.seat, v.mem, policy, 12)
            assert Counter(c for h in hands for c in h) + Counter(kitty) == cards_before
            assert [len(h) for h in hands] == list(v.hand_sizes)
            assert sorted(hands[v.seat]) == sorted(v.hand)
            for s in range(4):
                if s == v.seat:
                    continue
                assert not any(v.tab.suit[c] in v.mem.void[s] for c in hands[s])
                assert not v.mem.known[s] - Counter(hands[s])
    assert after < before


def test_steering_is_reproducible_from_the_seed():
    _, obs, v = _position("hebi-2010", 3, 10)
    history = History(obs)
    out = []
    for _ in range(2):
        rng = random.Random(5)
        hands, kitty = sim.sample_hands(
            rng, v.unseen, v.hand_sizes, v.seat, v.mem, 0 if v.seat == v.dealer else v.ruleset.kitty, v.tab
        )
        hands[v.seat] = list(v.hand)
        steer(rng, history, hands, kitty, v.seat, v.mem, NormalPolicy(), 12)
        out.append((hands, kitty))
    assert out[0] == out[1]


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010"])
def test_hard_with_fixed_samples_is_reproducible_in_the_endgame(ruleset_id):
    hand = _played_to(ruleset_id, 2, lambda h: h.phase == PLAYING and len(h.hands[h.to_act()]) <= 3)
    seat = hand.to_act()
    moves = []
    for _ in range(2):
        bot = make_bot("hard", seat, random.Random(9), hand.ruleset, samples=4)
        moves.append(bot.play(observe(hand, seat)))
        assert bot.searches == 0 or bot.last_worlds == 4
    assert moves[0] == moves[1]
    assert hand.play_state.check(seat, moves[0]) is None


def _at_bury(ruleset_id: str, seed: int) -> Hand:
    return _played_to(ruleset_id, seed, lambda h: h.phase == BURYING)


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_bury_options_are_distinct_legal_buries(ruleset_id):
    from bots.base import is_legal_bury
    from bots.bidding import bury_options, choose_bury

    hand = _at_bury(ruleset_id, 4)
    obs = observe(hand, hand.dealer)
    options = bury_options(obs)
    assert options  # one when no void is within reach and no point can be kept
    assert len({tuple(sorted(map(str, b))) for b in options}) == len(options)
    assert all(is_legal_bury(obs, b) for b in options)
    # normal's bury is the best of them by its own score at its own point weight
    assert choose_bury(obs)[0] in options


def test_hard_searches_its_bury_reproducibly_and_legally():
    from bots.base import is_legal_bury

    hand = _at_bury("hebi-2010", 6)
    obs = observe(hand, hand.dealer)
    got = []
    for _ in range(2):
        bot = make_bot("hard", hand.dealer, random.Random(3), hand.ruleset, samples=3)
        got.append(bot.bury(obs))
    assert got[0] == got[1]
    assert is_legal_bury(obs, got[0])
    off = make_bot("hard", hand.dealer, random.Random(3), hand.ruleset, samples=3, bury_candidates=1)
    assert off.bury(obs) == make_bot("normal", hand.dealer, random.Random(0), hand.ruleset).bury(obs)


def test_the_hard_bench_runs(capsys):
    from bots.bench import hard as bench_hard

    bench_hard.main(["decisions", "--seed", "7", "--start", "1", "--hands", "1", "--every", "20", "--samples", "1"])
    bench_hard.main(["bury", "--seed", "7", "--hands", "1", "--samples", "1"])
    bench_hard.main(
        [
            "worlds",
            "--ruleset",
            "logistics-2015",
            "--hands",
            "1",
            "--samples",
            "2",
            "--cfg",
            "{}",
            "--cfg",
            '{"carry_worlds": false}',
        ]
    )
    bench_hard.main(
        [
            "duel",
            "--ruleset",
            "logistics-2015",
            "--deals",
            "1",
            "--samples",
            "2",
            "--a",
            '{"clairvoyant": true}',
            "--b",
            '{"level": "normal"}',
        ]
    )
    out = capsys.readouterr().out
    assert "gain/decision" in out and "buries:" in out and "deal 0:" in out
    assert out.count("placed n ") == 2 and "ms a world" in out


def test_the_budget_bench_tells_the_steering_share(capsys):
    """``bench.hard budget``: a variant without steering spends none of its time on it; one
    steering at the game's think time (from ``steer_min_ms``) spends some."""
    from bots.bench import hard as bench_hard

    bench_hard.main(
        ["budget", "--ruleset", "logistics-2015", "--seed", "7", "--hands", "1", "--every", "9", "--think-ms", "200"]
        + ["--cfg", "{}", "--cfg", '{"steer_steps": 0}']
    )
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2 and all(" searches, worlds median " in line for line in lines)
    steered, plain = (float(line.split("steering ")[1].split("%")[0]) for line in lines)
    assert steered > 0 and plain == 0


def _deal_consistent(hands, kitty, v):
    """The world deals exactly the cards ``v``'s seat has not seen, as the table allows."""
    assert [len(h) for h in hands] == list(v.hand_sizes)
    others = Counter(c for s in range(4) if s != v.seat for c in hands[s])
    if v.seat == v.dealer:
        assert others == v.unseen
    else:
        assert others + Counter(kitty) == v.unseen
    for s in range(4):
        if s != v.seat:
            assert not any(v.tab.suit[c] in v.mem.void[s] for c in hands[s])
            assert not v.mem.known[s] - Counter(hands[s])


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "logistics-2015", "lanzhou-2010"])
def test_carried_worlds_are_brought_up_to_date_consistently(ruleset_id):
    """A world of an earlier decision, carried over the plays since, deals the cards now
    unseen: each seat lost exactly the cards it played, and new voids are respected."""
    policy = NormalPolicy()
    carried = 0
    for seed in (2, 5):
        hand = _played_to(
            ruleset_id, seed, lambda h: h.phase == PLAYING and len(h.tricks) >= 3 and h.current_trick is None
        )
        seat = (hand.to_act() + 1) % 4
        obs = observe(hand, seat)
        bot = make_bot("hard", seat, random.Random(seed), hand.ruleset, think_ms=None, samples=1)
        v = bot.view(obs)
        rng = random.Random(seed)
        kitty_size = 0 if seat == v.dealer else v.ruleset.kitty
        worlds = []
        for _ in range(4):
            hands, kitty = sim.sample_hands(rng, v.unseen, v.hand_sizes, seat, v.mem, kitty_size, v.tab)
            hands[seat] = list(v.hand)
            if seat == v.dealer:
                kitty = list(v.kitty)
            steer(rng, History(obs), hands, kitty, seat, v.mem, policy, 12)
            worlds.append((hands, kitty))
        before = plays_of(obs)
        bots = [make_bot("normal", s, random.Random(seed * 4 + s), hand.ruleset) for s in range(4)]
        while not hand.finished and len(hand.tricks) < 7:
            step_hand(hand, bots)
        obs = observe(hand, seat)
        v = bot.view(obs)
        now = plays_of(obs)
        assert now[: len(before)] == before
        for hands, kitty in worlds:
            # A world whose cards cannot all be put where the plays say is dropped (a
            # one-deck hand late in play may leave no exchange): most must carry.
            if carry(rng, hands, kitty, now[len(before) :], seat, v.mem, seat != v.dealer):
                carried += 1
                hands[seat] = list(v.hand)
                _deal_consistent(hands, kitty, v)
    assert carried >= 6


def test_the_kitty_a_defender_imagines_holds_cheap_cards():
    """The dealer buries low side cards: sampled kitties seldom hold trumps or points,
    where a uniform deal would put about a third trumps and a tenth of the points in it."""
    hand, _obs, v = _position("hebi-2010", 3, 1)
    if v.seat == v.dealer:
        defender = (v.seat + 1) % 4
        v = make_bot("hard", defender, random.Random(0), hand.ruleset, think_ms=None, samples=1).view(
            observe(hand, defender)
        )
    rng = random.Random(1)
    counts = {}
    for model in (True, False):
        trumps = points = 0
        for _ in range(100):
            hands, kitty = sim.sample_hands(
                rng, v.unseen, v.hand_sizes, v.seat, v.mem, v.ruleset.kitty, v.tab, bury_model=model
            )
            hands[v.seat] = list(v.hand)
            _deal_consistent(hands, kitty, v)
            trumps += sum(v.tab.is_trump[c] for c in kitty)
            points += sum(c.points for c in kitty)
        counts[model] = (trumps / 100, points / 100)
    assert counts[True][0] < 0.2 and counts[True][1] < 3
    assert counts[False][0] > 1.5 and counts[False][1] > 8


def test_a_bot_carries_no_world_into_another_hand():
    """Worlds carried from the first lead of one hand (no plays yet: a prefix of every
    hand's plays) must not leak into the next hand's search."""
    first = _played_to("hebi-2010", 4, lambda h: h.phase == PLAYING)
    seat = first.to_act()
    bot = make_bot("hard", seat, random.Random(0), first.ruleset, samples=3)
    bot.play(observe(first, seat))
    assert bot._carried is not None and bot._carried[0] == []
    later = _played_to(
        "hebi-2010",
        9,
        lambda h: h.phase == PLAYING and len(h.tricks) >= 4 and h.to_act() == seat and h.current_trick is None,
    )
    obs = observe(later, seat)
    bot.play(obs)
    v = bot.view(obs)
    assert bot.last_worlds > 0
    for hands, kitty in bot.last_world_list:
        hands[seat] = list(v.hand)
        _deal_consistent(hands, kitty, v)


def test_expert_steers_with_its_own_settings_unless_told_otherwise():
    ruleset = get_ruleset("hebi-2010")
    expert = make_bot("expert", 0, random.Random(0), ruleset)
    assert expert.settings == EXPERT
    hard = make_bot("hard", 0, random.Random(0), ruleset)
    assert hard.settings == HARD_CUT
    assert (HARD.steer_steps, HARD.window) != (EXPERT.steer_steps, EXPERT.window)
    told = make_bot("expert", 0, random.Random(0), ruleset, window=3)
    assert told.settings.window == 3 and told.settings.steer_steps == EXPERT.steer_steps


def test_hard_cuts_its_roll_outs_on_more_than_one_deck():
    """Measured: a gain on hebi-2010 and lanzhou-2010, nothing on one deck (bots/NOTES.md,
    "Roll-outs cut short"); ``expert`` plays roll-outs out; given settings win."""
    for ruleset_id, horizon in (("logistics-2015", 0), ("hebi-2010", 3), ("lanzhou-2010", 3)):
        ruleset = get_ruleset(ruleset_id)
        assert make_bot("hard", 0, random.Random(0), ruleset).settings.horizon == horizon
        assert make_bot("expert", 0, random.Random(0), ruleset).settings.horizon == 0
    told = make_bot("hard", 0, random.Random(0), get_ruleset("hebi-2010"), horizon=5)
    assert told.settings.horizon == 5 and told.judge == LEAF_MODELS[2]


def test_expert_steers_as_hard_does_on_one_deck_and_harder_on_more():
    """On one deck the harder steering lost (bots/NOTES.md, "expert on one deck"), so there
    expert keeps its think and candidates but steers as hard does; given settings win."""
    for ruleset_id, decks in (("logistics-2015", 1), ("hebi-2010", 2), ("lanzhou-2010", 3)):
        ruleset = get_ruleset(ruleset_id)
        assert ruleset.decks == decks
        expert = make_bot("expert", 0, random.Random(0), ruleset)
        assert isinstance(expert, ExpertBot)
        assert ExpertBot(0, random.Random(0), ruleset).settings == expert.settings
        if decks == 1:
            assert expert.settings == EXPERT_ONE_DECK
            steering = ("steer_steps", "window", "steer_patience", "steer_share")
            assert all(getattr(expert.settings, name) == getattr(HARD, name) for name in steering)
            assert expert.settings.think_ms == EXPERT.think_ms and expert.settings.max_candidates == 7
        else:
            assert expert.settings == EXPERT
    logistics = get_ruleset("logistics-2015")
    assert make_bot("expert", 0, random.Random(0), logistics, settings=EXPERT).settings == EXPERT
    assert make_bot("hard", 0, random.Random(0), logistics).settings == HARD


def test_expert_steering_places_more_hidden_cards_with_their_holder():
    """From the same sampled worlds, expert's harder steering (``settings.EXPERT``) puts
    more of the other seats' cards where the true deal has them than hard's."""
    policy = NormalPolicy()
    placed = {"hard": 0, "expert": 0}
    for seed in (3, 6, 7, 8, 9, 10):
        hand, obs, v = _position("hebi-2010", seed, 12)
        kitty_size = 0 if v.seat == v.dealer else v.ruleset.kitty
        histories = {
            "hard": (History(obs), 12, 3),
            "expert": (History(obs, EXPERT.window), EXPERT.steer_steps, EXPERT.steer_patience),
        }
        rng = random.Random(seed)
        for world in range(6):
            dealt = sim.sample_hands(rng, v.unseen, v.hand_sizes, v.seat, v.mem, kitty_size, v.tab)
            assert dealt is not None
            for level, (history, steps, patience) in histories.items():
                hands = [list(h) for h in dealt[0]]
                kitty = list(dealt[1])
                hands[v.seat] = list(v.hand)
                if v.seat == v.dealer:
                    kitty = list(v.kitty)
                steer(random.Random(world), history, hands, kitty, v.seat, v.mem, policy, steps, patience=patience)
                placed[level] += sum(
                    sum((Counter(hands[s]) & Counter(hand.hands[s])).values()) for s in range(4) if s != v.seat
                )
    assert placed["expert"] > placed["hard"]
