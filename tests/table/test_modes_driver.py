"""The play modes without a screen: declaring rounds, undo, clocks, hints, the card counter,
and a refused declaration naming its rule (RULES.md §8)."""

from collections import Counter

import pytest

from bots.hint import hint
from game.core import (
    BURY,
    DEAL,
    DEALING,
    DECLARE,
    PLAY,
    PLAYING,
    SETTLED,
    Action,
    Bidding,
    Card,
    Hand,
    HandSetup,
    Match,
    Rank,
    get_ruleset,
    make_deck,
    observe,
    parse_cards,
)
from game.table import (
    PRACTICE,
    TOURNAMENT,
    TableDriver,
    TableSettings,
    TurnClock,
    WaitKind,
    aids_for,
    cards_out,
    clock_seconds,
    hint_action,
    make_controllers,
    points_out,
)
from game.table.driver import hotseat_checkpoints
from tests.standin_bots import standin_factory

RULESETS = ["hebi-2010", "lanzhou-2010", "logistics-2015"]


def driver_for(ruleset_id, seed, humans, mode=PRACTICE, factory=standin_factory, length=3):
    match = Match(get_ruleset(ruleset_id), seed, length)
    controllers = make_controllers(humans, ["normal"] * 4, match.ruleset, seed, factory, threaded=False)
    return TableDriver(match, controllers, TableSettings(mode=mode), hint=hint)


def answer(driver, wait, declare_every=3, asked=None):
    """A person's answer: declare every few asks, else pass; bury and play the hint's move."""
    if wait.kind == WaitKind.DECLARE:
        if asked is not None:
            asked.append((driver.hand.dealt, driver.hand.phase, wait.seat, wait.options))
        if asked is not None and len(asked) % declare_every == 0 and wait.options:
            assert driver.declare(wait.seat, wait.options[0]) is None
        else:
            driver.pass_declaration(wait.seat)
    elif wait.kind in (WaitKind.BURY, WaitKind.PLAY):
        assert driver.submit(hint_action(driver.hand, wait.seat, hint)) is None
    elif wait.kind == WaitKind.CONTINUE:
        driver.next_hand()


def play_hand(driver, asked=None, declare_every=3):
    start = driver.match.hands_played
    for _ in range(5000):
        driver.run_until_wait()
        if driver.match.over or driver.match.hands_played > start:
            return
        wait = driver.waiting()
        assert wait is not None, "the driver stopped without waiting for anyone"
        answer(driver, wait, declare_every, asked)
    raise AssertionError("the hand did not end")


# ---------------------------------------------------------------------------- declaring


@pytest.mark.parametrize("ruleset_id", RULESETS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_hotseat_calls_every_person_at_the_same_fixed_points_whatever_his_cards(ruleset_id, seed):
    """Issue 13, defect 2: whether and when a person is called must not tell the others
    anything about his cards. Every person is called at every stop of the deal, in deal order
    from the seat that has just received the card, whether he may declare or not."""
    driver = driver_for(ruleset_id, seed, [0, 2, 3])
    for _ in range(2):
        asked = []
        fd = driver.hand.setup.first_drawer
        to_deal = driver.hand.to_deal
        stops = hotseat_checkpoints(to_deal)
        play_hand(driver, asked)
        during = [a for a in asked if a[1] == DEALING and a[0] < to_deal]
        by_card = {}
        deal, last = 0, 0
        for dealt, _, seat, _ in during:
            deal += dealt < last  # a new deal (no declaration: dealt again)
            last = dealt
            by_card.setdefault((deal, dealt), []).append(seat)
        assert {d for _, d in by_card} == stops, "called only at the fixed stops, and at every one"
        assert len(by_card) == len(stops) * (deal + 1)
        for (_, dealt), seats in by_card.items():
            receiver = (fd + dealt - 1) % 4
            assert seats == sorted([0, 2, 3], key=lambda s: (s - receiver) % 4), (dealt, seats)
        # Some of those calls offered nothing: a call says nothing about the cards.
        assert any(not options for *_, options in during)
        # And at the end of the deal too, every person.
        end = [a[2] for a in asked if a[1] == DEALING and a[0] == to_deal]
        assert sorted(end) == sorted([0, 2, 3] * (deal + 1))


class AlwaysDeclares:
    """A bot that shows its first option at once; plays like the stand-in."""

    def __init__(self, level, seat, rng, ruleset, think_ms=0):
        from tests.standin_bots import StandInBot

        self.inner = StandInBot(level, seat, rng, ruleset)

    def declare(self, obs, options):
        return options[0]

    def bury(self, obs):
        return self.inner.bury(obs)

    def play(self, obs):
        return self.inner.play(obs)


def rigged(humans, placed):
    """A hebi-2010 first hand whose deal puts ``placed`` ({(seat, k): card}) as the seat's
    k-th card, every other early card plain (no 2s, no jokers)."""
    match = Match(get_ruleset("hebi-2010"), 1, 1)
    hand = match.hand
    fd = hand.setup.first_drawer
    deck = list(make_deck(2))
    order = [None] * len(deck)
    for (seat, k), code in placed.items():
        card = Card.parse(code)
        deck.remove(card)
        order[(seat - fd) % 4 + 4 * k] = card
    plain = [c for c in deck if not c.is_joker and c.rank != Rank.TWO]
    special = [c for c in deck if c.is_joker or c.rank == Rank.TWO]
    rest = iter(plain + special)
    hand.deck = [c if c is not None else next(rest) for c in order]
    hand.dealt_kitty = tuple(hand.deck[hand.to_deal :])
    hand.kitty = list(hand.dealt_kitty)
    controllers = make_controllers(humans, ["normal"] * 4, match.ruleset, 1, AlwaysDeclares, threaded=False)
    return TableDriver(match, controllers, TableSettings(mode=PRACTICE), hint=hint), fd


def test_at_a_hotseat_table_a_bot_declares_only_at_the_fixed_points_too():
    """A bot completes 2♥ + big joker early; it may show it only at the first stop, like
    the people, so a computer seat gains no priority from being asked after every card; the
    person then decides, privately, about overturning with his pair of 2♣ (RULES.md §8)."""
    driver, fd = rigged([1, 3], {(0, 0): "2H", (0, 2): "BJ", (1, 0): "2C", (1, 1): "2C"})
    first_stop = min(hotseat_checkpoints(driver.hand.to_deal))
    hand = driver.hand
    seen = []
    for _ in range(8):
        driver.run_until_wait()
        wait = driver.waiting()
        assert wait is not None and wait.kind == WaitKind.DECLARE and hand.dealt in hotseat_checkpoints(hand.to_deal)
        seen.append((hand.dealt, wait.seat))
        if wait.seat == 1 and hand.bidding.shown:
            break
        driver.pass_declaration(wait.seat)
    first = next(i for i, a in enumerate(hand.log) if a.kind == DECLARE)
    shown_at = sum(a.kind == DEAL for a in hand.log[:first])
    assert shown_at == first_stop, "the bot shows at the first stop, not when its joker arrives"
    assert [d.seat for d in hand.bidding.shown] == [0]
    assert [sorted(map(str, o)) for o in wait.options] == [["2C", "2C"]]
    receiver = (fd + first_stop - 1) % 4
    assert seen[0] == (first_stop, min((1, 3), key=lambda s: (s - receiver) % 4))


def test_at_a_hotseat_table_the_person_declares_at_the_stop_and_the_others_answer_after_him():
    """The person holds 2♥ + big joker at the first stop: he is called in deal order and
    declares; the bot holding a pair answers after him in the same round, before the next card."""
    driver, fd = rigged([1, 3], {(1, 0): "2H", (1, 2): "BJ", (2, 0): "2C", (2, 1): "2C"})
    first_stop = min(hotseat_checkpoints(driver.hand.to_deal))
    receiver = (fd + first_stop - 1) % 4
    hand = driver.hand
    for _ in range(4):
        driver.run_until_wait()
        wait = driver.waiting()
        assert wait.kind == WaitKind.DECLARE and hand.dealt == first_stop
        if wait.seat == 1:
            break
        driver.pass_declaration(wait.seat)
    assert wait.seat == 1 and wait.options
    assert driver.declare(1, wait.options[0]) is None
    driver.run_until_wait()
    shown = [d.seat for d in hand.bidding.shown]
    assert shown[0] == 1
    if (2 - receiver) % 4 > (1 - receiver) % 4:  # the bot comes after the person in this round
        assert shown == [1, 2] and hand.dealt == first_stop


def test_one_person_keeps_the_buttons_during_the_deal_and_gets_a_last_chance():
    driver = driver_for("hebi-2010", 4, [0])
    for _ in range(3000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait is None:
            continue
        if driver.hand.phase == DEALING:
            assert driver.hand.dealt == driver.hand.to_deal, "one person is never paused mid-deal"
            assert wait.kind == WaitKind.DECLARE and wait.seat == 0
        break


# ---------------------------------------------------------------------------- undo


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_undo_restores_the_exact_previous_state(ruleset_id):
    driver = driver_for(ruleset_id, 5, [0])
    checked = 0
    for _ in range(5000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait is None or wait.kind == WaitKind.CONTINUE or driver.match.over:
            break
        if wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            before = driver.hand.digest()
            log = list(driver.hand.log)
            answer(driver, wait)
            driver.run_until_wait()  # the bots reply
            if driver.hand.phase == SETTLED:
                break
            assert driver.undo_point(0) == len(log)
            assert driver.undo(0)
            assert driver.hand.digest() == before
            assert driver.hand.log == log
            checked += 1
            answer(driver, driver.waiting())  # and play on
        else:
            answer(driver, wait)
    assert checked >= 5


def test_undo_is_refused_in_tournament_and_across_another_person():
    driver = driver_for("logistics-2015", 5, [0], mode=TOURNAMENT)
    play_until = lambda: [driver.run_until_wait(), driver.waiting()][1]  # noqa: E731
    for _ in range(200):
        wait = play_until()
        if driver.hand.phase == PLAYING and driver.hand.undo_point(0) is not None:
            break
        answer(driver, wait)
    assert driver.hand.undo_point(0) is not None and driver.undo_point(0) is None
    assert not driver.undo(0)
    # Hot-seat: never take back another person's move.
    driver = driver_for("logistics-2015", 5, [0, 1])
    for _ in range(400):
        wait = play_until()
        if wait.kind == WaitKind.PLAY and wait.seat == 0:
            log = driver.hand.log
            mine = driver.hand.undo_point(0)
            if mine is not None and any(a.seat == 1 and a.kind == PLAY for a in log[mine:]):
                assert driver.undo_point(0) is None
                return
        answer(driver, wait)
    pytest.fail("no position where seat 1 played after seat 0")


# ---------------------------------------------------------------------------- clocks, hints


def test_turn_clock_counts_down_once_per_decision():
    clock = TurnClock().start("a", 30)
    assert clock.seconds_left == 30 and clock.running
    clock, expired = clock.tick(29.5)
    assert not expired and clock.seconds_left == 1
    clock = clock.start("a", 30)  # the same decision: the clock is not restarted
    assert clock.seconds_left == 1
    clock, expired = clock.tick(0.6)
    assert expired and clock.expired and not clock.running
    clock, expired = clock.tick(1.0)
    assert not expired  # expires once
    clock = clock.start("b", 60)
    assert clock.seconds_left == 60
    assert not TurnClock().start("c", 5).stop().running


def test_clock_seconds_follow_the_ruleset():
    hebi, lanzhou, logistics = (get_ruleset(r) for r in RULESETS)
    assert (clock_seconds(hebi, BURY), clock_seconds(hebi, PLAY)) == (60, 30)
    assert (clock_seconds(lanzhou, BURY), clock_seconds(lanzhou, PLAY)) == (40, 30)
    assert (clock_seconds(logistics, BURY), clock_seconds(logistics, PLAY)) == (0, 0)
    assert aids_for(TOURNAMENT).clocks and not aids_for(TOURNAMENT).hint
    assert not aids_for(TOURNAMENT).undo and not aids_for(TOURNAMENT).counter
    assert aids_for(PRACTICE).hint and aids_for(PRACTICE).undo and not aids_for(PRACTICE).clocks


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_timeout_plays_the_hints_move(ruleset_id):
    driver = driver_for(ruleset_id, 6, [0], mode=TOURNAMENT)
    done = set()
    for _ in range(3000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait is None or wait.kind == WaitKind.CONTINUE:
            break
        if wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            expected = hint(driver.hand, 0)[0]
            action = driver.play_for(0)
            assert action is not None and sorted(action.cards) == sorted(expected)
            logged = driver.hand.log[-1] if wait.kind == WaitKind.BURY else None
            if logged is not None:
                assert logged.kind == BURY and sorted(logged.cards) == sorted(expected)
            done.add(wait.kind)
        else:
            answer(driver, wait)
    assert "play" in done


def test_the_hint_is_the_normal_bots_move_with_a_reason_and_is_repeatable():
    driver = driver_for("hebi-2010", 7, [0])
    for _ in range(3000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait.kind == WaitKind.PLAY:
            break
        answer(driver, wait)
    cards, reason = hint(driver.hand, 0)
    again, reason2 = hint(driver.hand, 0)
    assert cards == again and reason.code == reason2.code
    assert driver.hand.check(Action(PLAY, 0, tuple(cards))) is None
    from game.i18n import table

    assert "hint." + reason.code in table("en") and "hint." + reason.code in table("zh")


def test_every_bot_reason_has_a_hint_string_in_both_languages():
    from bots.base import ENGLISH
    from game.i18n import table

    for lang in ("en", "zh"):
        missing = [code for code in ENGLISH if "hint." + code not in table(lang)]
        assert missing == []


# ---------------------------------------------------------------------------- the card counter


def test_the_card_counter_counts_what_the_seat_has_not_seen():
    driver = driver_for("hebi-2010", 9, [0])
    for _ in range(3000):
        driver.run_until_wait()
        wait = driver.waiting()
        if wait.kind == WaitKind.PLAY and len(driver.hand.tricks) >= 3:
            break
        answer(driver, wait)
    hand = driver.hand
    obs = observe(hand, 0)
    out = cards_out(obs)
    unseen = Counter()
    for seat in (1, 2, 3):
        unseen.update(hand.hands[seat])
    if hand.dealer != 0:
        unseen.update(hand.kitty)
    assert out == unseen
    not_played, mine = points_out(obs)
    held = sum(c.points for seat in range(4) for c in hand.hands[seat])
    assert not_played == held + sum(c.points for c in hand.kitty)
    assert mine == sum(c.points for c in hand.hands[0])


# ---------------------------------------------------------------------------- why not (§8)


def bidding(ruleset_id, first_hand=True, dealer=None, levels=(Rank.TWO, Rank.TWO)):
    return Bidding(get_ruleset(ruleset_id), first_hand, dealer, 0, levels)


@pytest.mark.parametrize(
    "ruleset_id, shown, seat, cards, code",
    [
        ("hebi-2010", [], 0, "2H", "declare.level_and_joker"),
        ("hebi-2010", [], 0, "2H 2H", "declare.level_and_joker"),
        ("hebi-2010", [], 0, "2H SJ", "declare.joker_colour"),
        ("hebi-2010", [(1, "2S SJ")], 1, "2H 2H", "declare.own"),
        ("hebi-2010", [(1, "2S SJ")], 2, "2S 2S", "declare.other_suit"),
        ("hebi-2010", [(1, "2S SJ")], 2, "3H 3H", "declare.overturn_pair"),
        ("hebi-2010", [(1, "2S SJ"), (2, "2H 2H")], 3, "2D 2D", "declare.once"),
        ("lanzhou-2010", [], 0, "3H", "declare.level_card"),
        ("lanzhou-2010", [], 0, "2H 2H 2H", "declare.level_card"),
        ("lanzhou-2010", [(1, "2S")], 1, "2H 2H", "declare.protect_only"),
        ("lanzhou-2010", [(1, "2S")], 2, "2S 2S", "declare.other_suit"),
        ("lanzhou-2010", [(1, "2S"), (1, "2S 2S")], 2, "2H 2H", "declare.closed"),
        ("logistics-2015", [(1, "2S")], 2, "2H", "declare.closed"),
    ],
)
def test_a_refused_declaration_names_its_rule(ruleset_id, shown, seat, cards, code):
    b = bidding(ruleset_id)
    for s, c in shown:
        b.apply(s, parse_cards(c.split()))
    refusal = b.check(seat, parse_cards(cards.split()))
    assert refusal is not None and refusal.code == code
    assert refusal.section == "§8"
    from game.i18n import table

    for lang in ("en", "zh"):
        assert "refusal." + code in table(lang)


def test_after_the_deal_only_defenders_may_declare():
    b = bidding("hebi-2010", first_hand=False, dealer=0, levels=(Rank.FIVE, Rank.NINE))
    b.end_deal()
    assert b.check(2, parse_cards(["5H", "BJ"]), after_deal=True).code == "declare.defenders_only"
    assert b.check(1, parse_cards(["9H", "BJ"]), after_deal=True) is None
    assert b.check(1, parse_cards(["9H"]), after_deal=True).code == "declare.level_and_joker"
    assert b.check(1, parse_cards(["9H", "BJ"])).code == "declare.closed"


def test_declaring_cards_not_held_is_refused_in_words():
    hand = Hand(get_ruleset("hebi-2010"), HandSetup(3, True, (Rank.TWO, Rank.TWO), None, 0))
    refusal = hand.check(Action(DECLARE, 0, (Card.parse("2H"), Card.parse("BJ"))))
    assert refusal.code == "declare.not_held"


def test_the_why_not_sentence_names_the_section_in_both_languages():
    from game.core import Refusal
    from game.i18n import set_language
    from game.ui.kit.names import refusal_words

    try:
        set_language("en")
        text = refusal_words(Refusal("follow.suit", {"suit": "H"}), section=True)
        assert text.endswith("(Rules §5 Following)") and "Hearts" in text
        set_language("zh")
        text = refusal_words(Refusal("declare.own"), section=True)
        assert text == "不能反自己亮的主。（规则 §8 亮主）"
    finally:
        set_language("en")


def test_the_deck_is_what_the_counter_starts_from():
    assert sum(Counter(make_deck(2)).values()) == 108


def test_the_table_and_records_need_no_pygame_and_no_bots():
    import subprocess
    import sys

    code = "import sys, game.table, game.app.records; sys.exit('pygame' in sys.modules or 'bots' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
