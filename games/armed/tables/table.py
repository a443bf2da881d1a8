"""Sitting at a table: the one lock order of every change (the table row, then its seats).

Two tabs, two players, a bot's deadline and the minute job all queue on the table row;
whoever comes second sees the first's move and the engine judges theirs from there.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.db import transaction

from goonsite.refusal import Refusal
from goonsite.tables.adapter import Sitting

from ..models import ArmedSeat, ArmedTable, engine_id


@dataclass
class Table(Sitting[ArmedTable]):
    """A table locked for one transaction, with its seats by position."""

    seats: dict[int, ArmedSeat]
    awaiting_before: dict | None = None  # the decision awaited before this move (A12.3)

    def seat_of(self, user) -> ArmedSeat | None:
        if user is None:
            return None
        return next((s for s in self.seats.values() if s.user_id == user.pk), None)

    def my_seat(self) -> ArmedSeat:
        """The actor's seat, still theirs (refused for an onlooker or one who left)."""
        seat = self.seat_of(self.actor)
        if seat is None:
            raise Refusal("You have no seat at this table.")
        if seat.left_at is not None:
            raise Refusal("You left this table; a bot plays your seat now (A12.5).")
        return seat

    def seat_by_engine_id(self, goon: str) -> ArmedSeat:
        return next(s for s in self.seats.values() if s.engine_id == goon)

    def name(self, goon: str) -> str:
        return seat_name(self.seat_by_engine_id(goon))


def seat_name(seat: ArmedSeat) -> str:
    if seat.user_id is not None and not seat.bot:
        return f"GOON #{seat.position} ({seat.user})"
    return f"GOON #{seat.position}"


@contextmanager
def at_table(game_id: int, *, user=None, now: dt.datetime) -> Iterator[Table]:
    """One transaction holding the table row, then its seats (in position order)."""
    with transaction.atomic():
        table = ArmedTable.objects.select_for_update().filter(pk=game_id).first()
        if table is None:
            raise Refusal("There is no such table.")
        seats = {
            s.position: s
            for s in ArmedSeat.objects.select_for_update(of=("self",))
            .filter(table=table)
            .select_related("user")
            .order_by("position")
        }
        yield Table(table, user, now, seats)


__all__ = ["Table", "at_table", "engine_id", "seat_name"]
