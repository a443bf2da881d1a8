"""H5 Card gifting: how many cards a gift brings, and when the giver's bonus is due."""

from __future__ import annotations

from dataclasses import dataclass

SHORT_HANDED_BELOW = 5  # H5.2: "fewer than 5 cards"
INACTIVE_BONUS = 2
SHORT_HANDED_BONUS = 1
GIVER_BONUS = 1  # H5.3


@dataclass(frozen=True)
class GiftSize:
    base: int
    inactive_bonus: int
    short_handed_bonus: int

    @property
    def total(self) -> int:
        return self.base + self.inactive_bonus + self.short_handed_bonus


def gift_size(*, receiver_inactive: bool, receiver_cards_before: int) -> GiftSize:
    """H5.2 1 card; +2 if the receiver is inactive this phase; +1 if they owned fewer than 5
    cards just before the gift (locked cards count). So 1 to 4 cards."""
    return GiftSize(
        base=1,
        inactive_bonus=INACTIVE_BONUS if receiver_inactive else 0,
        short_handed_bonus=SHORT_HANDED_BONUS if receiver_cards_before < SHORT_HANDED_BELOW else 0,
    )


def giver_bonus_now(*, receiver_inactive: bool, receiver_acted_this_phase: bool) -> str:
    """H5.3 'none' (receiver active), 'now' (inactive and already acted), or 'pending'
    (due at the receiver's first action later this phase; lapses at the boundary)."""
    if not receiver_inactive:
        return "none"
    return "now" if receiver_acted_this_phase else "pending"
