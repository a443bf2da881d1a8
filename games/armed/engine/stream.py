"""The random stream (armed-engine.md): one SplitMix64 generator seeded with the game's
seed, and the Fisher-Yates shuffle from the last index down. Every shuffle agrees bit for
bit with any other engine on the same seed. Used for the deal and first goon (A2.2,
A2.3), the first exhaustion (A10.4), Loot into the deck (A1.6), BLEND-R-RAY (A9.8) and
PICK-POCKET (A9.5), and nothing else: bots use no randomness (A13.1).
"""

from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Stream:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = z = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        return self.next() % n

    def shuffle(self, items: list[Any]) -> None:
        """In place; index 0 is the top of a deck. Lists of 0 or 1 items draw nothing."""
        # next() inlined: shuffles are the stream's hot loop in the playtest.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + GOLDEN) & MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state


def first_output(seed: int) -> int:
    """The first `next()` of a fresh stream (the playtest's seat policies use it)."""
    return Stream(seed).next()
