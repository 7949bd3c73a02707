"""What every file in the data folder must hold, checked before anything uses it (no pygame).

The data folder is the player's, and any file in it may have been damaged by a crash, a disk
fault, an editor or a program: ``game.files.read_json`` refuses what is not plain JSON of a
sane size and depth (and ``NaN``/``Infinity``), and the ``check_*`` functions here refuse any value the game
would not have written itself — wrong types, numbers out of range or not finite, names that
are not text, ruleset values the rules do not know, a hand log that does not replay legally.
Each raises ``DataError`` with the reason; the caller sets the file aside (``game.files.set_aside``:
renamed, never deleted) and tells the player. Nothing refused here can crash the game later.
The settings file is checked by ``game.app.settings``, with the settings themselves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
import math
from typing import Any

from game.core import BUILTIN_IDS, SEED_LIMIT
from game.table.settings import TableSettings
from game.table.values import MAX_INT, DataError, check_names, is_int, is_text, need, seat_or_none
from game.table.values import need_list as _list
from game.table.values import need_object as _obj


@dataclass(frozen=True)
class Notice:
    """Something about the data folder the player must be told; ``str()`` is the message in
    the current language (``key`` in the ``data_folder`` section of the language tables)."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        from game.i18n import tr

        return tr(self.key, **self.args)


# ------------------------------------------------------------------------------ values

# ------------------------------------------------------------------------------ rulesets


def check_ruleset(data: Any):
    """The ``Ruleset`` a save or replay holds, checked like a ruleset file."""
    # Where each saved field sits in a ruleset file: the core's table, so a saved ruleset is
    # checked by the file loader's own rules.
    from game.core import FIELD_PATHS as _RULESET_PATHS
    from game.core import Ruleset, RulesetError, parse_ruleset

    data = _obj(data, "the ruleset")
    need(set(data) <= set(_RULESET_PATHS) | {"source"}, "the ruleset has fields the game does not know")
    for key in ("name", "description"):
        need(
            isinstance(data.get(key), dict) and all(is_text(k, 20) and is_text(v, 2000) for k, v in data[key].items()),
            f"the ruleset's {key} must be a table of texts",
        )
    need(is_text(data.get("source", ""), 2000), "the ruleset's source must be text")
    for key, value in data.items():
        need(
            not isinstance(value, int) or isinstance(value, bool) or is_int(value, 0, 10_000),
            f"the ruleset's {key} is out of range",
        )
    nested: dict[str, Any] = {"source": data.get("source", "")}
    for key, dotted in _RULESET_PATHS.items():
        if key in data:
            node = nested
            *parents, last = dotted.split(".")
            for part in parents:
                node = node.setdefault(part, {})
            node[last] = data[key]
    if "review_played" not in data:
        # Saved before the field existed: read as ``Ruleset.from_dict`` reads it.
        nested.setdefault("play", {})["review_played"] = True
    bands = data.get("bands")
    need(
        isinstance(bands, list)
        and all(isinstance(b, dict) and set(b) == {"side", "levels"} and is_int(b["levels"], 0, 100) for b in bands),
        "the ruleset's bands are not valid",
    )
    try:
        checked = parse_ruleset(nested, "the saved ruleset")
        rebuilt = Ruleset.from_dict(data)
    except (RulesetError, TypeError, KeyError, ValueError) as e:
        raise DataError(str(e)) from None
    need(checked == rebuilt, "the saved ruleset is not consistent")
    return checked


# ------------------------------------------------------------------------------ hands and matches


def check_hand_data(data: Any, what: str = "a hand") -> dict:
    """A hand's setup and log, in shape (legality is checked by replaying it)."""
    from game.core import PLAIN_RANKS

    labels = {r.label for r in PLAIN_RANKS}
    data = _obj(data, what)
    setup = _obj(data.get("setup"), f"{what}'s setup")
    need(is_int(setup.get("seed"), 0, SEED_LIMIT), f"{what}'s seed is not valid")
    need(isinstance(setup.get("first_hand"), bool), f"{what}'s setup is not valid")
    _list(setup.get("levels"), f"{what}'s levels", 2, lambda v: v in labels)
    need(seat_or_none(setup.get("dealer")) and is_int(setup.get("first_drawer"), 0, 3), f"{what}'s seats are not valid")
    need(setup["first_hand"] == (setup["dealer"] is None), f"{what}'s dealer is not valid")
    for action in _list(data.get("log"), f"{what}'s log"):
        need(
            isinstance(action, dict)
            and isinstance(action.get("kind"), str)
            and seat_or_none(action.get("seat"))
            and isinstance(action.get("cards", []), list)
            and all(is_text(c, 3) for c in action.get("cards", [])),
            f"{what}'s log is not valid",
        )
    return data


def replay_hand(ruleset, data: dict, what: str = "a hand"):
    """The hand rebuilt from its log; the log must be legal move by move."""
    from game.core import Hand

    try:
        return Hand.from_dict(ruleset, data)
    except (ValueError, KeyError, TypeError, IndexError) as e:  # IllegalActionError is a ValueError
        raise DataError(f"{what} does not replay legally ({e})") from None


def check_match(data: Any):
    """The ``Match`` a save holds, rebuilt, with every hand replayed legally."""
    from game.core import PLAIN_RANKS, Match

    labels = {r.label for r in PLAIN_RANKS}
    data = _obj(data, "the match")
    ruleset = check_ruleset(data.get("ruleset"))
    # A ruleset the game does not ship would be counted in the statistics and offered again
    # under a name no screen knows: such a save was edited, and is set aside like any other.
    need(ruleset.id in BUILTIN_IDS, f"the ruleset {ruleset.id[:40]!r} is not one the game knows")
    need(is_int(data.get("seed"), -SEED_LIMIT, SEED_LIMIT), "the match's seed is not valid")
    need(data.get("length") is None or is_int(data["length"], 1, 100_000), "the match's length is not valid")
    _list(data.get("start_levels"), "the match's start levels", 2, lambda v: v in labels)
    elapsed = data.get("elapsed", 0.0)
    need(
        isinstance(elapsed, (int, float))
        and not isinstance(elapsed, bool)
        and math.isfinite(elapsed)
        and 0 <= elapsed <= 1e9,
        "the match's time is not valid",
    )
    need(
        data.get("time_up_after") is None or is_int(data["time_up_after"], 0, 100_000),
        "the match's time limit is not valid",
    )
    for i, hand in enumerate(_list(data.get("hands"), "the match's hands")):
        check_hand_data(hand, f"hand {i + 1}")
    check_hand_data(data.get("current"), "the current hand")
    try:
        match = Match.from_dict(data)
    except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
        raise DataError(f"the match does not replay ({str(e)[:200]})") from None
    need(match.ruleset == ruleset, "the saved ruleset is not consistent")
    return match


def check_table(data: Any):
    """The table settings a save holds (``TableSettings.to_dict``), checked by the one
    reader of them, ``TableSettings.from_dict`` (the seat kinds: ``game.table.seats``)."""
    try:
        return TableSettings.from_dict(data)
    except DataError:
        raise
    except (ValueError, TypeError) as e:  # pragma: no cover - from_dict raises DataError
        raise DataError(str(e)[:200]) from None


def check_clock(clock: Any) -> None:
    """The turn clock a save holds: None, or [the decision (log length), the seat, seconds left]."""
    need(
        clock is None
        or (
            isinstance(clock, list)
            and len(clock) == 3
            and is_int(clock[0], 0, 100_000)
            and is_int(clock[1], 0, 3)
            and isinstance(clock[2], (int, float))
            and not isinstance(clock[2], bool)
            and math.isfinite(clock[2])
            and 0 <= clock[2] <= 1e6
        ),
        "the turn clock is not valid",
    )


def check_save(data: Any):
    """A saved match file: ``{"match": ..., "table": ...}`` → (Match, the table data)."""
    data = _obj(data, "the file")
    need(isinstance(data.get("match"), dict), "no match in the file")
    version = data["match"].get("version")
    need(is_int(version, 0, 1), f"unsupported save version {str(version)[:20]}")
    need(isinstance(data.get("table"), dict), "no table settings in the file")
    table = check_table(data["table"])
    check_clock(data.get("clock"))
    match = check_match(data["match"])
    need(table.ruleset in (None, match.ruleset.id), "the table's ruleset is not the match's")
    return match, data["table"]


# ------------------------------------------------------------------------------ records


def check_stats(
    data: Any, version: int, fields: tuple[str, ...], signed: tuple[str, ...] = ()
) -> dict[str, dict[str, int]]:
    """The statistics file: ``{"version": 1, "rulesets": {id: {field: count}}}``; the
    ``signed`` fields are differences (duplicate practice) and may be below zero."""
    data = _obj(data, "the file")
    need(data.get("version") == version, "unsupported version")
    rows = _obj(data.get("rulesets", {}), "the rulesets")
    out = {}
    for ruleset_id, row in rows.items():
        need(is_text(ruleset_id, 100), "a ruleset name is not valid")
        row = _obj(row, f"the row of {ruleset_id[:40]}")
        need(
            set(row) <= set(fields)
            and all(is_int(row.get(k, 0), -MAX_INT if k in signed else 0, MAX_INT) for k in fields),
            f"the row of {ruleset_id[:40]} is not valid",
        )
        out[ruleset_id] = {k: row.get(k, 0) for k in fields}
    return out


def check_replay_file(data: Any, version: int) -> dict:
    """A replay file in shape (what the replay list shows); opening it replays the log."""
    data = _obj(data, "the file")
    need(data.get("version") == version, "unsupported version")
    need(is_text(data.get("time", ""), 40) and is_text(data.get("kind", ""), 20), "the replay's header is not valid")
    need(is_int(data.get("number", 0), 0, 100_000), "the replay's number is not valid")
    need(
        data.get("match_seed") is None or is_int(data["match_seed"], -SEED_LIMIT, SEED_LIMIT),
        "the replay's seed is not valid",
    )
    _list(data.get("humans", []), "the people's seats", None, lambda v: is_int(v, 0, 3))
    check_names(data.get("names") or None)
    check_ruleset(data.get("ruleset"))
    check_hand_data(data.get("hand"), "the hand")
    summary = _obj(data.get("summary"), "the summary")
    for key, value in summary.items():
        need(
            value is None
            or is_int(value)
            or is_text(value, 10)
            or (isinstance(value, list) and len(value) <= 2 and all(is_text(v, 3) for v in value)),
            f"the summary's {str(key)[:20]} is not valid",
        )
    return data
