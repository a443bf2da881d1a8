import pytest
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db


def test_signup_creates_player_and_logs_in(client):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "newbie",
            "display_name": "  The   Newbie ",
            "password1": "goon-ladder-2026!",
            "password2": "goon-ladder-2026!",
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("home")  # a new account lands on the games list
    user = User.objects.get(username="newbie")
    assert user.display_name == "The Newbie"
    page = client.get(reverse("ladder:board"))
    assert page.status_code == 200
    assert "The Newbie" in page.content.decode()


def test_signup_refuses_taken_username(client, alice):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "alice",
            "display_name": "Another Alice",
            "password1": "goon-ladder-2026!",
            "password2": "goon-ladder-2026!",
        },
    )
    assert response.status_code == 200
    assert "A user with that username already exists." in response.content.decode()
    assert User.objects.filter(username="alice").count() == 1


def test_signup_refuses_weak_password(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "weak", "display_name": "Weak", "password1": "123", "password2": "123"},
    )
    body = response.content.decode()
    assert response.status_code == 200
    assert "This password is too short" in body
    assert "This password is entirely numeric" in body
    assert not User.objects.filter(username="weak").exists()


def test_login_and_logout(client, alice):
    response = client.post(
        reverse("accounts:login"), {"username": "alice", "password": "correct-horse-battery"}
    )
    assert response.status_code == 302
    assert response.url == reverse("home")  # the shell's games list, not one game's page
    assert "Alice" in client.get(reverse("ladder:board")).content.decode()
    assert client.post(reverse("accounts:logout")).status_code == 302
    assert client.get(reverse("ladder:board")).status_code == 302


def test_login_with_wrong_password_says_so(client, alice):
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": "nope"})
    assert response.status_code == 200
    assert "Please enter a correct username and password" in response.content.decode()


@pytest.mark.parametrize("name", ["ladder:board", "ladder:archive", "ladder:code"])
def test_logged_out_visit_redirects_to_login(client, name):
    response = client.get(reverse(name))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))
    assert "next=" in response.url


def test_rules_page_is_public_and_lists_every_card(client):
    body = client.get(reverse("ladder:rules")).content.decode()
    for card in ("Boost", "Skip", "Reverse", "Shield", "Sakura Farts", "Chaos", "Sabotage"):
        assert card in body
    assert "Never drawn" in body


def test_change_password(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {
            "old_password": "correct-horse-battery",
            "new_password1": "a-brand-new-goon-pass",
            "new_password2": "a-brand-new-goon-pass",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("a-brand-new-goon-pass")


def test_display_name_shown_in_navigation(client, alice):
    client.force_login(alice)
    assert '<span class="who">' in client.get(reverse("ladder:rules")).content.decode()
    assert str(alice) == "Alice"


def test_rules_page_lists_the_milestones_from_the_rules(client):
    body = client.get(reverse("ladder:rules")).content.decode()
    for line in (
        "<strong>6</strong> season votes: a Booster Pack",
        "<strong>12</strong> season votes: a Mini Gooner",
        "<strong>48</strong> season votes: a 4th vote every day",
        "<strong>100</strong> season votes: a God Pack",
    ):
        assert line in body
