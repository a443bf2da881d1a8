"""Races at the armed tables on PostgreSQL with real threads (A12.1, A12.3)."""

from __future__ import annotations

import datetime as dt

import pytest

from games.armed.models import ArmedSeat, ArmedTable
from games.armed.tables import lobby, moves
from games.armed.tables.timeouts import run_table_timers
from goonsite.refusal import Refusal
from tests.armed.tables.helpers import at, awaiting, fresh
from tests.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def outcomes(results):
    landed = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(landed) + len(refused) == len(results), results  # nothing else, no 500s
    return landed, refused


def test_two_humans_take_the_last_free_seat_one_gets_it(alice, bob, charlie):
    """A12.1 one seat left, two takers at once: one sits, the other is told it is full."""
    table = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=table.pk, now=at(0))
    from tests.conftest import make_user

    dave = make_user("dave")
    landed, refused = outcomes(
        race(
            lambda: lobby.take_seat(user=charlie, game_id=table.pk, now=at(1)),
            lambda: lobby.take_seat(user=dave, game_id=table.pk, now=at(1)),
        )
    )
    assert len(landed) == 1 and len(refused) == 1
    assert "full" in refused[0].message
    assert ArmedSeat.objects.filter(table=table).count() == 3


def _my_turn_table(alice):
    for _ in range(30):
        table = lobby.quick_game(user=alice, now=at(0))
        a = awaiting(table)
        if a.decision == "turn" and a.seat == "goon1" and a.raw["can_fire"]:
            return table, a
        if a.decision == "respond":
            moves.answer(user=alice, game_id=table.pk, grit=False, now=at(0.5))
            a = awaiting(table)
            if a and a.decision == "turn" and a.seat == "goon1" and a.raw["can_fire"]:
                return table, a
    pytest.skip("no turn for the human")


def test_two_tabs_fire_for_one_turn_one_lands_one_is_refused(alice):
    """A3.3 one shot per turn: the second tab's shot is judged after the first and refused."""
    table, a = _my_turn_table(alice)
    card, target = a.raw["hand"][0], a.raw["targets"][0]
    version = fresh(table).version
    landed, refused = outcomes(
        race(
            *[lambda: moves.fire(user=alice, game_id=table.pk, card=card, target=target, now=at(1))]
            * 2
        )
    )
    assert len(landed) == 1 and len(refused) == 1
    assert refused[0].message.startswith("Refused: ")
    game = fresh(table)
    assert game.version == version + 1
    assert sum(1 for m in game.moves if m.get("card") == card) == 1


def test_a_move_just_before_its_deadline_against_the_timeout_job(alice):
    """A12.3 a move a millisecond before the deadline and the job at the deadline: exactly
    one of them is stored for that decision."""
    table, a = _my_turn_table(alice)
    ArmedTable.objects.exclude(pk=table.pk).delete()  # the job counts every table's deadlines
    deadline = fresh(table).deadline
    before = len(fresh(table).moves)
    card, target = a.raw["hand"][0], a.raw["targets"][0]
    just_before = deadline - dt.timedelta(milliseconds=1)
    fired, ran = race(
        lambda: moves.fire(user=alice, game_id=table.pk, card=card, target=target, now=just_before),
        lambda: run_table_timers(deadline),
    )
    game = fresh(table)
    assert not isinstance(fired, Exception) or isinstance(fired, Refusal), fired
    assert len(game.moves) == before + 1  # exactly one answer stored for that decision
    if isinstance(fired, Refusal):
        assert ran == 1 and game.moves[before] == {"type": "timeout", "seat": "goon1"}
    else:
        assert ran == 0 and game.moves[before]["type"] == "fire"
