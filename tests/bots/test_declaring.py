"""The hard bot's declaring search (bots/declaring.py): worlds consistent with what the seat
knows, the candidates, reproducibility and legality."""
from collections import Counter
import itertools
import random

import pytest

from bots import make_bot
from bots.declaring import declare_candidates, drawers, hand_at, search_declare, world_deck, worth_searching
from bots.hard import HardBot
from bots.normal import NormalPolicy
from game.core import DEALING, Hand, HandSetup, Rank, get_ruleset, observe


def _asks(ruleset_id: str, seed: int, first_hand: bool = False, limit: int = 40,
          declare: bool = True):
    """Declaring asks of a hand dealt with ``normal`` bots answering (or everyone passing):
    (hand so far, seat, observation, options) at every card after which a seat has options."""
    ruleset = get_ruleset(ruleset_id)
    dealer = None if first_hand else seed % 4
    drawer = (seed + 1) % 4 if first_hand else seed % 4
    hand = Hand(ruleset, HandSetup(seed, first_hand, (Rank.TWO, Rank.FIVE), dealer, drawer))
    bots = [make_bot("normal", s, random.Random(s), ruleset) for s in range(4)]
    out = []
    while hand.phase == DEALING and hand.dealt < hand.to_deal and len(out) < limit:
        hand.deal()
        for s in range(4):
            options = hand.declaration_options(s)
            if options:
                obs = observe(hand, s)
                out.append((hand.replay(), s, obs, options))
                choice = bots[s].declare(obs, options) if declare else None
                if choice:
                    hand.declare(s, choice)
    return out


@pytest.mark.parametrize("ruleset_id,first_hand", [("lanzhou-2010", False),
                                                   ("hebi-2010", False),
                                                   ("logistics-2015", True)])
def test_a_world_is_the_hand_as_the_seat_knows_it(ruleset_id, first_hand):
    asks = _asks(ruleset_id, 5, first_hand)
    assert asks
    rng = random.Random(1)
    for true, seat, obs, _ in asks[::3]:
        fits = drawers(obs)
        assert true.setup.first_drawer in fits
        for drawer in fits[:2]:
            deck = world_deck(obs, rng, drawer)
            assert Counter(deck) == Counter(true.deck)  # a whole deck
            h = hand_at(obs, deck, drawer)
            assert h is not None
            assert Counter(h.hands[seat]) == Counter(obs.hand)
            assert [len(x) for x in h.hands] == list(obs.hand_sizes)
            assert tuple(h.bidding.shown) == obs.declarations
            assert h.phase == obs.phase and h.dealt == obs.cards_dealt
            assert observe(h, seat).hand == obs.hand


def test_the_first_drawer_is_read_off_the_hand_sizes():
    asks = _asks("lanzhou-2010", 2, first_hand=True)
    for true, _, obs, _ in asks:
        fits = drawers(obs)
        if obs.cards_dealt % 4:
            assert fits == [true.setup.first_drawer]
        else:
            assert sorted(fits) == [0, 1, 2, 3]


def test_candidates_are_the_base_the_pass_and_other_options():
    _, _seat, obs, options = next(a for a in _asks("lanzhou-2010", 3) if len(a[3]) >= 2)
    cands = declare_candidates(obs, options, options[0], 3)
    assert cands[0] == tuple(options[0]) and cands[1] == ()
    assert len(cands) == 3 and len({tuple(sorted(c)) for c in cands}) == 3
    assert all(sorted(c) in [sorted(o) for o in options] for c in cands if c)
    passing = declare_candidates(obs, options, None, 2)
    assert passing[0] == () and len(passing) == 2 and passing[1]


def test_only_close_declaring_decisions_are_searched():
    _, _seat, obs, options = _asks("lanzhou-2010", 3)[0]
    assert worth_searching(obs, options, options[0], 0.85) == list(options[0])
    assert worth_searching(obs, [], None, 0.5) is None
    assert worth_searching(obs, options, None, 1.0) is None  # only as eager as normal
    # Eager enough, any option is declared: the eager choice is the one searched.
    assert worth_searching(obs, options, None, 0.01) in [list(o) for o in options]


def test_the_declaring_search_is_reproducible_and_legal():
    asks = _asks("lanzhou-2010", 4)
    _, seat, obs, options = asks[len(asks) // 2]
    cands = declare_candidates(obs, options, None, 3)
    got = [search_declare(random.Random(9), obs, cands, NormalPolicy(), None, 3, min_worlds=2)
           for _ in range(2)]
    assert got[0] == got[1] and got[0][1] == 3
    for _, seat, obs, options in asks[:12]:
        bots = [HardBot(seat, random.Random(2), obs.ruleset, think_ms=None, samples=2,
                        declare_search=True, declare_eager=0.01) for _ in range(2)]
        choices = [b.declare(obs, options) for b in bots]
        assert choices[0] == choices[1]
        assert choices[0] is None or sorted(choices[0]) in [sorted(o) for o in options]
    off = HardBot(seat, random.Random(2), obs.ruleset, think_ms=None, samples=2)
    assert off.declare(obs, options) == make_bot("normal", seat, random.Random(0),
                                                 obs.ruleset).declare(obs, options)
    assert off.searches == 0


def test_passes_are_searched_at_most_every_few_cards():
    asks = _asks("lanzhou-2010", 6, limit=200, declare=False)
    normal = make_bot("normal", 0, random.Random(0), asks[0][2].ruleset)
    by_seat: dict[int, list] = {s: [] for s in range(4)}
    for a in asks:
        if normal.declare(a[2], a[3]) is None:
            by_seat[a[1]].append(a)
    seat = max(by_seat, key=lambda s: len(by_seat[s]))
    passes = by_seat[seat]
    bot = HardBot(seat, random.Random(2), asks[0][2].ruleset, think_ms=None, samples=1,
                  declare_search=True, declare_eager=0.01, declare_every=3)
    held = []
    for _, _, obs, options in passes:
        before = bot.searches
        choice = bot.declare(obs, options)
        if bot.searches > before:
            held.append(len(obs.hand))
        else:
            assert choice is None  # the last search's pass stands
    assert len(held) >= 2 and all(b - a >= 3 for a, b in itertools.pairwise(held))
    assert len(held) < len(passes)


def test_a_pass_overrules_a_declaration_only_at_the_last_chance():
    _, _, obs, options = next(a for a in _asks("lanzhou-2010", 3)
                              if make_bot("normal", a[1], random.Random(0),
                                          a[2].ruleset).declare(a[2], a[3]))
    base = make_bot("normal", obs.seat, random.Random(0), obs.ruleset).declare(obs, options)
    assert () not in declare_candidates(obs, options, base, 3, with_pass=False)
    seen = []

    def spy(rng, obs, candidates, *args, **kw):
        seen.append(list(candidates))
        return 0, 0

    import bots.hard
    real = bots.hard.search_declare
    bots.hard.search_declare = spy
    try:
        bot = HardBot(obs.seat, random.Random(0), obs.ruleset, samples=1, declare_search=True)
        bot.declare(obs, options)
        assert seen and () not in seen[-1] and seen[-1][0] == tuple(base)
        bot = HardBot(obs.seat, random.Random(0), obs.ruleset, samples=1, declare_search=True,
                      declare_wait=True)
        bot.declare(obs, options)
        assert () in seen[-1]
    finally:
        bots.hard.search_declare = real


def test_a_budget_is_a_deadline_and_a_hard_stop():
    from bots.budget import Budget
    assert Budget.of(10.0, None) == Budget(None, None)
    b = Budget.of(10.0, 300.0)
    assert b.deadline == pytest.approx(10.3) and b.hard_stop == pytest.approx(10.33)
    b = Budget.of(10.0, 300.0, 1.8, 0.15)
    assert b.deadline == pytest.approx(10.54) and b.hard_stop == pytest.approx(10.585)


def test_a_full_collection_is_due_when_generation_two_would_be_next():
    from bots.budget import full_collection_due
    threshold = (700, 10, 10)
    assert not full_collection_due((5, 3, 4), threshold)
    assert not full_collection_due((5, 9, 10), threshold)
    assert full_collection_due((5, 10, 10), threshold)
    assert full_collection_due((0, 0, 11), threshold)


def test_quiet_gc_nests_and_restores_the_collector():
    import gc

    from bots.budget import quiet_gc
    assert gc.isenabled()
    with quiet_gc():
        assert not gc.isenabled()
        with quiet_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with quiet_gc():
            pass
        assert not gc.isenabled()  # left as it was found
    finally:
        gc.enable()


def test_a_searching_bot_declares_in_the_tables_worker_thread():
    from game.table.controllers import BotController
    ruleset = get_ruleset("hebi-2010")
    searching = HardBot(0, random.Random(0), ruleset, declare_search=True)
    assert BotController(searching, "hard", threaded=True).slow_declare
    assert not BotController(searching, "hard", threaded=False).slow_declare
    assert not BotController(HardBot(0, random.Random(0), ruleset), "hard").slow_declare
    assert not BotController(make_bot("normal", 0, random.Random(0), ruleset), "normal").slow_declare
