"""The two bots of A13, simple and sharp (S34). Both are deterministic and decide from
what their seat may see (A13.1, A12.7): the hand of the goon they decide for, every
goon's public counts, and the decision awaited. Neither reads another hand, the deck or
the random stream; tests/armed/test_bots.py scrambles those and checks nothing changes.
"""

from __future__ import annotations

from ..state import Decision, Game
from . import sharp, simple

POLICIES = {"simple": simple.choose, "sharp": sharp.choose}


def choose(g: Game, d: Decision) -> tuple:
    """The answer the awaited seat's bot gives to `d`."""
    return POLICIES[d.seat.policy](g, d)


__all__ = ["POLICIES", "choose", "sharp", "simple"]
