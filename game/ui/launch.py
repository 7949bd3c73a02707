"""Starting, continuing and saving matches: the glue between screens, driver and disk.

A match's table settings travel with its save (``game.table.TableSettings``, under
``"table"``): the ruleset, the people's seats (``humans``; ``human`` is the first), the bots'
levels, the mode, the length and the names typed for seats and teams. Outside programs (``--seat``) are never
started from a save: a saved ``external:`` seat plays ``normal`` unless the same ``--seat``
is given again on the command line.
"""
from __future__ import annotations

import random

from game.core import Hand, HandSetup, Match, Ruleset, get_ruleset
from game.i18n import tr
from game.table import PRACTICE, Mode, TableDriver, TableSettings, make_controllers

EXTERNAL = "external:"


def autosave(app, data: dict) -> None:
    """Write the match atomically; a failed write is reported, the game goes on. A replayed
    deal is never written: the match in progress keeps its save."""
    if TableSettings.from_dict(data.get("table")).deal_only:
        return
    try:
        app.storage.write_save(data)
    except OSError as e:
        app.message = tr("dialog.save_failed", error=str(e))


def _factory(app, messages: list[str]):
    """The bot factory: the tests' stand-in, the command line's (outside programs), or
    ``bots.make_bot``; a program that cannot start is reported and ``normal`` plays."""
    factory = app.options.bot_factory
    if factory is None and any(str(v).startswith(EXTERNAL) for v in (app.options.seats or {}).values()):
        from bots.external import seat_bot_factory
        factory = seat_bot_factory(app.options.external_ms)
    if factory is None:
        from bots import make_bot
        factory = make_bot

    def make(level, seat, rng, ruleset, **options):
        try:
            return factory(level, seat, rng, ruleset, **options)
        except ValueError as e:
            if str(level).startswith(EXTERNAL):
                from game.ui.names import default_seat_name
                messages.append(tr("modes.external_failed", seat=default_seat_name(seat), error=str(e)[:120]))
            raise
    return make


def _controllers(app, match: Match, humans: list[int], levels: list[str], messages: list[str]):
    return make_controllers(humans, levels, match.ruleset, match.seed, _factory(app, messages))


def _hand_recorder(app, settings: TableSettings):
    """Keep every finished hand as a replay; count it in the statistics of the first person's team."""
    from game.records import Records
    records = Records(app.storage.folder)

    def over(hand: Hand, summary) -> None:
        kind = "deal" if settings.deal_only else "match"
        records.add_replay(hand, summary.number if summary else 0, dict(settings.names), kind,
                           settings.seed, list(settings.humans))
        if summary is not None and settings.human is not None and not settings.deal_only:
            records.record_hand(hand.ruleset.id, settings.human % 2, hand, summary)
    return over


def _seat_overrides(app, humans: list[int], levels: list[str]) -> tuple[list[int], list[str]]:
    """The command line's ``--seat N=...`` take those seats (people move out of them)."""
    levels = list(levels)
    for seat, spec in (app.options.seats or {}).items():
        levels[seat] = spec
        humans = [h for h in humans if h != seat]
    return humans, levels


def _driver(app, match: Match, settings: TableSettings, announce: bool = True, save: bool = True) -> TableDriver:
    from bots.hint import hint
    messages: list[str] = []
    controllers = _controllers(app, match, list(settings.humans), list(settings.levels), messages)
    on_save = (lambda d: autosave(app, d)) if save else None
    driver = TableDriver(match, controllers, settings, on_save=on_save, announce=announce,
                         on_hand_over=_hand_recorder(app, settings), hint=hint)
    driver.startup_messages = messages  # an outside program that could not start
    return driver


def start_match(app, ruleset_id: str, seed: int | None, human: int | None, levels: list[str],
                mode: str = "practice", length: int | None = None, humans: list[int] | None = None,
                names: dict | None = None) -> None:
    """Deal the first hand of a new match and open the table.

    ``human`` is the first person's seat (None: bots only); ``humans`` every person's seat
    (two or more: hot-seat); ``names`` the typed names (``{"seats": [...], "teams": [...]}``)."""
    from game.ui.mode_table import ModeTableScene
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    ruleset = get_ruleset(ruleset_id)
    match = Match(ruleset, seed, length)
    humans = sorted(set(([] if human is None else [human]) + list(humans or [])))
    humans, levels = _seat_overrides(app, humans, levels)
    human = humans[0] if humans else None
    settings = TableSettings(ruleset=ruleset_id, humans=tuple(humans), levels=tuple(levels), mode=Mode(mode),
                             length=length, names=names or {}, seed=seed, autoplay=bool(app.options.autoplay))
    try:
        driver = _driver(app, match, settings)
    except ImportError as e:
        app.message = tr("dialog.no_bots", error=str(e))
        return
    if not app.options.autoplay:
        driver.save()
    app.reset(ModeTableScene(app, driver, human))


def start_deal(app, ruleset: Ruleset, setup: HandSetup, seat: int, settings: TableSettings | None = None) -> None:
    """Practice one deal again from ``seat``: the same setup, so the same cards. Not saved
    (the match in progress stays as it was saved)."""
    from game.ui.mode_table import ModeTableScene
    old = settings or TableSettings()
    match = Match(ruleset, int(old.seed or setup.seed), None)
    match.levels = list(setup.levels)
    match.dealer = setup.dealer
    match.first_drawer = setup.first_drawer
    match.hand = Hand(ruleset, setup)
    levels = tuple(v if v in ("random", "easy", "normal", "hard") else "normal" for v in old.levels)
    settings = TableSettings(ruleset=ruleset.id, humans=(seat,), levels=levels, mode=PRACTICE, length=None,
                             names=old.names, seed=match.seed, deal_only=True)
    try:
        driver = _driver(app, match, settings, save=False)
    except ImportError as e:
        app.message = tr("dialog.no_bots", error=str(e))
        return
    app.reset(ModeTableScene(app, driver, seat))


def read_saved_match(app) -> tuple[Match, TableSettings]:
    """The saved match and its table settings; raises ValueError with a player's reason."""
    try:
        data = app.storage.read_save()
    except ValueError as e:
        raise ValueError(tr("save.corrupt", error=str(e)[:120])) from None
    version = data["match"].get("version")
    if isinstance(version, int) and version > 1:
        raise ValueError(tr("save.newer", version=version))
    try:
        match = Match.from_dict(data["match"])
    except Exception as e:
        raise ValueError(tr("save.invalid", error=str(e)[:120])) from None
    try:
        settings = TableSettings.from_dict(data.get("table"))
    except ValueError:
        raise ValueError(tr("save.invalid", error="seats")) from None
    return match, settings


def check_saved_match(app) -> bool:
    """Is there a saved match that can be continued? One that cannot be read is moved
    aside, and the start screen says why."""
    if not app.storage.has_save():
        return False
    try:
        read_saved_match(app)
    except ValueError as e:
        set_aside(app, str(e))
        return False
    return True


def set_aside(app, reason: str) -> None:
    moved = app.storage.move_aside()
    app.message = reason + (" " + tr("dialog.moved_aside", path=moved.name) if moved else "")


def continue_match(app) -> None:
    """Open the saved match where it stopped; a save that cannot be read is moved aside."""
    from game.ui.menus import StartScene
    from game.ui.mode_table import ModeTableScene
    try:
        match, settings = read_saved_match(app)
    except ValueError as e:
        set_aside(app, str(e))
        app.reset(StartScene(app))
        return
    levels = list(settings.levels)
    given = app.options.seats or {}
    for seat, level in enumerate(levels):
        if str(level).startswith(EXTERNAL) and given.get(seat) != level:
            levels[seat] = "normal"  # a save never starts a program by itself
    settings = settings.with_(levels=levels)
    try:
        driver = _driver(app, match, settings, announce=False)
    except ImportError as e:
        app.message = tr("dialog.no_bots", error=str(e))
        return
    app.message = None
    scene = ModeTableScene(app, driver, settings.human)
    scene.catch_up()
    app.reset(scene)
