"""The pygame-ce front end: scenes, widgets, tweens and the card table.

Only this package (and ``game.__main__.main``) imports pygame, so the rules core, the
referee and the bots stay usable without it.
"""
