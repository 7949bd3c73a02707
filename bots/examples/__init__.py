"""Example programs for the external bot protocol (``docs/bot-protocol.md``).

They are stand-alone scripts that use only the standard library: run them as
``python3 bots/examples/random_bot.py``, not by importing them.
"""
