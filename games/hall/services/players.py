"""H2.1 Joining a cycle, with its starting kit (H2.2)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import Activity, Ledger, Player
from ..rolls import new_seed, roll
from ..rules.shop import HOLO_CHANCE
from . import due
from .action import lock_open_phase
from .cycles import create_player, current_cycle
from .inventory import add_cards, change
from .log import note


def join(*, user, now: dt.datetime | None = None) -> tuple[Player, bool]:
    """Join the current cycle (not an action, H4.1); (player, True) the first time only."""
    now = now or clock.now()
    cycle = current_cycle()
    if cycle is None:
        raise Refusal("The Hall is closed: no cycle is running (H1.2).")
    due.wait_for_due_work(cycle, now)
    with transaction.atomic():
        # Joining racing a boundary: the phase row share-locked, so the player's joining
        # phase is the one the boundary's activity step sees (H4.2).
        joined_phase = lock_open_phase(cycle, now).number if now >= cycle.starts_at else 0
        player, created = create_player(user, cycle, joined_phase)
        if not created:
            return player, False
        player = (
            Player.objects.select_for_update(of=("self",)).select_related("user").get(pk=player.pk)
        )
        kit = []
        if cycle.kit_cards:
            seed = new_seed()
            kit = roll(seed, cycle.kit_cards, HOLO_CHANCE)
            add_cards(player, kit, Ledger.Reason.KIT, f"kit seed {seed}", player.joined_phase)
        change(
            player,
            vertebrae=cycle.kit_vertebrae,
            chips=cycle.kit_chips,
            reason=Ledger.Reason.KIT,
            ref="starting kit",
            phase=player.joined_phase,
        )
        note(cycle, player.joined_phase, Activity.Kind.JOIN, f"{player} joined {cycle}.", now)
    return player, True
