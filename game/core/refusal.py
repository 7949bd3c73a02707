"""Refusals: why the rules do not allow an action, in words a player understands.

The core returns a code with parameters; the text comes from the language tables
(``game.i18n``), so the same refusal reads naturally in Chinese and English. Each refusal
names the section of RULES.md it comes from, for the practice mode's "why not".
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, pretty_cards

# English fallbacks, used by the referee and whenever no language table is loaded.
_ENGLISH = {
    "follow.count": "Play {n} cards: {n} were led.",
    "follow.not_held": "You do not hold those cards.",
    "follow.suit": "You still hold {suit}: you must follow the led suit before playing other cards.",
    "follow.tractor": "You hold {cards}: a tractor was led, so you must play a tractor.",
    "follow.pair": "You hold {cards}: a pair was led, so you must play a pair.",
    "lead.empty": "Choose at least one card to lead.",
    "lead.mixed": "A lead must be of one suit (all trumps count as one suit).",
    "lead.not_held": "You do not hold those cards.",
    "throw.failed": "The throw fails: another player can beat {cards}; {played} is played instead.",
    "bury.count": "Bury exactly {n} cards.",
    "bury.not_held": "You do not hold those cards.",
    "declare.invalid": "That declaration is not allowed now.",
    "turn.not_yours": "It is not your turn.",
    "phase.wrong": "That action is not possible at this point of the hand.",
}

SECTION = {
    "follow": "§5", "lead": "§4", "throw": "§4", "bury": "§7", "declare": "§8",
    "turn": "§4", "phase": "§1",
}


@dataclass(frozen=True)
class Refusal:
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def section(self) -> str:
        return SECTION.get(self.code.split(".")[0], "")

    def format_params(self) -> dict[str, str]:
        out = {}
        for key, value in self.params.items():
            if isinstance(value, (list, tuple)) and all(isinstance(c, Card) for c in value):
                out[key] = pretty_cards(value)
            elif hasattr(value, "symbol"):
                out[key] = value.symbol
            else:
                out[key] = str(value)
        return out

    def english(self) -> str:
        return _ENGLISH.get(self.code, self.code).format(**self.format_params())

    def __str__(self) -> str:
        return self.english()


class IllegalActionError(ValueError):
    """Raised by an apply step given an action its check refuses."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.english())
        self.refusal = refusal
