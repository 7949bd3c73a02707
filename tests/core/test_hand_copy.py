"""A hand copies and pickles whole, compiled (mypyc) as pure: as its setup and log, replayed."""

import copy
import pickle

from game.core import Hand, HandSetup, Rank, get_ruleset


def test_a_hand_mid_deal_copies_and_pickles_to_the_same_state():
    hand = Hand(get_ruleset("hebi-2010"), HandSetup(5, False, (Rank.TWO, Rank.TWO), 0, 0))
    for _ in range(30):
        hand.deal()
    for twin in (copy.deepcopy(hand), pickle.loads(pickle.dumps(hand))):
        assert twin.to_dict() == hand.to_dict()
        assert twin.hands == hand.hands and twin.setup == hand.setup and twin.phase == hand.phase
        twin.deal()  # a copy goes on by itself
        assert len(twin.log) == len(hand.log) + 1
