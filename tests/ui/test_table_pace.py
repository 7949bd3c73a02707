"""The table's pace at the default speed (issue 26 item 1), on a fake clock: a deal of a few
seconds, a bot's card about a second after the previous one, and a bot's search started
while the previous cards still fly."""

import pytest

from game.core import DEALING, PLAYING
from game.table import WaitKind, default_action
from tests.ui_helpers import make_app, start_match

FRAME = 1 / 60


def _deal_seconds(app, table) -> float:
    """Fake seconds from the table's first frame until the deal's last card has landed
    (the person passes every declaring stop at once)."""
    driver, seconds = table.driver, 0.0
    while not (driver.hand.phase != DEALING and table.anim.deck_left <= 0 and not table.anim.flights):
        wait = None if table.busy else driver.waiting()
        if wait is not None and wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(wait.seat)
        app.step(FRAME)
        seconds += FRAME
        assert seconds < 60, "the deal never ended"
    return seconds


@pytest.mark.parametrize(("ruleset_id", "limit"), [("hebi-2010", 4.0), ("lanzhou-2010", 5.0)])
def test_the_deal_at_the_default_speed_takes_a_few_seconds(tmp_path, ruleset_id, limit):
    app = make_app(tmp_path)
    assert app.speed == 1.0  # the default setting
    start_match(app, ruleset_id, 1, 0, ["human", "normal", "normal", "normal"])
    table = app.top
    assert _deal_seconds(app, table) <= limit


def test_the_person_may_still_declare_while_the_cards_fly(tmp_path):
    """The single person's declare buttons stay up during the fast deal, and a declaration
    made there is accepted."""
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 1, 0, ["human", "normal", "normal", "normal"])
    driver = app.top.driver
    declared = False
    for _ in range(600):
        app.step(FRAME)
        if driver.hand.phase != DEALING:
            break
        options = driver.declaration_options(0)
        if options and not declared:
            assert driver.declare(0, options[0]) is None
            declared = True
    assert declared


def _play_until_bots_answer(app, table, answers: int) -> list[tuple[float, bool]]:
    """Play on (the person plays the first legal card at once); for each bot's play, the fake
    time from the previous card landing to this one being shown, and whether the bot was
    asked before that previous card landed."""
    driver = table.driver
    clock = {"now": 0.0, "landed": None}
    asked: dict[tuple[int, int], float] = {}
    for seat, controller in enumerate(driver.controllers):
        if controller.human:
            continue

        def begin(kind, obs, seat=seat, original=controller.begin):
            asked[(seat, len(driver.hand.log))] = clock["now"]
            original(kind, obs)

        controller.begin = begin
    out = []
    shown = table.on_event

    def on_event(event, shown=shown):
        landed = clock["landed"]
        if type(event).__name__ == "Played" and not driver.controllers[event.seat].human and landed is not None:
            when = asked.get((event.seat, len(driver.hand.log) - 1), clock["now"])
            out.append((clock["now"] - landed, when < landed))
        shown(event)

    table.on_event = on_event
    flying = False
    while len(out) < answers:
        wait = None if table.busy else driver.waiting()
        if wait is not None and wait.seat == 0 and wait.kind in (WaitKind.BURY, WaitKind.PLAY):
            driver.submit(default_action(driver.hand, 0))
        elif wait is not None and wait.kind == WaitKind.DECLARE:
            driver.pass_declaration(wait.seat)
        app.step(FRAME)
        clock["now"] += FRAME
        still = any(getattr(f, "blocking", True) for f in table.anim.flights)
        if flying and not still and driver.hand.phase == PLAYING:
            clock["landed"] = clock["now"]
        flying = still
        assert clock["now"] < 300
    return out


def test_a_bots_card_comes_within_about_a_second_of_the_previous_landing(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 2, 0, ["human", "normal", "normal", "normal"])
    gaps = _play_until_bots_answer(app, app.top, 12)
    # The stand-ins answer at once: a short readable beat, never a long wait (a trick is
    # read for a second before the next lead).
    assert all(0 < gap <= 1.1 for gap, _ in gaps), gaps
    assert sorted(gap for gap, _ in gaps)[1] >= 0.1  # a beat, not a blink (but after a bury's flights)


def test_a_bots_search_starts_while_the_previous_card_still_flies(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "hebi-2010", 2, 0, ["human", "normal", "normal", "normal"])
    answers = _play_until_bots_answer(app, app.top, 12)
    early = [before for _, before in answers]
    # Every bot was asked as soon as its observation was known: before the previous card
    # (the person's, or the previous bot's) had landed; only the first play after the
    # bury may be asked later.
    assert sum(early) >= len(early) - 1, early
