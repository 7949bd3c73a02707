"""A random but always legal driver for whole hands, shared by the property tests."""

from __future__ import annotations

from collections import Counter
from itertools import islice
import random

from game.core import AFTER_DEAL, BURYING, DEALING, PLAYING, Hand, decompose, legal_follows, make_deck


def random_step(hand: Hand, rng: random.Random) -> None:
    """Apply one random legal action (declaring now and then while dealing)."""
    if hand.phase == DEALING:
        if hand.dealt < hand.to_deal:
            hand.deal()
            for seat in rng.sample(range(4), 4):
                options = hand.declaration_options(seat)
                if options and rng.random() < 0.3:
                    hand.declare(seat, rng.choice(options))
        else:
            hand.finish_deal()
    elif hand.phase == AFTER_DEAL:
        for seat in range(4):
            options = hand.declaration_options(seat)
            if options and rng.random() < 0.5:
                hand.declare(seat, rng.choice(options))
                break
        hand.finish_deal()
    elif hand.phase == BURYING:
        dealer = hand.dealer
        hand.bury(dealer, rng.sample(hand.hands[dealer], hand.ruleset.kitty))
    elif hand.phase == PLAYING:
        seat = hand.to_act()
        trick = hand.current_trick
        if trick is None:
            mine = hand.hands[seat]
            suit = hand.ctx.suit_of(rng.choice(mine))
            units = decompose([c for c in mine if hand.ctx.suit_of(c) == suit], hand.ctx)
            if len(units) > 1 and rng.random() < 0.25:
                lead = [c for u in rng.sample(units, rng.randint(2, len(units))) for c in u.cards]
            else:
                lead = list(rng.choice(units).cards)
            hand.play(seat, lead)
        else:
            options = list(islice(legal_follows(trick.lead, hand.hands[seat], hand.ctx), 40))
            hand.play(seat, rng.choice(options))


def all_cards(hand: Hand) -> Counter:
    """Every card of the hand wherever it is: undealt, in hands, kitty, or played."""
    where = Counter()
    for cards in hand.hands:
        where.update(cards)
    where.update(hand.deck[hand.dealt : hand.to_deal])
    where.update(hand.kitty)
    for trick in hand.tricks:
        for _, cards in trick.plays:
            where.update(cards)
    return where


def full_deck(hand: Hand) -> Counter:
    return Counter(make_deck(hand.ruleset.decks))
