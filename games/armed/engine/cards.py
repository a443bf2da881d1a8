"""A1.2 The 54 cards: 40 guns (20 designs, two copies each) and 14 Loot, by id.

The canonical order (S1) is the designs in armed.md §9's order, copy 1 before copy 2,
then LOOT#1 … LOOT#14. It fixes where `setup`'s `rest` goes and the seeded shuffle.
"""

from __future__ import annotations

DESIGNS: tuple[str, ...] = (
    "MAGNO-MITT",
    "DISCO",
    "ROBIN-HOOD",
    "PIGGY-POPPER",
    "PICK-POCKET",
    "FETCH-RAY",
    "WORM-HOLE",
    "BLEND-R-RAY",
    "SHRINK-RAY",
    "SNEEZE-CANNON",
    "BOOMERANG",
    "FREEZE-BREEZE",
    "STINK-BOMB",
    "ENCORE",
    "MIND-WORM",
    "HYPNO-COIN",
    "EGG-O-MATIC",
    "TOOTH-FAIRY",
    "MEGA-PHONER",
    "VOGUE-INATOR",
)
GUNS: tuple[str, ...] = tuple(f"{d}#{copy}" for d in DESIGNS for copy in (1, 2))
LOOTS: tuple[str, ...] = tuple(f"LOOT#{n}" for n in range(1, 15))
CANONICAL: tuple[str, ...] = GUNS + LOOTS
CARD_IDS: frozenset[str] = frozenset(CANONICAL)
GUN_IDS: frozenset[str] = frozenset(GUNS)
LOOT_IDS: frozenset[str] = frozenset(LOOTS)
# A card's design, looked up once per id rather than split on every shot.
DESIGN_OF: dict[str, str] = {card: card.rsplit("#", 1)[0] for card in GUNS}
