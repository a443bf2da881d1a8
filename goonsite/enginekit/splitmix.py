"""SplitMix64, the table games' only randomness (armed-engine.md and chaos-engine.md "The
random stream", party-engine.md "Randomness"): a 64-bit state started at the game's seed,
so every engine draws the same numbers from the same seed."""

from __future__ import annotations

from typing import Any

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """`below(n)` is `next() mod n` and `shuffle` is Fisher-Yates from the last index
    down, as armed-engine.md and chaos-engine.md define them."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = z = (self.state + GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in [0, n), n >= 1."""
        return self.next() % n

    def shuffle(self, items: list[Any]) -> None:
        """In place; index 0 is the top of a deck. Lists of 0 or 1 items draw nothing."""
        # next() and below() inlined: shuffles are the stream's hot loop in the playtests.
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + GOLDEN) & MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = state


class SplitMix64High(SplitMix64):
    """The party engine's reduction (party-engine.md "Randomness"): `below(n)` is the high
    word of the 128-bit product `next() * n`, which has no modulo bias. The same stream,
    but other draws than `SplitMix64.below` for the same seed."""

    __slots__ = ()

    def below(self, n: int) -> int:
        return (self.next() * n) >> 64

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
