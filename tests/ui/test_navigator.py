"""The screens' ``Navigator`` protocol is the real ``Navigation``'s: same ways, same signatures.

The protocol is what a screen sees of ``app.nav``; when it drifted from the class
(``config: dict`` where the navigation takes ``TableSettings``), a screen could be written
against a signature that does not exist and nothing said so.
"""

from __future__ import annotations

import inspect

from game.ui.kit.scene import Navigator
from game.ui.navigation import Navigation


def _ways(cls) -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(cls).items()
        if inspect.isfunction(member) and not name.startswith("_")
    }


def test_the_protocol_has_every_way_the_navigation_has_with_the_same_signature():
    protocol, real = _ways(Navigator), _ways(Navigation)
    assert set(protocol) == set(real), set(protocol) ^ set(real)
    for name, signature in real.items():
        assert protocol[name] == signature, f"Navigator.{name}{protocol[name]} is not Navigation.{name}{signature}"
