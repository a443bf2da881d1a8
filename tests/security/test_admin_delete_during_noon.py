"""An admin's delete never undoes a noon (issue 28: deleting a ladder player-season while a
noon ran deadlocked with it, and PostgreSQL could roll either back). The delete waits for
the running noon and goes through after it; the noon is never touched."""

import threading
import time

import pytest
from django.db import connection, connections
from django.test import Client
from django.urls import reverse

from games.ladder.models import GameDay, NoonReport, PlayerSeason
from games.ladder.services import noon
from games.ladder.services.players import join_season
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from tests.conftest import make_user
from tests.ladder.fixtures import give

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def backends_waiting_on_a_lock() -> int:
    with connection.cursor() as cursor:
        # Cleared first: asked within one transaction, it would show one snapshot throughout.
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0]


def wait_until(condition, seconds: float = 15) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_deleting_a_player_season_while_noon_runs_waits_for_the_noon(
    season, entries, now, admin_user, monkeypatch
):
    """Without the wait, the delete's cascade locked the victim's vote and waited for the
    player row noon held, while noon waited to write that vote: PostgreSQL's deadlock
    detector then ended one of the two (here the admin's request, in the issue the noon)."""
    players = []
    for name in ("victim", "other1", "other2"):
        user = make_user(name)
        player = join_season(user, season)
        cast_vote(user=user, entry_id=entries["ava"].pk, direction="up", now=now)
        if name == "other1":  # a hand has a ledger, which no admin may delete
            # Skipped, the victim's vote lands otherwise than cast: noon writes its row.
            give(player, "skip")
            play_face_down(user=user, card="skip", target_id=entries["ava"].pk, now=now)
        players.append(player)
    victim = players[0]
    day = GameDay.objects.get()

    # The noon stops between loading (players locked) and saving (their cards and plays
    # written) until the admin's request is waiting on a lock: the moment that deadlocked.
    inside = threading.Event()
    real_engine = noon.resolve_noon

    def paused_engine(engine_day):
        # The engine runs in a thread of its own, beside the noon's transaction: it asks
        # on a connection of its own, closed before the noon goes on.
        try:
            inside.set()
            wait_until(lambda: backends_waiting_on_a_lock() > 0)
        finally:
            connection.close()
        return real_engine(engine_day)

    monkeypatch.setattr(noon, "resolve_noon", paused_engine)
    results: dict[str, object] = {}

    def run_noon() -> None:
        try:
            results["noon"] = noon.resolve_day(day.pk)
        except Exception as error:  # asserted below
            results["noon"] = error
        finally:
            connections.close_all()

    def delete_victim() -> None:
        try:
            inside.wait(15)
            admin = Client(raise_request_exception=False)
            admin.force_login(admin_user)
            url = reverse("admin:ladder_playerseason_delete", args=[victim.pk])
            results["admin"] = admin.post(url, {"post": "yes"})
        except Exception as error:
            results["admin"] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run_noon), threading.Thread(target=delete_victim)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    assert isinstance(results["noon"], NoonReport), results["noon"]
    assert NoonReport.objects.filter(day=day).count() == 1
    assert GameDay.objects.get(pk=day.pk).status == GameDay.Status.RESOLVED
    response = results["admin"]
    assert not isinstance(response, Exception), response
    assert response.status_code == 302, response.status_code
    assert not PlayerSeason.objects.filter(pk=victim.pk).exists()
    assert PlayerSeason.objects.filter(pk__in=[p.pk for p in players[1:]]).count() == 2
