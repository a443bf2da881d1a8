"""H13 The admins' powers. Each is a service, each recorded with who, when, what and why."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from goonsite import clock
from goonsite.clock import CENTRAL, noon_of
from goonsite.refusal import Refusal

from ..models import Card, Cycle, Ledger, Phase, Player, Reputable
from ..rules.timing import phase_end_date, valid_phase_days
from . import due, ledger
from .action import lock_open_phase
from .audit import record
from .ending import check_victory, close_cycle
from .inventory import add_cards, change


def next_noon(now: dt.datetime | None = None) -> dt.datetime:
    return clock.next_noon(now or clock.now())


@transaction.atomic
def create_cycle(
    *,
    actor,
    name: str,
    starts_at: dt.datetime | None = None,
    phase_days: int = 1,
    kit_cards: int = 0,
    kit_vertebrae: int = 0,
    kit_chips: int = 0,
    now: dt.datetime | None = None,
    allow_past_start: bool = False,
) -> Cycle:
    """H1.3 A cycle starts at a noon in the future (default: the next noon)."""
    now = now or clock.now()
    starts_at = starts_at or next_noon(now)
    local = timezone.localtime(starts_at, CENTRAL)
    if (local.hour, local.minute, local.second, local.microsecond) != (12, 0, 0, 0):
        raise Refusal("A cycle starts exactly at a noon, Central time (H1.3).")
    if starts_at <= now and not allow_past_start:
        raise Refusal("A cycle's start noon must be in the future (H1.3).")
    if not valid_phase_days(phase_days):
        raise Refusal("A phase lasts a whole number of days from 1 to 7 (H1.4).")
    number = (Cycle.objects.aggregate(n=Max("number"))["n"] or 0) + 1
    try:
        with transaction.atomic():
            cycle = Cycle.objects.create(
                number=number,
                name=name or f"Cycle {number}",
                starts_at=starts_at,
                phase_days=phase_days,
                kit_cards=kit_cards,
                kit_vertebrae=kit_vertebrae,
                kit_chips=kit_chips,
            )
    except IntegrityError:
        raise Refusal(
            "A cycle is running already: end it before creating another (H1.2)."
        ) from None
    Phase.objects.create(
        cycle=cycle,
        number=1,
        starts_at=starts_at,
        ends_at=noon_of(phase_end_date(local.date(), phase_days)),
    )
    record(actor, "create cycle", cycle, cycle, phase_days=phase_days)
    return cycle


def end_cycle(*, actor, cycle: Cycle, reason: str, now: dt.datetime | None = None) -> Cycle:
    """H1.9 An admin ends the cycle (with a reason). Events already due are the job's: the
    admin waits for it a moment, then is asked to try again (services/due.py)."""
    if not reason.strip():
        raise Refusal("Say why the cycle ends (H1.9).")
    now = now or clock.now()
    due.wait_for_due_work(cycle, now)
    with transaction.atomic():
        phase = cycle.phases.select_for_update().filter(status=Phase.Status.OPEN).first()
        cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
        if not cycle.is_current:
            raise Refusal(f"{cycle} has ended already (H1.9).")
        close_cycle(cycle, now=now, phase=phase.number if phase else 0, winner=None, reason=reason)
        record(actor, "end cycle", cycle, cycle, reason)
    return cycle


@transaction.atomic
def set_phase_length(*, actor, cycle: Cycle, days: int) -> Cycle:
    """H1.4 The change applies from the next boundary; the running phase keeps its end."""
    if not valid_phase_days(days):
        raise Refusal("A phase lasts a whole number of days from 1 to 7 (H1.4).")
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if not cycle.is_current:
        raise Refusal(f"{cycle} has ended (H1.9).")
    cycle.phase_days = days
    cycle.save(update_fields=["phase_days"])
    record(actor, "set phase length", cycle, f"{days} day(s)")
    return cycle


@transaction.atomic
def set_kit(*, actor, cycle: Cycle, cards: int, vertebrae: int, chips: int, now=None) -> Cycle:
    """H2.2 The starting kit can only be set before the cycle starts."""
    cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
    if (now or clock.now()) >= cycle.starts_at:
        raise Refusal("The starting kit can only be set before the cycle starts (H2.2).")
    if min(cards, vertebrae, chips) < 0:
        raise Refusal("A starting kit holds whole numbers, 0 or more (H2.2).")
    cycle.kit_cards, cycle.kit_vertebrae, cycle.kit_chips = cards, vertebrae, chips
    cycle.save(update_fields=["kit_cards", "kit_vertebrae", "kit_chips"])
    record(actor, "set starting kit", cycle, f"{cards} cards, {vertebrae} V, {chips} Chips")
    return cycle


@transaction.atomic
def set_reputable(*, actor, user, reputable: bool, reason: str = "") -> None:
    """H2.3 Site-wide; only admins grant or revoke it."""
    if reputable:
        Reputable.objects.get_or_create(user=user)
    else:
        Reputable.objects.filter(user=user).delete()
    cycle = Cycle.objects.filter(is_current=True).first()
    record(actor, "grant reputable" if reputable else "revoke reputable", cycle, user, reason)


@transaction.atomic
def set_barred(*, actor, player: Player, barred: bool, reason: str = "") -> None:
    """H2.1 A barred player can do nothing and is not counted; their items stay frozen."""
    Player.objects.filter(pk=player.pk).update(barred=barred)
    record(actor, "bar" if barred else "unbar", player.cycle, player, reason)


def adjust_items(
    *,
    actor,
    player: Player,
    reason: str,
    vertebrae: int = 0,
    chips: int = 0,
    add_cards_ids: list[str] = (),
    remove_card_ids: list[int] = (),
    now: dt.datetime | None = None,
) -> None:
    """H13.1 Add or remove a player's unlocked items, with a reason (recorded, H13.3)."""
    if not reason.strip():
        raise Refusal("Grants and corrections need a reason (H13.1).")
    now = now or clock.now()
    cycle = player.cycle
    due.wait_for_due_work(cycle, now)
    with transaction.atomic():
        phase = lock_open_phase(cycle, max(now, cycle.starts_at))
        player = (
            Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
        )
        k, ref, why = phase.number, f"admin: {reason}"[:40], Ledger.Reason.ADMIN
        if remove_card_ids:
            cards = list(Card.objects.select_for_update().filter(pk__in=remove_card_ids))
            if len(cards) != len(set(remove_card_ids)) or any(
                c.owner_id != player.pk or c.locked for c in cards
            ):
                raise Refusal("Only the player's own unlocked cards can be removed (H3.4).")
            for card in cards:
                ledger.cards(player, [card.code], -1, why, ref, k)
            Card.objects.filter(pk__in=[c.pk for c in cards]).delete()
        change(player, vertebrae=vertebrae, chips=chips, reason=why, ref=ref, phase=k)
        if add_cards_ids:
            add_cards(player, list(add_cards_ids), why, ref, k)
        record(
            actor,
            "adjust items",
            cycle,
            player,
            reason,
            vertebrae=vertebrae,
            chips=chips,
            added=list(add_cards_ids),
            removed=list(remove_card_ids),
        )
        if chips > 0:
            check_victory(cycle, player, now, k)
