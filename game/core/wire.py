"""One JSON object as one line of text, for the line protocols (the referee, the bot protocol).

``json.dumps`` escapes ``\\n`` and ``\\r`` but, with ``ensure_ascii=False``, writes U+0085,
U+2028 and U+2029 raw. A reader that splits on ``\\n`` sees one line, but Python's
``str.splitlines()`` (and JavaScript's line terminators, for U+2028/U+2029) sees two, so a
quoted input could split an answer in two. Escaping them keeps every reader on one line while
the rest of the text stays readable UTF-8.
"""

from __future__ import annotations

import json
from typing import Any

_LINE_BREAKS_JSON_LEAVES = {0x85: "\\u0085", 0x2028: "\\u2028", 0x2029: "\\u2029"}


def json_line(value: Any, *, compact: bool = False) -> str:
    """``value`` as JSON on one line for every line reader (no newline at the end); raises
    what ``json.dumps`` raises. ``compact``: no spaces between tokens."""
    separators = (",", ":") if compact else None
    text = json.dumps(value, ensure_ascii=False, separators=separators)
    # Outside strings JSON holds none of these, so escaping the whole text is exact.
    return text.translate(_LINE_BREAKS_JSON_LEAVES)


__all__ = ["json_line"]
