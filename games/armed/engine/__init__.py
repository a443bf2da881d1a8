"""The "So You've Armed Yourself" engine (armed.md A1-A13, armed-engine.md) as pure
Python: standard library only, no clock, no global random state. `run(game)` is the one
entry point; `bit_ok` is the table-chat check of A8.1; `POLICIES` are the bots of A13,
so that a benchmark can play all-bot games (A13.4)."""

from .bits import bit_ok
from .bots import POLICIES
from .errors import Code, InputError
from .game import run

__all__ = ["POLICIES", "Code", "InputError", "bit_ok", "run"]
