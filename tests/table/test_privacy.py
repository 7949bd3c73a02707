"""The hot-seat privacy rule as a pure function: who may see which hand, and when."""

import random

from game.core import BURYING, DEALING, PLAYING, Hand, HandSetup, Rank, get_ruleset
from game.table import Privacy, Wait, WaitKind, hotseat_privacy, must_cover
from tests.random_play import random_step


def hand_in(phase, seed=3):
    """A logistics-2015 hand stepped at random until it reaches ``phase``."""
    rng = random.Random(seed)
    for attempt in range(50):
        hand = Hand(get_ruleset("logistics-2015"), HandSetup(seed + attempt, True, (Rank.TWO, Rank.TWO), None, 0))
        while hand.phase != phase and not hand.finished:
            random_step(hand, rng)
        if hand.phase == phase:
            return hand
    raise AssertionError(f"no hand reached {phase}")


def test_nothing_shown_nothing_to_cover():
    hand = hand_in(DEALING)
    assert not must_cover(hand, None, None)


def test_a_card_dealt_covers_the_hand():
    hand = hand_in(DEALING)
    shown = (hand, len(hand.log))
    assert not must_cover(hand, shown, 1)
    hand.deal()
    assert must_cover(hand, shown, 1)


def test_another_hand_covers_it():
    hand = hand_in(PLAYING)
    other = hand.replay()
    assert must_cover(other, (hand, len(hand.log)), hand.to_act())


def test_ones_own_move_keeps_it_up_while_the_turn_stays_and_covers_it_when_it_passes():
    hand = hand_in(BURYING)
    seat = hand.dealer
    shown = (hand, len(hand.log))
    assert not must_cover(hand, shown, seat)
    rng = random.Random(1)
    random_step(hand, rng)  # the dealer buries: the turn passes to the leader, the dealer again
    assert hand.phase == PLAYING and hand.to_act() == seat
    assert not must_cover(hand, shown, seat)
    random_step(hand, rng)  # the dealer leads: the next seat's turn
    assert must_cover(hand, shown, seat)


def test_another_seats_move_covers_it():
    hand = hand_in(PLAYING)
    seat = hand.to_act()
    shown = (hand, len(hand.log))
    random_step(hand, random.Random(2))
    assert must_cover(hand, shown, (seat + 2) % 4)


def test_the_person_waited_for_is_called_to_the_screen():
    hand = hand_in(PLAYING)
    seat = hand.to_act()
    wait = Wait(WaitKind.PLAY, seat)
    # Every hand face down: the person is called (a privacy screen), the hands stay covered.
    assert hotseat_privacy(hand, None, None, True, wait, [seat, (seat + 1) % 4]) == Privacy(True, seat)
    # His hand is up since now: nothing to do.
    shown = (hand, len(hand.log))
    assert hotseat_privacy(hand, shown, seat, False, wait, [seat]) == Privacy(False, None)
    # Another person's hand is up: cover it and call him.
    other = (seat + 1) % 4
    assert hotseat_privacy(hand, shown, other, False, wait, [seat, other]) == Privacy(True, seat)


def test_bots_and_the_end_of_a_hand_call_nobody():
    hand = hand_in(PLAYING)
    seat = hand.to_act()
    assert hotseat_privacy(hand, None, None, True, Wait(WaitKind.PLAY, seat), [(seat + 1) % 4]).call is None
    assert hotseat_privacy(hand, None, None, True, Wait(WaitKind.CONTINUE, seat), [seat]).call is None
    # The screen is busy (cards in flight, an overlay): nobody is called yet.
    assert hotseat_privacy(hand, None, None, True, None, [seat]) == Privacy(False, None)


def test_a_declaration_is_asked_privately_too():
    hand = hand_in(DEALING)
    wait = Wait(WaitKind.DECLARE, 2, ())
    assert hotseat_privacy(hand, None, None, True, wait, [0, 2]).call == 2
    shown = (hand, len(hand.log))
    assert hotseat_privacy(hand, shown, 2, False, wait, [0, 2]) == Privacy(False, None)
