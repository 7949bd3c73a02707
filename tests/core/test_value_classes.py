"""The rules core's value classes keep their contract when their methods are written out for
the compiled build (issue 29): frozen from outside, equal and hashed by their fields, copied
and pickled whole. ``.ci/run`` runs this module on the pure and on the compiled tree."""

from __future__ import annotations

import copy
from dataclasses import FrozenInstanceError, replace
import pickle
import random

import pytest

from game.core import Action, ActionKind, Hand, HandSetup, Rank, Suit, TrumpContext, get_ruleset, observe
from game.core.cards import cards
from game.core.play import TrickView
from game.core.tricks import ThrowResult
from game.core.units import Format, Unit, decompose
from tests.random_play import random_step


def _hand_in_play() -> Hand:
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(11, False, (Rank.TWO, Rank.TWO), 0, 0))
    rng = random.Random(11)
    while not (hand.play_state is not None and len(hand.tricks) >= 3):
        random_step(hand, rng)
    return hand


def _values() -> list[object]:
    hand = _hand_in_play()
    ctx = TrumpContext(Rank.TEN, Suit.SPADES)
    unit = decompose(cards("3H 3H 4H 4H"), ctx)[0]
    return [
        unit,
        Format.of([unit]),
        ThrowResult(True, False, tuple(cards("3H")), 1, (unit,)),
        TrickView.of(hand.tricks[0]),
        Action(ActionKind.PLAY, 1, tuple(cards("3H"))),
        observe(hand, 2),
    ]


@pytest.mark.parametrize("index", range(6))
def test_the_value_classes_stay_frozen(index):
    value = _values()[index]
    field = next(iter(value.__dataclass_fields__))
    with pytest.raises(FrozenInstanceError):
        setattr(value, field, None)


@pytest.mark.parametrize("index", range(6))
def test_the_value_classes_are_equal_by_their_fields_and_rebuilt_by_replace(index):
    value = _values()[index]
    again = replace(value)
    assert again == value and again is not value
    if index < 5:  # an observation holds lists in its ruleset: equal, not hashable
        assert hash(again) == hash(value)
    assert value != object()


def test_a_unit_and_a_format_hash_as_their_generated_methods_did():
    # Sets and dicts of units iterate by hash: the written-out hash must be the generated one.
    unit = Unit(2, 7, tuple(cards("3H 3H 4H 4H")))
    assert hash(unit) == hash((2, 7, unit.cards))
    fmt = Format((2,), 1, 3)
    assert hash(fmt) == hash(((2,), 1, 3)) and fmt.total_pairs == 3


def test_actions_and_hands_copy_and_pickle_whole():
    action = Action(ActionKind.PLAY, 3, tuple(cards("10S 10S")))
    assert pickle.loads(pickle.dumps(action)) == action
    hand = _hand_in_play()
    for twin in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
        assert twin.log == hand.log and twin.tricks == hand.tricks


def test_a_context_is_made_once_per_level_and_trump():
    made = TrumpContext.of(Rank.NINE, Suit.HEARTS)
    assert made is TrumpContext.of(Rank.NINE, Suit.HEARTS)
    assert made == TrumpContext(Rank.NINE, Suit.HEARTS) and made != TrumpContext.of(Rank.NINE, None)
