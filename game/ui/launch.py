"""Starting, continuing and saving matches: the glue between screens, driver and disk."""
from __future__ import annotations

import random

from game.controllers import make_controllers
from game.core import Match, get_ruleset
from game.driver import TableDriver
from game.i18n import tr


def autosave(app, data: dict) -> None:
    """Write the match atomically; a failed write is reported, the game goes on."""
    try:
        app.storage.write_save(data)
    except OSError as e:
        app.message = tr("dialog.save_failed", error=str(e))


def _controllers(app, match: Match, humans: list[int], levels: list[str]):
    return make_controllers(humans, levels, match.ruleset, match.seed, app.options.bot_factory)


def start_match(app, ruleset_id: str, seed: int | None, human: int | None, levels: list[str],
                mode: str = "practice", length: int | None = None) -> None:
    """Deal the first hand of a new match and open the table."""
    from game.ui.table_scene import TableScene
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    ruleset = get_ruleset(ruleset_id)
    match = Match(ruleset, seed, length)
    humans = [] if human is None else [human]
    try:
        controllers = _controllers(app, match, humans, levels)
    except ImportError as e:
        app.message = tr("dialog.no_bots", error=str(e))
        return
    config = {"ruleset": ruleset_id, "human": human, "levels": list(levels), "mode": mode,
              "length": length}
    driver = TableDriver(match, controllers, config, on_save=lambda d: autosave(app, d))
    if not app.options.autoplay:
        driver.save()
    app.reset(TableScene(app, driver, human))


def continue_match(app) -> None:
    """Open the saved match where it stopped; a save that cannot be read is moved aside."""
    from game.ui.menus import StartScene
    from game.ui.table_scene import TableScene
    storage = app.storage
    try:
        data = storage.read_save()
        match = Match.from_dict(data["match"])
        config = data.get("table") or {}
        human = config.get("human")
        if human is not None and human not in range(4):
            raise ValueError("bad seat in the save")
        levels = list(config.get("levels") or ["normal"] * 4)
        controllers = _controllers(app, match, [] if human is None else [human], levels)
    except ImportError as e:
        app.message = tr("dialog.no_bots", error=str(e))
        return
    except Exception as e:  # noqa: BLE001 - any unreadable save is moved aside, never a crash
        moved = storage.move_aside()
        app.message = tr("dialog.load_failed", error=str(e)[:160]) + (
            " " + tr("dialog.moved_aside", path=moved.name) if moved else "")
        app.reset(StartScene(app))
        return
    app.message = None
    driver = TableDriver(match, controllers, config, on_save=lambda d: autosave(app, d), announce=False)
    scene = TableScene(app, driver, human)
    scene.catch_up()
    app.reset(scene)
