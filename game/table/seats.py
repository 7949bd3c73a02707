"""Who can sit in a seat: the one list of seat kinds (no bots, no pygame).

A seat is played by a person (``human``), by one of our bots (a level of ``BOT_LEVELS``,
weakest first) or by an outside program (``external:COMMAND``, docs/bot-protocol.md). Every
other place — the saves' check, the settings, the session, the command line, the new-match
screen and the ``bots`` package itself (which refuses to import when its levels differ) —
takes the kinds from here, so a level added here is known everywhere at once.
"""

from __future__ import annotations

from typing import Any

HUMAN = "human"
BOT_LEVELS = ("random", "easy", "normal", "hard", "expert")
EXTERNAL = "external:"
MAX_COMMAND = 4000  # characters of an outside program's command line


def is_bot_level(value: Any) -> bool:
    """One of our bots' levels."""
    return isinstance(value, str) and value in BOT_LEVELS


def is_external(value: Any) -> bool:
    """An outside program's seat (``external:COMMAND``)."""
    return isinstance(value, str) and value.startswith(EXTERNAL)


def is_seat_kind(value: Any) -> bool:
    """Anything a seat may hold: a person, a bot level or an outside program."""
    return (
        value == HUMAN
        or is_bot_level(value)
        or (is_external(value) and len(EXTERNAL) < len(value) <= len(EXTERNAL) + MAX_COMMAND)
    )


__all__ = ["BOT_LEVELS", "EXTERNAL", "HUMAN", "MAX_COMMAND", "is_bot_level", "is_external", "is_seat_kind"]
