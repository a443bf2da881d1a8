"""The party game's engine (party.md, party-engine.md) as pure Python: standard library
only, no clock, no global random. `run(game)` plays one game from its input;
`validate_deck(deck)` is the deck builder's check; `python -m games.party.engine` drives
`run` through JSON. `Session` keeps a game between actions for the rooms."""

from .deckcheck import validate_deck
from .errors import InputError
from .game import Session, run

__all__ = ["InputError", "Session", "run", "validate_deck"]
