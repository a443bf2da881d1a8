"""The engine's only randomness (party-engine.md, "Randomness"): the SplitMix64 stream of
the other table games, drawing `below(n)` as the high word of `next() * n` rather than
`next() mod n` (goonsite/enginekit/splitmix.py)."""

from __future__ import annotations

from goonsite.enginekit.splitmix import SplitMix64High as SplitMix64

__all__ = ["SplitMix64"]
