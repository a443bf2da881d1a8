"""The engine's only randomness: SplitMix64 (party-engine.md, "Randomness")."""

from __future__ import annotations

MASK = (1 << 64) - 1


class SplitMix64:
    """A 64-bit state advanced by a fixed constant; the seed is the starting state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in [0, n): the high word of a 128-bit product, no modulo bias."""
        return (self.next() * n) >> 64

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
