"""Settling a hand (RULES.md §7 kitty, §9 levels, §8 next dealer)."""

import pytest

from game.core.cards import Rank
from game.core.settlement import kitty_multiplier, level_change, next_dealer, raise_level, settle
from tests.support import RULESET_IDS, ruleset

D, F = "dealers", "defenders"


def lanzhou_two_decks():
    return ruleset("lanzhou-2010").replace(decks=2, kitty=8)


# (P, side, levels): the §9 table at both edges of every band
HEBI_TABLE = [
    (0, D, 3),
    (5, D, 2),
    (35, D, 2),
    (40, D, 1),
    (75, D, 1),
    (80, F, 0),
    (115, F, 0),
    (120, F, 1),
    (155, F, 1),
    (160, F, 2),
    (195, F, 2),
    (200, F, 3),
    (235, F, 3),
    (240, F, 4),
]
LANZHOU3_TABLE = [
    (0, D, 3),
    (5, D, 2),
    (55, D, 2),
    (60, D, 1),
    (115, D, 1),
    (120, F, 0),
    (175, F, 0),
    (180, F, 1),
    (235, F, 1),
    (240, F, 2),
    (295, F, 2),
    (300, F, 3),
    (360, F, 4),
]
LOGISTICS_TABLE = [
    (0, D, 2),
    (5, D, 1),
    (35, D, 1),
    (40, F, 1),
    (75, F, 1),
    (80, F, 2),
    (100, F, 2),
    (115, F, 2),
    (120, F, 2),
    (200, F, 2),
    (400, F, 2),
]


@pytest.mark.parametrize("points,side,levels", HEBI_TABLE)
def test_hebi_table(points, side, levels):
    assert level_change(ruleset("hebi-2010"), points) == (side, levels)


@pytest.mark.parametrize("points,side,levels", LANZHOU3_TABLE)
def test_lanzhou_three_deck_table(points, side, levels):
    assert ruleset("lanzhou-2010").step == 60
    assert level_change(ruleset("lanzhou-2010"), points) == (side, levels)


@pytest.mark.parametrize("points,side,levels", HEBI_TABLE)
def test_lanzhou_two_deck_table_is_the_attachments(points, side, levels):
    # 附件 六: 大光 0, 小光 <40, 40–79 +1, 80–119 上台, 120–159 上台+1, 160–199 +2 …
    r = lanzhou_two_decks()
    assert (r.step, r.kitty, r.hand_size) == (40, 8, 25)
    assert level_change(r, points) == (side, levels)


@pytest.mark.parametrize("points,side,levels", LOGISTICS_TABLE)
def test_logistics_table_caps_at_two(points, side, levels):
    assert level_change(ruleset("logistics-2015"), points) == (side, levels)


@pytest.mark.parametrize(
    "rid,points,side,levels",
    [("hebi-2010", p, s, l) for p, s, l in HEBI_TABLE]
    + [("lanzhou-2010", p, s, l) for p, s, l in LANZHOU3_TABLE]
    + [("logistics-2015", p, s, l) for p, s, l in LOGISTICS_TABLE],
)
def test_settle_without_digging(rid, points, side, levels):
    s = settle(ruleset(rid), points)
    assert (s.total, s.multiplier, s.deal_to, s.up_side, s.up_levels) == (points, 0, side, side, levels)


@pytest.mark.parametrize("rid,step", [("hebi-2010", 40), ("lanzhou-2010", 60), ("logistics-2015", 40)])
def test_step_is_per_deck_times_decks(rid, step):
    assert ruleset(rid).step == step


def test_every_band_edge_flips_exactly_at_multiples_of_s():
    for rid in RULESET_IDS:
        r = ruleset(rid)
        for k in range(1, 6):
            below, at = level_change(r, k * r.step - 5), level_change(r, k * r.step)
            assert below != at or (r.beyond == "cap" and k >= 3), (rid, k)


# --------------------------------------------------------------------------- the kitty


@pytest.mark.parametrize("pairs,mult", [(0, 2), (1, 4), (2, 8), (3, 16), (4, 32), (5, 64)])
@pytest.mark.parametrize("rid", ["hebi-2010", "lanzhou-2010"])
def test_kitty_multiplier_by_unit(rid, pairs, mult):
    # 单张 ×2，对子 ×4，拖拉机 ×8，三拖 ×16，以此类推
    assert kitty_multiplier(ruleset(rid), pairs) == mult


@pytest.mark.parametrize("pairs", [0, 1, 2])
def test_logistics_kitty_always_doubles(pairs):
    assert kitty_multiplier(ruleset("logistics-2015"), pairs) == 2


def test_dug_kitty_adds_points_times_multiplier():
    s = settle(ruleset("hebi-2010"), 60, kitty_points=25, dug_with_pairs=1)
    assert (s.total, s.multiplier, s.deal_to, s.up_levels) == (160, 4, F, 2)
    s = settle(ruleset("hebi-2010"), 60, kitty_points=25, dug_with_pairs=2)
    assert (s.total, s.multiplier, s.up_levels) == (260, 8, 4)
    s = settle(ruleset("lanzhou-2010"), 60, kitty_points=25, dug_with_pairs=3)
    assert (s.total, s.multiplier) == (460, 16)


def test_kitty_not_dug_counts_nothing():
    s = settle(ruleset("hebi-2010"), 60, kitty_points=25, dug_with_pairs=None)
    assert (s.total, s.multiplier, s.deal_to, s.up_levels) == (60, 0, D, 1)


def test_a_dug_kitty_can_turn_the_hand():
    s = settle(ruleset("logistics-2015"), 30, kitty_points=5, dug_with_pairs=0)
    assert (s.total, s.multiplier, s.deal_to, s.up_side, s.up_levels) == (40, 2, F, F, 1)


@pytest.mark.parametrize("rid,shutout", [("hebi-2010", 3), ("lanzhou-2010", 3), ("logistics-2015", 2)])
@pytest.mark.parametrize("points,kitty", [(-20, 0), (-10, 5), (-200, 25), (-30, 10)])
def test_negative_points_clamp_to_zero(rid, shutout, points, kitty):
    # penalties may push the defenders below zero: P = max(0, …) counts as 0
    s = settle(ruleset(rid), points, kitty_points=kitty, dug_with_pairs=0)
    assert s.total == max(0, points + 2 * kitty) == 0
    assert (s.deal_to, s.up_side, s.up_levels) == (D, D, shutout)


def test_negative_points_offset_by_the_kitty():
    s = settle(ruleset("hebi-2010"), -20, kitty_points=30, dug_with_pairs=0)
    assert s.total == 40 and (s.deal_to, s.up_levels) == (D, 1)


# ------------------------------------------------------------------------ next dealer


@pytest.mark.parametrize("dealer", range(4))
def test_hebi_same_player_keeps_the_deal_else_next_player(dealer):
    # 庄是霸王庄; the defenders take over → the old dealer's 下家
    r = ruleset("hebi-2010")
    assert next_dealer(r, dealer, True) == dealer
    assert next_dealer(r, dealer, False) == (dealer + 1) % 4


@pytest.mark.parametrize("rid", ["lanzhou-2010", "logistics-2015"])
@pytest.mark.parametrize("dealer", range(4))
def test_partner_keeps_the_deal_else_next_player(rid, dealer):
    # lanzhou 七.2/七.3: 庄家升级时由其对家当庄家; 闲家上台时由庄家的下家当庄家
    r = ruleset(rid)
    assert next_dealer(r, dealer, True) == (dealer + 2) % 4
    assert next_dealer(r, dealer, False) == (dealer + 1) % 4


def test_next_dealer_goes_to_the_defending_team():
    for rid in RULESET_IDS:
        for dealer in range(4):
            assert next_dealer(ruleset(rid), dealer, False) % 2 != dealer % 2
            assert next_dealer(ruleset(rid), dealer, True) % 2 == dealer % 2


# -------------------------------------------------------------------------- raise_level


@pytest.mark.parametrize(
    "level,by,result",
    [
        ("2", 0, "2"),
        ("2", 3, "5"),
        ("9", 1, "10"),
        ("10", 1, "J"),
        ("Q", 2, "A"),
        ("Q", 3, "A"),
        ("K", 1, "A"),
        ("A", 1, "A"),
        ("A", 4, "A"),
        ("5", 20, "A"),
    ],
)
def test_raise_level_never_passes_ace(level, by, result):
    assert raise_level(Rank.parse(level), by) == Rank.parse(result)


@pytest.mark.parametrize("rid", RULESET_IDS)
def test_win_past_ace_is_on_in_every_builtin_ruleset(rid):
    assert ruleset(rid).win_past_ace is True


def test_settlement_to_dict_has_the_referee_keys():
    assert set(settle(ruleset("hebi-2010"), 0).to_dict()) == {"total", "multiplier", "deal_to", "up_side", "up_levels"}
