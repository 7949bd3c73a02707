"""Bot factories the runner's worker loads by name in the tests (tests/table/test_tournament_play.py)."""

import os
from pathlib import Path

from bots import make_bot


def broken(*args, **kwargs):
    raise RuntimeError("no bots today")


def dies_once(*args, **kwargs):
    """The worker process ends the first time it is asked for a bot (a crash, a kill)."""
    marker = Path(os.environ["TOURNAMENT_TEST_MARKER"])
    if not marker.exists():
        marker.write_text("died", encoding="utf-8")
        os._exit(3)
    return make_bot(*args, **kwargs)


def always_dies(*args, **kwargs):
    os._exit(3)


def thinks_for_an_hour(*args, **kwargs):
    """A bot whose search outlasts any test: the worker is busy when its parent dies."""
    import time

    time.sleep(3600)
