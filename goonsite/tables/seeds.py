"""A table's seed (provably fair): drawn from server randomness at the start, its SHA-256
shown from then on, the seed itself revealed when the game ends so anyone can rerun the
engine on the published actions."""

from __future__ import annotations

import hashlib
import random

SEED_BITS = 63  # fits a signed 64-bit column

# Server randomness; the test suite swaps in a generator seeded from each test's name
# (tests/conftest.py) so that a game dealt in a test is dealt the same on every run.
dice: random.Random = random.SystemRandom()


def draw_seed() -> int:
    return dice.getrandbits(SEED_BITS)


def seed_hash(seed: int) -> str:
    """The commitment shown while the game runs: SHA-256 of the seed's decimal digits."""
    return hashlib.sha256(str(seed).encode()).hexdigest()
