"""H6.1 The shop's price list."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

HOLO_CHANCE = 0.05  # H3.6: a random card is holographic 5% of the time unless a rule says otherwise


class ShopItem(StrEnum):
    RANDOM_CARD = "random_card"
    HANDY_PACK = "handy_pack"
    DECK_PACK = "deck_pack"
    LEGENDARY_PACK = "legendary_pack"
    CHIP = "chip"


@dataclass(frozen=True)
class Offer:
    item: ShopItem
    name: str
    cost: int  # Vertebrae
    rolls: tuple[tuple[int, float], ...]  # (count, holographic chance) per roll
    chips: int = 0

    @property
    def card_count(self) -> int:
        return sum(count for count, _ in self.rolls)

    @property
    def gives(self) -> str:
        if self.chips:
            return f"{self.chips} Chip"
        if self.item is ShopItem.RANDOM_CARD:
            return "1 random card, 10% holographic"
        if self.item is ShopItem.LEGENDARY_PACK:
            return "5 random cards + 2 random holographic cards"
        return f"{self.card_count} random cards"


PRICE_LIST: dict[ShopItem, Offer] = {
    o.item: o
    for o in (
        Offer(ShopItem.RANDOM_CARD, "Random Card", 5, ((1, 0.10),)),
        Offer(ShopItem.HANDY_PACK, "Handy Pack", 12, ((3, HOLO_CHANCE),)),
        Offer(ShopItem.DECK_PACK, "Deck Pack", 18, ((5, HOLO_CHANCE),)),
        # H6.2 settled: the two extras are ordinary random faces made holographic.
        Offer(ShopItem.LEGENDARY_PACK, "Legendary Pack", 50, ((5, HOLO_CHANCE), (2, 1.0))),
        Offer(ShopItem.CHIP, "1 Chip", 25, (), chips=1),
    )
}


def can_afford(vertebrae: int, item: ShopItem) -> bool:
    """H6.2 A purchase is refused if the player has fewer Vertebrae than the cost."""
    return vertebrae >= PRICE_LIST[item].cost
