"""Test-wide setup: no window, no sound device, ever."""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

# Each folder of tests is one layer; its marker lets `pytest -m core` (or `-m "not ui"`)
# pick layers without naming paths.
LAYERS = ("core", "table", "bots", "ui")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        parts = item.path.parts
        for layer in LAYERS:
            if layer in parts[-3:-1]:
                item.add_marker(getattr(pytest.mark, layer))
                break
