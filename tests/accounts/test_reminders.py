"""Reminders an hour before noon, end to end: the django-q2 job, pywebpush, and a local
HTTP server standing in for the browsers' push service."""

import base64
import datetime as dt
import json
import os

import http_ece
import pytest
import time_machine
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.urls import reverse
from django_q.models import Schedule
from django_q.tasks import async_task

from accounts.models import PushSubscription
from accounts.vapid import b64url, new_vapid_keys
from games.ladder.clock import CENTRAL
from games.ladder.models import NoonReminder
from games.ladder.services.players import join_season
from games.ladder.services.reminders import reminder_text
from games.ladder.services.votes import cast_vote
from tests.conftest import make_user
from tests.ladder.fixtures import give

from . import push_service

pytestmark = pytest.mark.django_db

ELEVEN = dt.datetime(2026, 12, 8, 11, 0, tzinfo=CENTRAL)  # an hour before Tuesday's noon


class Browser:
    """A browser's side of a subscription: its keys, to read what was pushed to it."""

    def __init__(self, endpoint: str) -> None:
        self.endpoint = endpoint
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscribe(self, user) -> PushSubscription:
        public = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return PushSubscription.objects.create(
            user=user, endpoint=self.endpoint, p256dh=b64url(public), auth=b64url(self.auth)
        )

    def read(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


@pytest.fixture
def push(settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = new_vapid_keys()
    settings.VAPID_CONTACT = "mailto:owners@goonsite.example"
    service, server = push_service.start()
    yield service
    server.shutdown()
    server.server_close()


def opted_in(name: str, season, *, reminders: bool = True):
    user = make_user(name, remind_before_noon=reminders)
    return user, join_season(user, season)


def run_reminder_job() -> None:
    """What the cluster does at 11:00: the schedule's task (synchronous in tests)."""
    async_task(Schedule.objects.get(name="noon-reminders").func)


def test_the_schedule_is_installed_for_eleven_central():
    schedule = Schedule.objects.get(name="noon-reminders")
    assert schedule.func == "games.ladder.tasks.reminder_job"
    assert schedule.schedule_type == Schedule.CRON
    assert schedule.cron == "*/5 11 * * *"  # the cluster's time zone is America/Chicago


def test_one_push_per_opted_in_player_with_moves_left_and_none_twice(push, season, entries):
    alice, alice_player = opted_in("alice", season)
    give(alice_player, "boost", "skip")
    alice_browser = Browser(f"{push.url}/push/alice")
    alice_browser.subscribe(alice)

    bob, _ = opted_in("bob", season)  # votes all cast, no cards: nothing to remind of
    Browser(f"{push.url}/push/bob").subscribe(bob)
    for name in ("ava", "bo", "cy"):
        cast_vote(user=bob, entry_id=entries[name].pk, direction="up", now=ELEVEN)

    charlie, _ = opted_in("charlie", season, reminders=False)  # never opted in
    Browser(f"{push.url}/push/charlie").subscribe(charlie)

    with time_machine.travel(ELEVEN, tick=False):
        run_reminder_job()
        run_reminder_job()  # a second run (a retry, a second worker) sends nothing more

    assert [r.path for r in push.received] == ["/push/alice"]
    message = push.received[0]
    assert message.headers["authorization"].startswith("vapid t=")
    assert message.headers["ttl"] == "3600"
    assert alice_browser.read(message.body) == {
        "title": "Gooner Ladder",
        "url": "http://127.0.0.1:8000/",
        "body": "3 votes and 2 cards left, noon in 1 hour",
    }
    reminder = NoonReminder.objects.get()
    assert (reminder.player, reminder.votes_left, reminder.cards_left) == (alice_player, 3, 2)
    assert reminder.delivered == 1


def test_expired_subscription_is_removed_and_the_good_one_still_gets_it(push, season):
    alice, _ = opted_in("alice", season)
    Browser(f"{push.url}/gone/old-phone").subscribe(alice)
    Browser(f"{push.url}/missing/old-laptop").subscribe(alice)
    Browser(f"{push.url}/push/new-phone").subscribe(alice)
    with time_machine.travel(ELEVEN, tick=False):
        run_reminder_job()
    assert sorted(r.path for r in push.received) == [
        "/gone/old-phone",
        "/missing/old-laptop",
        "/push/new-phone",
    ]
    assert list(alice.push_subscriptions.values_list("endpoint", flat=True)) == [
        f"{push.url}/push/new-phone"
    ]
    assert NoonReminder.objects.get().delivered == 1


def test_no_reminder_outside_the_hour_before_noon(push, season):
    alice, _ = opted_in("alice", season)
    Browser(f"{push.url}/push/alice").subscribe(alice)
    for moment in (ELEVEN - dt.timedelta(minutes=1), ELEVEN + dt.timedelta(hours=1, minutes=1)):
        with time_machine.travel(moment, tick=False):
            run_reminder_job()
    assert push.received == []


def test_next_day_reminds_again(push, season):
    alice, _ = opted_in("alice", season)
    Browser(f"{push.url}/push/alice").subscribe(alice)
    with time_machine.travel(ELEVEN, tick=False):
        run_reminder_job()
    with time_machine.travel(ELEVEN + dt.timedelta(days=1), tick=False):
        run_reminder_job()
    assert len(push.received) == 2


def test_reminder_text():
    hour = dt.timedelta(hours=1)
    assert reminder_text(2, 3, hour) == "2 votes and 3 cards left, noon in 1 hour"
    assert reminder_text(1, 0, hour) == "1 vote left, noon in 1 hour"
    assert reminder_text(0, 1, dt.timedelta(minutes=20)) == "1 card left, noon in 20 minutes"


def test_subscribing_from_the_profile_turns_reminders_on(client, alice, settings):
    settings.PUSH_ENDPOINT_SCHEMES = ["https"]
    client.force_login(alice)
    keys = {"p256dh": b64url(b"k" * 65), "auth": b64url(b"a" * 16)}
    response = client.post(
        reverse("accounts:push_subscribe"), {"endpoint": "https://push.example/abc", **keys}
    )
    assert response.json() == {"ok": True, "message": "Reminders are on for this device."}
    alice.refresh_from_db()
    assert alice.remind_before_noon
    assert alice.push_subscriptions.get().endpoint == "https://push.example/abc"

    refused = client.post(
        reverse("accounts:push_subscribe"), {"endpoint": "http://10.0.0.1/admin", **keys}
    )
    assert refused.status_code == 400  # our server never posts to a plain-HTTP address
    assert alice.push_subscriptions.count() == 1

    client.post(reverse("accounts:push_unsubscribe"))
    alice.refresh_from_db()
    assert not alice.remind_before_noon
    assert not alice.push_subscriptions.exists()


def test_vapid_keys_have_the_shapes_browsers_and_pywebpush_take():
    public, private = new_vapid_keys()
    assert len(base64.urlsafe_b64decode(public + "==")) == 65
    assert len(base64.urlsafe_b64decode(private + "=")) == 32


def test_first_run_is_the_next_eleven_central():
    from games.ladder.schedule import REMINDERS
    from goonsite.schedules import install

    install(Schedule, REMINDERS, now=dt.datetime(2026, 12, 8, 9, 30, tzinfo=CENTRAL))
    assert Schedule.objects.get(name="noon-reminders").next_run == ELEVEN
    summer = dt.datetime(2027, 7, 1, 11, 2, tzinfo=CENTRAL)
    install(Schedule, REMINDERS, now=summer)
    assert Schedule.objects.get(name="noon-reminders").next_run == summer.replace(minute=5)
