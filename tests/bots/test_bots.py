"""The bots: always legal, reproducible from their seed, and blind to hidden cards."""

from collections import Counter
from dataclasses import replace
import random

import pytest

from bots import BOT_LEVELS, Reason, is_legal, legal_plays, make_bot
from bots.base import ENGLISH, step_hand
from bots.hard import HardBot
from bots.memory import MemoryTracker
from bots.normal import NormalBot
from bots.settings import HARD
from bots.tables import BY_CODE, tables
from bots.trick_state import TrickState
from game.core import (
    BUILTIN_IDS,
    BURYING,
    DEALING,
    PLAYING,
    REDEAL,
    SETTLED,
    TRUMP,
    ActionKind,
    Hand,
    HandSetup,
    Observation,
    Rank,
    cards,
    decompose,
    get_ruleset,
    observe,
)
from game.table import play_hand

RANKS = [r for r in Rank if r <= Rank.ACE]
CHEAP_LEVELS = ("random", "easy", "normal")


def random_setup(rng: random.Random) -> HandSetup:
    """A first hand now and then, else any levels and dealer."""
    if rng.random() < 0.2:
        drawer = rng.randrange(4)
        return HandSetup(rng.getrandbits(48), True, (Rank.TWO, Rank.TWO), None, drawer)
    dealer = rng.randrange(4)
    return HandSetup(rng.getrandbits(48), False, (rng.choice(RANKS), rng.choice(RANKS)), dealer, dealer)


class NoTrumpFan(NormalBot):
    """Declares whenever it can, a pair of jokers first: no-trump hands come up often."""

    def decide_declare(self, obs, options):
        jokers = [o for o in options if all(c.is_joker for c in o)]
        return (jokers or list(options))[0], Reason("declare.strong")


def _check_hand(report, levels):
    hand = report.hand
    assert report.clean, (report.illegal[:3], [e.detail for e in report.errors[:1]])
    assert hand.phase in (SETTLED, REDEAL)
    # Only the levels that may throw prove it safe first: no failed throw from them.
    for trick in hand.tricks:
        if trick.attempted:
            assert levels[trick.leader] == "random", (levels, trick)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_mixed_tables_play_hundreds_of_hands_legally(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(ruleset_id)
    hands = 200 if ruleset.decks < 3 else 120
    seen_nt = seen_level_tractor = 0
    for i in range(hands):
        levels = [rng.choice(CHEAP_LEVELS) for _ in range(4)]
        bots = [make_bot(levels[s], s, random.Random(rng.random()), ruleset) for s in range(4)]
        if i % 7 == 0:
            seat = rng.randrange(4)
            bots[seat] = NoTrumpFan(seat, random.Random(i), ruleset)
            levels[seat] = "normal"
        report = play_hand(Hand(ruleset, random_setup(rng)), bots)
        _check_hand(report, levels)
        hand = report.hand
        if hand.ctx is not None and hand.ctx.no_trump:
            seen_nt += 1
        for trick in hand.tricks:
            lead = trick.lead
            if len(lead) >= 4 and any(c.rank == hand.rank for c in lead):
                seen_level_tractor += 1
    if ruleset.decks > 1:
        assert seen_nt > 0, "no-trump hands must come up"


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_every_level_alone_at_the_table(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(7)
    for level in CHEAP_LEVELS:
        for _ in range(15):
            bots = [make_bot(level, s, random.Random(rng.random()), ruleset) for s in range(4)]
            _check_hand(play_hand(Hand(ruleset, random_setup(rng)), bots), [level] * 4)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_hard_plays_legally_with_a_short_budget(ruleset_id):
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(11)
    searched = 0
    for i in range(4):
        # Two sampled worlds and three candidates a decision: every search path, quickly.
        bots = [
            make_bot("hard", s, random.Random(i * 4 + s), ruleset, samples=2, max_candidates=3)
            if s % 2 == i % 2
            else make_bot("normal", s, random.Random(s), ruleset)
            for s in range(4)
        ]
        report = play_hand(Hand(ruleset, random_setup(rng)), bots, on_decision=lambda *a: None)
        _check_hand(report, ["normal"] * 4)
        searched += sum(b.searches for b in bots if isinstance(b, HardBot))
    assert searched > 0


def _hand_log(level, ruleset_id, seed, **kw):
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(seed)
    setup = random_setup(rng)
    bots = [make_bot(level, s, random.Random(seed * 10 + s), ruleset, **kw) for s in range(4)]
    return play_hand(Hand(ruleset, setup), bots).hand.to_dict()


@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
def test_decisions_are_reproducible_from_the_seed(level):
    kw = {"think_ms": None, "samples": 3} if level in ("hard", "expert") else {}
    for ruleset_id in ("hebi-2010", "logistics-2015"):
        for seed in (1, 2):
            if level == "hard":
                bots_log = _hard_log(ruleset_id, seed)
                assert bots_log == _hard_log(ruleset_id, seed)
            else:
                assert _hand_log(level, ruleset_id, seed, **kw) == _hand_log(level, ruleset_id, seed, **kw)


def _hard_log(ruleset_id, seed):
    """A hard bot with a fixed number of sampled worlds at one seat (fast, deterministic)."""
    ruleset = get_ruleset(ruleset_id)
    rng = random.Random(seed)
    setup = random_setup(rng)
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    bots[1] = HardBot(1, random.Random(seed), ruleset, replace(HARD, think_ms=None, samples=2))
    return play_hand(Hand(ruleset, setup), bots).hand.to_dict()


def _advance(hand: Hand, bots, tricks: int) -> None:
    """Drive a hand until ``tricks`` tricks are complete and someone must follow."""
    while not hand.finished:
        if hand.phase == PLAYING and len(hand.tricks) > tricks and hand.current_trick is not None:
            return
        step_hand(hand, bots)


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
@pytest.mark.parametrize("level", sorted(BOT_LEVELS))
def test_bots_see_only_their_observation(ruleset_id, level):
    """Changing the hidden hands (two other seats swap cards) changes nothing a bot sees or does."""
    ruleset = get_ruleset(ruleset_id)
    for seed in range(6):
        setup = HandSetup(1000 + seed, False, (Rank.FIVE, Rank.TEN), seed % 4, seed % 4)
        hand = Hand(ruleset, setup)
        drivers = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
        _advance(hand, drivers, 3)
        if hand.finished or hand.phase != PLAYING:
            continue
        seat = hand.to_act()
        a, b = [s for s in range(4) if s != seat][:2]
        if len(hand.hands[a]) != len(hand.hands[b]):
            a, b = [s for s in range(4) if s != seat][1:]
        if len(hand.hands[a]) != len(hand.hands[b]):
            continue
        kw = {"think_ms": None, "samples": 2} if level in ("hard", "expert") else {}
        before = observe(hand, seat)
        first = make_bot(level, seat, random.Random(5), ruleset, **kw).play(before)
        other = hand.replay()
        other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
        after = observe(other, seat)
        assert after == before
        second = make_bot(level, seat, random.Random(5), ruleset, **kw).play(after)
        assert Counter(first) == Counter(second)
        assert is_legal(before, first)
        return
    pytest.skip("no comparable position came up")


def test_the_driver_gives_bots_observations_only():
    ruleset = get_ruleset("hebi-2010")
    seen = []

    class Spy(NormalBot):
        def decide_play(self, obs):
            seen.append(type(obs))
            return super().decide_play(obs)

        def decide_bury(self, obs):
            seen.append(type(obs))
            return super().decide_bury(obs)

    bots = [Spy(s, random.Random(s), ruleset) for s in range(4)]
    play_hand(Hand(ruleset, HandSetup(3, False, (Rank.TWO, Rank.TWO), 0, 0)), bots)
    assert seen and set(seen) == {Observation}


def test_the_driver_records_illegal_moves_and_errors_and_plays_on():
    ruleset = get_ruleset("hebi-2010")

    class Cheat(NormalBot):
        def decide_play(self, obs):
            return list(obs.hand), Reason("follow.cheap")  # everything at once

        def decide_bury(self, obs):
            return [], Reason("bury.cheap")

    class Broken(NormalBot):
        def decide_play(self, obs):
            raise RuntimeError("boom")

    bots = [
        Cheat(0, random.Random(0), ruleset),
        Broken(1, random.Random(1), ruleset),
        NormalBot(2, random.Random(2), ruleset),
        NormalBot(3, random.Random(3), ruleset),
    ]
    report = play_hand(Hand(ruleset, HandSetup(9, False, (Rank.TWO, Rank.TWO), 0, 0)), bots)
    assert report.hand.phase == SETTLED
    assert report.illegal and report.errors
    assert {i.seat for i in report.illegal} <= {0}
    assert {e.seat for e in report.errors} == {1}


def test_explain_gives_a_legal_move_and_a_reason():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(21, False, (Rank.SEVEN, Rank.TEN), 2, 2))
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    _advance(hand, bots, 4)
    seat = hand.to_act()
    obs = observe(hand, seat)
    move, reason = bots[seat].explain(obs)
    assert is_legal(obs, move)
    assert isinstance(reason, str) and reason.code in ENGLISH
    assert reason.english and "{" not in reason.english


def test_explain_while_burying():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(4, False, (Rank.TWO, Rank.TWO), 1, 1))
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    while hand.phase != BURYING:
        if hand.phase == DEALING and hand.dealt < hand.to_deal:
            hand.deal()
        else:
            hand.finish_deal()
    obs = observe(hand, hand.dealer)
    buried, reason = bots[hand.dealer].explain(obs)
    assert len(buried) == ruleset.kitty and not Counter(buried) - Counter(obs.hand)
    assert reason.code.startswith("bury.")


def test_legal_plays_lists_only_legal_follows():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(33, False, (Rank.TWO, Rank.TWO), 0, 0))
    bots = [make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
    _advance(hand, bots, 2)
    obs = observe(hand, hand.to_act())
    plays = legal_plays(obs, cap=50)
    assert plays and all(is_legal(obs, p) for p in plays)


def test_legal_plays_and_the_random_bot_lead_from_the_core_s_list():
    from game.core import lead_units

    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(33, False, (Rank.TWO, Rank.TWO), 0, 0))
    bots = [make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
    while not (hand.phase == PLAYING and hand.current_trick is None):
        step_hand(hand, bots)
    obs = observe(hand, hand.to_act())
    assert obs.leading
    core = [list(m) for m in obs.legal_actions(limit=80).moves]
    plays = legal_plays(obs, cap=80)
    assert plays == core and all(is_legal(obs, p) for p in plays)
    assert any(len(decompose(p, obs.ctx)) > 1 for p in plays)  # throws are legal leads too
    units = lead_units(obs.hand, obs.ctx)
    random_bot = make_bot("random", obs.seat, random.Random(5), ruleset)
    assert all(random_bot.play(obs) in units for _ in range(20))


# ------------------------------------------------------------------------- memory


def test_memory_records_voids_and_missing_pairs():
    ruleset = get_ruleset("hebi-2010")
    rng = random.Random(3)
    found_void = found_nopair = False
    for seed in range(40):
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), 0, 0))
        bots = [make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
        _advance(hand, bots, 10)
        if hand.phase != PLAYING:
            continue
        tracker = MemoryTracker()
        mem = tracker.sync(observe(hand, 0))
        for seat in range(4):
            for suit in mem.void[seat]:
                # Shown void: the seat really holds none of that suit.
                assert not any(hand.ctx.suit_of(c) == suit for c in hand.hands[seat])
                found_void = True
            for suit in mem.nopair[seat]:
                held = Counter(c for c in hand.hands[seat] if hand.ctx.suit_of(c) == suit)
                assert all(n < 2 for n in held.values())
                found_nopair = True
            for card, n in mem.known[seat].items():
                if n and seat != hand.dealer:
                    assert Counter(hand.hands[seat])[card] >= n
        # Incremental and fresh memories agree.
        fresh = MemoryTracker().sync(observe(hand, 0))
        assert fresh.remaining == mem.remaining and fresh.void == mem.void
    assert found_void and found_nopair
    del rng


def test_memory_follows_a_stream_of_observations_and_restarts_on_a_new_hand():
    ruleset = get_ruleset("lanzhou-2010")
    tracker = MemoryTracker()
    for seed in (5, 6):
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.NINE, Rank.NINE), 1, 1))
        bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
        while not hand.finished:
            if hand.phase == PLAYING:
                mem = tracker.sync(observe(hand, 2))
                played = Counter()
                for t in hand.tricks:
                    for _, cs in t.plays:
                        played.update(cs)
                assert mem.plays_seen == sum(len(t.plays) for t in hand.tricks)
                full = Counter({BY_CODE[code]: n for code, n in enumerate(mem.remaining) if n})
                full.update(played)
                assert sum(full.values()) == 54 * ruleset.decks
                s = hand.to_act()
                hand.play(s, bots[s].play(observe(hand, s)))
            elif hand.phase == DEALING and hand.dealt < hand.to_deal:
                hand.deal()
            elif hand.phase == BURYING:
                hand.bury(hand.dealer, bots[hand.dealer].bury(observe(hand, hand.dealer)))
            else:
                hand.finish_deal()


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_trick_state_kept_play_by_play_is_the_trick_valued_anew(ruleset_id):
    """``MemoryTracker.trick`` follows the trick on the table play by play: read by one seat
    (several plays between two reads) or by all four (one play between reads), it must say
    what a state made from the trick's plays says."""
    ruleset = get_ruleset(ruleset_id)
    checked = 0
    for seed in range(4):
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.FIVE, Rank.FIVE), seed % 4, seed % 4))
        bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
        one_seat, every_seat = MemoryTracker(), MemoryTracker()
        while not hand.finished:
            if hand.phase == PLAYING:
                s = hand.to_act()
                for tracker, obs in ((one_seat, observe(hand, 1)), (every_seat, observe(hand, s))):
                    tracker.sync(obs)
                    if obs.current is None:
                        assert tracker.trick is None
                        continue
                    fresh = TrickState(obs.current.plays, tables(obs.ctx))
                    kept = tracker.trick
                    assert kept is not None and kept.plays == obs.current.plays
                    assert (kept.best_index, kept.best_value, kept.winner, kept.points) == (
                        fresh.best_index,
                        fresh.best_value,
                        fresh.winner,
                        fresh.points,
                    )
                    checked += 1
            step_hand(hand, bots)
    assert checked > 100


@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_one_memory_shared_by_the_four_seats_plays_as_four(ruleset_id):
    """The card memory is public: the arena's four seats share one tracker, and every hand
    must go exactly as with a tracker per seat (hard included: it copies what it changes)."""
    ruleset = get_ruleset(ruleset_id)
    for seed in range(3):
        logs = []
        for shared in (None, MemoryTracker()):
            bots = [
                make_bot("hard", s, random.Random(seed * 4 + s), ruleset, memory=shared, samples=2)
                if s == 1
                else make_bot("normal", s, random.Random(seed * 4 + s), ruleset, memory=shared)
                for s in range(4)
            ]
            hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), 1, 1))
            play_hand(hand, bots, timing=False)
            logs.append([(a.kind, a.seat, tuple(a.cards)) for a in hand.log])
        assert logs[0] == logs[1]


# ------------------------------------------------------------------------- heuristics


def _hebi_obs_for_burying(seed=4):
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), 1, 1))
    while hand.phase != BURYING:
        if hand.phase == DEALING and hand.dealt < hand.to_deal:
            hand.deal()
        else:
            hand.finish_deal()
    return hand, observe(hand, hand.dealer)


def test_normal_bury_keeps_points_and_trumps_unless_forced():
    for seed in range(30):
        hand, obs = _hebi_obs_for_burying(seed)
        buried = make_bot("normal", hand.dealer, random.Random(0), hand.ruleset).bury(obs)
        side_no_points = [c for c in obs.hand if not hand.ctx.is_trump(c) and not c.points]
        trumps = sum(1 for c in obs.hand if hand.ctx.is_trump(c))
        very_strong = trumps >= 0.5 * (len(obs.hand) - hand.ruleset.kitty)
        if len(side_no_points) >= hand.ruleset.kitty and not very_strong:
            assert not any(c.points for c in buried), (seed, buried)
            assert not any(hand.ctx.is_trump(c) for c in buried), (seed, buried)


def test_normal_declares_a_strong_suit_and_passes_a_weak_one():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(1, False, (Rank.TWO, Rank.TWO), 0, 0))
    obs = observe(hand, 0)
    strong = cards("2H BJ AH AH KH QH 10H 9H 7H 3S 4C 5D 2S")
    weak = cards("2H BJ 3S 4S 5S 6S 7C 8C 9C 10D JD QD KS")
    bot = make_bot("normal", 0, random.Random(0), ruleset)
    option = cards("2H BJ")
    assert bot.declare(_with_hand(obs, strong), [option]) == option
    assert bot.declare(_with_hand(obs, weak), [option]) is None


def _with_hand(obs, hand_cards):
    from dataclasses import replace

    return replace(obs, hand=tuple(hand_cards), cards_dealt=len(hand_cards) * 4)


def test_reason_is_a_code_with_english():
    r = Reason("follow.feed", {"cards": cards("KH 10H")})
    assert r == "follow.feed" and r.code == "follow.feed"
    assert "♥K♥10" in r.english
    assert Reason("no.such.code").english == "no.such.code"


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        make_bot("grandmaster", 0, random.Random(0), get_ruleset("hebi-2010"))


def test_hard_respects_its_time_budget():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(77, False, (Rank.TWO, Rank.FOUR), 0, 0))
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    _advance(hand, bots, 1)
    seat = hand.to_act()
    hard = make_bot("hard", seat, random.Random(1), ruleset, think_ms=40)
    import time

    start = time.perf_counter()
    move = hard.play(observe(hand, seat))
    assert time.perf_counter() - start < 0.5
    assert is_legal(observe(hand, seat), move)
    assert TRUMP  # the public name stays exported


def test_the_step_driver_waits_for_a_seat_without_a_bot():
    from game.core import Action, ActionKind
    from game.table import TableDriver, WaitKind, bot_controllers

    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(12, False, (Rank.TWO, Rank.SIX), 0, 0))
    bots = [make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
    human = bots[2]
    table = list(bots)
    table[2] = None  # the front end plays seat 2 itself
    driver = TableDriver.for_hand(hand, bot_controllers(table))
    waits = 0
    for _ in range(5000):
        driver.run_hand()
        if hand.finished:
            break
        wait = driver.waiting()
        assert wait is not None and wait.seat == 2
        if wait.kind == WaitKind.DECLARE:  # the last round of the deal asks the person too
            driver.pass_declaration(2)
            continue
        waits += 1
        obs = observe(hand, 2)
        move = human.bury(obs) if wait.kind == WaitKind.BURY else human.play(obs)
        assert driver.submit(Action(ActionKind(wait.kind), 2, tuple(move))) is None
    assert hand.phase in (SETTLED, REDEAL) and driver.report.clean
    assert waits >= (1 if hand.phase == REDEAL else ruleset.hand_size // 2)


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("ruleset_id", BUILTIN_IDS)
def test_the_quick_move_is_the_explained_move(ruleset_id, level):
    """``play`` skips the reason; it must still be exactly the move ``decide_play`` explains."""
    ruleset = get_ruleset(ruleset_id)
    seen: list = []
    bots = [make_bot(level, s, random.Random(s), ruleset) for s in range(4)]
    hand = Hand(ruleset, HandSetup(17, False, (Rank.TWO, Rank.FIVE), 1, 1))
    play_hand(hand, bots, on_decision=lambda seat, kind, obs, choice, _s: seen.append((seat, kind, obs, choice)))
    plays = [(seat, obs, choice) for seat, kind, obs, choice in seen if kind == ActionKind.PLAY]
    assert plays
    for seat, obs, choice in plays:
        twin = make_bot(level, seat, random.Random(seat), ruleset)
        assert list(choice) == twin.decide_play(obs)[0]


def test_the_bots_keep_tables_for_a_few_trump_contexts_only():
    """A long run meets many contexts; only the recent ones keep their tables (and memos)."""
    from bots import tables as tables_module
    from game.core import TrumpContext

    contexts = [TrumpContext.parse(level, "H") for level in ("2", "3", "4", "5", "6", "7")]
    for c in contexts:
        assert tables_module.tables(c).ctx == c
    assert len(tables_module._CACHE) <= tables_module.CONTEXTS_KEPT
    assert contexts[-1] in tables_module._CACHE and contexts[0] not in tables_module._CACHE


def test_a_view_of_an_observation_is_the_view_its_constructor_makes():
    """``View.of`` stores the fields itself when interpreted: every slot as ``__init__`` sets it."""
    from bots.view import View

    if not hasattr(View, "__slots__"):
        pytest.skip("compiled: View.of calls the constructor, and a native class lists no slots")

    ruleset = get_ruleset("hebi-2010")
    for seed in range(4):
        hand = Hand(ruleset, HandSetup(seed, False, (Rank.TWO, Rank.TWO), seed, seed))
        bots = [make_bot("easy", s, random.Random(s), ruleset) for s in range(4)]
        _advance(hand, bots, 3 + seed)
        if hand.phase != PLAYING:
            continue
        for seat in range(4):
            obs = observe(hand, seat)
            tracker = MemoryTracker()
            mem = tracker.sync(obs)
            got = View.of(obs, mem, seat % 2 == 0, tracker.trick)
            plays = obs.current.plays if obs.current is not None else ()
            made = View(
                obs.seat,
                obs.ruleset,
                tables(obs.ctx),
                obs.dealer,
                obs.hand,
                plays,
                mem,
                obs.kitty,
                obs.hand_sizes,
                obs.defender_points,
                len(obs.tricks),
                tracker.trick if plays else None,
                quiet=seat % 2 == 0,
            )
            for name in View.__slots__:
                assert getattr(got, name) == getattr(made, name), name
