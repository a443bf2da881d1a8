"""A12.1 Picking a table: open one, take or give up a free seat, start (bots fill the rest).

Each function is one transaction. Taking a seat locks the table row, so two humans
racing for the last free seat queue there: one sits, the other reads that it is full.
"""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import (
    DEFAULT_TURN_SECONDS,
    MAX_SEATS,
    MAX_TURN,
    MIN_SEATS,
    MIN_TURN,
    ArmedSeat,
    ArmedTable,
    Policy,
    engine_id,
)
from .adapter import TABLES
from .ending import finish
from .scheduling import schedule_deadline
from .table import Table, at_table

TURN_CHOICES = (15, 30, 60, 120, 300, 3600, 86400)


def open_table(
    *,
    user,
    size: int,
    policy: str = Policy.SIMPLE,
    turn_seconds: int = DEFAULT_TURN_SECONDS,
    now: dt.datetime | None = None,
) -> ArmedTable:
    """A12.1 The opener sits as GOON #1; the table waits for friends until started."""
    now = now or clock.now()
    if not MIN_SEATS <= size <= MAX_SEATS:
        raise Refusal(f"A table has {MIN_SEATS} to {MAX_SEATS} seats (A1.1).")
    if policy not in Policy.values:
        raise Refusal("Choose the bots' policy: unlicensed goon or licensed professional.")
    if not MIN_TURN.total_seconds() <= turn_seconds <= MAX_TURN.total_seconds():
        raise Refusal("The turn time is from 15 seconds to 24 hours (A12.3).")
    with transaction.atomic():
        table = ArmedTable(
            opener=user,
            size=size,
            policy=policy,
            turn_seconds=turn_seconds,
            created_at=now,
            formed_at=now,
        )
        table.draw_seed()
        table.save()
        ArmedSeat.objects.create(table=table, position=1, user=user)
    return table


def take_seat(*, user, game_id: int, now: dt.datetime | None = None) -> ArmedSeat:
    """A12.1 Sit in the first free seat of a table still taking seats."""
    now = now or clock.now()
    with at_table(game_id, user=user, now=now) as t:
        _still_open(t)
        if t.seat_of(user) is not None:
            raise Refusal("You already have a seat at this table.")
        free = [p for p in range(1, t.game.size + 1) if p not in t.seats]
        if not free:
            raise Refusal("This table is full: every seat is taken. Open your own!")
        try:
            with transaction.atomic():
                seat = ArmedSeat.objects.create(table=t.game, position=free[0], user=user)
        except IntegrityError:
            raise Refusal("That seat was just taken. Look at the table again.") from None
        _bump(t)
        return seat


def stand_up(*, user, game_id: int, now: dt.datetime | None = None) -> None:
    """A12.1 Before the start a human may give up their seat; the opener cannot."""
    now = now or clock.now()
    with at_table(game_id, user=user, now=now) as t:
        _still_open(t)
        seat = t.seat_of(user)
        if seat is None:
            raise Refusal("You have no seat at this table.")
        if seat.position == 1:
            raise Refusal("The opener cannot stand up (A12.1): start the game or let it be.")
        seat.delete()
        _bump(t)


def start_table(*, user, game_id: int, now: dt.datetime | None = None) -> ArmedTable:
    """A12.1-A12.2 The opener starts: bots take the free seats, the seed is drawn, the
    engine deals and plays the bots up to the first human decision."""
    now = now or clock.now()
    with at_table(game_id, user=user, now=now) as t:
        _still_open(t)
        if user is None or t.game.opener_id != user.pk:
            raise Refusal("Only the opener starts the game (A12.1).")
        game = t.game
        for position in range(1, game.size + 1):
            if position not in t.seats:
                t.seats[position] = ArmedSeat.objects.create(
                    table=game, position=position, bot=True
                )
        game.draw_seed()  # A12.2 drawn at the start; its hash shown from now on
        game.setup = {
            "seed": game.seed,
            "seats": [_engine_seat(t.seats[p], game.policy) for p in sorted(t.seats)],
        }
        game.moves = []
        output = TABLES.run(game.engine_input())
        game.state = TABLES.raw(output)
        game.stage, game.started_at = ArmedTable.Stage.PLAYING, now
        game.version += 1
        if output.over:  # no human at the table: the bots played it out
            finish(t, output)
        else:
            game.awaited_since, game.deadline = now, now + game.turn_time
            schedule_deadline(game.pk, game.deadline)
        game.save()
        return game


def quick_game(
    *, user, size: int = 4, policy: str = Policy.SHARP, now: dt.datetime | None = None
) -> ArmedTable:
    """One tap: a table against bots, started at once."""
    now = now or clock.now()
    with transaction.atomic():
        table = open_table(user=user, size=size, policy=policy, now=now)
        return start_table(user=user, game_id=table.pk, now=now)


def _engine_seat(seat: ArmedSeat, policy: str) -> dict:
    if seat.human:
        return {"id": engine_id(seat.position), "kind": "human", "policy": policy}
    return {"id": engine_id(seat.position), "kind": "bot", "policy": policy}


def _still_open(t: Table) -> None:
    if t.game.stage != ArmedTable.Stage.OPEN:
        raise Refusal("This game has already started: its seats are settled (A12.1).")


def _bump(t: Table) -> None:
    t.game.version += 1
    t.game.save(update_fields=["version"])
