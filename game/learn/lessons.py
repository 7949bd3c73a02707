"""The lessons: a few sentences each (``learn.lesson.<id>.title`` / ``.intro`` in the
language tables), then fixed positions (``learn.pos.<id>.prompt`` / ``.why``).

Only the cards are written here. Which move is right, who wins, what a throw costs, how
many levels a hand gives: all of it is asked of the core when the learner plays
(``game.learn.judge``), and ``tests/core/test_learn.py`` proves every position legal and
every intended move accepted.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core import Card

from .position import BURY, CHOICE, DECLARE, FEED, NO_POINTS, THROW, WIN, Bids, Position
from .position import cards as c


@dataclass(frozen=True)
class Lesson:
    id: str
    positions: tuple[Position, ...]
    # The cards the lesson's text speaks of, shown under it: (caption name, cards), sorted
    # as the table sorts them at ``level`` with ``trump``.
    examples: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    level: str = "2"
    trump: str = "S"

    def example_key(self, name: str) -> str:
        return f"learn.lesson.{self.id}.ex_{name}"

    @property
    def title_key(self) -> str:
        return f"learn.lesson.{self.id}.title"

    @property
    def intro_key(self) -> str:
        return f"learn.lesson.{self.id}.intro"


HEBI, LANZHOU, LOGISTICS = "hebi-2010", "lanzhou-2010", "logistics-2015"

# Three hands of eight for the throw positions: seat 1 holds the second K♥.
_THROW_OTHERS = (c("KH 3H 5D 6D 7D 8C 9C JS"), c("JH 10H 8H 2D 3D 4D 5C 7S"), c("9H 7H 6H AD KD QC JC 10S"))

_SETTLE_OPTIONS_HEBI = (("dealers", 2), ("dealers", 1), ("defenders", 0), ("defenders", 1))

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "cards",
        (
            Position("cards_1", HEBI, CHOICE, level="10", trump="H", ask="highest", options=c("AH 10C 10H KH")),
            Position(
                "cards_2",
                HEBI,
                level="10",
                trump="H",
                hand=c("10C 4H AS KS 7D"),
                trick=(c("AH"),),
                goal=WIN,
                right=c("10C"),
                wrong=(c("AS"), c("4H")),
            ),
            Position(
                "cards_3",
                HEBI,
                level="5",
                trump="NT",
                hand=c("5C KH QD 3H"),
                trick=(c("AS"),),
                goal=WIN,
                right=c("5C"),
                wrong=(c("KH"),),
            ),
        ),
        examples=(("trumps", c("BJ SJ 10H 10S 10C AH KH 3H")), ("side", c("AS KS QS 9S"))),
        level="10",
        trump="H",
    ),
    Lesson(
        "points",
        (
            Position(
                "points_1",
                HEBI,
                CHOICE,
                trick=(c("KH"), c("5H"), c("10H"), c("3H")),
                ask="points",
                options=(15, 20, 25, 30),
            ),
            Position(
                "points_2",
                HEBI,
                CHOICE,
                trick=(c("5D"), c("AD"), c("10D"), c("KD")),
                dealer=1,
                ask="defender_points",
                options=(0, 15, 25),
            ),
            Position(
                "points_3",
                HEBI,
                hand=c("KC 10C 4C 6H"),
                trick=(c("9C"), c("AC"), c("3C")),
                goal=FEED,
                right=c("KC"),
                wrong=(c("4C"), c("6H")),
            ),
        ),
        examples=(("points", c("5D 10S KH")),),
    ),
    Lesson(
        "follow",
        (
            Position(
                "follow_1", HEBI, hand=c("3D AS BJ 9H"), trick=(c("7D"),), right=c("3D"), wrong=(c("BJ"), c("9H"))
            ),
            Position(
                "follow_2",
                HEBI,
                hand=c("9H 9H 7H KH 3S 8D"),
                trick=(c("QH QH"),),
                right=c("9H 9H"),
                wrong=(c("KH 7H"),),
            ),
            Position(
                "follow_3",
                HEBI,
                hand=c("5H 5H 4H 4H AH 3H 6C"),
                trick=(c("JH JH 10H 10H"),),
                right=c("5H 5H 4H 4H"),
                wrong=(c("AH 5H 5H 3H"),),
            ),
            Position(
                "follow_4", HEBI, hand=c("4S KD 3H 8D"), trick=(c("AC"),), goal=WIN, right=c("4S"), wrong=(c("KD"),)
            ),
        ),
        examples=(("lead", c("9H 9H")), ("follow", c("4H 4H"))),
    ),
    Lesson(
        "pairs",
        (
            Position(
                "pairs_1",
                HEBI,
                CHOICE,
                level="7",
                ask="tractor",
                options=(c("7H 7H 7C 7C"), c("8H 8H 6H 6H"), c("AD AD 2D 2D")),
            ),
            Position(
                "pairs_2",
                HEBI,
                CHOICE,
                level="7",
                ask="tractor",
                options=(c("7D 7D 7C 7C"), c("AS AS 7D 7D"), c("SJ SJ 7D 7D")),
            ),
            Position(
                "pairs_3",
                HEBI,
                level="7",
                hand=c("AS AS 7D 7D 3S 3S 9H 4C"),
                trick=(c("KS KS QS QS"),),
                goal=WIN,
                right=c("7D 7D AS AS"),
                wrong=(c("3S 3S AS AS"),),
            ),
        ),
        examples=(("pair", c("QD QD")), ("tractor", c("8C 8C 6C 6C"))),
        level="7",
    ),
    Lesson(
        "throws",
        (
            Position(
                "throws_1",
                HEBI,
                hand=c("AH AH KH QH 9D 4C 6C 8S"),
                others=_THROW_OTHERS,
                goal=THROW,
                right=c("AH AH KH"),
                wrong=(c("AH AH KH QH"), c("AH AH")),
            ),
            Position(
                "throws_2",
                LANZHOU,
                CHOICE,
                level="10",
                others=(c("5S 5S 3H 6D"), c("2S 7H 8D 9C"), c("3S JH QD KC")),
                ask="throw_played",
                args={"lead": c("KS 8S 8S 4S 4S")},
                options=(c("KS"), c("8S 8S"), c("4S 4S")),
            ),
            Position(
                "throws_3",
                HEBI,
                CHOICE,
                others=_THROW_OTHERS,
                ask="throw_penalty",
                args={"lead": c("AH AH QH 10H")},
                options=(0, 10, 20, 40),
            ),
            Position(
                "throws_4",
                LOGISTICS,
                CHOICE,
                others=(c("KH 3D"), c("9H 4C"), c("5S 6S")),
                ask="throw_penalty",
                args={"lead": c("AH QH 10H")},
                options=(0, 10, 20),
            ),
        ),
        examples=(("throw", c("AH KH KH")),),
    ),
    Lesson(
        "trumping",
        (
            Position(
                "trumping_1",
                LANZHOU,
                level="10",
                trump="H",
                hand=c("8H 8H 4H 6H 3D 5S"),
                trick=(c("5C 4C 4C"), c("9C 8C 2C"), c("9H 7H 7H")),
                goal=WIN,
                right=c("8H 8H 4H"),
                wrong=(c("8H 6H 4H"),),
            ),
            Position(
                "trumping_2",
                LANZHOU,
                CHOICE,
                level="10",
                trump="H",
                ask="winner",
                trick=(c("7C 6C 5C"), c("9H 7H 7H"), c("8H 8H 4H"), c("3C 3C 2C")),
                options=(0, 1, 2, 3),
            ),
            Position(
                "trumping_3",
                HEBI,
                hand=c("AH AH 6H 6H 4H 4H 3H 3H 2S"),
                trump="H",
                trick=(c("QD QD JD JD"),),
                goal=WIN,
                right=c("4H 4H 3H 3H"),
                wrong=(c("AH AH 6H 6H"),),
            ),
            Position(
                "trumping_4",
                HEBI,
                CHOICE,
                trump="H",
                ask="winner",
                trick=(c("AS KS"), c("5H 3H"), c("6S 3S"), c("JH 9H")),
                options=(0, 1, 2, 3),
            ),
        ),
        examples=(("lead", c("KD KD")), ("trump", c("3S 3S"))),
    ),
    Lesson(
        "kitty",
        (
            Position(
                "kitty_1",
                HEBI,
                BURY,
                hand=c(
                    "BJ SJ 2S 2H AS AS KS QS 10S 9S 5S 3S AH KH QH 10H 5H 4H AC KC JC 9C 8C "
                    "7C 6C 4C 3C AD QD 9D 7D 6D 3D"
                ),
                goal=NO_POINTS,
                right=c("3C 4C 6C 7C 3D 6D 7D 9D"),
                wrong=(c("3C 4C 6C 7C 3D 6D 7D"), c("5H 4C 6C 7C 3D 6D 7D 9D")),
            ),
            Position(
                "kitty_2", HEBI, CHOICE, ask="kitty", args={"kitty_points": 25, "pairs": 1}, options=(25, 50, 100, 200)
            ),
            Position(
                "kitty_3", HEBI, CHOICE, ask="kitty", args={"kitty_points": 25, "pairs": 2}, options=(50, 100, 200, 400)
            ),
            Position(
                "kitty_4", LOGISTICS, CHOICE, ask="kitty", args={"kitty_points": 25, "pairs": 0}, options=(25, 50, 100)
            ),
        ),
        examples=(("kitty", c("5H 10C KD 3S 4D 7C 9H JD")),),
    ),
    Lesson(
        "declare",
        (
            Position(
                "declare_1",
                HEBI,
                DECLARE,
                hand=c("2H BJ SJ 2C 9D KS"),
                bids=Bids(),
                right=c("2H BJ"),
                wrong=(c("2H SJ"), c("2H")),
            ),
            Position(
                "declare_2",
                HEBI,
                DECLARE,
                hand=c("2H 2H 5D 9C"),
                bids=Bids(shown=((1, c("2S SJ")),)),
                right=c("2H 2H"),
                wrong=(c("2H"),),
            ),
            Position(
                "declare_3",
                HEBI,
                DECLARE,
                level="5",
                hand=c("5D BJ 8D 3C"),
                bids=Bids(first_hand=False, dealer=1, levels=("5", "8"), after_deal=True),
                right=c("5D BJ"),
                wrong=(c("8D BJ"),),
            ),
            Position("declare_4", LANZHOU, DECLARE, hand=c("2C 7H SJ"), bids=Bids(), right=c("2C"), wrong=(c("SJ"),)),
            Position(
                "declare_5",
                LANZHOU,
                DECLARE,
                hand=c("BJ BJ 2H 9D"),
                bids=Bids(shown=((1, c("2S")),)),
                right=c("BJ BJ"),
                wrong=(c("2H"),),
            ),
            Position("declare_6", LOGISTICS, DECLARE, hand=c("2D 9S"), bids=Bids(), right=c("2D"), wrong=(c("9S"),)),
            Position(
                "declare_7",
                LOGISTICS,
                CHOICE,
                ask="nobody",
                args={"kitty": c("4S 7H SJ 9C KD 3S")},
                options=("S", "C", "redeal"),
            ),
            Position(
                "declare_8",
                HEBI,
                CHOICE,
                ask="nobody",
                args={"kitty": c("4S 7H SJ 9C KD 3S 6H 8D")},
                options=("S", "H", "C", "NT"),
            ),
        ),
        examples=(("hebi", c("BJ 2H")), ("overturn", c("2C 2C"))),
        trump="NT",
    ),
    Lesson(
        "scoring",
        (
            Position("scoring_1", HEBI, CHOICE, ask="settle", args={"points": 85}, options=_SETTLE_OPTIONS_HEBI),
            Position(
                "scoring_2",
                HEBI,
                CHOICE,
                ask="settle",
                args={"points": 60, "kitty_points": 10, "pairs": 0},
                options=_SETTLE_OPTIONS_HEBI,
            ),
            Position(
                "scoring_3",
                LANZHOU,
                CHOICE,
                ask="settle",
                args={"points": 110},
                options=(("dealers", 3), ("dealers", 2), ("dealers", 1), ("defenders", 0)),
            ),
            Position(
                "scoring_4",
                LOGISTICS,
                CHOICE,
                ask="settle",
                args={"points": 40},
                options=(("dealers", 2), ("dealers", 1), ("defenders", 1), ("defenders", 2)),
            ),
            Position("scoring_5", HEBI, CHOICE, ask="next_dealer", dealer=1, args={"kept": True}, options=(0, 1, 2, 3)),
            Position(
                "scoring_6", LANZHOU, CHOICE, ask="next_dealer", dealer=1, args={"kept": True}, options=(0, 1, 2, 3)
            ),
        ),
    ),
)


def lesson(lesson_id: str) -> Lesson:
    for item in LESSONS:
        if item.id == lesson_id:
            return item
    raise KeyError(lesson_id)
