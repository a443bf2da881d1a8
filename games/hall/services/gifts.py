"""H5 Card gifting: once per phase, a random card (and the bonuses) to another player."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction

from goonsite.refusal import Refusal

from ..cards import card_names
from ..models import Activity, Card, Gift, Ledger
from ..rolls import new_seed, roll
from ..rules.gifts import gift_size, giver_bonus_now
from ..rules.shop import HOLO_CHANCE
from . import intent as intents
from .action import grant_giver_bonus, in_open_phase
from .inventory import add_cards
from .log import note


def give_gift(
    *, user, receiver_id: int, now: dt.datetime | None = None, intent: str | None = None
) -> Gift:
    """H5.1-H5.4 The giver's action; the cards are new (it costs the giver nothing).
    `intent`: the form's one-time key (services/intent.py)."""
    with in_open_phase(user=user, now=now, others=[receiver_id]) as m:
        giver = m.player
        intents.check_unused(giver, intent)
        receiver = m.others.get(receiver_id)
        if receiver is None:
            raise Refusal("You cannot give a gift to yourself (H5.1).")
        if receiver.barred:
            raise Refusal(f"{receiver} is barred from the Hall and cannot receive gifts (H2.1).")
        if Gift.objects.filter(giver=giver, phase=m.phase.number).exists():
            raise Refusal(
                f"You have given your gift for phase {m.phase.number}; one gift a phase (H5.1)."
            )
        size = gift_size(
            receiver_inactive=receiver.inactive,
            receiver_cards_before=Card.objects.filter(owner=receiver).count(),
        )
        seed = new_seed()
        cards = roll(seed, size.total, HOLO_CHANCE)
        bonus = giver_bonus_now(
            receiver_inactive=receiver.inactive,
            receiver_acted_this_phase=receiver.last_action_phase == m.phase.number,
        )
        try:
            with transaction.atomic():
                gift = Gift.objects.create(
                    cycle=m.cycle,
                    phase=m.phase.number,
                    giver=giver,
                    receiver=receiver,
                    seed=seed,
                    cards=cards,
                    receiver_inactive=receiver.inactive,
                    short_handed=bool(size.short_handed_bonus),
                    bonus=Gift.Bonus.PENDING if bonus == "pending" else Gift.Bonus.NONE,
                )
        except IntegrityError:  # the same giver in another tab, a moment earlier
            raise Refusal(f"You have given your gift for phase {m.phase.number} (H5.1).") from None
        add_cards(receiver, cards, Ledger.Reason.GIFT, f"gift {gift.pk}", m.phase.number)
        extras = []
        if size.inactive_bonus:
            extras.append("+2 for an inactive receiver")
        if size.short_handed_bonus:
            extras.append("+1 for fewer than 5 cards")
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.GIFT,
            f"{giver} gave {receiver} a gift: {card_names(cards)}"
            + (f" ({'; '.join(extras)})" if extras else "")
            + ".",
            m.now,
        )
        intents.use(giver, intent, f"your gift to {receiver}: {card_names(cards)}", m.now)
        if bonus == "now":
            grant_giver_bonus(m.cycle, m.phase, gift, m.now)
            gift.refresh_from_db()
    return gift
