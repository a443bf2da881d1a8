"""The end (A10, A12.2): standings kept on the seats, the seed revealed, and a human
winner's game posted to Discord through the one outbox, claimed exactly once."""

from __future__ import annotations

from django.conf import settings
from django.urls import reverse

from goonsite.outbox.services import queue, text_message

from ..models import ArmedTable, position_of
from .output import Output
from .table import Table, seat_name

GAME, KIND = "armed", "won"


def finish(t: Table, output: Output) -> None:
    game = t.game
    if game.settled_at is not None or output.result is None:
        return
    game.stage, game.ended_at, game.settled_at = ArmedTable.Stage.OVER, t.now, t.now
    game.awaited_since = game.deadline = None
    game.reason = output.result.reason
    winners = set(output.result.winners)
    for row in output.result.standings:
        seat = t.seats[position_of(row["seat"])]
        seat.loot, seat.teeth = row["loot"], row["teeth"]
        seat.won = row["seat"] in winners
        seat.save(update_fields=["loot", "teeth", "won"])
    humans = [
        t.seats[position_of(w)]
        for w in output.result.winners
        if t.seats[position_of(w)].playing_human
    ]
    if humans:
        names = ", ".join(seat_name(s) for s in humans)
        size = len(t.seats)
        text = f"🔫 {names} won at an armed table of {size} ({game.reason_text})."
        link = settings.SITE_URL + reverse("armed:table", args=[game.pk])
        queue(game=GAME, kind=KIND, summary=text, payloads=[text_message(text, link)])
