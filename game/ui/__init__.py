"""The pygame-ce front end, in sub-packages by what a player sees.

``kit`` (the scene stack, widgets, the card art) ← ``table`` (the table and its parts) ←
``coach``, ``events``, ``learning``, ``menus`` ← ``navigation`` (the one module that knows
every screen); ``tests/core/test_layers.py`` keeps that order. Only this package (and
``game.__main__.main``) imports pygame, so the rules core, the referee and the bots stay
usable without it.
"""
