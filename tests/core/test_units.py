"""Singles, pairs, tractors and the decomposition of a play (RULES.md §3)."""

from collections import Counter
import random

from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from game.core.cards import ONE_DECK, cards
from game.core.units import Format, decompose, format_of, max_tractor_pairs, pair_count, runs, shape_codes
from tests.support import ctx, shape, suit

# ------------------------------------------------------------ seed 001 二 (playing 10)


@pytest.mark.parametrize("text", ["KH KH QH QH", "JH JH 9H 9H", "5H 5H 4H 4H 3H 3H"])
def test_seed_001_side_suit_tractors(text):
    # 凡大小顺序相邻且花色相同的联队均构成拖拉机，如：KKQQ、JJ99、554433
    assert suit(text) == "H"
    assert shape(text) == [f"T{len(text.split()) // 2}"]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("SJ SJ 10S 10S", ["T2"]),  # 一对小王带一对主10
        ("10S 10S 10H 10H", ["T2"]),  # 一对主10带一对副10
        ("10H 10H AS AS", ["T2"]),  # 一对副10带一对主牌A
        ("10S 10S 10H 10H AS AS", ["T3"]),  # 主10 + 副10 + 主A
    ],
)
def test_seed_001_trump_tractors(text, expected):
    assert suit(text) == "trump"
    assert shape(text) == expected


@pytest.mark.parametrize(
    "text,expected",
    [
        ("5H 5H 4H", ["P", "S"]),  # 554
        ("5H 4H 4H", ["P", "S"]),  # 544
        ("5H 5H 3H 3H", ["P", "P"]),  # 5533
        ("10H 10H 10C 10C", ["P", "P"]),  # 两对副10
        ("JS JS 10S 10S", ["P", "P"]),  # JJ1010 in the trump suit
        ("AH AH 2H 2H", ["P", "P"]),  # AA22
    ],
)
def test_seed_001_non_tractors(text, expected):
    assert shape(text) == expected


def test_seed_001_JJ1010_in_a_side_suit_is_not_even_one_suit():
    # playing 10, ♥10 is a trump, so ♥JJ1010 mixes hearts and trumps
    assert suit("JH JH 10H 10H") is None


# ---------------------------------------------------------- tractors over the level gap


@pytest.mark.parametrize(
    "level,text",
    [
        ("10", "JH JH 9H 9H"),
        ("5", "6D 6D 4D 4D"),
        ("K", "AC AC QC QC"),
        ("3", "4H 4H 2H 2H"),
        ("2", "4H 4H 3H 3H"),
        ("A", "KH KH QH QH"),
        ("Q", "KD KD JD JD 10D 10D"),
    ],
)
def test_side_suit_tractor_through_the_skipped_level_rank(level, text):
    assert shape(text, level, "S") == [f"T{len(text.split()) // 2}"]


@pytest.mark.parametrize(
    "level,text", [("2", "AH AH 3H 3H"), ("A", "KH KH 2H 2H"), ("10", "AH AH 2H 2H"), ("3", "AD AD 2D 2D")]
)
def test_no_wrap_around(level, text):
    assert shape(text, level, "S") == ["P", "P"]


@pytest.mark.parametrize(
    "level,trump,text,expected",
    [
        ("10", "S", "AS AS 10H 10H", ["T2"]),  # trump A + off-suit level
        ("10", "S", "10D 10D 10S 10S", ["T2"]),  # off-suit level + trump level
        ("10", "S", "10S 10S SJ SJ", ["T2"]),  # trump level + small jokers
        ("10", "S", "SJ SJ BJ BJ", ["T2"]),  # the jokers
        ("10", "S", "AS AS 10C 10C 10S 10S SJ SJ BJ BJ", ["T5"]),
        ("10", "S", "KS KS AS AS 10H 10H", ["T3"]),
        ("A", "H", "KH KH AS AS", ["T2"]),  # level A: trump K, then off-suit A
        ("A", "H", "AD AD AH AH SJ SJ", ["T3"]),
        ("2", "S", "AS AS 2H 2H 2S 2S", ["T3"]),
        ("2", "S", "3S 3S 4S 4S", ["T2"]),  # trump suit, level 2 skipped below
        ("2", "S", "3S 3S 2H 2H", ["P", "P"]),
        ("10", "S", "QS QS JS JS 9S 9S", ["T3"]),  # trump suit over the level gap
        ("10", "S", "KS KS 10H 10H", ["P", "P"]),  # trump A missing
        ("10", "S", "AS AS 10S 10S", ["P", "P"]),  # off-suit level missing
        ("10", "S", "10H 10H SJ SJ", ["P", "P"]),  # trump level missing
        ("10", "S", "10S 10S BJ BJ", ["P", "P"]),  # small jokers missing
    ],
)
def test_trump_tractors(level, trump, text, expected):
    assert suit(text, level, trump) == "trump"
    assert shape(text, level, trump) == expected


@pytest.mark.parametrize("text", ["10H 10H 10C 10C", "10H 10H 10C 10C 10D 10D"])
def test_pairs_of_different_off_suit_level_cards_are_never_a_tractor(text):
    assert shape(text) == ["P"] * (len(text.split()) // 2)


def test_off_suit_level_position_gives_one_pair_to_a_tractor():
    assert shape("10H 10H 10C 10C 10S 10S") == ["T2", "P"]


@pytest.mark.parametrize(
    "text,expected",
    [
        ("2H 2H SJ SJ", ["T2"]),
        ("SJ SJ BJ BJ", ["T2"]),
        ("2C 2C SJ SJ BJ BJ", ["T3"]),
        ("2H 2H 2C 2C", ["P", "P"]),
        ("2H 2H 2C 2C SJ SJ", ["T2", "P"]),
        ("2H 2H BJ BJ", ["P", "P"]),
    ],
)
def test_no_trump_tractors_run_level_small_big(text, expected):
    assert suit(text, "2", "NT") == "trump"
    assert shape(text, "2", "NT") == expected


def test_no_trump_side_suits_keep_their_tractors():
    assert shape("AS AS KS KS", "2", "NT") == ["T2"]
    assert suit("AS AS KS KS", "2", "NT") == "S"


def test_no_trump_trump_ace_is_not_next_to_level():
    assert shape("AS AS 2S 2S", "2", "NT") == ["P", "P"]
    assert suit("AS AS 2S 2S", "2", "NT") is None


# --------------------------------------------------------------------- three decks


@pytest.mark.parametrize(
    "text,expected",
    [
        ("5H 5H 5H", ["P", "S"]),
        ("5H 5H 5H 4H 4H 4H", ["T2", "S", "S"]),
        ("5H 5H 5H 4H 4H", ["T2", "S"]),
        ("6H 6H 6H 5H 5H 5H 4H 4H 4H", ["T3", "S", "S", "S"]),
        ("10S 10S 10S SJ SJ SJ BJ BJ BJ", ["T3", "S", "S", "S"]),
        ("10H 10H 10H 10C 10C 10C", ["P", "P", "S", "S"]),
    ],
)
def test_a_triple_is_a_pair_plus_a_single(text, expected):
    assert shape(text) == expected


# ------------------------------------------------------------------- decomposition


@pytest.mark.parametrize(
    "text,expected",
    [
        ("AH KH 5H 5H 4H 4H", ["T2", "S", "S"]),  # RULES.md §3 example
        ("5H 5H 4H 4H 9H 9H 8H 8H 7H 7H", ["T3", "T2"]),
        ("9H 9H 8H 8H 7H 7H 6H 6H 3H 3H 2H 2H", ["T4", "T2"]),
        ("AH AH KH KH QH QH 7H 7H 3H 3H", ["T3", "P", "P"]),
        ("AH AH QH QH JH JH 9H 9H 8H 8H 7H", ["T4", "P", "S"]),  # Q-J-9-8 across the 10
        ("AH KH QH JH 9H", ["S"] * 5),
        ("AH AH", ["P"]),
        ("AH", ["S"]),
    ],
)
def test_decomposition_longest_first(text, expected):
    assert shape(text) == expected


def test_decomposition_takes_the_longest_tractor_before_more_tractors():
    # ♠A, ♥10, ♣10, ♠10 pairs: "the longest tractors first" → T3 + P (not T2 + T2)
    assert shape("AS AS 10H 10H 10C 10C 10S 10S") == ["T3", "P"]


def test_decomposition_units_carry_their_cards():
    c = ctx("10", "S")
    units = decompose(cards("AH KH 5H 5H 4H 4H"), c)
    assert [u.kind for u in units] == ["tractor", "single", "single"]
    assert Counter(units[0].cards) == Counter(cards("5H 5H 4H 4H"))
    assert units[0].top == c.position(cards("5H")[0]) and units[0].size == 4
    assert [u.cards for u in units[1:]] == [tuple(cards("AH")), tuple(cards("KH"))]


def test_format_of_a_play():
    c = ctx("10", "S")
    f = Format.of(decompose(cards("9H 9H 8H 8H 7H 7H 5H 5H 4H 4H QH QH AH 2H"), c))
    assert f == Format(tractors=(3, 2), pairs=1, singles=2)
    assert f.total_pairs == 6 and f.unit_count == 5 and f.largest_unit_pairs == 3
    assert Format.of(decompose(cards("AH AH 3H"), c)).largest_unit_pairs == 1
    assert Format.of(decompose(cards("AH KH"), c)).largest_unit_pairs == 0


@pytest.mark.parametrize("text", ["AH KH QH", "AH AH KH", "5H 5H 5H"])
def test_logistics_one_deck_has_only_singles(text):
    # with one deck no two cards are identical; the ruleset never sees "5H 5H"
    one_deck_text = " ".join(dict.fromkeys(text.split()))
    assert set(shape(one_deck_text, "2", "S")) == {"S"}


def test_mixed_suits_have_no_single_suit():
    assert suit("AH AS") is None
    assert suit("10H AS BJ") == "trump"


# ------------------------------------------------------------- max_tractor_pairs


@pytest.mark.parametrize(
    "text,tractors,expected",
    [
        ("9H 9H 8H 8H 7H 7H 6H 6H 5H 5H", (2, 2), 4),  # cut a 5-run in two
        ("9H 9H 8H 8H 7H 7H 6H 6H 5H 5H", (3,), 3),
        ("9H 9H 8H 8H 7H 7H 6H 6H 5H 5H", (3, 2), 5),
        ("9H 9H 8H 8H 7H 7H 6H 6H 5H 5H", (4, 4), 5),
        ("AH AH KH KH QH QH JH JH", (3, 2), 4),  # AAKK + QQJJ beats AAKKQQ
        ("AH AH KH KH 7H 7H 6H 6H", (2,), 2),
        ("AH AH KH KH 7H 7H", (2, 2), 2),
        ("AH AH QH QH", (2,), 0),
        ("AS AS 10H 10H 10C 10C 10S 10S", (2, 2), 4),  # the shared off-suit level position
        ("AS AS 10H 10H 10C 10C 10S 10S", (3,), 3),
        ("5H 5H 4H 4H", (), 0),
    ],
)
def test_max_tractor_pairs(text, tractors, expected):
    assert max_tractor_pairs(cards(text), tractors, ctx("10", "S"))[0] == expected


def test_max_tractor_pairs_reports_runs_it_used():
    c = ctx("10", "S")
    t, chosen = max_tractor_pairs(cards("AH AH KH KH QH QH JH JH"), (3, 2), c)
    assert t == 4 and sorted(h - lo + 1 for lo, h in chosen) == [2, 2]


def _cycles_left_by(action) -> int:
    """Objects that only the garbage collector could free after ``action``: reference
    cycles, which pile up when the searches run them thousands of times a decision."""
    import gc

    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        action()
        return gc.collect()
    finally:
        if was_enabled:
            gc.enable()


def test_the_core_s_combinatorial_searches_leave_no_reference_cycles():
    from game.core import legal_follows
    from game.core.tricks import multiset_combinations

    c = ctx("10", "S")
    hand = cards("AH AH KH KH QH QH JH JH 9H 8H 3C 3C")
    assert _cycles_left_by(lambda: list(multiset_combinations(hand, 4))) == 0
    assert _cycles_left_by(lambda: max_tractor_pairs(hand, (3, 2), c)) == 0
    assert _cycles_left_by(lambda: list(legal_follows(cards("7H 7H 6H 6H"), hand, c))) == 0


def test_runs_helper():
    assert runs([1, 2, 3, 5, 6, 9]) == [(1, 3), (5, 6), (9, 9)]


# ------------------------------------------------------------------ properties


def _one_suit_hands(draw, decks):
    pool = [c for c in ONE_DECK if not c.is_joker and c.suit.value == "H"] * decks
    return draw(
        st.lists(st.sampled_from(range(len(pool))), min_size=1, max_size=14, unique=True).map(
            lambda idx: [pool[i] for i in idx]
        )
    )


@settings(max_examples=150, deadline=None)
@given(st.data(), st.sampled_from([2, 3]), st.sampled_from(["2", "10", "A"]))
def test_decomposition_is_a_partition_into_valid_units(data, decks, level):
    c = ctx(level, "S")
    hand = [x for x in _one_suit_hands(data.draw, decks) if not c.is_trump(x)]
    if not hand:
        return
    units = decompose(hand, c)
    assert Counter(x for u in units for x in u.cards) == Counter(hand)
    for u in units:
        distinct = list(dict.fromkeys(u.cards))
        assert len(u.cards) == max(1, 2 * u.pairs)
        positions = sorted(c.position(x) for x in distinct)
        assert positions == list(range(positions[0], positions[0] + len(distinct)))
        assert all(u.cards.count(x) == (2 if u.pairs else 1) for x in distinct)
    # all pairs are used: the singles hold no two identical cards
    singles = [u.cards[0] for u in units if u.pairs == 0]
    assert pair_count(singles) == 0
    # longest first: the first unit is as long as the longest run of pairs
    pair_positions = {c.position(x) for x, n in Counter(hand).items() if n >= 2}
    longest = max((h - lo + 1 for lo, h in runs(pair_positions)), default=0)
    assert units[0].pairs == (longest if longest >= 2 else min(longest, 1))
    # shapes are listed longest first
    assert shape_codes(units) == sorted(
        shape_codes(units), key=lambda s: -(int(s[1:]) if s[0] == "T" else 0 if s == "S" else 1)
    )


def test_decomposition_is_order_independent():
    rng = random.Random(7)
    c = ctx("10", "S")
    hand = cards("9H 9H 8H 8H 7H 7H 5H 5H 4H 4H QH QH AH 2H")
    expected = shape_codes(decompose(hand, c))
    for _ in range(20):
        rng.shuffle(hand)
        assert shape_codes(decompose(hand, c)) == expected


def test_the_memos_stay_bounded(monkeypatch):
    """A searching bot decomposes many plays; the memos start again past their limit, so a
    long run's garbage collections stay short."""
    from game.core import units

    monkeypatch.setattr(units, "MEMO_LIMIT", 10)
    monkeypatch.setattr(units, "_DECOMPOSED", {})
    monkeypatch.setattr(units, "_FORMATS", {})
    playing = ctx("2", "S")
    for text in [
        "3H",
        "4H 4H",
        "5H",
        "6H 6H",
        "7H",
        "8H 8H",
        "9H",
        "10H 10H",
        "JH",
        "QH QH",
        "KH",
        "AH AH",
        "3D",
        "4D 4D",
        "5D",
        "6D 6D",
        "7D",
        "8D 8D",
    ] * 2:
        play = cards(text)
        assert decompose(play, playing)[0].cards[0] == play[0]
        assert format_of(play, playing).total_pairs == len(play) - 1
        assert len(units._DECOMPOSED[playing]) <= 11 and len(units._FORMATS[playing]) <= 11


def test_the_memos_keep_a_few_contexts(monkeypatch):
    """A long run moves from trump context to trump context; only the latest are kept."""
    from game.core import units

    monkeypatch.setattr(units, "MEMO_CONTEXTS", 3)
    monkeypatch.setattr(units, "_DECOMPOSED", {})
    monkeypatch.setattr(units, "_FORMATS", {})
    play = cards("4H 4H")
    for level in "23456789":
        assert format_of(play, ctx(level, "S")).total_pairs == 1
        assert len(units._FORMATS) <= 3
    assert list(units._FORMATS) == [ctx(level, "S") for level in "789"]
    assert list(units._DECOMPOSED) == list(units._FORMATS)
