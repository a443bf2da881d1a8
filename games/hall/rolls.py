"""The one seam between the Hall's services and the dice (H3.6).

Every random event takes a fresh seed from server randomness, stores it with the event,
and derives its cards from that seed alone through the Exoptosis engine's pure
`random_cards`, so any roll can be replayed from its record.
"""

from __future__ import annotations

import random

from .engine import random_cards

HOLO = "*"

# Server randomness; a test that needs a reproducible week swaps in a seeded generator
# (tests/hall/fixtures.py: fixed_dice).
dice: random.Random = random.SystemRandom()


def new_seed() -> int:
    return dice.getrandbits(63)


def roll(seed: int, count: int, holo_chance: float) -> list[str]:
    """Card ids such as "7H" or "QD*" (`*` = holographic)."""
    return random_cards(seed, count, holo_chance)


def split(card_id: str) -> tuple[str, bool]:
    """("QD", True) for "QD*"."""
    return card_id.removesuffix(HOLO), card_id.endswith(HOLO)
