"""How the screen names seats, teams, trumps and cards, in the current language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.core import Card, Declaration, Refusal, Suit
from game.i18n import refusal as refusal_text
from game.i18n import tr
from game.table.seats import is_external

COMPASS = ("south", "east", "north", "west")


def card_text(card: Card) -> str:
    """``♥10``, or the joker's name (大王 / 小王)."""
    if card.is_joker:
        return tr("card.big_joker") if int(card.rank) == 16 else tr("card.small_joker")
    assert card.suit is not None  # every card but a joker has a suit
    return card.suit.symbol + card.rank.label


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as text, separated by spaces."""
    return " ".join(card_text(c) for c in cards)


def declare_words(cards: Sequence[Card]) -> str:
    """A declare button's label: "Declare ♦2", and a pair said as one ("亮一对♦2")."""
    if len(cards) == 2 and cards[0] == cards[1]:
        return tr("declare.button_pair", card=card_text(cards[0]))
    return tr("declare.button", cards=cards_text(cards))


def suit_text(suit: Suit | None) -> str:
    """``♥ Hearts``, or No trump."""
    if suit is None:
        return tr("table.no_trump")
    return f"{suit.symbol} {tr('suit.' + suit.value)}"


@dataclass(frozen=True)
class TableNames:
    """The names one table uses: names typed on the new-match screen, and whether seats are
    named absolutely (several people share the screen, or a replay shows all four hands, so
    nobody is "You") rather than from the person's seat.

    A value each scene holds and passes in, never a process-wide setting: a review or a
    replay opened over a table must not rename the table's seats behind it."""

    seats: tuple[str, str, str, str] = ("", "", "", "")
    teams: tuple[str, str] = ("", "")
    absolute: bool = False

    @classmethod
    def typed(cls, names: Mapping | None, absolute: bool = False) -> TableNames:
        """From a match's ``names`` (``{"seats": [...], "teams": [...]}``; missing: the defaults)."""
        names = names or {}
        seats = [str(n) for n in (list(names.get("seats") or []) + [""] * 4)[:4]]
        teams = [str(n) for n in (list(names.get("teams") or []) + [""] * 2)[:2]]
        return cls((seats[0], seats[1], seats[2], seats[3]), (teams[0], teams[1]), absolute)


# A table with no typed names, seats named from the person's seat.
PLAIN = TableNames()


def default_seat_name(seat: int) -> str:
    """East, 东家 …: how a seat is called when several people share the screen."""
    return tr("hotseat.seat_" + COMPASS[seat])


def default_team_name(team: int) -> str:
    """North–South or East–West."""
    return tr("team.north_south" if team == 0 else "team.east_west")


def seat_name(seat: int, viewer: int | None, names: TableNames = PLAIN) -> str:
    """You / Partner / Right / Left from a person's seat; compass names in autoplay; the
    typed name, or the compass name, when several people share the screen."""
    custom = names.seats[seat].strip()
    if custom:
        return custom
    if names.absolute:
        return default_seat_name(seat)
    if viewer is None:
        return tr("seat." + COMPASS[seat])
    rel = (seat - viewer) % 4
    return tr(("player.you", "player.right", "player.partner", "player.left")[rel])


def team_name(team: int, viewer: int | None, names: TableNames = PLAIN) -> str:
    """Us / Them from a person's seat; the compass pair in autoplay or hot-seat; a typed name."""
    custom = names.teams[team].strip()
    if custom:
        return custom
    if viewer is None or names.absolute:
        return default_team_name(team)
    return tr("team.us" if team == viewer % 2 else "team.them")


def about(key: str, seat: int, viewer: int | None, names: TableNames = PLAIN, **params) -> str:
    """A sentence about a player: the ``key + "_you"`` form when it is the person
    (English needs "You win", not "You wins")."""
    if seat == viewer and not names.absolute and not names.seats[seat].strip():
        return tr(key + "_you", **params)
    return tr(key, player=seat_name(seat, viewer, names), **params)


def player_kind(controller) -> str:
    """What plays a seat, for its name plate: Player, a bot level, or an outside program."""
    if controller.human:
        return tr("player.human")
    if is_external(controller.level):
        return tr("player.external")
    return level_name(controller.level)


def level_name(level: str) -> str:
    """A bot level's name (the expert's lives in its own section of the tables)."""
    return tr("expert.level") if level == "expert" else tr("bots." + level)


def declaration_text(decl: Declaration, viewer: int | None, names: TableNames = PLAIN) -> str:
    """A declaration as a sentence."""
    trump = suit_text(decl.trump)
    key = {
        "open": "declare.made",
        "overturn": "declare.overturn",
        "protect": "declare.defend",
        "no-trump": "declare.no_trump",
    }.get(decl.kind, "declare.made")
    return about(key, decl.seat, viewer, names, trump=trump)


def refusal_words(refusal: Refusal, section: bool = False) -> str:
    """A core refusal as a sentence in the current language; with ``section``, followed by
    the section of the rules it comes from (practice mode's "why not")."""
    params = {}
    for key, value in refusal.params.items():
        if key == "cards" and isinstance(value, (list, tuple)):
            params[key] = cards_text(value)
        elif key == "suit":
            params[key] = tr("suit.trump") if str(value) == "trump" else tr("suit." + str(value))
        else:
            params[key] = str(value)
    words = refusal_text(refusal.code, **params)
    if section and refusal.section:
        words = tr("why.with_section", reason=words, section=tr("why.s" + refusal.section.lstrip("§")))
    return words
