"""Why-not reasons name only cards the player holds, in the right words (issue 26 item 14).

A follow to a tractor whose best answer is laid out with two pairs of off-suit level cards
(all at one position) used to show the first pair twice: "You hold ♠10♠10♥10♥10♥10♥10♠A♠A"
with four ♥10 in a two-deck game.
"""

from collections import Counter
import json
import subprocess
import sys

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from game.core import BUILTIN_IDS, Rank, Suit, get_ruleset
from game.core.cards import Card, cards, make_deck
from game.core.tricks import check_follow
from game.core.trump import TRUMP, TrumpContext
from tests.support import REPO, ctx

REFEREE_CASE = {
    "op": "follow",
    "ruleset": "hebi-2010",
    "level": "10",
    "trump": "S",
    "lead": ["3S", "3S", "4S", "4S", "6S", "6S", "7S", "7S"],
    "hand": ["AS", "AS", "10H", "10H", "10C", "10C", "10S", "10S", "2S"],
    "play": ["AS", "AS", "10H", "10H", "10C", "10C", "10S", "2S"],
}


def test_two_tractors_sharing_the_off_suit_level_position_show_each_pair_once():
    lead, hand, play = (cards(" ".join(REFEREE_CASE[k])) for k in ("lead", "hand", "play"))
    refusal = check_follow(lead, hand, play, ctx("10", "S"))
    assert refusal is not None and refusal.code == "follow.tractor"
    assert Counter(refusal.params["cards"]) == Counter(cards("10S 10S 10H 10H 10C 10C AS AS"))


def test_the_referee_names_only_held_cards():
    done = subprocess.run(
        [sys.executable, "-m", "game.referee"],
        input=json.dumps(REFEREE_CASE) + "\n",
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    reason = json.loads(done.stdout)["reason"]
    assert reason.startswith("You hold ♠10♠10♥10♥10♣10♣10♠A♠A:"), reason


def test_a_tractor_lead_followed_without_pairs_does_not_say_a_pair_was_led():
    refusal = check_follow(cards("7H 7H 6H 6H"), cards("KH KH 9H 9H 3H 5C"), cards("KH KH 9H 3H"), ctx())
    assert refusal is not None
    assert "a pair was led" not in refusal.english()
    assert "a tractor was led" in refusal.english()
    assert "首家出了拖拉机" in refusal.text("zh")


def test_a_throw_with_pairs_does_not_say_a_pair_was_led():
    refusal = check_follow(cards("AH AH KH"), cards("9H 9H 3H 4H"), cards("9H 3H 4H"), ctx())
    assert refusal is not None and refusal.code == "follow.pairs"
    assert "a pair was led" not in refusal.english()


def test_one_card_is_singular():
    refusal = check_follow(cards("AH"), cards("KH 3H"), cards("KH 3H"), ctx())
    assert refusal is not None and refusal.code == "follow.count"
    assert "1 cards" not in refusal.english()
    assert "Play exactly 1 card," in refusal.english()
    assert "Play exactly 2 cards," in check_follow(cards("AH AH"), cards("KH 3H"), cards("KH"), ctx()).english()


@st.composite
def follows(draw):
    """A lead of pairs and tractors, a hand rich in pairs of the led suit, and a play that
    keeps to the suit: the follows where the shape rules, and their refusals, apply."""
    decks = get_ruleset(draw(st.sampled_from(BUILTIN_IDS))).decks
    level = draw(st.sampled_from([r for r in Rank if r <= Rank.ACE]))
    trump = draw(st.sampled_from([*Suit, None]))
    context = TrumpContext(level, trump)
    deck = Counter(make_deck(decks))
    suits = sorted({context.suit_by_card[c] for c in deck})
    led = draw(st.sampled_from([TRUMP, TRUMP, *suits]))  # trumps hold the level cards
    suit_cards = sorted({c for c in deck if context.suit_by_card[c] == led}, key=context.position)
    by_position: dict[int, list[Card]] = {}
    for c in suit_cards:
        by_position.setdefault(context.position(c), []).append(c)
    positions = sorted(by_position)
    lead: list[Card] = []
    for _ in range(draw(st.integers(1, 2))):  # one or two runs of pairs (a pair, a tractor)
        length = draw(st.integers(1, min(3, len(positions))))
        start = draw(st.integers(0, len(positions) - length))
        for pos in positions[start : start + length]:
            lead += [draw(st.sampled_from(by_position[pos]))] * min(2, decks)
    lead += draw(st.lists(st.sampled_from(suit_cards), max_size=2))
    assume(not Counter(lead) - deck)
    left = deck - Counter(lead)
    hand: list[Card] = []
    chosen = draw(st.lists(st.sampled_from(suit_cards), min_size=2, max_size=8, unique=True))
    if draw(st.booleans()):  # the level cards: several distinct cards at one position
        chosen += [c for c in suit_cards if c.rank == level and c not in chosen]
    for c in chosen:
        hand += [c] * min(left[c], draw(st.sampled_from([1, 2, 2, 2, decks])))  # mostly pairs
    others = sorted(c for c in left if context.suit_by_card[c] != led)
    hand += draw(st.lists(st.sampled_from(others), max_size=len(lead) + 2)) if others else []
    hand = [c for c, k in Counter(hand).items() for _ in range(min(k, left[c]))]
    assume(len(hand) >= len(lead))
    in_suit = draw(st.permutations([c for c in hand if context.suit_by_card[c] == led]))
    rest = draw(st.permutations([c for c in hand if context.suit_by_card[c] != led]))
    n = len(lead) + draw(st.sampled_from([0, 0, 0, 0, 0, -1, 1]))
    play = (list(in_suit) + list(rest))[: max(0, n)]
    return lead, hand, play, context


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=follows())
@example(case=tuple(cards(" ".join(REFEREE_CASE[k])) for k in ("lead", "hand", "play")) + (ctx("10", "S"),))
def test_every_refusal_names_only_held_cards(case):
    lead, hand, play, context = case
    refusal = check_follow(lead, hand, play, context)
    if refusal is None:
        return
    named: list[Card] = list(refusal.params.get("cards", []))
    assert not Counter(named) - Counter(hand), f"{refusal.english()} from {hand}"
    english = refusal.english()
    assert " 1 cards" not in english
    if len(lead) > 2:
        assert "a pair was led" not in english
