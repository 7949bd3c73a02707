"""The pygame-ce front end: scenes, widgets, tweens, the card table and the card art.

Only this package (and ``game.__main__.main``) imports pygame, so the rules core, the
referee and the bots stay usable without it.
"""
