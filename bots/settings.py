"""How the searching levels search: one frozen value per level (``HARD``, ``EXPERT``).

A variant is ``replace(HARD, samples=4)`` in code, or ``configured(HARD, {"samples": 4})``
from outside input (``make_bot``'s options, a benchmark's ``--cfg '{...}'`` JSON): an
unknown key or a value of the wrong type is a ``ValueError`` naming the known keys, so a
misspelt setting (``stear_steps``) cannot be ignored silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from .inference import PATIENCE, WINDOW

DEFAULT_THINK_MS = 300.0
EXPERT_THINK_MS = 2000.0
#: Worlds per decision when neither a think time nor ``samples`` is set.
UNTIMED_SAMPLES = 16


@dataclass(frozen=True)
class SearchSettings:
    """The ``hard`` level's search. ``think_ms`` None and ``samples`` k: exactly k sampled
    worlds per play decision, no time box, reproducible from the seed on any machine; both
    set: k worlds at most within the think time."""

    think_ms: float | None = DEFAULT_THINK_MS
    samples: int | None = None
    #: Moves compared in a play search, ``normal``'s first.
    max_candidates: int = 6
    #: The margin another move needs over ``normal``'s, in standard errors of the paired
    #: difference over the sampled worlds (``paired.surely_better``), and in levels.
    z: float = 0.5
    min_gain: float = 0.02
    #: Local-search steps per sampled world towards a deal that explains the others' plays
    #: (``inference.steer``); 0 samples under the card memory's hard facts only.
    steer_steps: int = 12
    #: With a time box, steering a world may take this share of a world's play-outs ...
    steer_share: float = 1.0
    #: ... and only from this think time up: at 100 ms the fewer, better worlds lost to more,
    #: plainer ones (bots/NOTES.md); with ``samples=k`` it always steers.
    steer_min_ms: float = 200.0
    #: The past tricks steering replays, and its patience per unexplained play.
    window: int = WINDOW
    steer_patience: int = PATIENCE
    #: Sort each world's hands as observations sort them (the policy breaks ties by order).
    sort_worlds: bool = True
    #: Carry each search's worlds to the next decision (``inference.carry``).
    carry_worlds: bool = True
    #: Draw another seat's kitty as dealers bury (``Tables.bury_weight``), not uniformly.
    bury_model: bool = True
    #: The defenders' points in ``sim.utility``, levels per settlement step.
    point_weight: float = 1.0
    #: Buries compared by the dealer (``normal``'s and the next best by its own scoring),
    #: and the think times the one bury of a hand may take (p95 of decisions is unaffected).
    bury_candidates: int = 3
    bury_factor: float = 1.8
    #: From this many cards in the searching seat's hand down, each world is solved
    #: exactly (``endgame.Solver``: every seat at its best) instead of played out by the
    #: roll-out policy; 0 never. Four cards cost a median 8 ms a world compiled, 20 ms
    #: pure, so a decision sees tens of worlds where roll-outs see a thousand; five cost
    #: up to 0.85 s a world compiled, past the time box (bots/NOTES.md, "Sixth turn").
    endgame_cards: int = 4
    #: Roll-outs stop after this many tricks and the rest is judged (``leaf``, learned from
    #: ``normal`` self-play); 0 plays them to the end.
    horizon: int = 0
    #: Play, roll out and steer with ``normal``'s learned take and lead (``NormalPolicy(
    #: learned=True)``; the ``normal`` level keeps them off for its speed): where roll-outs
    #: play to the end a better ``normal`` makes a better world's value, +0.18 levels a deal
    #: for ``hard`` at 300 ms on logistics-2015 (bots/NOTES.md, "``hard`` with the learned
    #: rules at 300 ms"). On one deck only: cut after three tricks (``HARD_CUT``) they
    #: gained nothing, and ``expert`` on more decks has not been measured with them.
    learned_rules: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            default = f.default
            if (value is None and default is None) or (f.name == "think_ms" and value is None):
                continue
            kind = type(default) if default is not None else int
            ok = isinstance(value, kind) and not (kind is not bool and isinstance(value, bool))
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                ok = True
            if not ok or (not isinstance(value, bool) and value < 0):
                raise ValueError(
                    f"search setting {f.name}={value!r}: expected a non-negative "
                    f"{'int or null' if default is None else kind.__name__}"
                )
        if self.samples is not None and self.samples < 1:
            raise ValueError(f"search setting samples={self.samples}: at least one world")

    @property
    def worlds(self) -> int | None:
        """The worlds a decision may sample at most (None: as many as the time allows)."""
        if self.think_ms is None and self.samples is None:
            return UNTIMED_SAMPLES
        return self.samples


SETTING_NAMES = tuple(f.name for f in fields(SearchSettings))


def configured(settings: SearchSettings, changes: Mapping[str, Any]) -> SearchSettings:
    """``settings`` with ``changes`` (a JSON object's keys and values) applied; an unknown
    key is a ValueError that names the known ones."""
    unknown = sorted(set(changes) - set(SETTING_NAMES))
    if unknown:
        raise ValueError(
            f"unknown search setting{'s' if len(unknown) > 1 else ''} "
            f"{', '.join(unknown)} (known: {', '.join(SETTING_NAMES)})"
        )
    return replace(settings, **changes)


HARD = SearchSettings()
#: ``hard`` on two and three decks: roll-outs cut after three tricks and the rest judged
#: (``leaf``), so a decision sees three to five times the worlds: +0.22 levels a deal at
#: 100 ms and +0.11 at 300 ms on hebi-2010, +0.23 on lanzhou-2010 at 100 ms (200 fresh deals
#: each, bots/NOTES.md, "Roll-outs cut short"). On one deck, where a hand is twelve tricks
#: and the cut saves half, it gained nothing measurable: there, and for ``expert``, roll-outs
#: play to the end. Three tricks are too few for the learned rules to pay for their cost
#: in worlds: -0.025 [-0.135, +0.085] levels a deal at 300 ms on hebi-2010.
HARD_CUT = replace(HARD, horizon=3, learned_rules=False)
#: ``expert``: a longer think, one more candidate, and each world steered harder towards one
#: that explains the plays — more steps, a longer window of past tricks, more patience per
#: unexplained play, up to twice a world's play-outs in time (``bench.hard worlds``: 0.541 ->
#: 0.577 of the hidden cards placed right, bots/NOTES.md).
EXPERT = replace(
    HARD,
    think_ms=EXPERT_THINK_MS,
    max_candidates=7,
    steer_steps=30,
    window=12,
    steer_patience=6,
    steer_share=2.0,
    learned_rules=False,
)
#: ``expert`` on one deck: ``hard``'s steering with ``expert``'s think. A one-deck hand is
#: twelve cards, so twelve tricks back replay the whole hand, and there the harder steering
#: cost: ``hard`` with it at 300 ms -0.17 levels a deal, ``expert`` with it -0.38 below
#: ``hard`` (logistics-2015, bots/NOTES.md, "expert on one deck"). And ``hard``'s learned
#: rules, measured for ``hard`` on this deck count.
EXPERT_ONE_DECK = replace(
    EXPERT,
    steer_steps=HARD.steer_steps,
    window=HARD.window,
    steer_patience=HARD.steer_patience,
    steer_share=HARD.steer_share,
    learned_rules=HARD.learned_rules,
)

__all__ = [
    "DEFAULT_THINK_MS",
    "EXPERT",
    "EXPERT_ONE_DECK",
    "EXPERT_THINK_MS",
    "HARD",
    "HARD_CUT",
    "SETTING_NAMES",
    "UNTIMED_SAMPLES",
    "SearchSettings",
    "configured",
]
