"""Each rule of ``normal``'s leads, follows and buries alone, on small hand-made positions:
one deck (``logistics-2015``), level 2, spades trump unless said otherwise. Positions below
are card positions in their suit (3 is 0, the ace 11 for a side suit)."""

from __future__ import annotations

from dataclasses import replace
import random

import pytest

from bots.bidding import (
    BURY_WEIGHTS,
    bury_cost,
    bury_options,
    bury_score,
    choose_bury,
    fill_bury,
    keep_value,
    point_cost,
    very_strong,
    voids_made,
)
from bots.follows import (
    FOLLOW_WEIGHTS,
    FollowState,
    Win,
    bank_worth,
    best_win,
    contest,
    feed_for,
    kitty_stake,
    opponent_stake,
    partner_stake,
    takes_over,
    trick_is_safe,
    win_cost,
)
from bots.leads import (
    LEAD_WEIGHTS,
    SuitLead,
    low_lead,
    low_pair_lead,
    low_trump_leads,
    partner_ruff_lead,
    pulls_trumps,
    side_boss_leads,
    spends_trump_honours,
    throw_lead,
    trump_boss_leads,
)
from bots.memory import CardMemory
from bots.normal import NormalBot, NormalPolicy
from bots.plays import cheap_key
from bots.tables import tables
from bots.view import View
from game.core import TRUMP, Rank, Suit, TrumpContext, cards, get_ruleset, observe
from tests.bots.golden_moves import bury_position
from tests.tools_loader import load_tool

H, C, D = Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS
W = LEAD_WEIGHTS
F = FOLLOW_WEIGHTS


def view(
    hand: str,
    *,
    seat: int = 0,
    dealer: int = 1,
    plays: tuple[tuple[int, str], ...] = (),
    played: str = "",
    voids: dict[int, str] | None = None,
    kitty: str = "",
    ruleset: str = "logistics-2015",
    trump: Suit | None = Suit.SPADES,
) -> View:
    """Seat ``seat``'s view holding ``hand``; ``played``: cards out of play already (led by
    seat 3, who follows suit); ``voids``: suits a seat has shown void in ("H", "trump")."""
    rs = get_ruleset(ruleset)
    tab = tables(TrumpContext(Rank.TWO, trump))
    mem = CardMemory(tab, rs.decks, dealer)
    for c in cards(played):
        mem.on_play(3, [c], None)
    for s, suits in (voids or {}).items():
        mem.void[s] |= {TRUMP if x == "trump" else Suit(x) for x in suits.split()}
    mine = cards(hand)
    trick = [(s, cards(cs)) for s, cs in plays]
    return View(seat, rs, tab, dealer, mine, trick, mem, cards(kitty), [len(mine)] * 4, 0, 0)


def suit_lead(v: View, suit, endgame: bool = False) -> SuitLead:
    mine = v.mine()
    ck = cheap_key(v.tab, {s: len(mine[s]) for s in v.tab.side_suits})
    return SuitLead(v, suit, ck, endgame, v.unseen_count(TRUMP))


def follow_state(v: View, endgame: bool = False) -> FollowState:
    mine = v.mine()
    return FollowState(v, cheap_key(v.tab, {s: len(mine[s]) for s in v.tab.side_suits}), endgame)


# ------------------------------------------------------------------------------ leads


def test_rule_1_throws_the_boss_units_of_a_suit_together():
    s = suit_lead(view("AH KH 4C 6D"), H)
    assert throw_lead(s, W) == [(40 + 2 + 0.3 * 10, cards("AH KH"), "lead.safe_throw")]
    endgame = suit_lead(view("AH KH 4C 6D"), H, endgame=True)
    assert throw_lead(endgame, W)[0][0] == 40 + 2 + 0.3 * 10 + 5
    # Not when a card of it can be beaten, nor when an opponent may ruff it.
    assert throw_lead(suit_lead(view("AH QH 4C 6D"), H), W) == []
    assert throw_lead(suit_lead(view("AH KH 4C 6D", voids={1: "H"}), H), W) == []


def test_rule_1_keeps_jokers_and_level_cards_out_of_a_trump_throw():
    s = suit_lead(view("BJ SJ 4C 6D"), TRUMP)
    assert spends_trump_honours(s, cards("BJ SJ"))
    assert throw_lead(s, W) == [(W.trump_honour_throw, cards("BJ SJ"), "lead.safe_throw")]
    assert throw_lead(s, W, trump_honours=True)[0][0] == 40 + 2
    assert not spends_trump_honours(suit_lead(view("BJ SJ"), TRUMP, endgame=True), cards("BJ SJ"))


def test_rule_2a_draws_trumps_with_a_boss_trump_only_when_long_in_trumps():
    # The defenders (seat 0, dealer 1) need 70 % of the unseen trumps, the dealer side 40 %.
    short = suit_lead(view("BJ 3S 4C 6D"), TRUMP)
    assert not pulls_trumps(short, W) and trump_boss_leads(short, W) == []
    long = suit_lead(view("BJ 3S 4S 4C 6D", played="SJ 2S 2H 2C 2D AS KS QS JS 10S 9S 8S"), TRUMP)
    assert long.out_trumps == 3 and pulls_trumps(long, W)
    assert trump_boss_leads(long, W) == [(18 - 2.0, cards("BJ"), "lead.trump_pull")]
    # The dealer side draws with 40 %.
    played = "SJ 2S 2H 2C 2D AS KS QS JS 10S 9S"
    dealer = suit_lead(view("BJ 3S 4C 6D", dealer=2, played=played), TRUMP)
    assert dealer.out_trumps == 5 and pulls_trumps(dealer, W)
    assert not pulls_trumps(suit_lead(view("BJ 3S 4C 6D", played=played), TRUMP), W)


def test_rule_2a_scores_the_last_trumps_apart():
    s = suit_lead(view("BJ 4C", played="SJ 2S 2H 2C 2D AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S"), TRUMP)
    assert s.out_trumps == 0
    assert trump_boss_leads(s, W) == [(W.last_trumps, cards("BJ"), "lead.trump_pull")]


def test_rule_2b_leads_a_boss_single_or_pair_of_a_side_suit():
    assert side_boss_leads(suit_lead(view("AH 4H 6D"), H), W) == [(26.0, cards("AH"), "lead.boss")]
    pair = suit_lead(view("AH AH 4H 6D", ruleset="hebi-2010"), H)
    assert side_boss_leads(pair, W)[0] == (26 + 7, cards("AH AH"), "lead.boss_pair")
    # Points cashed safely add to it; a suit an opponent may ruff is not led so.
    assert side_boss_leads(suit_lead(view("KH 4H 6D", played="AH"), H), W)[0][0] == 26 + 0.4 * 10
    assert side_boss_leads(suit_lead(view("AH 4H 6D", voids={3: "H"}), H), W) == []


def test_rule_3_draws_trumps_with_a_low_one_on_the_dealer_side_else_leads_it_low():
    dealer = view("3S 4S 5S 6S BJ 4C", dealer=0, played="SJ 2S 2H 2C 2D AS KS QS")
    assert low_trump_leads(suit_lead(dealer, TRUMP), W) == [(12.0, cards("3S"), "lead.trump_pull")]
    defender = view("3S 4S 5S 6S BJ 4C", dealer=1)
    assert low_trump_leads(suit_lead(defender, TRUMP), W) == [(-4.0, cards("3S"), "lead.low")]
    assert low_trump_leads(suit_lead(defender, TRUMP), W, low_trump_lead=False) == []
    # Never a joker or level card.
    assert low_trump_leads(suit_lead(view("BJ 2S 4C"), TRUMP), W) == []


def test_rule_4_leads_into_the_partners_void_for_him_to_trump():
    s = suit_lead(view("KH 4H 6D", voids={2: "H"}), H)
    assert partner_ruff_lead(s, W) == [(22.0, cards("4H"), "lead.partner_ruff")]
    # Not if he is out of trumps, nor if an opponent is void too (he would over-trump).
    assert partner_ruff_lead(suit_lead(view("KH 4H 6D", voids={2: "H trump"}), H), W) == []
    assert partner_ruff_lead(suit_lead(view("KH 4H 6D", voids={2: "H", 1: "H"}), H), W) == []


def test_rule_5_leads_low_from_a_short_suit_without_points():
    short = low_lead(suit_lead(view("4H 6D 7D 8D"), H), W)
    assert short == [(10 - 0.7 * 1 - 0.4 * 1, cards("4H"), "lead.low")]
    long = low_lead(suit_lead(view("4H 6D 7D 8D"), D), W)
    assert long[0][1] == cards("6D") and long[0][0] < short[0][0]
    assert low_lead(suit_lead(view("5H 6D"), H), W)[0][0] == 10 - 0.7 - 1.6 * 5 - 0.4 * 2
    # It keeps a pair whole, and scores less where an opponent may ruff.
    assert low_lead(suit_lead(view("4D 4D 9D", ruleset="hebi-2010"), D), W)[0][1] == cards("9D")
    ruffed = low_lead(suit_lead(view("4H 6D", voids={1: "H"}), H), W)[0][0]
    assert ruffed == 10 - 0.7 * 1 - 0.4 * 1 - 2 - 1


def test_rule_6_leads_the_first_side_pair_of_the_decomposition():
    s = suit_lead(view("4D 4D 9D 9D 6H", ruleset="hebi-2010"), D)
    assert low_pair_lead(s, W) == [(32 + 2 - 0.7 * 4 - 0.4 * 6, cards("9D 9D"), "lead.low_pair")]
    tractor = suit_lead(view("4D 4D 9D 9D 10D 10D", ruleset="hebi-2010"), D)
    assert low_pair_lead(tractor, W)[0][1] == cards("10D 10D 9D 9D")
    assert low_pair_lead(suit_lead(view("4D 9D 6H", ruleset="hebi-2010"), D), W) == []


def test_lead_options_ranks_the_rules_offers_and_a_weight_changes_the_ranking():
    v = view("4D 4D 9D 6H", ruleset="hebi-2010")
    assert NormalPolicy().lead_options(v)[0][1] == cards("4D 4D")

    class FewPairs(NormalPolicy):
        lead_weights = replace(LEAD_WEIGHTS, low_pair=8.0)

    assert FewPairs().lead_options(view("4D 4D 9D 6H", ruleset="hebi-2010"))[0][1] == cards("6H")


def test_normal_variants_sets_weights_and_switches_by_name_and_refuses_others():
    tool = load_tool("normal_variants")
    policy = tool.variant("B", {"low_pair": 8, "later_points": 6, "bank_points": False}).policy_class
    assert policy.lead_weights.low_pair == 8 and policy.follow_weights.later_points == 6
    assert policy.bank_points is False and NormalPolicy.lead_weights.low_pair == 32
    with pytest.raises(SystemExit, match="lowpair"):
        tool.variant("B", {"lowpair": 8})


# ------------------------------------------------------------------------------ follows


def test_win_cost_spends_jokers_and_level_cards_most():
    tab = view("").tab
    assert win_cost(cards("BJ"), tab, trumping=True) == 7.0
    assert win_cost(cards("2H"), tab, trumping=False) == 7.0
    assert win_cost(cards("3S 4S"), tab, trumping=True) == 6.0
    assert win_cost(cards("3S"), tab, trumping=False) == 1.0
    assert win_cost(cards("AH"), tab, trumping=False) == 0.0


def test_feeds_a_safe_partner_points_the_defenders_more_readily():
    # My partner (seat 2) wins with the top heart; I (seat 0) am last: his trick is safe.
    v = view("KH 6H 4C", seat=0, dealer=1, plays=((1, "4H"), (2, "AH"), (3, "5H")))
    f = follow_state(v)
    assert trick_is_safe(f, cautious=True)
    assert NormalPolicy().follow(v) == (cards("KH"), "follow.feed")
    defender, dealer = feed_for(v, F), feed_for(view("KH", seat=0, dealer=0), F)
    joker = cards("BJ")[0]
    assert dealer(joker) > defender(joker)  # a dearer honour: the dealer side feeds less


def test_a_partners_unsafe_trick_is_worth_its_points_and_a_ruff_he_led_for():
    # Seat 1 (dealer's partner... any) leads, partner seat 0 is winning with a low heart,
    # opponent seat 3 still to play; I am seat 2 and void in hearts.
    v = view("3S 4C", seat=2, dealer=1, plays=((0, "10H"), (1, "4H")))
    f = follow_state(v)
    assert f.trumping and f.opps_after == [3]
    assert partner_stake(f, F) == 10 + 3.0 + 6.0
    assert takes_over(Win(cards("3S"), True, 3.0), partner_stake(f, F), F)
    assert not takes_over(Win(cards("3S"), True, 16.0), partner_stake(f, F), F)
    assert not takes_over(Win(cards("3S"), False, 0.0), partner_stake(f, F), F)
    assert not takes_over(None, partner_stake(f, F), F)


def test_an_opponents_trick_is_worth_its_points_more_at_the_end_with_the_kitty():
    v = view("KH 4C", seat=2, dealer=0, plays=((1, "10H"),))
    f = follow_state(v)
    win = Win(cards("KH"), True, 0.5)
    assert opponent_stake(f, win, F) == 10 + 1.0 + 3.0 + 10
    assert opponent_stake(f, Win(win.play, False, win.cost), F) == 10 + 1.0 + 3.0
    end = follow_state(v, endgame=True)
    assert opponent_stake(end, win, F) == 10 + 1.0 + 3.0 + 10 + 12.0 + 10.0 * 1
    assert kitty_stake(view("4C", seat=0, dealer=0, kitty="KD 5C 3H"), F) == 2.0 * 15


def test_contests_an_uncertain_win_only_for_a_rich_trick_or_at_the_end():
    # Seat 0, an opponent, leads; I am seat 1.
    v = view("BJ 4C", seat=1, dealer=0, plays=((0, "10H"),))
    assert contest(follow_state(v), [cards("BJ")], F) is None  # 10 points: not worth a joker
    end = follow_state(v, endgame=True)
    assert contest(end, [cards("BJ")], F) == cards("BJ")  # 7 <= 10 + 12 near the end
    bare = follow_state(view("BJ SJ 4C", seat=1, dealer=0, plays=((0, "4H 4H"),)), endgame=True)
    assert contest(bare, [cards("BJ SJ")], F) is None  # 14 > 0 + 12
    rich = follow_state(view("3S 4C", seat=1, dealer=0, plays=((2, "KH"), (3, "5H"), (0, "4H"))))
    assert rich.tr.points == 15 and contest(rich, [cards("3S")], F) == cards("3S")
    assert contest(rich, [cards("3S")], replace(F, contest_points=20)) is None


def test_best_win_banks_my_points_on_a_sure_win():
    # Seat 3 plays last: every winning play is sure; the K and the 10 carry 10 points.
    v = view("KH 10H AH 4C", seat=3, dealer=0, plays=((0, "9H"), (1, "4H"), (2, "5H")))
    f = follow_state(v)
    wins = [cards("10H"), cards("KH"), cards("AH")]
    got = best_win(f, wins, F)
    assert got is not None and got.play == cards("10H") and got.secure
    assert bank_worth(cards("KH"), 0.5, F) == 10 - 0.5
    first = best_win(f, [cards("AH"), cards("KH")], F, bank_points=False)
    assert first is not None and first.play == cards("AH")


# ------------------------------------------------------------------------------ buries


def test_keep_value_prefers_trumps_then_aces_kings_and_pairs():
    tab = view("").tab
    counts = {c: 1 for c in cards("3S AH KH 6D 4C")} | {cards("4C")[0]: 2}
    assert keep_value(cards("3S")[0], tab, counts) == 40 + 0
    assert keep_value(cards("AH")[0], tab, counts) == 11 + 10
    assert keep_value(cards("KH")[0], tab, counts) == 10 + 3
    assert keep_value(cards("6D")[0], tab, counts) == 3
    assert keep_value(cards("4C")[0], tab, counts) == 1 + 6 + 0.3


def _bury_obs(ruleset: str, seed: int):
    hand = bury_position(ruleset, seed)
    assert hand is not None and hand.dealer is not None
    return observe(hand, hand.dealer)


def test_points_are_buried_only_by_a_hand_very_strong_in_trumps():
    obs = _bury_obs("hebi-2010", 101)
    tab = tables(obs.ctx)
    trumps = [c for c in obs.hand if tab.is_trump[c]]
    assert point_cost(obs, tab, trumps) == (4.0 if very_strong(obs, tab, trumps) else 40.0)
    strong = cards("BJ BJ SJ SJ") + [c for c in obs.hand if tab.is_trump[c]] * 3
    assert very_strong(obs, tab, strong) and point_cost(obs, tab, strong) == 4.0
    assert not very_strong(obs, tab, cards("BJ BJ SJ"))
    assert point_cost(obs, tab, []) == BURY_WEIGHTS.points


def test_a_bury_voids_the_chosen_suits_then_takes_the_cheapest_side_cards():
    tab = view("").tab
    hand = cards("4H 6D 7D 9D KD 3C 5C AC 3S")
    split = tab.split(hand)
    cost = bury_cost(tab, {c: 1 for c in hand}, 40.0)
    assert cost(cards("5C")[0]) == 2 + 40.0 * 5 / 10
    chosen = fill_bury(hand, tab, split, 3, (H,), cost)
    assert chosen == cards("4H 3C 6D")
    assert voids_made(hand, chosen, split, [H, C, D]) == [H]
    assert fill_bury(hand, tab, split, 3, (D,), cost) is None  # four diamonds
    assert bury_score(1, chosen, cost) == 9.0 - (1 + 3 + 0)


def test_choose_bury_says_which_suits_it_voided():
    for seed in range(100, 200):
        hand = bury_position("logistics-2015", seed)
        if hand is None or hand.dealer is None:
            continue
        obs = observe(hand, hand.dealer)
        chosen, reason = choose_bury(obs)
        assert chosen in bury_options(obs)
        if reason == "bury.void":
            left = [c for c in obs.hand]
            for c in chosen:
                left.remove(c)
            tab = tables(obs.ctx)
            for symbol in reason.params["suits"]:
                assert not any(tab.suit[c] != TRUMP and tab.suit[c].printed.symbol == symbol for c in left)
            return
    pytest.fail("no seeded bury voids a suit")


def test_the_normal_bot_plays_its_policys_rules():
    v = view("AH KH 4C 6D")
    bot = NormalBot(0, random.Random(0), v.ruleset)
    assert bot.policy.lead(v) == (cards("AH KH"), "lead.safe_throw")
