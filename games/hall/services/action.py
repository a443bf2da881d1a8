"""The one way into anything that changes the Hall during a phase (H1.8, H12.1).

Every service that writes what a phase boundary reads runs inside `in_open_phase`: it
holds the open phase's row share-locked, then the players it touches locked in id order.
The boundary locks the phase exclusively, so it waits for changes under way, and a change
arriving while it runs waits, finds the phase closed and lands in the next phase (the
player is told which). A boundary already due but not yet run by the job is waited for a
moment, then the change is refused (services/due.py): a request never runs a boundary.
Lock order everywhere: the phase, the players (by id), the cycle row, then the row the
change is about (a proposal, request, ruling, vote or candidacy); the timers, which take no
phase, start at the cycle row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from django.db import transaction
from django.utils import timezone

from goonsite import clock
from goonsite.clock import CENTRAL
from goonsite.locks import share_lock_status
from goonsite.refusal import Refusal

from ..cards import card_names
from ..models import Cycle, Gift, Phase, Player
from ..rolls import new_seed, roll
from ..rules.gifts import GIVER_BONUS
from ..rules.shop import HOLO_CHANCE
from . import due, ledger
from .cycles import running_cycle
from .inventory import add_cards
from .log import note


class Moment(NamedTuple):
    cycle: Cycle
    phase: Phase  # the phase this change belongs to (H1.8)
    player: Player  # the acting player, locked
    others: dict[int, Player]  # other players touched, locked, by id
    now: dt.datetime


@contextmanager
def in_open_phase(
    *, user, now: dt.datetime | None = None, others: Iterable[int] = (), acts: bool = True
) -> Iterator[Moment]:
    """A transaction holding the open phase share-locked and the players locked.

    `acts`: the change is an action (H4.1): it marks the player active this phase and
    settles the gift bonuses waiting on them (H5.3). Refuses outsiders, barred players and
    anything before the cycle's start.
    """
    now = now or clock.now()
    cycle = running_cycle()
    due.wait_for_due_work(cycle, now)
    with transaction.atomic():
        phase = lock_open_phase(cycle, now)
        me = Player.objects.filter(cycle=cycle, user=user).values_list("pk", flat=True).first()
        if me is None:
            raise Refusal(f"Join {cycle} first: press Join on the Hall's page (H2.1).")
        ids = sorted({me, *others})
        rows = Player.objects.select_for_update(of=("self",)).select_related("user")
        locked = {p.pk: p for p in rows.filter(pk__in=ids).order_by("pk")}
        if len(locked) != len(ids):
            raise Refusal("That player is not in this cycle.")
        player = locked.pop(me)
        if player.barred:
            raise Refusal("An admin has barred you from the Hall for now (H2.1).")
        cycle = Cycle.objects.get(pk=cycle.pk)
        if not cycle.is_current:
            raise Refusal(f"{cycle} has ended; the Hall is read-only now (H1.9).")
        yield Moment(cycle, phase, player, locked, now)
        if acts:
            mark_acted(cycle, phase, player, now)


def lock_open_phase(cycle: Cycle, now: dt.datetime) -> Phase:
    """Inside a transaction: the open phase, share-locked so no boundary reads it until commit."""
    for _ in range(10):
        phase = cycle.phases.filter(status=Phase.Status.OPEN).order_by("number").first()
        if phase is None or now < cycle.starts_at:
            raise Refusal(
                f"{cycle} starts at {timezone.localtime(cycle.starts_at, CENTRAL):%a %b %d, %H:%M} "
                "Central; nothing can be done before the start (H1.3)."
            )
        if share_lock_status(phase) == Phase.Status.OPEN:
            return phase
        # The boundary closed this phase while we waited: the change lands in the next one.
    raise RuntimeError("could not find an open phase")  # pragma: no cover


def mark_acted(cycle: Cycle, phase: Phase, player: Player, now: dt.datetime) -> None:
    """H4.1 The player acted in this phase; H5.3 grant the bonuses their action was awaited for."""
    if player.last_action_phase == phase.number:
        return
    Player.objects.filter(pk=player.pk).update(last_action_phase=phase.number)
    player.last_action_phase = phase.number
    if player.inactive:
        for gift in Gift.objects.filter(
            receiver=player, phase=phase.number, bonus=Gift.Bonus.PENDING
        ).select_related("giver__user"):
            grant_giver_bonus(cycle, phase, gift, now)


def grant_giver_bonus(cycle: Cycle, phase: Phase, gift: Gift, now: dt.datetime) -> None:
    """H5.3 One random card to the giver, once per gift (a conditional update claims it)."""
    seed = new_seed()
    [card] = roll(seed, GIVER_BONUS, HOLO_CHANCE)
    claimed = Gift.objects.filter(
        pk=gift.pk, bonus__in=[Gift.Bonus.PENDING, Gift.Bonus.NONE]
    ).update(bonus=Gift.Bonus.GRANTED, bonus_seed=seed, bonus_card=card)
    if not claimed:
        return
    add_cards(gift.giver, [card], ledger.Ledger.Reason.GIVER_BONUS, f"gift {gift.pk}", phase.number)
    note(
        cycle,
        phase.number,
        "giver_bonus",
        f"{gift.giver} got a giver bonus for their gift to {gift.receiver}: {card_names([card])}.",
        now,
    )
