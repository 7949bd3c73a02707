"""Declaring trump and choosing the dealer (RULES.md §8; seed 000 §3–5, seed 001 三 七, seed 002)."""

import pytest

from game.core.bidding import Bidding
from game.core.cards import Rank, cards
from tests.support import ruleset

KITTY8 = "3C 4C 6C 7C 8C 9C JC QC"  # third card ♣
KITTY6 = "3C 4C 6C 7C 8C 9C"


def bidding(rid, first_hand=True, dealer=None, first_drawer=0, levels=("2", "2")):
    return Bidding(ruleset(rid), first_hand, dealer, first_drawer, (Rank.parse(levels[0]), Rank.parse(levels[1])))


def run(rid, events, kitty=None, **kw):
    """events: (seat, "cards") or (seat, "cards", "after") → (accepted list, BidResult)."""
    b = bidding(rid, **kw)
    accepted = []
    for ev in events:
        seat, text = ev[0], ev[1]
        after = len(ev) > 2
        if after and not b.deal_over:
            b.end_deal()
        ok = b.check(seat, cards(text), after) is None
        if ok:
            b.apply(seat, cards(text), after)
        accepted.append(ok)
    b.end_deal()
    if kitty is None:
        kitty = KITTY8 if ruleset(rid).kitty == 8 else KITTY6
    return accepted, b.resolve(cards(kitty))


def trump_of(result):
    return "NT" if result.trump is None else result.trump.value


def summary(result):
    return (trump_of(result), result.rank.label if result.rank else None, result.dealer)


# =============================================================================== hebi-2010

HEBI = "hebi-2010"


@pytest.mark.parametrize("shown,trump", [("2H BJ", "H"), ("BJ 2D", "D"), ("2S SJ", "S"), ("SJ 2C", "C")])
def test_hebi_opens_with_level_card_and_joker_of_its_colour(shown, trump):
    acc, res = run(HEBI, [(1, shown)])
    assert acc == [True]
    assert summary(res) == (trump, "2", 1)
    assert res.declared and not res.redeal


@pytest.mark.parametrize("shown", ["2H SJ", "2D SJ", "2S BJ", "2C BJ"])
def test_hebi_joker_colour_must_match(shown):
    # 大王带红小王带黑
    acc, res = run(HEBI, [(1, shown)])
    assert acc == [False] and not res.declared


@pytest.mark.parametrize(
    "shown", ["2H", "BJ", "SJ", "2H 2H", "2S 2S", "BJ BJ", "SJ SJ", "BJ SJ", "3H BJ", "2H BJ BJ", "2H 2H BJ", "2H 2D"]
)
def test_hebi_only_level_card_with_joker_opens(shown):
    # a pair (of level cards or of jokers) cannot open the bidding
    acc, res = run(HEBI, [(1, shown)])
    assert acc == [False] and not res.declared


def test_hebi_first_hand_first_declarer_is_dealer():
    acc, res = run(HEBI, [(3, "2C SJ"), (1, "2H BJ")], first_drawer=0)
    assert acc == [True, False]
    assert summary(res) == ("C", "2", 3)


def test_hebi_overturn_with_pair_of_another_suit_takes_the_deal_in_the_first_hand():
    acc, res = run(HEBI, [(1, "2H BJ"), (2, "2S 2S")])
    assert acc == [True, True]
    assert summary(res) == ("S", "2", 2)


def test_hebi_overturn_by_the_declarers_partner_is_allowed():
    acc, res = run(HEBI, [(1, "2H BJ"), (3, "2D 2D")])
    assert acc == [True, True] and summary(res) == ("D", "2", 3)


def test_hebi_overturn_with_the_same_suit_is_refused():
    acc, res = run(HEBI, [(1, "2H BJ"), (2, "2H 2H")])
    assert acc == [True, False] and summary(res) == ("H", "2", 1)


def test_hebi_no_self_overturn():
    # 不能自反
    acc, res = run(HEBI, [(1, "2H BJ"), (1, "2S 2S")])
    assert acc == [True, False] and summary(res) == ("H", "2", 1)


def test_hebi_overturn_only_once():
    # 只能反一次: not even the original declarer may overturn back
    acc, res = run(HEBI, [(1, "2H BJ"), (2, "2S 2S"), (1, "2C 2C"), (3, "2D 2D"), (0, "BJ BJ")])
    assert acc == [True, True, False, False, False]
    assert summary(res) == ("S", "2", 2)


def test_hebi_overturner_cannot_overturn_himself_either():
    acc, _res = run(HEBI, [(1, "2H BJ"), (2, "2S 2S"), (2, "BJ BJ")])
    assert acc == [True, True, False]


@pytest.mark.parametrize("jokers", ["BJ BJ", "SJ SJ"])
def test_hebi_pair_of_jokers_overturns_to_no_trump(jokers):
    # 双王可反无主
    acc, res = run(HEBI, [(1, "2H BJ"), (0, jokers)])
    assert acc == [True, True] and summary(res) == ("NT", "2", 0)


def test_hebi_a_big_and_a_small_joker_are_not_a_pair():
    acc, _res = run(HEBI, [(1, "2H BJ"), (0, "BJ SJ")])
    assert acc == [True, False]


def test_hebi_big_jokers_overturn_small_jokers_by_another_player():
    acc, res = run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (2, "BJ BJ")])
    assert acc == [True, True, True] and summary(res) == ("NT", "2", 2)


def test_hebi_big_jokers_over_small_jokers_by_the_first_declarer():
    acc, res = run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (1, "BJ BJ")])
    assert acc == [True, True, True] and summary(res) == ("NT", "2", 1)


def test_hebi_small_joker_shower_cannot_overturn_himself_with_big_jokers():
    acc, res = run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (0, "BJ BJ")])
    assert acc == [True, True, False] and summary(res) == ("NT", "2", 0)


def test_hebi_after_big_jokers_over_small_jokers_bidding_is_closed():
    acc, _ = run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (2, "BJ BJ"), (3, "BJ BJ"), (1, "2S 2S")])
    assert acc == [True, True, True, False, False]


def test_hebi_the_exception_is_only_big_over_small():
    # after small jokers, a level pair cannot overturn; after big jokers, nothing can
    assert run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (2, "2S 2S")])[0] == [True, True, False]
    assert run(HEBI, [(1, "2H BJ"), (0, "BJ BJ"), (2, "SJ SJ")])[0] == [True, True, False]
    assert run(HEBI, [(1, "2H BJ"), (0, "2S 2S"), (2, "BJ BJ")])[0] == [True, True, False]


def test_hebi_small_jokers_cannot_follow_small_jokers():
    assert run(HEBI, [(1, "2H BJ"), (0, "SJ SJ"), (2, "SJ SJ")])[0] == [True, True, False]


def test_hebi_pairs_cannot_open_even_after_a_refusal():
    acc, res = run(HEBI, [(1, "2S 2S"), (2, "2H BJ"), (3, "2C 2C")])
    assert acc == [False, True, True] and summary(res) == ("C", "2", 3)


# -------------------------------------------------------------------- hebi later hands


def test_hebi_later_hand_anyone_declares_the_dealers_level():
    # 防守方可替庄家亮主: a defender declares the dealer's 5; the dealer stays
    for seat in range(4):
        acc, res = run(HEBI, [(seat, "5D BJ")], first_hand=False, dealer=0, levels=("5", "3"))
        assert acc == [True] and summary(res) == ("D", "5", 0)


def test_hebi_later_hand_other_teams_level_is_refused_during_the_deal():
    acc, res = run(HEBI, [(1, "3S SJ")], first_hand=False, dealer=0, levels=("5", "3"))
    assert acc == [False] and not res.declared


def test_hebi_later_hand_overturn_changes_only_the_trump():
    acc, res = run(HEBI, [(0, "5H BJ"), (1, "5C 5C")], first_hand=False, dealer=2, levels=("5", "3"))
    assert acc == [True, True] and summary(res) == ("C", "5", 2)


def test_hebi_after_deal_defender_declares_his_own_level_and_deals():
    # 庄家方亮不起时，防守方亮自己的级牌并坐庄
    acc, res = run(HEBI, [(1, "3S SJ", "after")], first_hand=False, dealer=0, levels=("5", "3"))
    assert acc == [True] and summary(res) == ("S", "3", 1)


@pytest.mark.parametrize("seat,accepted", [(0, False), (1, True), (2, False), (3, True)])
def test_hebi_after_deal_window_is_the_defenders_alone(seat, accepted):
    levels = ("5", "5")  # same level: only the team decides
    acc, res = run(HEBI, [(seat, "5H BJ", "after")], first_hand=False, dealer=2, levels=levels)
    assert acc == [accepted]
    if accepted:
        assert summary(res) == ("H", "5", seat)


def test_hebi_after_deal_defender_must_show_his_own_teams_level():
    acc, res = run(HEBI, [(1, "5H BJ", "after"), (3, "3H BJ", "after")], first_hand=False, dealer=0, levels=("5", "3"))
    assert acc == [False, True] and summary(res) == ("H", "3", 3)


def test_hebi_after_deal_same_card_rules():
    acc, _ = run(
        HEBI,
        [(1, "3S BJ", "after"), (1, "3S 3S", "after"), (1, "3S", "after")],
        first_hand=False,
        dealer=0,
        levels=("5", "3"),
    )
    assert acc == [False, False, False]


def test_hebi_after_deal_window_only_when_nothing_was_declared():
    acc, res = run(HEBI, [(0, "5H BJ"), (1, "3S SJ", "after")], first_hand=False, dealer=0, levels=("5", "3"))
    assert acc == [True, False] and summary(res) == ("H", "5", 0)


def test_hebi_after_deal_window_closes_with_the_first_declaration():
    acc, res = run(
        HEBI,
        [(1, "3S SJ", "after"), (3, "3H BJ", "after"), (3, "3D 3D", "after"), (0, "5S 5S", "after")],
        first_hand=False,
        dealer=0,
        levels=("5", "3"),
    )
    assert acc == [True, False, False, False] and summary(res) == ("S", "3", 1)


def test_hebi_no_after_deal_window_in_the_first_hand():
    acc, res = run(HEBI, [(1, "2S SJ", "after")], first_drawer=2)
    assert acc == [False] and summary(res) == ("C", "2", 2)


def test_hebi_no_declaring_during_the_deal_once_it_is_over():
    b = bidding(HEBI)
    b.end_deal()
    assert b.check(1, cards("2H BJ")) is not None


# -------------------------------------------------------------------- hebi kitty fallback


@pytest.mark.parametrize(
    "kitty,trump",
    [
        ("3C 4C 6D 7C 8C 9C JC QC", "D"),  # 以第三张底牌花色定为主牌
        ("3C 4C BJ 7H 8C 9C JC QC", "H"),  # a joker passes to the 4th
        ("3C 4C SJ BJ 8S 9C JC QC", "S"),  # and on
        ("BJ SJ 5H 7C 8C 9C JC QC", "H"),  # jokers before the 3rd do not matter
    ],
)
def test_hebi_nobody_declares_the_kittys_third_card(kitty, trump):
    _acc, res = run(HEBI, [], kitty=kitty, first_drawer=3)
    assert summary(res) == (trump, "2", 3)
    assert not res.declared and not res.redeal


def test_hebi_kitty_fallback_in_a_later_hand_keeps_the_dealer_and_his_level():
    acc, res = run(HEBI, [(1, "5H BJ")], kitty="3C 4C 6D 7C 8C 9C JC QC", first_hand=False, dealer=2, levels=("3", "7"))
    assert acc == [False] and summary(res) == ("D", "3", 2)


def test_hebi_kitty_level_card_still_names_its_suit():
    _acc, res = run(HEBI, [], kitty="3C 4C 2H 7C 8C 9C JC QC")
    assert trump_of(res) == "H"


# ============================================================================ lanzhou-2010

LZ = "lanzhou-2010"


@pytest.mark.parametrize("shown,trump", [("2S", "S"), ("2H", "H"), ("2C", "C"), ("2D", "D")])
def test_lanzhou_one_level_card_opens(shown, trump):
    # 第一次亮出的10的花色作为主牌花色; 先亮者为庄家
    acc, res = run(LZ, [(2, shown)], first_drawer=0)
    assert acc == [True] and summary(res) == (trump, "2", 2)


@pytest.mark.parametrize("shown", ["BJ", "SJ", "BJ BJ", "SJ SJ", "3H", "2H 2C", "2H BJ"])
def test_lanzhou_jokers_and_others_cannot_open(shown):
    acc, res = run(LZ, [(2, shown)])
    assert acc == [False] and not res.declared


def test_lanzhou_pair_at_once_declares_and_protects():
    acc, res = run(LZ, [(2, "2D 2D"), (1, "2C 2C"), (3, "BJ BJ"), (2, "2D 2D")])
    assert acc == [True, False, False, False] and summary(res) == ("D", "2", 2)


def test_lanzhou_overturn_by_another_player_changes_only_the_trump():
    acc, res = run(LZ, [(2, "2D"), (1, "2C 2C")])
    assert acc == [True, True] and summary(res) == ("C", "2", 2)


@pytest.mark.parametrize("jokers", ["BJ BJ", "SJ SJ"])
def test_lanzhou_pair_of_jokers_by_another_player_is_no_trump(jokers):
    acc, res = run(LZ, [(2, "2D"), (0, jokers)])
    assert acc == [True, True] and summary(res) == ("NT", "2", 2)


def test_lanzhou_declarer_protects_with_a_pair_of_his_suit():
    acc, res = run(LZ, [(2, "2D"), (2, "2D 2D"), (1, "2C 2C")])
    assert acc == [True, True, False] and summary(res) == ("D", "2", 2)


@pytest.mark.parametrize(
    "events",
    [
        [(2, "2D"), (1, "2C 2C"), (3, "2S 2S")],  # second overturn
        [(2, "2D"), (1, "2C 2C"), (2, "2D 2D")],  # protection after an overturn
        [(2, "2D"), (1, "SJ SJ"), (3, "BJ BJ")],  # no big-over-small exception here
        [(2, "2D"), (0, "BJ BJ"), (1, "2S 2S")],
        [(2, "2D"), (2, "2D 2D"), (0, "BJ BJ")],
    ],
)
def test_lanzhou_exactly_one_change_whichever_first(events):
    acc, _ = run(LZ, events)
    assert acc == [True, True, False]


@pytest.mark.parametrize(
    "events",
    [
        [(2, "2D"), (2, "2C 2C")],  # the declarer cannot overturn himself
        [(2, "2D"), (2, "BJ BJ")],  # nor call no-trump
        [(2, "2D"), (0, "2D 2D")],  # only the declarer protects
        [(2, "2D"), (0, "2C")],  # one card is not a change
        [(2, "2D"), (0, "BJ SJ")],  # mixed jokers are no pair
    ],
)
def test_lanzhou_invalid_changes(events):
    acc, res = run(LZ, events)
    assert acc == [True, False] and summary(res) == ("D", "2", 2)


def test_lanzhou_refused_change_leaves_the_change_open():
    acc, res = run(LZ, [(2, "2D"), (2, "2C 2C"), (1, "2C 2C")])
    assert acc == [True, False, True] and summary(res) == ("C", "2", 2)


def test_lanzhou_three_level_cards_at_once_are_not_a_declaration():
    # not covered by the attachment; three identical cards are no single and no pair
    acc, _ = run(LZ, [(2, "2D 2D 2D")])
    assert acc == [False]


@pytest.mark.parametrize(
    "kitty,trump", [("3C 4C 6H 7C 8C 9C", "H"), ("3C 4C BJ 7H 8C 9C", "NT"), ("3C 4C SJ 7H 8C 9C", "NT")]
)
def test_lanzhou_nobody_declares_the_kittys_third_card_joker_no_trump(kitty, trump):
    # 若第三张为王，则打无主
    _acc, res = run(LZ, [], kitty=kitty, first_drawer=1)
    assert summary(res) == (trump, "2", 1) and not res.redeal


def test_lanzhou_later_hand_dealer_stays_and_plays_his_level():
    acc, res = run(LZ, [(1, "JH"), (3, "JS JS")], first_hand=False, dealer=2, levels=("J", "4"))
    assert acc == [True, True] and summary(res) == ("S", "J", 2)


def test_lanzhou_later_hand_other_teams_level_is_refused():
    acc, _ = run(LZ, [(1, "4H")], first_hand=False, dealer=2, levels=("J", "4"))
    assert acc == [False]


def test_lanzhou_has_no_after_deal_window():
    acc, res = run(LZ, [(1, "4H", "after")], kitty="3C 4C 6H 7C 8C 9C", first_hand=False, dealer=2, levels=("J", "4"))
    assert acc == [False] and summary(res) == ("H", "J", 2)


# ========================================================================== logistics-2015

LOG = "logistics-2015"


def test_logistics_first_level_card_opens_and_ends_the_bidding():
    # 一旦有人亮出一张级牌，其他玩家就不能再亮出级牌
    acc, res = run(LOG, [(3, "2C"), (0, "2H"), (3, "2S"), (1, "BJ")])
    assert acc == [True, False, False, False] and summary(res) == ("C", "2", 3)


@pytest.mark.parametrize("shown", ["BJ", "SJ", "3H", "2H 2C", "2H BJ"])
def test_logistics_only_one_level_card_declares(shown):
    acc, _ = run(LOG, [(3, shown)])
    assert acc == [False]


def test_logistics_first_hand_declarer_is_the_dealer():
    _acc, res = run(LOG, [(1, "2D")], first_drawer=3)
    assert summary(res) == ("D", "2", 1)


def test_logistics_nobody_declares_redeal():
    _acc, res = run(LOG, [])
    assert res.redeal and res.trump is None and res.rank is None and res.dealer is None


def test_logistics_nobody_declares_redeal_in_later_hands_too():
    acc, res = run(LOG, [(1, "3H")], first_hand=False, dealer=2, levels=("J", "3"))
    assert acc == [False] and res.redeal


def test_logistics_later_hands_declaration_only_sets_the_trump():
    # 以后每局中亮级牌只决定主花色而不影响莊家的确定
    acc, res = run(LOG, [(1, "JD")], first_hand=False, dealer=2, levels=("J", "3"))
    assert acc == [True] and summary(res) == ("D", "J", 2)


def test_logistics_has_no_after_deal_window():
    acc, res = run(LOG, [(1, "3D", "after")], first_hand=False, dealer=2, levels=("J", "3"))
    assert acc == [False] and res.redeal


# ================================================================================ options


def test_hebi_options_list_what_a_seat_may_show():
    b = bidding(HEBI)
    assert b.options(1, cards("2H BJ 2S 2S 5C")) == [cards("2H BJ")]
    b.apply(1, cards("2H BJ"))
    assert b.options(3, cards("2S 2S 2H 5C")) == [cards("2S 2S")]
    assert b.options(1, cards("2S 2S")) == []


def test_lanzhou_options_after_an_opening():
    b = bidding(LZ)
    assert sorted(map(tuple, b.options(0, cards("2C 2C BJ BJ")))) == sorted(map(tuple, [cards("2C"), cards("2C 2C")]))
    b.apply(0, cards("2C"))
    assert b.options(0, cards("2C 2C BJ BJ")) == [cards("2C 2C")]
    assert sorted(map(tuple, b.options(1, cards("2C 2C 2H 2H BJ BJ")))) == sorted(
        map(tuple, [cards("2H 2H"), cards("BJ BJ")])
    )


def test_options_are_empty_once_closed():
    b = bidding(LOG)
    b.apply(0, cards("2S"))
    assert b.options(1, cards("2H")) == []


def test_apply_refuses_what_check_refuses():
    b = bidding(HEBI)
    assert b.check(0, cards("2H SJ")) is not None
    with pytest.raises(ValueError):
        b.apply(0, cards("2H SJ"))


def test_hebi_after_deal_options_are_the_defenders_own_level():
    b = bidding(HEBI, first_hand=False, dealer=0, levels=("5", "3"))
    b.end_deal()
    assert b.after_deal_window()
    assert b.options(1, cards("3S SJ 5H BJ"), after_deal=True) == [cards("3S SJ")]
    assert b.options(2, cards("5H BJ 3S SJ"), after_deal=True) == []
    b.apply(1, cards("3S SJ"), after_deal=True)
    assert not b.after_deal_window() and b.options(3, cards("3H BJ"), after_deal=True) == []
