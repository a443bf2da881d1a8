"""H6 The shop: a purchase never takes Vertebrae without giving the item (one transaction)."""

from __future__ import annotations

import datetime as dt

from goonsite.refusal import Refusal

from ..models import Activity, Ledger, Purchase
from ..rolls import new_seed, roll
from ..rules.shop import PRICE_LIST, ShopItem, can_afford
from .action import in_open_phase
from .ending import check_victory
from .inventory import add_cards, change
from .log import note


def buy(*, user, item: str, now: dt.datetime | None = None) -> Purchase:
    """H6.1-H6.2 Refused with fewer Vertebrae than the cost; packs open at once."""
    try:
        offer = PRICE_LIST[ShopItem(item)]
    except ValueError:
        raise Refusal("The shop does not sell that.") from None
    with in_open_phase(user=user, now=now) as m:
        if not can_afford(m.player.vertebrae, offer.item):
            raise Refusal(
                f"{offer.name} costs {offer.cost} Vertebrae; you have {m.player.vertebrae} (H6.2)."
            )
        seed = new_seed() if offer.rolls else None
        cards: list[str] = []
        for n, (count, chance) in enumerate(offer.rolls):
            cards += roll(seed + n, count, chance)
        purchase = Purchase.objects.create(
            player=m.player,
            phase=m.phase.number,
            item=offer.item,
            cost=offer.cost,
            seed=seed,
            cards=cards,
            chips=offer.chips,
        )
        ref = f"purchase {purchase.pk}"
        change(
            m.player,
            vertebrae=-offer.cost,
            chips=offer.chips,
            reason=Ledger.Reason.PURCHASE,
            ref=ref,
            phase=m.phase.number,
        )
        add_cards(m.player, cards, Ledger.Reason.PURCHASE, ref, m.phase.number)
        got = ", ".join(cards) if cards else f"{offer.chips} Chip"
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.PURCHASE,
            f"{m.player} bought a {offer.name} for {offer.cost} Vertebrae: {got}.",
            m.now,
        )
        if offer.chips:
            check_victory(m.cycle, m.player, m.now, m.phase.number)
    return purchase
