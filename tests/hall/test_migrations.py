"""hall.0007 keeps the games under way: the Chips already at stake move from the engine's
state onto the seats (H3.4), and a game already stalled is listed as such (issue 28)."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.migrating import migrate, migrate_to_latest

BEFORE = [("hall", "0006_announcements_to_outbox")]
AFTER = [("hall", "0007_seat_stake_and_stall")]
AT = dt.datetime(2026, 12, 1, 18, tzinfo=dt.UTC)


@pytest.fixture
def back_to_the_latest():
    """Whatever happens, the other tests find every migration applied again."""
    yield
    migrate_to_latest()


def engine_player(pid: int, put: int, hand: list[str], inventory: list[str]) -> dict:
    return {"id": f"p{pid}", "status": "playing", "hand": hand, "inventory": inventory,
            "chips": 5, "put": put, "chips_delta": 0}  # fmt: skip


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("back_to_the_latest")
def test_stakes_and_stalls_of_games_under_way_are_filled_in(admin_user, alice, bob):
    old = migrate(BEFORE)
    Cycle, Player = old.get_model("hall", "Cycle"), old.get_model("hall", "Player")
    Game, Seat = old.get_model("hall", "Game"), old.get_model("hall", "Seat")
    cycle = Cycle.objects.create(number=1, name="C", starts_at=AT)
    ann = Player.objects.create(cycle=cycle, user_id=alice.pk, joined_phase=0)
    bo = Player.objects.create(cycle=cycle, user_id=bob.pk, joined_phase=0)

    def game(stage: str, players: list[dict], pile: list[str]):
        row = Game.objects.create(
            cycle=cycle, kind="duel", phase=1, seed=1, seed_hash="x", stage=stage, formed_at=AT,
            state={"stage": stage, "players": players, "pile": pile},
        )  # fmt: skip
        for p in (ann, bo):
            Seat.objects.create(game=row, player=p, status="playing")
        return row.pk

    betting = game("betting", [engine_player(ann.pk, 3, ["5H"], []),
                               engine_player(bo.pk, 1, ["6S"], [])], [])  # fmt: skip
    stalled = game("playing", [engine_player(ann.pk, 0, ["7S", "8S"], []),
                               engine_player(bo.pk, 0, ["2C"], [])], ["9S", "RJ"])  # fmt: skip
    moving = game("playing", [engine_player(ann.pk, 0, ["7S"], ["4H"]),
                              engine_player(bo.pk, 0, ["2C"], [])], ["9S", "RJ"])  # fmt: skip

    new = migrate(AFTER)
    Game, Seat = new.get_model("hall", "Game"), new.get_model("hall", "Seat")
    stakes = dict(Seat.objects.filter(game_id=betting).values_list("player_id", "stake"))
    assert stakes == {ann.pk: 3, bo.pk: 1}
    assert Game.objects.get(pk=stalled).stalled_since is not None
    assert Game.objects.get(pk=moving).stalled_since is None  # Ann can still draw a red card
    assert Game.objects.get(pk=betting).stalled_since is None
