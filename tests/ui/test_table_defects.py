"""Issue 13, the defects play-testing found at the table: each test failed before its fix."""

import pytest

from bots.hint import hint
from game.core import DEALING, DECLARE, Action, get_ruleset
from game.i18n import set_language
from game.table import WaitKind, hint_action
from game.ui.table.table_scene import TableScene
from tests.ui_helpers import click, make_app, pick, run, start_match


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def _deal_to(app, table, cards):
    for _ in range(6000):
        hand = table.driver.hand
        if hand.phase == DEALING and hand.dealt > cards:
            return
        app.step(1 / 30)
    raise AssertionError("the deal did not get there")


def _refused_declaration(app, table):
    """Raise cards that cannot declare and press Declare these: the refusal is shown."""
    hand = table.driver.hand
    held = table.driver.observation(0).hand
    for i in range(len(held)):
        for j in range(i + 1, len(held)):
            pair = (held[i], held[j])
            if hand.check(Action(DECLARE, 0, pair)) is not None:
                table.hand_view.clear_selection()
                for card in pair:
                    assert pick(app, table, card)
                table.person.declare_selected()
                assert table.error and table.prompt()[0] == table.error
                return
    raise AssertionError("no refusable pair")


def test_a_refusal_is_cleared_when_its_moment_is_over(tmp_path):
    """Defect 3: the refusal stayed up after a valid declaration and through the bury."""
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    _deal_to(app, table, 20)
    _refused_declaration(app, table)
    shown = len(table.driver.hand.bidding.shown)
    app.step(1 / 30)
    if len(table.driver.hand.bidding.shown) == shown and table.driver.hand.phase == DEALING:
        assert table.error, "more cards dealt do not end the refusal's moment"
    # A valid declaration (anyone's) ends it.
    for _ in range(20000):
        hand = table.driver.hand
        if len(hand.bidding.shown) > shown or not hand.phase.declaring:
            break
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(0)
        app.step(1 / 30)
    assert table.error == "" and table.prompt()[0] != "The big joker"
    # And so does the bury, and a play.
    for _ in range(20000):
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY:
            break
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(0)
        elif wait is not None and wait.kind == WaitKind.BURY:
            table.driver.submit(hint_action(table.driver.hand, 0, hint))
        app.step(1 / 30)
    table.error = "refused"
    assert table.error == "refused"
    table.driver.submit(hint_action(table.driver.hand, 0, hint))
    assert table.error == ""


def _play_to_hand_end(app, limit=60000):
    for _ in range(limit):
        if type(app.top).__name__ == "ModeHandEndScene":
            return app.top
        table = app.stack[0]
        if isinstance(app.top, TableScene):
            wait = None if table.busy else table.driver.waiting()
            if wait is not None and wait.kind == WaitKind.DECLARE:
                table.driver.pass_declaration(wait.seat)
            elif wait is not None and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
                table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        app.step(1 / 30)
    raise AssertionError("the hand did not end")


def test_continue_after_a_replayed_deal_goes_back_into_the_match(tmp_path):
    """Defect 7: Continue on a replayed deal's end panel went to the start screen."""
    app = make_app(tmp_path, size=(1024, 640), speed=20.0)
    start_match(app, "logistics-2015", 9, 0, ["normal"] * 4, "practice", 60)
    seed = app.top.driver.match.seed
    end = _play_to_hand_end(app)
    click(app, end.again.rect.center)
    click(app, app.top.seats[0].rect.center)
    assert app.stack[0].driver.settings.deal_only
    end = _play_to_hand_end(app)
    click(app, end.button.rect.center)
    table = app.top
    assert isinstance(table, TableScene), type(table).__name__
    assert not table.driver.settings.deal_only and table.driver.match.seed == seed


def _until_play(app, table, limit=40000):
    for _ in range(limit):
        wait = None if table.busy else table.driver.waiting()
        if wait is not None and wait.kind == WaitKind.PLAY:
            return
        if wait is not None and wait.kind == WaitKind.DECLARE:
            table.driver.pass_declaration(wait.seat)
        elif wait is not None and wait.kind == WaitKind.BURY:
            table.driver.submit(hint_action(table.driver.hand, wait.seat, hint))
        app.step(1 / 30)
    raise AssertionError("no play came")


def test_the_tournament_clock_goes_on_from_where_it_stood_when_the_match_was_left(tmp_path):
    """Defect 8: 23 s left, leave, Continue: the clock showed 28 s again."""
    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 8, 0, ["normal"] * 4, "tournament", 10)
    table = app.top
    _until_play(app, table)
    run(app, 7.0)
    left = table.driver.clock.seconds_left
    assert 20 <= left <= 24
    app.nav.leave(table)
    app.nav.continue_match()
    again = app.top
    assert isinstance(again, TableScene) and again is not table
    run(app, 0.2)
    assert again.driver.clock.running and again.driver.clock.seconds_left <= left


def _person_leads_after_a_trick(tmp_path, speed, linger=0):
    """A table where the person at the bottom is to lead after a finished trick."""
    for seed in range(1, 12):
        app = make_app(tmp_path / str(seed), size=(1024, 640), speed=speed)
        app.settings.trick_linger = linger
        start_match(app, "logistics-2015", seed, 0, ["normal"] * 4, "practice", 60)
        table = app.top
        for _ in range(30):
            _until_play(app, table)
            hand = table.driver.hand
            if hand.current_trick is None and hand.tricks:
                return app, table
            table.driver.submit(hint_action(hand, 0, hint))
            if len(hand.tricks) >= 10:
                break
    raise AssertionError("the person never led after a trick")


def test_a_finished_trick_stays_on_the_table_until_the_next_lead(tmp_path):
    """Defect 6: the finished trick vanished in about a second."""
    app, table = _person_leads_after_a_trick(tmp_path, 8.0)
    run(app, 5.0)  # long after the old sweep
    assert table.anim.lingering is not None and table.anim.winning_pile is not None
    assert sum(len(p) for p in table.anim.piles) >= 4, "the finished trick is still on the felt"
    table.driver.submit(hint_action(table.driver.hand, 0, hint))
    app.step(1 / 30)
    assert table.anim.lingering is None and table.anim.winning_pile is None


def test_the_trick_linger_setting_takes_the_trick_away_after_its_seconds(tmp_path):
    app, table = _person_leads_after_a_trick(tmp_path, 1.0, linger=2)
    run(app, 3.5)
    assert table.anim.lingering is None and not any(table.anim.piles)


def test_points_are_announced_only_for_the_defenders_tricks(tmp_path):
    """Defect 10: "+65 points" was announced for a trick the dealers won."""
    from game.core import TrickView

    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    _until_play(app, table)
    dealer = table.anim.dealer
    for winner, announced in ((dealer, False), ((dealer + 1) % 4, True)):
        trick = TrickView(winner, (), winner, 65, (), 0)
        table.anim._sweep(table.pos(winner), trick, table.anim.obs.scored(trick))  # as the engine decides it
        assert ("+65" in table.anim.banner[0]) is announced, table.anim.banner[0]


def test_a_failed_throw_says_who_stopped_it_and_with_what():
    """Defect 6: a failed throw did not say which seat blocked it."""
    from game.core import Card, Match, TrumpContext, get_ruleset
    from game.table.throws import throw_blocker

    match = Match(get_ruleset("hebi-2010"), 3, 10)
    hand = match.hand
    hand.ctx = TrumpContext(Card.parse("2S").rank, None)  # no-trump at level 2
    hand.hands = [[] for _ in range(4)]
    hand.hands[2] = [Card.parse(c) for c in ("3H", "KH", "QH", "QH")]
    hand.hands[3] = [Card.parse(c) for c in ("AH", "5D")]
    # Leader 0 was cut down to ♥J: East (1) has no hearts, North (2) holds ♥K... and ♥Q.
    assert throw_blocker(hand, 0, (Card.parse("JH"),)) == (2, (Card.parse("QH"),))
    # A pair of ♥J: North's pair of ♥Q beats it.
    assert throw_blocker(hand, 0, (Card.parse("JH"),) * 2) == (2, (Card.parse("QH"),) * 2)
    # A pair of ♥K: nobody holds a higher pair.
    assert throw_blocker(hand, 0, (Card.parse("KH"),) * 2) is None
    from game.i18n import tr

    assert "{player}" in tr("trick_table.blocked_by")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_names_field_says_when_it_cuts_a_name(tmp_path, lang):
    """Defect 10: "Bob the Very Long" became "Bob the Very" without a word."""
    import pygame

    from game.ui.menus.names_scene import MAX_NAME, NamesScene

    app = make_app(tmp_path, lang=lang)
    app.nav.edit_names()
    scene = app.top
    assert isinstance(scene, NamesScene)
    field = scene.fields[0][1]
    field.focus(True)
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text="Bob the Very Long")])
    assert scene.seats[0] == "Bob the Very Long"[:MAX_NAME]
    assert str(MAX_NAME) in scene.note


@pytest.mark.parametrize(
    "ruleset_id, mode, offered",
    [
        ("hebi-2010", "tournament", False),
        ("logistics-2015", "tournament", False),
        ("lanzhou-2010", "tournament", True),
        ("hebi-2010", "practice", True),
    ],
)
def test_last_trick_and_hand_so_far_follow_the_ruleset_in_tournaments(tmp_path, ruleset_id, mode, offered):
    """RULES.md §10: hebi-2010 and logistics-2015 forbid reviewing played cards in a tournament."""
    from game.i18n import tr

    app = make_app(tmp_path, size=(1024, 640), speed=8.0)
    start_match(app, ruleset_id, 3, 0, ["normal"] * 4, mode, get_ruleset(ruleset_id).match_options[0])
    table = app.top
    labels = {b.text for b in table.tools}
    assert (tr("button.last_trick") in labels) is offered
    assert (tr("practice.hand_so_far") in labels) is offered


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_dealer_drawn_by_lot_is_shown_on_the_table(tmp_path, lang):
    from game.i18n import tr
    from game.ui.kit.names import seat_name

    app = make_app(tmp_path, lang=lang, size=(1024, 640), speed=8.0)
    start_match(app, "lanzhou-2010", 4, 0, ["normal"] * 4, "tournament", 60)
    table = app.top
    table.driver.add_time(60 * 60)
    run(app, 0.5)
    lot = table.driver.match.lot_dealer
    assert lot is not None
    text = tr("tie_lot.header", player=seat_name(lot, 0))
    assert text in table.bar_parts()
    assert table.anim.banner is not None and seat_name(lot, 0) in table.anim.banner[0]


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_bottom_seats_declaration_is_not_hidden_by_the_tools(tmp_path, size, lang):
    """Defect 5: the bottom seat's declared cards lay under "Replay this deal"."""
    app = make_app(tmp_path, lang=lang, size=size, speed=8.0)
    start_match(app, "hebi-2010", 5, 0, ["normal"] * 4, "practice", 10)
    table = app.top
    app.step(1 / 30)
    assert table.tools
    for n in (1, 2, 3):  # a declaration of one, two or three cards
        box = table.view.declaration_rect(0, n)
        for button in table.tools:
            assert not box.colliderect(button.rect), (n, button.text)
        assert not box.colliderect(table.lay.plate_rect(0))


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080)])
@pytest.mark.parametrize("n", [25, 39, 45])
def test_a_three_deck_hand_keeps_every_index_readable_with_gaps_between_suits(size, n):
    """Defect 9: 35–39 cards at about 30 px each, the "10" index touching the next card."""
    from game.core import Card, TrumpContext, make_deck
    from game.core.cards import Rank, Suit
    from game.ui.kit.cardview import card_width
    from game.ui.kit.hand_view import Entry, HandView
    from game.ui.kit.layout import TableLayout

    lay = TableLayout(*size)
    ctx = TrumpContext(Rank.TWO, Suit.HEARTS)
    deck = list(make_deck(3))
    cards = ctx.sort_hand(deck[::3][:n])
    view = HandView()
    view.layout = lay
    view.group_of = ctx.suit_of
    view.entries = [Entry(c, 0, 0) for c in cards]
    view.settle()
    w = card_width(view.card_h)
    index = lay.INDEX_SHOWN * w - 1  # the visible strip of each card that is covered by the next
    breaks = view.breaks()
    assert len(breaks) == len({ctx.suit_of(c) for c in cards}) - 1 >= 2
    xs = [e.x for e in view.entries]
    for i in range(1, n):
        step = xs[i] - xs[i - 1]
        assert step >= index, (i, step, index)
        if i in breaks:
            assert step > min(xs[j] - xs[j - 1] for j in range(1, n) if j not in breaks), "a gap between suits"
    assert xs[0] >= 0 and xs[-1] + w <= size[0]
    assert view.card_h >= lay.card_h * 0.6
    assert isinstance(cards[0], Card)
