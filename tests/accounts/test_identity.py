"""Display names: unique by how they look, the owners' names reserved (issue 12: Identity)."""

import pytest
from django.core.exceptions import ValidationError
from django.template import Context, Template
from django.urls import reverse

from accounts.identity import name_key
from accounts.models import User
from accounts.names import clean_display_name
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ("Alice", "alice"),
        ("Alice", "A l i c e"),
        ("Alice", "\u0410lice"),  # Cyrillic capital A
        ("TC", "\uff34\uff23"),  # full-width
        ("TC", "\U0001d413\U0001d402"),  # mathematical bold
        ("Bob", "B0b"),
        ("Zoë", "Zoe"),
        ("Yummy", "Y.u-m_my"),
        ("l33t", "1337".replace("7", "t")),
    ],
)
def test_look_alike_names_share_a_key(one, other):
    assert name_key(one) == name_key(other)


@pytest.mark.parametrize(("one", "other"), [("Ava", "Eva"), ("Bo", "Bob"), ("TC", "TCG")])
def test_different_names_differ(one, other):
    assert name_key(one) != name_key(other)


@pytest.mark.parametrize("name", ["TC", "tc", "T C", "Yummy", "YUMMY", "Yumm\u0443"])
def test_owners_names_are_reserved_for_players(name):
    with pytest.raises(ValidationError, match="reserved"):
        clean_display_name(name)


def test_staff_may_carry_an_owners_name(db):
    owner = make_user("yummy", is_staff=True)
    assert clean_display_name("Yummy", user=owner) == "Yummy"


def test_signup_refuses_a_look_alike_of_a_taken_name(client, alice):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "impostor",
            "display_name": "\u0410lice",
            "password1": "goon-ladder-2026!",
            "password2": "goon-ladder-2026!",
        },
    )
    assert "looks too much like a gooner" in response.content.decode()
    assert not User.objects.filter(username="impostor").exists()


def test_signup_refuses_the_owners_name(client):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "faker",
            "display_name": "T C",
            "password1": "goon-ladder-2026!",
            "password2": "goon-ladder-2026!",
        },
    )
    assert "is reserved" in response.content.decode()
    assert not User.objects.filter(username="faker").exists()


def test_database_refuses_a_look_alike_that_skips_the_forms(alice):
    with pytest.raises(Exception, match="name_key"):
        User.objects.create_user(username="raw", password="x", display_name="ALICE")


def test_admin_user_form_refuses_a_look_alike(client, admin_user, alice, bob):
    client.force_login(admin_user)
    response = client.post(
        reverse("admin:accounts_user_change", args=[bob.pk]),
        {
            "username": "bob",
            "display_name": "Al ice",
            "time_zone": "America/Chicago",
            "date_joined_0": "2026-12-01",
            "date_joined_1": "10:00:00",
            "is_active": "on",
        },
    )
    assert response.status_code == 200
    assert "looks too much like a gooner" in response.content.decode()
    bob.refresh_from_db()
    assert bob.display_name == "Bob"


def test_staff_badge_filter_marks_only_staff(admin_user, alice):
    template = Template("{% load gooners %}{{ a|gooner }} / {{ b|gooner }}")
    html = template.render(Context({"a": admin_user, "b": alice}))
    assert html == 'Tc <span class="badge staff" title="goonsite staff">staff</span> / Alice'


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_look_alike_sign_ups_at_once_one_wins_the_other_is_told():
    from django.db import connections
    from django.test import Client

    from tests.races import race

    def sign_up(username: str, display_name: str):
        try:
            return Client().post(
                reverse("accounts:signup"),
                {
                    "username": username,
                    "display_name": display_name,
                    "password1": "goon-ladder-2026!",
                    "password2": "goon-ladder-2026!",
                },
            )
        finally:
            connections.close_all()

    results = race(
        lambda: sign_up("first", "Twin"), lambda: sign_up("second", "TW\u0406N")
    )  # Ukrainian I
    assert sorted(r.status_code for r in results) == [200, 302]
    refused = next(r for r in results if r.status_code == 200).content.decode()
    assert "taken" in refused
    assert User.objects.filter(username__in=["first", "second"]).count() == 1


def test_invisible_and_direction_characters_are_dropped_from_names():
    from accounts.identity import tidy_name

    assert tidy_name("Al\u200bice\u202e  the \u2066Great\u2069") == "Alice the Great"
