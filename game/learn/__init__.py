"""Learning to play: lessons on fixed positions and a rules trainer (no pygame).

Lessons and trainer questions are ``Position`` values; ``judge`` checks a move through the
rules core and ``answer`` computes a choice question's right option. ``Progress`` keeps
what the learner finished and the trainer's scores in the data folder.
"""

from .judge import Verdict, answer, judge, label, prompt, seat_name, suit_name
from .lessons import LESSONS, Lesson, lesson
from .position import BURY, CHOICE, DECLARE, PLAY, Bids, Position, position_problems

__all__ = [
    "BURY",
    "CHOICE",
    "DECLARE",
    "LESSONS",
    "PLAY",
    "Bids",
    "Lesson",
    "Position",
    "Verdict",
    "answer",
    "judge",
    "label",
    "lesson",
    "position_problems",
    "prompt",
    "seat_name",
    "suit_name",
]
