"""Finding the current cycle and a player in it (H1.2, H2.1)."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from goonsite.refusal import Refusal

from ..models import Cycle, Player


def current_cycle() -> Cycle | None:
    return Cycle.objects.filter(is_current=True).first()


def running_cycle() -> Cycle:
    cycle = current_cycle()
    if cycle is None:
        raise Refusal("The Hall is closed: no cycle is running. Check back when one starts (H1.2).")
    return cycle


def player_of(user, cycle: Cycle) -> Player | None:
    if not user.is_authenticated:
        return None
    return Player.objects.filter(cycle=cycle, user=user).select_related("user").first()


def create_player(user, cycle: Cycle, joined_phase: int) -> tuple[Player, bool]:
    """The player's row, created on the first Join (safe under parallel requests)."""
    player = Player.objects.filter(cycle=cycle, user=user).first()
    if player is not None:
        return player, False
    try:
        with transaction.atomic():
            return Player.objects.create(cycle=cycle, user=user, joined_phase=joined_phase), True
    except IntegrityError:
        return Player.objects.get(cycle=cycle, user=user), False
