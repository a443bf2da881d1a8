"""The CHAOS™ engine (chaos.md K1-K13, bots K15) as pure Python.

No Django, no clock, no global random: the same game and seed always give the same result.
`run(game)` is the one entry point (chaos-engine.md); `python -m games.chaos.engine` drives
it through JSON. Where each rule lives:

- K2 setup.py · K3, K4, K8 turns.py · K5 window.py (the circuit) and resolution.py
  (newest first) · K6 resolution.resolve_chaos (the snapshot) and conditions.update_capacity
  · K7 conditions.py · K9.3, K10.3, K10.6 modifiers.py · K10.1, K10.4, K11.4
  instructions.py (the effect codes) · K10.5 anchors.py · K11 window.py · K12 session.py
  · K15 bots.py
"""

from .errors import InputError
from .game import run

__all__ = ["InputError", "run"]
