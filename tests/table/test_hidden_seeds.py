"""No seat can compute the hidden cards from the seeds (issue 24, item 2).

A new match's seed is 128 bits and its deals are keyed hashes of it: a search over seeds
is hopeless, and a seat's own cards say nothing about the other hands. Old matches (small
seeds) still deal and load as they did.
"""

from __future__ import annotations

import random

from game.app.session import MatchChoice, Session
from game.app.storage import Storage
from game.core import Match, derive, get_ruleset
from game.core.seeds import WIDE, MatchDraws
from tests.standin_bots import standin_factory


def _session(tmp_path) -> Session:
    return Session(Storage(tmp_path), bot_factory=standin_factory)


def test_a_new_match_seed_is_too_wide_to_search(tmp_path):
    seeds = {
        _session(tmp_path / str(i)).start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0)).driver.match.seed
        for i in range(3)
    }
    assert len(seeds) == 3 and all(s.bit_length() == 128 for s in seeds)


def test_a_wide_match_deals_from_keyed_hashes_not_from_the_seeds_random(tmp_path):
    started = _session(tmp_path).start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0))
    match = started.driver.match
    deal = match.hand.setup.seed
    assert deal == derive(match.seed, "match-deal", 2)  # the first drawer's lot is draw 1
    old = random.Random(match.seed)
    old.randrange(4)
    assert deal != old.getrandbits(48) and deal.bit_length() > 64


def test_a_wide_match_is_saved_played_on_and_continued_exactly(tmp_path):
    s = _session(tmp_path)
    started = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=None, length=3))
    driver = started.driver
    for _ in range(2):
        driver.run_hand()
        driver.next_hand()
    driver.run_until_wait(200)
    s.autosave(driver.save_data())
    again = _session(tmp_path).continue_match()
    assert len(driver.match.history) == 2 and again.driver.match.seed == driver.match.seed >= WIDE
    assert [h.seed for h in again.driver.match.history] == [h.seed for h in driver.match.history]
    assert again.driver.hand.setup == driver.hand.setup and again.driver.hand.log == driver.hand.log


def test_a_small_seed_deals_as_it_always_did():
    # Saves and replays made before keep their small seeds: the same random.Random draws.
    old = random.Random(5)
    drawer = old.randrange(4)
    match = Match(get_ruleset("hebi-2010"), 5)
    assert match.first_drawer == drawer and match.hand.setup.seed == old.getrandbits(48)


def test_the_draws_of_a_wide_seed_do_not_repeat_and_depend_on_every_bit():
    seed = WIDE * 12345 + 678
    a, b = MatchDraws(seed), MatchDraws(seed ^ 1)
    deals = [a.deal_seed() for _ in range(50)]
    assert len(set(deals)) == 50 and b.deal_seed() not in deals
