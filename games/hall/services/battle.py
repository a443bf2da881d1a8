"""H7.2 Engaging in battle during a phase (the battle itself forms at the boundary, H7.3)."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction

from goonsite.refusal import Refusal

from ..models import Activity, Card, Engagement
from ..tables.forming import in_a_game
from .action import in_open_phase
from .log import note

BATTLE_MIN_CARDS = 4  # H7.2 / the draft: fewer than 4 cards cannot engage


def engage(*, user, now: dt.datetime | None = None) -> Engagement:
    with in_open_phase(user=user, now=now) as m:
        unlocked = Card.objects.filter(owner=m.player, locked=False).count()
        if unlocked < BATTLE_MIN_CARDS:
            raise Refusal(
                f"You need at least {BATTLE_MIN_CARDS} unlocked cards to engage; "
                f"you have {unlocked} (H7.2)."
            )
        if in_a_game([m.player.pk]):
            raise Refusal("You are in a game already: one game at a time (H7.1, H7.2).")
        try:
            with transaction.atomic():
                engagement = Engagement.objects.create(player=m.player, phase=m.phase.number)
        except IntegrityError:
            raise Refusal("You are already engaged in battle this phase (H7.2).") from None
        note(m.cycle, m.phase.number, Activity.Kind.ENGAGE, f"{m.player} engaged in battle.", m.now)
    return engagement


def withdraw_engagement(*, user, now: dt.datetime | None = None) -> None:
    with in_open_phase(user=user, now=now) as m:
        gone, _ = Engagement.objects.filter(player=m.player, phase=m.phase.number).delete()
        if not gone:
            raise Refusal("You are not engaged in battle this phase (H7.2).")
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.ENGAGE,
            f"{m.player} withdrew from battle.",
            m.now,
        )
