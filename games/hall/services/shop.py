"""H6 The shop: a purchase never takes Vertebrae without giving the item (one transaction)."""

from __future__ import annotations

import datetime as dt

from goonsite import words
from goonsite.refusal import Refusal

from ..cards import card_names
from ..models import Activity, Ledger, Purchase
from ..rolls import new_seed, roll
from ..rules.shop import PRICE_LIST, ShopItem, can_afford
from . import intent as intents
from .action import in_open_phase
from .ending import check_victory
from .inventory import add_cards, change
from .log import note


def buy(*, user, item: str, now: dt.datetime | None = None, intent: str | None = None) -> Purchase:
    """H6.1-H6.2 Refused with fewer Vertebrae than the cost; packs open at once.
    `intent`: the form's one-time key, so one press buys once (services/intent.py)."""
    try:
        offer = PRICE_LIST[ShopItem(item)]
    except ValueError:
        raise Refusal("The shop does not sell that.") from None
    with in_open_phase(user=user, now=now) as m:
        intents.check_unused(m.player, intent)
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
        price = words.count(offer.cost, "Vertebra")
        bought = (
            f"a {offer.name} for {price}: {card_names(cards)}"
            if cards
            else f"{words.count(offer.chips, 'Chip')} for {price}"
        )
        note(m.cycle, m.phase.number, Activity.Kind.PURCHASE, f"{m.player} bought {bought}.", m.now)
        intents.use(m.player, intent, f"you bought {bought}", m.now)
        if offer.chips:
            check_victory(m.cycle, m.player, m.now, m.phase.number)
    return purchase
