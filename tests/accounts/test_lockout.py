"""Failed log-ins are locked out per username and per address (django-axes)."""

import datetime as dt

import pytest
import time_machine
from django.test import RequestFactory
from django.urls import reverse

from accounts.client_ip import client_ip

pytestmark = pytest.mark.django_db

RIGHT = "correct-horse-battery"


def log_in(client, username: str, password: str, ip: str = "203.0.113.7"):
    return client.post(
        reverse("accounts:login"), {"username": username, "password": password}, REMOTE_ADDR=ip
    )


def test_sixth_wrong_password_is_locked_out_and_the_right_one_waits_for_the_cool_down(
    client, alice
):
    start = dt.datetime(2026, 12, 7, 15, 0, tzinfo=dt.UTC)
    with time_machine.travel(start, tick=False):
        for _ in range(4):
            response = log_in(client, "alice", "wrong")
            assert response.status_code == 200
            assert "Please enter a correct username and password" in response.content.decode()
        # The fifth wrong one starts the lockout and says so at once; the sixth is refused
        # without its password being checked.
        assert log_in(client, "alice", "wrong").status_code == 429
        sixth = log_in(client, "alice", "wrong")
        assert sixth.status_code == 429
        page = sixth.content.decode()
        assert "Too many wrong passwords" in page
        assert "paused after 5 wrong passwords" in page
        assert "Try again in 15 minutes: until then even the right password is refused" in page
        assert "Reset your password by email" in page

        right = log_in(client, "alice", RIGHT)
        assert right.status_code == 429
        assert "_auth_user_id" not in client.session

    with time_machine.travel(start + dt.timedelta(minutes=14), tick=False):
        assert log_in(client, "alice", RIGHT).status_code == 429

    with time_machine.travel(start + dt.timedelta(minutes=16), tick=False):
        response = log_in(client, "alice", RIGHT)
        assert response.status_code == 302
        assert response.url == reverse("home")


def test_lockout_per_username_holds_from_another_address(client, alice):
    for n in range(5):
        log_in(client, "alice", "wrong", ip=f"198.51.100.{n}")
    assert log_in(client, "alice", RIGHT, ip="192.0.2.200").status_code == 429


def test_lockout_per_address_covers_other_usernames(client, alice, bob):
    for n in range(5):
        log_in(client, f"nobody{n}", "wrong")
    assert log_in(client, "bob", RIGHT).status_code == 429
    assert log_in(client, "bob", RIGHT, ip="192.0.2.99").status_code == 302


def test_success_clears_the_count(client, alice):
    for _ in range(4):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", RIGHT).status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(4):
        log_in(client, "alice", "wrong")
    assert log_in(client, "alice", RIGHT).status_code == 302


def test_forwarded_address_ignored_without_a_trusted_proxy(settings):
    settings.TRUSTED_PROXY = False
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8"
    )
    assert client_ip(request) == "10.0.0.2"


def test_trusted_proxy_gives_the_address_it_saw(settings):
    settings.TRUSTED_PROXY = True
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="1.2.3.4, 5.6.7.8"
    )
    # "1.2.3.4" is whatever the client claimed; the proxy appended the address it saw.
    assert client_ip(request) == "5.6.7.8"
    assert client_ip(RequestFactory().get("/", REMOTE_ADDR="10.0.0.2")) == "10.0.0.2"


def test_lockout_behind_a_trusted_proxy_is_per_client_not_per_proxy(client, settings, alice, bob):
    settings.TRUSTED_PROXY = True
    for n in range(5):
        client.post(
            reverse("accounts:login"),
            {"username": f"nobody{n}", "password": "wrong"},
            REMOTE_ADDR="10.0.0.2",
            HTTP_X_FORWARDED_FOR="203.0.113.9",
        )
    other_client = client.post(
        reverse("accounts:login"),
        {"username": "bob", "password": RIGHT},
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="198.51.100.1",
    )
    assert other_client.status_code == 302
