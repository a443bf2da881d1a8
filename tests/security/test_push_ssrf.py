"""Push endpoints reach only the browsers' push services (issue 28: push SSRF).

Over HTTP, as the attacker did: /accounts/push/subscribe/ with endpoints that point inside
(Redis, PostgreSQL, cloud metadata, localhost, the site's own admin) or anywhere that is not
a push service is refused with a message, stores nothing and looks no name up. A
subscription stored before the check existed is checked again when sending and never
connected to. No test reaches the network: names resolve through `resolve_locally`.
"""

import pytest
from django.urls import reverse

from accounts.models import PushSubscription
from accounts.push import send_to_user
from accounts.push_endpoints import refusal
from accounts.vapid import b64url, new_vapid_keys
from tests.accounts import push_service

pytestmark = pytest.mark.django_db

KEYS = {"p256dh": b64url(b"k" * 65), "auth": b64url(b"a" * 16)}

INSIDE = [
    "https://127.0.0.1:6379/",  # Redis
    "https://127.0.0.1:5432/",  # PostgreSQL
    "https://169.254.169.254/latest/meta-data/iam/",  # cloud metadata
    "https://localhost:8103/",
    "https://localhost/",
    "https://app.localhost/",
    "https://goonsite.example/admin/",  # the site itself (SITE_URL below)
    "https://[::1]/push",
    "https://[2001:db8::1]/push",  # the IPv6 literal that stopped every reminder
    "https://[fe80::1%25eth0]/push",
    "https://10.0.0.1/push",
    "https://192.168.1.1/push",
    "https://0.0.0.0/push",
    "https://2130706433/push",  # 127.0.0.1 as one number
    "https://0x7f.0.0.1/push",
]
NOT_A_PUSH_SERVICE = [
    "https://evil.example/push",  # a public name, but nobody's push service
    "https://fcm.googleapis.com.evil.example/fcm/send/x",
    "https://evilfcm.googleapis.com/fcm/send/x",
    "https://notify.windows.com/w/?token=x",  # the bare domain, not a WNS host
    "https://fcm.googleapis.com:8443/fcm/send/x",  # not port 443
    "https://fcm.googleapis.com:6379/fcm/send/x",
    "http://fcm.googleapis.com/fcm/send/x",  # plain HTTP
    "https://user:pw@fcm.googleapis.com/fcm/send/x",
    "https://fcm.googleapis.com@127.0.0.1/fcm/send/x",
    "ftp://fcm.googleapis.com/x",
    "https://fcm.googleapis.com:99999/x",
    # Where URL parsers disagree (urllib reads one host, urllib3 connects to another).
    "https://fcm.googleapis.com\\@127.0.0.1/x",
    "https://127.0.0.1\\@fcm.googleapis.com/x",
    "https://fcm.googleapis.com%2f@127.0.0.1/x",
    "https://fcm.googleapis.com%00.evil/x",
    "https://fcm.googleapis.com\t/x",
]
PUSH_SERVICES = [
    "https://fcm.googleapis.com/fcm/send/dXNlcjE:APA91bH",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://web.push.apple.com/QGuQyavXutnMH",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
    "https://FCM.googleapis.com./fcm/send/x",  # case and a trailing dot: still FCM
    "https://fcm.googleapis.com:443/fcm/send/x",
]


@pytest.fixture
def looked_up(monkeypatch, settings):
    settings.SITE_URL = "https://goonsite.example"
    settings.ALLOWED_HOSTS = ["testserver", "goonsite.example", "www.goonsite.example"]
    settings.PUSH_ENDPOINT_SCHEMES = ["https"]
    return push_service.resolve_locally(monkeypatch)


def subscribe(client, endpoint: str):
    return client.post(reverse("accounts:push_subscribe"), {"endpoint": endpoint, **KEYS})


@pytest.mark.parametrize("endpoint", INSIDE + NOT_A_PUSH_SERVICE)
def test_subscribing_an_endpoint_that_is_not_a_push_service_is_refused(
    client, alice, looked_up, endpoint
):
    client.force_login(alice)
    response = subscribe(client, endpoint)
    assert response.status_code == 400
    answer = response.json()
    assert answer["ok"] is False
    assert answer["message"] in {
        "That address isn't one of the browsers' push services, so reminders can't be sent to it.",
        "Push services are reached over HTTPS only.",
        "That subscription's address isn't a valid URL.",
        "Enter a valid URL.",
    }
    assert not PushSubscription.objects.exists()
    alice.refresh_from_db()
    assert not alice.remind_before_noon
    assert looked_up == []  # refused without a DNS lookup, let alone a connection


@pytest.mark.parametrize("endpoint", PUSH_SERVICES)
def test_the_browsers_push_services_are_accepted(client, alice, looked_up, endpoint):
    client.force_login(alice)
    response = subscribe(client, endpoint)
    assert response.json() == {"ok": True, "message": "Reminders are on for this device."}
    assert alice.push_subscriptions.get().endpoint == endpoint
    assert looked_up == []


def test_the_sites_own_host_is_refused_even_when_listed(looked_up, settings):
    settings.PUSH_SERVICES = [*settings.PUSH_SERVICES, "goonsite.example", ".goonsite.example"]
    assert refusal("https://goonsite.example/admin/")
    assert refusal("https://www.goonsite.example/admin/")


def test_ip_literals_are_refused_even_when_listed(looked_up, settings):
    settings.PUSH_SERVICES = ["127.0.0.1", "::1", "169.254.169.254"]
    assert refusal("https://127.0.0.1/x")
    assert refusal("https://[::1]/x")
    assert refusal("https://169.254.169.254/x")


def test_stored_endpoints_are_checked_again_when_sending(alice, looked_up, settings):
    """Rows saved before the check (or a list narrowed since) are never connected to."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = new_vapid_keys()
    settings.VAPID_CONTACT = "mailto:owners@goonsite.example"
    for endpoint in INSIDE + NOT_A_PUSH_SERVICE:
        PushSubscription.objects.create(user=alice, endpoint=endpoint, **KEYS)
    assert send_to_user(alice, {"title": "t", "body": "b"}) == 0
    assert looked_up == []
    assert PushSubscription.objects.count() == len(INSIDE + NOT_A_PUSH_SERVICE)
