"""Which of the hot modules run compiled (mypyc, ``tools/build_compiled.py``) in this process.

The source is plain Python and stays the fallback: a compiled build is a separate tree
(``build/compiled``) holding the same source and, beside the listed modules, their C
extensions. Python imports the extension when both are there, so a module is compiled
when its ``__file__`` is not a Python source or byte-code file.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # mypyc knows its class flags by this name
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # a plain install: the flags mean something to mypyc only

        def mypyc_attr(*_attrs, **_flags):
            return lambda cls: cls


# The play state, units and tricks, the observation, the card memory, the ``normal``
# policy, the roll-out and the sampling: where a profile of ``bots.bench.rollouts`` spends
# its time. ``game.core.cards`` stays Python: a ``Card`` is an ``int`` subclass, which mypyc
# cannot compile, and its methods are int's own C code already.
HOT_MODULES = (
    "game.core.trump",
    "game.core.units",
    "game.core.tricks",
    "game.core.play",
    "game.core.legal",
    "game.core.observation",
    # The hand, its bidding, actions and moves, and the table engine and its events around
    # them: most of a self-play hand once the bots are compiled. (``game.core.match`` stays
    # Python: compiled, ten tests of tests/core/test_match.py raised TypeError; not pursued.)
    "game.core.hand",
    "game.core.bidding",
    "game.core.settlement",
    "game.core.actions",
    "game.core.moves",
    "game.core.holding",  # ``cards.holds``: every play checked asks it
    "game.core.phases",  # its names, Final, are C statics to the modules comparing phases
    "game.core.shuffle",  # the deal: ``random.shuffle`` is a Python call per card
    "game.table.declaring",
    "game.table.controllers",
    "game.table.driver",
    "game.table.events",
    "game.table.frame_gate",  # passed after every trick of every roll-out
    "bots.tables",
    "bots.memory",
    "bots.bidding",  # the bots' declarations and buries, weighed at every card dealt
    "bots.trick_state",
    "bots.view",
    "bots.plays",
    "bots.leads",
    "bots.follows",
    "bots.normal",
    "bots.leaf",  # the judge of cut roll-outs (``SearchSettings.horizon``)
    "bots.sim",
    "bots.endgame",  # the last tricks of each world, solved exactly
)


def compiled_modules() -> list[str]:
    """The hot modules loaded from a C extension (imports them all)."""
    out = []
    for name in HOT_MODULES:
        path = getattr(importlib.import_module(name), "__file__", None) or ""
        if not path.endswith((".py", ".pyc")):
            out.append(name)
    return out


def describe() -> str:
    """One line for ``--version``: what runs compiled."""
    names = compiled_modules()
    if not names:
        return "search: pure Python (no compiled modules; see tools/build_compiled.py)"
    if len(names) == len(HOT_MODULES):
        return f"search: compiled with mypyc (all {len(names)} hot modules: {', '.join(names)})"
    return f"search: partly compiled ({len(names)} of {len(HOT_MODULES)}: {', '.join(names)})"
