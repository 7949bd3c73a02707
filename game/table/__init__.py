"""The table engine: one driver for the game, the arena, the tests and the tools (no pygame,
no bots: bots and the practice hint are handed in).

Layering: ``game.core`` ← ``game.table`` ← ``bots`` / the arena ← the session and the screens.
"""

from .aids import HintProvider, TurnClock, cards_out, clock_seconds, default_action, hint_action, points_out
from .controllers import (
    PENDING,
    BotController,
    BotFactory,
    Controller,
    HumanController,
    bot_controllers,
    make_controllers,
)
from .driver import OnDecision, OneHandMatch, OnHandOver, TableDriver, play_hand
from .events import (
    AfterDealWindow,
    Buried,
    DealClosed,
    Dealt,
    Declared,
    Event,
    HandReport,
    HandSettled,
    HandStarted,
    Incident,
    MatchOver,
    Played,
    Redealt,
    TimedOut,
    TrickWon,
    Wait,
    WaitKind,
)
from .privacy import Privacy, hotseat_privacy, must_cover
from .settings import PRACTICE, TOURNAMENT, Aids, Mode, TableSettings, aids_for

__all__ = [name for name in dir() if not name.startswith("_")]
