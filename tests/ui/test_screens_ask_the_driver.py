"""The screens read the observation and ask the driver; they never read its ``Hand``.

The hidden hands, the kitty and the full log live in the driver's ``Hand``: a screen that
reads ``driver.hand`` can show what its seat may not see, or decide what the engine
decides. Read with ``ast`` (every file of ``game/ui``), not by importing.
"""

from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


def _is_driver(node: ast.expr) -> bool:
    """``driver``, ``self.driver``, ``table.driver`` …"""
    return (isinstance(node, ast.Name) and node.id == "driver") or (
        isinstance(node, ast.Attribute) and node.attr == "driver"
    )


def hand_reads(source: str) -> list[int]:
    """The lines of ``source`` that read the driver's hand (``….driver.hand``,
    ``getattr(driver, "hand")``)."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        attribute = isinstance(node, ast.Attribute) and node.attr == "hand" and _is_driver(node.value)
        through_getattr = (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "getattr"
            and len(node.args) >= 2
            and _is_driver(node.args[0])
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value == "hand"
        )
        if attribute or through_getattr:
            lines.append(node.lineno)
    return sorted(lines)


def test_no_screen_reads_the_drivers_hand():
    found = {}
    for path in sorted(UI.rglob("*.py")):
        lines = hand_reads(path.read_text(encoding="utf-8"))
        if lines:
            found[str(path.relative_to(UI.parent.parent))] = lines
    assert not found, f"game/ui reads driver.hand (ask the driver, or read the observation): {found}"


def test_the_walk_sees_every_way_of_reading_it():
    source = """
def f(self, driver, table):
    driver.hand.phase
    self.driver.hand.tricks
    x = table.driver.hand
    getattr(self.driver, "hand")
    self.driver.observation(0).hand   # the observation's own hand: allowed
    self.hand_view.hand               # not the driver's
"""
    assert hand_reads(source) == [3, 4, 5, 6]
