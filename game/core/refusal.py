"""Refusals: why the rules do not allow an action, in words a player understands.

The core returns a code with parameters; the sentence comes from the language tables
(``game/i18n/*.toml``, keys ``refusal.<code>``), so the same refusal reads naturally in
Chinese and English and the referee says exactly what the game says. Each refusal names the
section of RULES.md it comes from, for the practice mode's "why not".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import pretty_cards

SECTION = {
    "follow": "§5",
    "lead": "§4",
    "throw": "§4",
    "bury": "§7",
    "declare": "§8",
    "turn": "§4",
    "phase": "§1",
}


@dataclass(frozen=True)
class Refusal:
    """A rule's ``code`` (``follow.pair``) with raw params: cards as lists of cards, a suit
    as its letter or ``trump``, numbers as numbers."""

    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def section(self) -> str:
        return SECTION.get(self.code.split(".")[0], "")

    def text(self, language: str = "en") -> str:
        """The refusal as a sentence in ``language``."""
        from game import i18n  # plain data: the tables are shared with the front end

        table = i18n.table(language)
        key = i18n.refusal_key(self.code, self.params, table)
        template = table.get(key) or i18n.table("en").get(key)
        if template is None:
            return self.code
        params = {}
        for key, value in self.params.items():
            if isinstance(value, (list, tuple)):
                params[key] = pretty_cards(value)
            elif key == "suit":
                params[key] = table.get(f"suit.{value}", str(value))
            else:
                params[key] = str(value)
        return template.format(**params)

    def english(self) -> str:
        return self.text("en")

    def __str__(self) -> str:
        return self.english()


class IllegalActionError(ValueError):
    """Raised by an apply step given an action its check refuses."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.english())
        self.refusal = refusal
