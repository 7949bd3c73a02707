"""Faster hands: drag across cards, double-click (or single-click) to play, a click raises
the pair or tractor the lead asks for, keyboard play, confirm before playing."""

from collections import Counter

import pygame

from game.core import TrumpContext
from game.core.cards import Card, Rank, Suit, cards
from game.table import WaitKind
from game.table.follow import follow_group
from game.ui.kit.hand_view import DOUBLE_CLICK, HandView
from game.ui.kit.layout import TableLayout
from tests.ui.test_practice_ui import hint, hint_action, until_wait
from tests.ui_helpers import click, key, make_app, start_match


def fanned(codes: str) -> HandView:
    pygame.display.init()
    view = HandView()
    view.layout = TableLayout(1280, 800)
    view.sync(cards(codes), (0, 0))
    view.settle()
    view.interactive = True
    return view


def press(view, i, button=1):
    r = view.rect_of(i)
    pos = (r.x + 3, r.y + r.h // 2)
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    return pos


def release(view, pos):
    view.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def move(view, i, held=True):
    r = view.rect_of(i)
    pos = (r.x + 3, r.y + r.h // 2)
    view.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0)))
    return pos


def raised(view):
    return [i for i, e in enumerate(view.entries) if e.selected]


def test_dragging_across_cards_raises_them_and_back_over_them_restores():
    view = fanned("3S 4S 5S 6S 7S 8S 9S")
    view.entries[5].selected = True
    press(view, 1)
    move(view, 2)
    move(view, 4)
    assert raised(view) == [1, 2, 3, 4, 5]
    move(view, 2)  # back: cards no longer passed return to how they were
    assert raised(view) == [1, 2, 5]
    pos = move(view, 3)
    release(view, pos)
    move(view, 6)  # the button is up: no more dragging
    assert raised(view) == [1, 2, 3, 5]
    # A drag that starts on a raised card lowers what it crosses.
    press(view, 3)
    move(view, 1)
    assert raised(view) == [5]


def test_double_click_plays_and_a_slow_second_click_only_lowers():
    view = fanned("3S 4S 5S")
    played = []
    view.on_play, view.can_play = lambda: played.append(list(view.selected)), lambda: True
    press(view, 1)
    view.update(DOUBLE_CLICK / 2)
    press(view, 1)
    assert played == [[cards("4S")[0]]] and raised(view) == [1]
    view.clear_selection()
    press(view, 2)
    view.update(DOUBLE_CLICK * 2)
    press(view, 2)
    assert raised(view) == [] and len(played) == 1
    # Two quick clicks on two different cards are two raises.
    press(view, 0)
    press(view, 1)
    assert raised(view) == [0, 1] and len(played) == 1


def test_single_click_setting_plays_a_raised_card_when_the_play_is_legal():
    view = fanned("3S 4S 5S")
    view.play_click = "single"
    played = []
    legal = [False]
    view.on_play, view.can_play = lambda: played.append(1), lambda: legal[0]
    press(view, 0)
    view.update(1.0)
    press(view, 0)  # not playable: the click lowers it, as before
    assert raised(view) == [] and not played
    press(view, 0)
    view.update(1.0)
    legal[0] = True
    press(view, 0)
    assert played == [1] and raised(view) == [0]


def test_keyboard_moves_raises_and_lowers():
    view = fanned("3S 4S 5S 6S")
    for k in (
        pygame.K_RIGHT,
        pygame.K_RIGHT,
        pygame.K_SPACE,
        pygame.K_END,
        pygame.K_UP,
        pygame.K_LEFT,
        pygame.K_UP,
        pygame.K_DOWN,
        pygame.K_HOME,
        pygame.K_SPACE,
    ):
        view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    assert raised(view) == [0, 1, 3]
    view.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="", scancode=0))
    assert raised(view) == []


def test_a_click_raises_the_group_the_view_is_given():
    view = fanned("3S 4S 4S 5S")
    view.group_for = lambda i: [i, i + 1] if i == 1 else [i]
    press(view, 1)
    assert raised(view) == [1, 2]
    view.update(1.0)
    press(view, 2)  # lowering lowers one card
    assert raised(view) == [1]


def test_follow_group_finds_the_pair_and_the_tractor_the_lead_asks_for():
    ctx = TrumpContext(Rank.TWO, Suit.SPADES)
    hand = cards("5H 5H 6H 6H 7H 7H 9H KC KC")
    six, nine = Card.parse("6H"), Card.parse("9H")
    assert Counter(follow_group(hand, six, cards("QH QH"), ctx)) == Counter(cards("6H 6H"))
    assert Counter(follow_group(hand, six, cards("QH QH JH JH"), ctx)) == Counter(cards("6H 6H 7H 7H"))
    assert Counter(follow_group(hand, Card.parse("7H"), cards("QH QH JH JH"), ctx)) == Counter(cards("6H 6H 7H 7H"))
    assert follow_group(hand, nine, cards("QH QH"), ctx) == [nine]  # no pair of it
    assert follow_group(hand, six, cards("QH"), ctx) == [six]  # a single was led
    # The rest of the lead is already chosen: one card more is all there is room for.
    assert follow_group(hand, six, cards("QH QH"), ctx, raised=cards("9H")) == [six]
    # Void in the suit led: a pair of trumps (or any suit) is raised as a pair.
    assert Counter(follow_group(hand, Card.parse("KC"), cards("QD QD"), ctx)) == Counter(cards("KC KC"))


def _play_wait(app, table, want_pair: bool, tries: int = 80):
    """Step to the person's turn; with ``want_pair``, to a follow of a led pair he can match."""
    for _ in range(tries):
        until_wait(app, table)
        trick = table.driver.hand.current_trick
        if not want_pair:
            return None
        if trick is not None and trick.plays and len(trick.lead) == 2 and trick.lead[0] == trick.lead[1]:
            ctx = table.driver.hand.ctx
            suit = ctx.suit_of(trick.lead[0])
            mine = Counter(c for c in table.driver.hand.hands[0] if ctx.suit_of(c) == suit)
            pair = [c for c, n in mine.items() if n >= 2]
            if pair:
                return pair[0]
        table.driver.submit(hint_action(table.driver.hand, 0, hint))
    raise AssertionError("no pair to follow came up")


def test_following_a_pair_a_click_raises_the_pair_at_the_table(tmp_path):
    app = make_app(tmp_path, speed=8.0)
    start_match(app, "hebi-2010", 11, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    card = _play_wait(app, table, want_pair=True)
    view = table.hand_view
    i = next(i for i, e in enumerate(view.entries) if e.card == card)
    r = view.rect_of(i)
    click(app, (r.x + 3, r.y + r.h // 2))
    assert Counter(view.selected) == Counter([card, card])
    app.step(1 / 30)
    assert table.controls[-1].enabled  # the pair is a legal follow


def test_double_click_and_enter_play_and_confirm_asks_first(tmp_path):
    app = make_app(tmp_path, speed=8.0)
    app.settings.confirm_play = True
    start_match(app, "hebi-2010", 3, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    assert until_wait(app, table).kind == WaitKind.PLAY
    action = hint_action(table.driver.hand, 0, hint)
    table.hand_view.select_cards(action.cards)
    app.step(1 / 30)
    log = len(table.driver.hand.log)
    key(app, pygame.K_RETURN)  # asks first
    app.step(1 / 30)
    assert len(table.driver.hand.log) == log and table.person.confirming is not None
    assert table.prompt()[0].startswith("Play")
    key(app, pygame.K_RETURN)  # confirmed
    assert len(table.driver.hand.log) == log + 1
    # Without confirming: a double-click on a card plays at once (a lead of one card is legal).
    app.settings.confirm_play = False
    for _ in range(40):
        until_wait(app, table)
        if table.driver.hand.current_trick is None or not table.driver.hand.current_trick.plays:
            break
        table.driver.submit(hint_action(table.driver.hand, 0, hint))
    app.step(1 / 30)
    view = table.hand_view
    view.clear_selection()
    log = len(table.driver.hand.log)
    r = view.rect_of(len(view.entries) - 1)
    pos = (r.x + 3, r.y + r.h // 2)
    click(app, pos)
    click(app, pos)
    assert len(table.driver.hand.log) == log + 1


def test_no_double_click_spans_a_change_of_hand():
    """Hot-seat: the next person's first click must not finish the last person's double-click."""
    view = fanned("3S 4S 5S")
    played = []
    view.on_play, view.can_play = lambda: played.append(1), lambda: True
    press(view, 1)
    view.sync(cards("6H 7H 8H"), (0, 0))
    view.settle()
    press(view, 1)
    assert not played and raised(view) == [1]
