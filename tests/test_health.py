"""/healthz: database, cache, broker, the live-updates channel layer and the ladder's noon on
time; the admin's operations."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from games.ladder.health import noon_on_time
from games.ladder.models import GameDay
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import TUESDAY, TUESDAY_NOON

HEALTHZ = reverse("healthz")


def test_healthy_site_answers_200_with_every_check(client, season):
    response = client.get(HEALTHZ)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "cache", "broker", "channel_layer", "ladder.noon"}
    # No REDIS_URL in the tests: the in-memory layer, a message round trip through it.
    assert body["checks"]["channel_layer"] == {"ok": True, "detail": "InMemoryChannelLayer"}
    assert body["checks"]["ladder.noon"] == {"ok": True, "detail": "no noon resolved yet"}
    assert "no-cache" in response["Cache-Control"]


def test_a_noon_unresolved_five_minutes_after_its_time_fails(client, alice, entries, now):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with time_machine.travel(TUESDAY_NOON + dt.timedelta(minutes=4), tick=False):
        assert client.get(HEALTHZ).status_code == 200
        assert noon_on_time() == f"the noon of {TUESDAY} is being counted"
    with time_machine.travel(TUESDAY_NOON + dt.timedelta(minutes=6), tick=False):
        response = client.get(HEALTHZ)
    assert response.status_code == 503
    assert response.json()["checks"]["ladder.noon"] == {
        "ok": False,
        "detail": f"the noon of {TUESDAY} is not resolved, 6 min 5 s late",
    }


def test_a_noon_resolved_late_fails_until_one_is_on_time(client, alice, entries, now):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    late = TUESDAY_NOON + dt.timedelta(minutes=9)
    with time_machine.travel(late, tick=False):
        resolve_due_noons()
        response = client.get(HEALTHZ)
    assert response.status_code == 503
    assert "was resolved 9 min" in response.json()["checks"]["ladder.noon"]["detail"]
    cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up", now=late)
    on_time = TUESDAY_NOON + dt.timedelta(days=1, seconds=20)
    with time_machine.travel(on_time, tick=False):
        resolve_due_noons()
        assert client.get(HEALTHZ).status_code == 200


def test_a_broker_that_does_not_answer_fails(client, season, monkeypatch):
    class Down:
        def ping(self):
            raise ConnectionError("Error 111 connecting to 127.0.0.1:1. Connection refused.")

    monkeypatch.setattr("goonsite.health.get_broker", lambda: Down())
    response = client.get(HEALTHZ)
    assert response.status_code == 503
    assert response.json()["checks"]["broker"] == {
        "ok": False,
        "detail": "Error 111 connecting to 127.0.0.1:1. Connection refused.",
    }
    assert response.json()["checks"]["database"]["ok"] is True


def test_a_channel_layer_that_does_not_answer_fails(client, season, settings):
    """Live updates' layer on a Redis that is not there: reported, never a 500."""
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": ["redis://127.0.0.1:1/0"]},
        }
    }
    response = client.get(HEALTHZ)
    assert response.status_code == 503
    layer = response.json()["checks"]["channel_layer"]
    assert layer["ok"] is False and "127.0.0.1:1" in layer["detail"]
    assert response.json()["checks"]["database"]["ok"] is True


@pytest.mark.django_db
def test_admin_index_shows_the_last_noon_duration_and_the_heartbeat(
    admin_client, alice, entries, now, monkeypatch
):
    body = admin_client.get(reverse("admin:index")).content.decode()
    assert "none resolved yet" in body and "no heartbeat" in body
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    seconds = GameDay.objects.get(noon_on=TUESDAY).resolve_seconds
    assert seconds is not None and seconds > 0

    class Beat:
        timestamp = now - dt.timedelta(seconds=3)

    monkeypatch.setattr("games.ladder.health.Stat.get_all", lambda: [Beat(), Beat()])
    body = admin_client.get(reverse("admin:index")).content.decode()
    assert f"took {seconds:.2f} s" in body
    assert "2 clusters" in body and "last heartbeat" in body
