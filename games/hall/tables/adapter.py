"""Exoptosis at the kit's tables (goonsite/tables): the Hall's one `TableAdapter`.

`try_move` is how every Exoptosis action reaches the engine: the stage checks, then the
inventories synced (H7.8), then the kit's `attempt` (ask, then store or refuse).
"""

from __future__ import annotations

import datetime as dt
import re
from contextlib import AbstractContextManager

from goonsite.refusal import Refusal
from goonsite.tables.adapter import SeatInfo, TableAdapter, Templates
from goonsite.tables.turns import attempt

from ..cards import card_names
from ..engine import InputError, run
from ..models import Player
from .cards import SEAT_FIELDS, follow_cards, sync_inventories
from .ending import finish
from .models import Game, Seat
from .output import EngineRefusal, Output, read
from .reveal import reveal
from .stall import is_stalled
from .table import DECISION_TIME, ENGINE_ID, Table, at_table, engine_id
from .view import TableView, table_view

CARD_ID = re.compile(r"\b(?:10|[2-9AJQK])[HDSC]\*?|\b[RB]J\*?")


def explain(t: Table, refused: EngineRefusal) -> str:
    """The engine's reason in the players' words: names for participant ids, card names
    for card ids ("8 of Clubs ✦" for "8C*"); the engine's code stays out of sight."""
    text = ENGINE_ID.sub(lambda m: t.name(m.group(0)), refused.reason)
    text = CARD_ID.sub(lambda m: card_names([m.group(0)]), text)
    return f"Refused: {text[:1].upper()}{text[1:]}."


class ExoptosisTables(TableAdapter[Game, Output]):
    game_model = Game
    templates = Templates(
        page="hall/game.html", replay="hall/game_replay.html", poll_parts=("poll", "table")
    )

    def run(self, engine_input: dict) -> Output:
        try:
            return read(run(engine_input))
        except InputError:  # a target or giver who is not at this table
            raise Refusal("That names someone who is not at this table.") from None

    def raw(self, output: Output) -> dict:
        return dict(output.raw)

    def read(self, state: dict) -> Output:
        return read(state)

    def refusal(self, sitting: Table, output: Output, index: int) -> str | None:
        refused = output.refusal_of(index)
        return None if refused is None else explain(sitting, refused)

    def locked(self, game_id: int, *, user=None, now: dt.datetime) -> AbstractContextManager[Table]:
        return at_table(game_id, user=user, now=now)

    def accepted(self, sitting: Table, moves: list[dict], output: Output) -> None:
        """What the move did to the cards and the Chips at stake; the next decision's 24 h
        (H7.7; the betting window keeps its own); the end (H7.9)."""
        t, game = sitting, sitting.game
        follow_cards(t, output.events_of(len(moves) - 1))
        for entry in output.players:
            t.seat(entry.id).stake = entry.put
        if moves[-1]["type"] != "inventory" and output.stage == "playing":
            game.awaited_since, game.deadline = t.now, t.now + DECISION_TIME
        if output.stage == "over":
            finish(t, output)
        elif output.stage == "playing" and game.stage != Game.Stage.PLAYING:
            game.stage, game.started_at = Game.Stage.PLAYING, t.now
        stalled = is_stalled(game, output)
        game.stalled_since = (game.stalled_since or t.now) if stalled else None
        Seat.objects.bulk_update(t.seats.values(), SEAT_FIELDS)

    def on_deadline(self, sitting: Table) -> None:
        game = sitting.game
        if game.stage == Game.Stage.CHOOSING:
            game.version += 1
            reveal(sitting)  # H7.5 who has not chosen is dropped
            game.save()
        elif game.stage == Game.Stage.BETTING:
            try_move(sitting, {"type": "start"})  # H7.6 the window closes after 24 h
        else:
            awaited = self.output_of(game).awaiting
            try_move(sitting, {"type": "timeout", "player": awaited.player})  # H8.23

    def decision_time(self, game: Game) -> dt.timedelta:
        return DECISION_TIME

    def view(
        self, game: Game, viewer: Player | None, output: Output, *, step: int | None = None
    ) -> TableView:
        return table_view(game, viewer, step=step)

    def seats(self, game: Game) -> list[SeatInfo]:
        return [
            SeatInfo(engine_id(s.player_id), str(s.player), s.player.user_id)
            for s in game.seats.select_related("player__user")
        ]


TABLES = ExoptosisTables()


def try_move(t: Table, move: dict) -> Output:
    """Ask the engine; accept and save the move, or raise the engine's refusal."""
    if t.game.stage == Game.Stage.CHOOSING:
        raise Refusal("The hands are not revealed yet: choose your hand first (H7.5).")
    if t.game.stage == Game.Stage.OVER:
        raise Refusal("This game is over (H8.27).")
    sync_inventories(t)
    return attempt(TABLES, t, move)
