"""The rules core: pure Python, no pygame, no bots.

Everything the front end and the bots need is importable from here.
"""
