"""The bots' moves are pinned: ``random``, ``easy``, ``normal`` and ``hard`` with a fixed number
of worlds play seeded arena deals on every ruleset exactly as recorded in
tests/bots/data/moves_fingerprint.json (``tools/moves_fingerprint.py`` wrote it). A change
that is meant to change moves records it again and says why in its commit; a refactor must
leave it alone. This runs the first deal of each duel (the tool's whole run takes twice as long)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "data" / "moves_fingerprint.json"


def _tool():
    spec = importlib.util.spec_from_file_location("moves_fingerprint", ROOT / "tools" / "moves_fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_seeded_deals_play_the_recorded_moves():
    tool = _tool()
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = tool.fingerprint(deals=1)
    assert got  # every ruleset and duel played
    for key, value in got.items():
        assert value == golden[key], key
