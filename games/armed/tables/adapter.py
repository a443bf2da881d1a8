"""So You've Armed Yourself at the kit's tables (goonsite/tables): its `TableAdapter`.

`try_move` is how every game action reaches the engine: the stage checked, then the
kit's `attempt` (replay the stored actions with this one appended; store or refuse).
"""

from __future__ import annotations

import datetime as dt
import re
from contextlib import AbstractContextManager

from goonsite.refusal import Refusal
from goonsite.tables.adapter import SeatInfo, TableAdapter, Templates
from goonsite.tables.turns import attempt

from ..engine import InputError, run
from ..models import ArmedSeat, ArmedTable, position_of
from .ending import finish
from .output import Output, read
from .scheduling import schedule_deadline
from .table import Table, at_table, seat_name
from .view import table_view

GOON_ID = re.compile(r"\bgoon([1-6])\b")
ANSWERS = ("fire", "cycle", "hold", "comply", "grit", "discard", "pick")


def explain(t: Table, reason: str) -> str:
    """The engine's reason with goons named as the table names them."""
    text = GOON_ID.sub(lambda m: t.name(m.group(0)), reason)
    return f"Refused: {text[:1].upper()}{text[1:]}."


class ArmedTables(TableAdapter[ArmedTable, Output]):
    game_model = ArmedTable
    templates = Templates(
        page="armed/table.html", replay="armed/replay.html", poll_parts=("poll", "table")
    )

    def run(self, engine_input: dict) -> Output:
        try:
            return read(run(engine_input))
        except InputError:
            raise Refusal("That names a card or goon that is not at this table.") from None

    def raw(self, output: Output) -> dict:
        raw = dict(output.raw)
        raw["refusals"] = []  # a stored game has no refused actions: they were never stored
        return raw

    def read(self, state: dict) -> Output:
        return read(state)

    def refusal(self, sitting: Table, output: Output, index: int) -> str | None:
        refused = output.refusal_of(index)
        return None if refused is None else explain(sitting, refused.reason)

    def locked(self, game_id: int, *, user=None, now: dt.datetime) -> AbstractContextManager[Table]:
        return at_table(game_id, user=user, now=now)

    def accepted(self, sitting: Table, moves: list[dict], output: Output) -> None:
        """A new decision gets the table's turn time (A12.3); the end is settled (A10)."""
        game = sitting.game
        move = moves[-1]
        if move["type"] in ANSWERS:  # an own move: the timeouts in a row start again (A12.4)
            seat = sitting.seats[position_of(move["seat"])]
            if seat.timeouts_in_row:
                seat.timeouts_in_row = 0
                seat.save(update_fields=["timeouts_in_row"])
        if output.over:
            finish(sitting, output)
            return
        after = output.awaiting.raw if output.awaiting else None
        if move["type"] not in ("say", "leave") or sitting.awaiting_before != after:
            game.awaited_since = sitting.now
            game.deadline = sitting.now + game.turn_time
            schedule_deadline(game.pk, game.deadline)

    def on_deadline(self, sitting: Table) -> None:
        """A12.3 the default action for the awaited human; A12.4 three in a row: they leave."""
        awaited = self.output_of(sitting.game).awaiting
        if awaited is None:
            return
        seat = sitting.seats[position_of(awaited.seat)]
        try_move(sitting, {"type": "timeout", "seat": awaited.seat})
        seat.timeouts_in_row += 1
        seat.save(update_fields=["timeouts_in_row"])
        if seat.timeouts_in_row >= 3 and seat.left_at is None and not sitting.game.is_over:
            leave_seat(sitting, seat)

    def decision_time(self, game: ArmedTable) -> dt.timedelta:
        return game.turn_time

    def view(self, game: ArmedTable, viewer, output: Output, *, step: int | None = None):
        return table_view(game, viewer, step=step)

    def seats(self, game: ArmedTable) -> list[SeatInfo]:
        return [
            SeatInfo(s.engine_id, seat_name(s), s.user_id if s.human else None, bot=not s.human)
            for s in game.seats.select_related("user")
        ]


TABLES = ArmedTables()


def try_move(t: Table, move: dict) -> Output:
    """Ask the engine; accept and save the move, or raise its refusal in words."""
    if t.game.stage == ArmedTable.Stage.OPEN:
        raise Refusal("The game has not started yet: the opener starts it (A12.1).")
    if t.game.is_over:
        raise Refusal("This game is over.")
    t.awaiting_before = t.game.state.get("awaiting")
    return attempt(TABLES, t, move)


def leave_seat(t: Table, seat: ArmedSeat) -> Output:
    """The seat's `leave` (A12.5): also how three timeouts in a row end (A12.4)."""
    seat.left_at = t.now  # before the move: a game it ends must count the seat as left
    output = try_move(t, {"type": "leave", "seat": seat.engine_id})
    seat.save(update_fields=["left_at"])
    return output
