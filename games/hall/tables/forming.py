"""Forming a game (H7.1, H7.3, H7.4): who is free to play, and the new game's seats.

A duel forms when its last invitee accepts (tables/duels.py), a battle at the boundary
(services/boundary.py); both call `form_game` with the players' rows locked.
"""

from __future__ import annotations

import datetime as dt

from django.db.models import Q

from ..models import Activity, Card, Cycle, Player
from ..services.log import note
from .models import DuelRequest, Game, Seat, seats_in_play
from .table import DECISION_TIME


def in_a_game(player_ids) -> set[int]:
    """H7.1 Which of these players are in an unfinished game."""
    return set(seats_in_play().filter(player_id__in=player_ids).values_list("player_id", flat=True))


def unlocked_count(player: Player) -> int:
    return Card.objects.filter(owner=player, locked=False).count()


def form_game(
    cycle: Cycle, kind: str, players: list[Player], *, phase: int, now: dt.datetime
) -> Game:
    """A new game in its hand-choosing stage; players' rows locked by the caller (H7.5).

    The seed is drawn now and only its SHA-256 is shown until the game ends (H7.10)."""
    game = Game(
        cycle=cycle,
        kind=kind,
        phase=phase,
        formed_at=now,
        awaited_since=now,
        deadline=now + DECISION_TIME,
    )
    game.draw_seed()
    game.save()
    Seat.objects.bulk_create(Seat(game=game, player=p) for p in players)
    cancel_requests_of([p.pk for p in players], now, keep=None)
    names = ", ".join(str(p) for p in players)
    note(cycle, phase, Activity.Kind.BATTLE, f"A {kind} formed: {names}.", now)
    return game


def cancel_requests_of(player_ids: list[int], now: dt.datetime, keep: int | None) -> int:
    """H7.1 A player entering a game has their other requests and invitations cancelled."""
    involved = Q(requester_id__in=player_ids) | Q(invites__player_id__in=player_ids)
    open_ids = (
        DuelRequest.objects.filter(involved, status=DuelRequest.Status.OPEN)
        .exclude(pk=keep)
        .values_list("pk", flat=True)
        .distinct()
    )
    return DuelRequest.objects.filter(pk__in=list(open_ids)).update(
        status=DuelRequest.Status.CANCELLED, closed_at=now
    )
