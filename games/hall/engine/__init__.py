"""The Exoptosis engine: the card game of the Gilded Hall (hall.md §8) as pure Python.

No Django, no clock, no global random: the same game and seed always give the same
result. `run(game)` is the one entry point (exoptosis-engine.md); `python -m
games.hall.engine` drives it through JSON. `random_cards` rolls every random card the
site hands out outside a game (H3.6).
"""

from .errors import Code, InputError
from .resolve import run
from .rolls import random_cards

__all__ = ["Code", "InputError", "random_cards", "run"]
