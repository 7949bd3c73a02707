"""How the screen names seats, teams, trumps and cards, in the current language."""
from __future__ import annotations

from collections.abc import Sequence

from game.core import Card, Declaration, Refusal, Suit
from game.i18n import refusal as refusal_text
from game.i18n import tr

COMPASS = ("south", "east", "north", "west")


def card_text(card: Card) -> str:
    """``♥10``, or the joker's name (大王 / 小王)."""
    if card.is_joker:
        return tr("card.big_joker") if int(card.rank) == 16 else tr("card.small_joker")
    return card.suit.symbol + card.rank.label


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as text, separated by spaces."""
    return " ".join(card_text(c) for c in cards)


def suit_text(suit: Suit | None) -> str:
    """``♥ Hearts``, or No trump."""
    if suit is None:
        return tr("table.no_trump")
    return f"{suit.symbol} {tr('suit.' + suit.value)}"


def seat_name(seat: int, viewer: int | None) -> str:
    """You / Partner / Right / Left from a person's seat; compass names in autoplay."""
    if viewer is None:
        return tr("seat." + COMPASS[seat])
    rel = (seat - viewer) % 4
    return tr(("player.you", "player.right", "player.partner", "player.left")[rel])


def team_name(team: int, viewer: int | None) -> str:
    """Us / Them from a person's seat; the compass pair in autoplay."""
    if viewer is None:
        return tr("team.north_south" if team == 0 else "team.east_west")
    return tr("team.us" if team == viewer % 2 else "team.them")


def about(key: str, seat: int, viewer: int | None, **params) -> str:
    """A sentence about a player: the ``key + "_you"`` form when it is the person
    (English needs "You win", not "You wins")."""
    if seat == viewer:
        return tr(key + "_you", **params)
    return tr(key, player=seat_name(seat, viewer), **params)


def declaration_text(decl: Declaration, viewer: int | None) -> str:
    """A declaration as a sentence."""
    trump = suit_text(decl.trump)
    key = {"open": "declare.made", "overturn": "declare.overturn", "protect": "declare.defend",
           "no-trump": "declare.no_trump"}.get(decl.kind, "declare.made")
    return about(key, decl.seat, viewer, trump=trump)


def refusal_words(refusal: Refusal) -> str:
    """A core refusal as a sentence in the current language."""
    params = {}
    for key, value in refusal.params.items():
        if key == "cards" and isinstance(value, (list, tuple)):
            params[key] = cards_text(value)
        elif key == "suit":
            params[key] = tr("suit.trump") if str(value) == "trump" else tr("suit." + str(value))
        else:
            params[key] = str(value)
    return refusal_text(refusal.code, **params)
