"""The profile: display name and time zone; every time shown in the player's zone."""

import datetime as dt

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.urls import reverse
from django.utils import timezone

from accounts.identity import name_key
from accounts.middleware import TimeZoneMiddleware
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db


def save_profile(client, **changes):
    data = {"display_name": "Alice", "time_zone": "America/Chicago", "email": ""} | changes
    return client.post(reverse("accounts:profile"), data)


def test_profile_changes_display_name_and_time_zone(client, alice):
    client.force_login(alice)
    response = save_profile(client, display_name="  Alice   in  Tokyo ", time_zone="Asia/Tokyo")
    assert response.status_code == 302
    alice.refresh_from_db()
    assert (alice.display_name, alice.time_zone) == ("Alice in Tokyo", "Asia/Tokyo")
    assert alice.name_key == name_key("alice in tokyo")


def test_profile_refuses_a_look_alike_and_a_reserved_name(client, alice, bob):
    client.force_login(alice)
    assert "looks too much like" in save_profile(client, display_name="B o b").content.decode()
    assert "is reserved" in save_profile(client, display_name="Yummy").content.decode()
    alice.refresh_from_db()
    assert alice.display_name == "Alice"


def test_profile_refuses_an_unknown_time_zone(client, alice):
    client.force_login(alice)
    response = save_profile(client, time_zone="Mars/Olympus_Mons")
    assert "Select a valid choice" in response.content.decode()


def test_times_are_shown_in_the_players_zone(alice):
    alice.time_zone = "Asia/Tokyo"
    seen = []

    def view(request):
        seen.append(timezone.localtime(dt.datetime(2026, 12, 8, 18, 0, tzinfo=dt.UTC)))
        return HttpResponse()

    request = RequestFactory().get("/")
    request.user = alice
    TimeZoneMiddleware(view)(request)
    assert seen[0].hour == 3 and seen[0].day == 9  # 18:00 UTC is 03:00 next day in Tokyo
    assert timezone.get_current_timezone_name() == "America/Chicago"  # deactivated after


def test_my_cards_times_follow_the_profile_zone(client, alice, alice_player, now):
    """Issue 12: My cards showed US Central while the board used the player's zone."""
    give(alice_player, "boost")  # booked at 15:00 Central, 21:00 in London
    client.force_login(alice)
    assert "Dec 7, 15:00" in client.get(reverse("ladder:my_cards")).content.decode()
    alice.time_zone = "Europe/London"
    alice.save()
    page = client.get(reverse("ladder:my_cards")).content.decode()
    assert "Dec 7, 21:00" in page
    assert "Dec 7, 15:00" not in page


def test_signup_with_email_sends_a_check_link_and_the_link_verifies(client, mailoutbox):
    client.post(
        reverse("accounts:signup"),
        {
            "username": "mailer",
            "display_name": "Mailer",
            "email": "mailer@example.com",
            "password1": "goon-ladder-2026!",
            "password2": "goon-ladder-2026!",
        },
    )
    from accounts.models import User

    user = User.objects.get(username="mailer")
    assert not user.email_verified
    (mail,) = mailoutbox
    assert mail.to == ["mailer@example.com"]
    link = next(line for line in mail.body.splitlines() if "/accounts/verify/" in line)
    response = client.get(link.replace("http://testserver", ""))
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.email_verified


def test_verify_link_for_an_old_address_does_nothing(client, alice, mailoutbox):
    client.force_login(alice)
    save_profile(client, email="old@example.com")
    old_link = mailoutbox[-1].body.split("http://testserver")[1].split()[0]
    save_profile(client, email="new@example.com")
    response = client.get(old_link, follow=True)
    assert "That link doesn" in response.content.decode()
    alice.refresh_from_db()
    assert (alice.email, alice.email_verified) == ("new@example.com", False)


def test_password_reset_only_to_a_verified_email(client, alice, bob, mailoutbox):
    alice.email, alice.email_verified = "alice@example.com", True
    alice.save()
    bob.email = "bob@example.com"  # never checked
    bob.save()
    for email in ("bob@example.com", "alice@example.com"):
        response = client.post(reverse("accounts:password_reset"), {"email": email})
        assert response.url == reverse("accounts:password_reset_sent")
    (mail,) = mailoutbox
    assert mail.to == ["alice@example.com"]
    link = next(line for line in mail.body.splitlines() if "/accounts/password/reset/" in line)
    form = client.get(link.replace("http://testserver", ""), follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-fresh-goon-pass-26", "new_password2": "a-fresh-goon-pass-26"},
    )
    assert done.url == reverse("accounts:password_reset_done")
    alice.refresh_from_db()
    assert alice.check_password("a-fresh-goon-pass-26")


def test_signups_are_limited_per_address(client, settings):
    settings.SIGNUP_LIMIT = 2

    def sign_up(n: int, ip: str):
        return client.post(
            reverse("accounts:signup"),
            {
                "username": f"farm{n}",
                "display_name": f"Farm {n}",
                "password1": "goon-ladder-2026!",
                "password2": "goon-ladder-2026!",
            },
            REMOTE_ADDR=ip,
        )

    from accounts.models import User

    for n in range(2):
        assert sign_up(n, "203.0.113.5").status_code == 302
        client.post(reverse("accounts:logout"))
    third = sign_up(2, "203.0.113.5")
    assert third.status_code == 429
    assert "Too many new accounts from your address" in third.content.decode()
    assert not User.objects.filter(username="farm2").exists()
    assert sign_up(3, "198.51.100.5").status_code == 302


def test_discord_avatar_can_be_removed(client, alice):
    alice.avatar_url = "https://cdn.discordapp.com/avatars/1/abc.png"
    alice.save()
    client.force_login(alice)
    assert "Remove my Discord avatar" in client.get(reverse("accounts:profile")).content.decode()
    save_profile(client, remove_avatar="on")
    alice.refresh_from_db()
    assert alice.avatar_url == ""
    assert (
        "Remove my Discord avatar" not in client.get(reverse("accounts:profile")).content.decode()
    )


def test_reset_emails_are_limited_per_address(client, alice, mailoutbox):
    alice.email, alice.email_verified = "alice@example.com", True
    alice.save()
    for _ in range(5):
        client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    sixth = client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert sixth.status_code == 429
    assert "Too many reset emails" in sixth.content.decode()
    assert len(mailoutbox) == 5


def test_a_discord_player_sets_a_password_through_a_reset(client, alice, mailoutbox):
    alice.set_unusable_password()
    alice.email, alice.email_verified = "alice@example.com", True
    alice.save()
    client.post(reverse("accounts:password_reset"), {"email": "ALICE@example.com"})
    (mail,) = mailoutbox
    link = next(line for line in mail.body.splitlines() if "/accounts/password/reset/" in line)
    form = client.get(link.replace("http://testserver", ""), follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "a-fresh-goon-pass-26", "new_password2": "a-fresh-goon-pass-26"},
    )
    alice.refresh_from_db()
    assert alice.check_password("a-fresh-goon-pass-26")
