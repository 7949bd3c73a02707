"""The examples in the core's docstrings are tests too."""

import doctest
import importlib

import pytest

MODULES = ["cards", "trump", "units", "settlement", "play", "legal"]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(f"game.core.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
