"""Issue 38 moved modules; a name written before the move still finds its module.

The only place a module's name is kept outside the code is a bot factory spec
(``--factory module:function`` of ``python -m game.tournament``): saves, replays, settings
and event files hold data, never a module path. The old modules are gone (no shims)."""

from __future__ import annotations

import importlib
import importlib.util

import pytest

from game.tournament.runner import MOVED_MODULES, load_factory


@pytest.mark.parametrize(("old", "new"), sorted(MOVED_MODULES.items()))
def test_every_old_name_maps_to_a_module_that_exists_and_the_old_one_is_gone(old, new):
    assert importlib.util.find_spec(new) is not None
    assert importlib.util.find_spec(old) is None


def test_a_factory_spec_with_an_old_module_name_still_loads():
    from game.app import session

    assert load_factory("game.session:default_factory") is session.default_factory
    assert load_factory("game.app.session:default_factory") is session.default_factory
    assert load_factory("bots:make_bot") is importlib.import_module("bots").make_bot
