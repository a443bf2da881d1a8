"""The random stream (armed-engine.md): one SplitMix64 generator seeded with the game's
seed, and the Fisher-Yates shuffle from the last index down, shared with the other table
engines (goonsite/enginekit/splitmix.py). Used for the deal and first goon (A2.2, A2.3),
the first exhaustion (A10.4), Loot into the deck (A1.6), BLEND-R-RAY (A9.8) and
PICK-POCKET (A9.5), and nothing else: bots use no randomness (A13.1).
"""

from __future__ import annotations

from goonsite.enginekit.splitmix import SplitMix64 as Stream

__all__ = ["Stream", "first_output"]


def first_output(seed: int) -> int:
    """The first `next()` of a fresh stream (the playtest's seat policies use it)."""
    return Stream(seed).next()
