"""The ledger: every Vertebra, Chip and card a player gains or loses, and why.

`explain(player)` rebuilds a player's holdings from their ledger alone; `unexplained`
compares it with what they hold. The full-week test asserts nothing is unexplained.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Sum

from ..models import Card, Ledger, Player

Asset = Ledger.Asset


def cards(player: Player, ids: Iterable[str], change: int, reason: str, ref: str, phase: int):
    Ledger.objects.bulk_create(
        Ledger(
            player=player,
            asset=Asset.CARD,
            card=c,
            change=change,
            reason=reason,
            ref=ref,
            phase=phase,
        )
        for c in ids
    )


def amount(player: Player, asset: str, change: int, reason: str, ref: str, phase: int) -> None:
    if change:
        Ledger.objects.create(
            player=player, asset=asset, change=change, reason=reason, ref=ref, phase=phase
        )


@dataclass(frozen=True)
class Explained:
    vertebrae: int
    chips: int
    cards: Counter[str]

    @property
    def card_count(self) -> int:
        return self.cards.total()


def explain(player: Player) -> Explained:
    sums = dict(
        Ledger.objects.filter(player=player)
        .exclude(asset=Asset.CARD)
        .values_list("asset")
        .annotate(total=Sum("change"))
    )
    counted: Counter[str] = Counter()
    for card, change in Ledger.objects.filter(player=player, asset=Asset.CARD).values_list(
        "card", "change"
    ):
        counted[card] += change
    return Explained(
        vertebrae=sums.get(Asset.VERTEBRAE, 0) or 0,
        chips=sums.get(Asset.CHIPS, 0) or 0,
        cards=+counted,
    )


def held(player: Player) -> Explained:
    player.refresh_from_db(fields=["vertebrae", "chips"])
    owned = Counter(c.code for c in Card.objects.filter(owner=player))
    return Explained(vertebrae=player.vertebrae, chips=player.chips, cards=owned)


def unexplained(player: Player) -> list[str]:
    """What the player holds that the ledger does not explain (empty when it all adds up)."""
    booked, holding = explain(player), held(player)
    problems = []
    if booked.vertebrae != holding.vertebrae:
        problems.append(f"Vertebrae: ledger {booked.vertebrae}, held {holding.vertebrae}")
    if booked.chips != holding.chips:
        problems.append(f"Chips: ledger {booked.chips}, held {holding.chips}")
    if booked.cards != holding.cards:
        problems.append(f"cards: ledger {dict(booked.cards)}, held {dict(holding.cards)}")
    return problems
