"""What a value read from a file must be, to be used (no pygame; nothing of the game but ``game.files``' ``DataError``).

The checks every reader of the data folder shares: ``game.app.saved_data`` (the files) and
``game.table.settings`` (a save's table settings) take them from here, so neither imports
the other. Each failed check raises ``DataError`` with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.files import DataError  # defined with the reader that raises it first

MAX_INT = 10**12
MAX_NAME = 200  # characters in a typed name


def need(ok: bool, why: str) -> None:
    if not ok:
        raise DataError(why)


def is_int(value: Any, low: int = -MAX_INT, high: int = MAX_INT) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_text(value: Any, limit: int = MAX_NAME) -> bool:
    return isinstance(value, str) and len(value) <= limit


def seat_or_none(value: Any) -> bool:
    return value is None or is_int(value, 0, 3)


def need_object(value: Any, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise DataError(f"{what} must be an object")
    return value


def need_list(value: Any, what: str, length: int | None = None, each: Callable[[Any], bool] | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise DataError(f"{what} must be a list")
    need(length is None or len(value) == length, f"{what} must have {length} entries")
    need(each is None or all(each(v) for v in value), f"{what} holds a value it cannot hold")
    return value


def check_names(names: Any) -> dict[str, Any]:
    """Typed names: ``{"seats": [4 texts], "teams": [2 texts]}``, either may be missing."""
    checked = need_object(names if names is not None else {}, "the names")
    need(set(checked) <= {"seats", "teams"}, "the names hold unknown fields")
    if "seats" in checked:
        need_list(checked["seats"], "the seat names", 4, is_text)
    if "teams" in checked:
        need_list(checked["teams"], "the team names", 2, is_text)
    return checked


__all__ = [
    "MAX_INT",
    "MAX_NAME",
    "DataError",
    "check_names",
    "is_int",
    "is_text",
    "need",
    "need_list",
    "need_object",
    "seat_or_none",
]
