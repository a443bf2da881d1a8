"""Random cards (H3.6) and the battle reward (H8.24 b), from a seeded generator only."""

from __future__ import annotations

import random
from typing import Any

from .cards import FACES, HOLO

BATTLE_HOLO_CHANCE = 0.05  # H8.24 (b): "3 random cards (5% holographic each)"
VERTEBRAE = (5, 16)  # H8.24 (b): a whole number from 5 to 16, each equally likely
REWARD_CHIPS = 2
REWARD_CARDS = 3  # H8.24 (b)
_FACE_IDS = tuple(f.id for f in FACES)


def roll_cards(rng: random.Random, count: int, holo_chance: float) -> list[str]:
    """`count` random cards: each of the 54 faces equally likely, holographic with
    probability `holo_chance`."""
    cards = []
    for _ in range(count):
        card = rng.choice(_FACE_IDS)
        cards.append(card + HOLO if rng.random() < holo_chance else card)
    return cards


def random_cards(seed: int, count: int, holo_chance: float) -> list[str]:
    """H3.6 The cards of one random event on the site (a gift, a bonus, a purchase, a
    starting kit), derived from its stored seed alone so the roll can be replayed."""
    if count < 0:
        raise ValueError(f"count must be at least 0, not {count}")
    if not 0 <= holo_chance <= 1:
        raise ValueError(f"holo_chance must be between 0 and 1, not {holo_chance}")
    return roll_cards(random.Random(seed), count, holo_chance)


def battle_reward(rng: random.Random) -> dict[str, Any]:
    """H8.24 (b) One of three rewards, each equally likely."""
    kind = rng.choice(("cards", "vertebrae", "chips"))
    if kind == "cards":
        return {"kind": "cards", "cards": roll_cards(rng, REWARD_CARDS, BATTLE_HOLO_CHANCE)}
    if kind == "vertebrae":
        return {"kind": "vertebrae", "amount": rng.randint(*VERTEBRAE)}
    return {"kind": "chips", "amount": REWARD_CHIPS}
