"""Sitting at an Exoptosis table (H7.7): the Hall's lock order around one game.

Every change to a game runs inside `at_table`: it holds the open phase share-locked (like
every Hall action, services/action.py), then every participant's player row in id order,
then the game row. So two tabs or two players acting on one game queue on the game row;
the second sees the first's move and the engine answers it from the new state.

Cards: a Card row is locked while it is in a game (H3.4). The engine speaks in card ids
("7H", "QD*"); each seat keeps the ids of its player's rows in the game (tables/cards.py).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction

from goonsite import clock
from goonsite.refusal import Refusal
from goonsite.tables.adapter import Sitting

from ..models import Cycle, Phase, Player
from ..services import due
from ..services.action import lock_open_phase, mark_acted
from .models import Game, Seat

DECISION_TIME = dt.timedelta(hours=24)  # H7.5, H7.6, H7.7, H8.23
MIN_HAND = 4  # H7.5
ENGINE_ID = re.compile(r"\bp[0-9]+\b")


def engine_id(player_pk: int) -> str:
    """A participant's id in the engine's input: "p12" (never mistaken for a number)."""
    return f"p{player_pk}"


def player_id(engine_id: str) -> int:
    return int(engine_id[1:])


@dataclass
class Table(Sitting[Game]):
    """A game locked for one transaction, with its cycle, phase and participants."""

    cycle: Cycle
    phase: Phase
    players: dict[int, Player]  # every participant, locked, by id
    seats: dict[int, Seat]  # by player id

    @property
    def me(self) -> Player | None:
        """The acting player, locked (None for the job)."""
        return self.actor

    @property
    def ref(self) -> str:
        return f"game {self.game.pk}"

    def seat_of_me(self) -> Seat:
        if self.me is None or self.me.pk not in self.seats:
            raise Refusal("You are not a participant of this game.")
        return self.seats[self.me.pk]

    def name(self, engine_id: str) -> str:
        player = self.players.get(player_id(engine_id))
        return str(player) if player else engine_id

    def seat(self, engine_id: str) -> Seat:
        return self.seats[player_id(engine_id)]

    def player(self, engine_id: str) -> Player:
        return self.players[player_id(engine_id)]


@contextmanager
def at_table(
    game_id: int, *, user=None, now: dt.datetime | None = None, acts: bool = True
) -> Iterator[Table]:
    """A transaction holding the phase (shared), the participants and the game row.

    A boundary already due is the job's: the move waits for it a moment, then is refused
    (services/due.py)."""
    now = now or clock.now()
    cycle_id = Game.objects.filter(pk=game_id).values_list("cycle_id", flat=True).first()
    if cycle_id is None:
        raise Refusal("There is no such game.")
    cycle = Cycle.objects.get(pk=cycle_id)
    if not cycle.is_current:
        raise Refusal(f"{cycle} has ended; its games are over (H1.9, H8.25).")
    due.wait_for_due_work(cycle, now)
    with transaction.atomic():
        phase = lock_open_phase(cycle, now)
        ids = set(Seat.objects.filter(game_id=game_id).values_list("player_id", flat=True))
        me_id = None
        if user is not None:
            me_id = Player.objects.filter(cycle=cycle, user=user).values_list("pk", flat=True)
            me_id = me_id.first()
            if me_id is None:
                raise Refusal(f"Join {cycle} first: press Join on the Hall's page.")
            ids.add(me_id)
        rows = Player.objects.select_for_update(of=("self",)).select_related("user")
        players = {p.pk: p for p in rows.filter(pk__in=sorted(ids)).order_by("pk")}
        game = Game.objects.select_for_update().get(pk=game_id)
        cycle.refresh_from_db()
        if not cycle.is_current:
            raise Refusal(f"{cycle} has ended; its games are over (H1.9, H8.25).")
        me = players.get(me_id) if me_id else None
        if me is not None and me.barred:
            raise Refusal("An admin has barred you from the Hall for now (H2.1).")
        seats = {s.player_id: s for s in game.seats.all()}
        table = Table(game, me, now, cycle, phase, players, seats)
        yield table
        if me is not None and acts:
            mark_acted(cycle, phase, me, now)
