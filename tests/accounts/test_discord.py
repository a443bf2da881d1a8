"""Sign in with Discord (django-allauth) against a Discord mocked at the HTTP boundary.

The OAuth dance: our button posts to /accounts/discord/login/, which redirects to Discord's
consent page with a `state`; Discord sends the browser back to the callback with a `code`;
the server exchanges the code for a token and reads the user. Only the last two are HTTP
calls from the server, and `responses` answers them.
"""

from urllib.parse import parse_qs, urlparse

import pytest
import responses
from allauth.socialaccount.models import SocialAccount
from django.urls import reverse

from accounts.models import User
from games.ladder.models import SealedItem

pytestmark = pytest.mark.django_db

TOKEN_URL = "https://discord.com/api/oauth2/token"
ME_URL = "https://discord.com/api/users/@me"
LOGIN = "/accounts/discord/login/"
CALLBACK = "/accounts/discord/login/callback/"
NELLY = {
    "id": "80351110224678912",
    "username": "nelly",
    "global_name": "Nelly",
    "discriminator": "0",
    "avatar": "8342729096ea3675442027381ff50dfe",
}


def start(client, **extra) -> str:
    """Press the button; the `state` Discord would send back."""
    response = client.post(LOGIN, extra)
    assert response.status_code == 302
    consent = urlparse(response.url)
    assert consent.netloc == "discord.com"
    query = parse_qs(consent.query)
    assert query["scope"] == ["identify"]
    assert query["redirect_uri"] == ["http://testserver/accounts/discord/login/callback/"]
    return query["state"][0]


def discord_answers(rsps, user: dict) -> None:
    rsps.add(responses.POST, TOKEN_URL, json={"access_token": "t0k3n", "token_type": "Bearer"})
    rsps.add(responses.GET, ME_URL, json=user)


def test_button_only_when_configured(client, settings):
    settings.DISCORD_CLIENT_ID = ""
    assert "Sign in with Discord" not in client.get(reverse("accounts:login")).content.decode()


def test_new_player_signs_up_with_discord_lands_on_the_games_and_gets_the_god_pack(
    client, discord_on, season
):
    page = client.get(reverse("accounts:login")).content.decode()
    assert "Sign in with Discord" in page
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        response = client.get(CALLBACK, {"code": "c0de", "state": state})
        assert rsps.calls[0].request.url == TOKEN_URL
        assert "code=c0de" in rsps.calls[0].request.body
    assert response.status_code == 302
    assert response.url == reverse("home")

    user = User.objects.get(socialaccount__uid=NELLY["id"])
    assert user.display_name == "Nelly"
    assert user.avatar_url == (
        "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png"
    )
    assert not user.has_usable_password()
    board = client.get(reverse("ladder:board")).content.decode()
    assert "sealed God Pack" in board
    assert user.avatar_url in board
    assert SealedItem.objects.filter(owner__user=user, kind="god_pack").count() == 1


def test_returning_discord_player_logs_in_to_the_same_account(client, discord_on, season):
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        client.get(CALLBACK, {"code": "c0de", "state": state})
    client.post(reverse("accounts:logout"))
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        response = client.get(CALLBACK, {"code": "again", "state": state})
    assert response.url == reverse("home")
    assert User.objects.count() == 1


def test_discord_name_that_looks_taken_gets_a_number(client, discord_on, alice):
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY | {"global_name": "ALICE"})
        client.get(CALLBACK, {"code": "c0de", "state": state})
    assert User.objects.get(socialaccount__uid=NELLY["id"]).display_name == "ALICE 2"


def test_discord_name_of_an_owner_is_not_given_away(client, discord_on):
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY | {"global_name": "Yummy"})
        client.get(CALLBACK, {"code": "c0de", "state": state})
    assert User.objects.get(socialaccount__uid=NELLY["id"]).display_name == "Yummy 2"


def test_denied_consent_creates_nobody_and_says_so(client, discord_on):
    state = start(client)
    with responses.RequestsMock() as rsps:  # no call to Discord may happen
        response = client.get(
            CALLBACK, {"error": "access_denied", "error_description": "denied", "state": state}
        )
        assert not rsps.calls
    assert response.status_code == 302
    assert response.url == reverse("accounts:login")
    page = client.get(response.url).content.decode()
    assert "Discord sign-in was cancelled" in page
    assert not User.objects.exists()


def test_token_exchange_failure_is_a_message_not_a_500(client, discord_on):
    state = start(client)
    with responses.RequestsMock() as rsps:
        rsps.add(responses.POST, TOKEN_URL, json={"error": "invalid_grant"}, status=400)
        response = client.get(CALLBACK, {"code": "stale", "state": state})
    assert response.status_code == 302
    assert "Try again in a moment" in client.get(response.url).content.decode()
    assert not User.objects.exists()


def test_existing_player_links_discord_from_profile(client, discord_on, alice):
    client.force_login(alice)
    profile = client.get(reverse("accounts:profile")).content.decode()
    assert "Link Discord" in profile
    state = start(client, process="connect")
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        response = client.get(CALLBACK, {"code": "c0de", "state": state})
    assert response.url == reverse("accounts:profile")
    assert SocialAccount.objects.get(uid=NELLY["id"]).user == alice
    assert (
        "Linked to Discord as <strong>Nelly</strong>" in client.get(response.url).content.decode()
    )

    # Next time, Discord alone logs Alice in.
    client.post(reverse("accounts:logout"))
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        client.get(CALLBACK, {"code": "c0de", "state": state})
    assert client.get(reverse("accounts:profile")).context["user"] == alice


def test_discord_account_linked_elsewhere_is_refused(client, discord_on, alice, bob):
    SocialAccount.objects.create(user=bob, provider="discord", uid=NELLY["id"], extra_data=NELLY)
    client.force_login(alice)
    state = start(client, process="connect")
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        response = client.get(CALLBACK, {"code": "c0de", "state": state})
    assert response.url == reverse("accounts:profile")
    page = client.get(response.url).content.decode()
    assert "already connected to a different account" in page
    assert SocialAccount.objects.get(uid=NELLY["id"]).user == bob
    assert not SocialAccount.objects.filter(user=alice).exists()


def test_discord_signups_limited_per_address(client, discord_on, settings):
    settings.SIGNUP_LIMIT = 1
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY)
        client.get(CALLBACK, {"code": "c0de", "state": state})
    client.post(reverse("accounts:logout"))
    state = start(client)
    with responses.RequestsMock() as rsps:
        discord_answers(rsps, NELLY | {"id": "2", "username": "farm2", "global_name": "Farm"})
        response = client.get(CALLBACK, {"code": "c0de", "state": state})
    assert "Too many new accounts from your address" in response.content.decode()
    assert User.objects.count() == 1


def test_linked_discord_can_be_managed_in_the_sites_layout(client, discord_on, alice):
    SocialAccount.objects.create(user=alice, provider="discord", uid=NELLY["id"], extra_data=NELLY)
    client.force_login(alice)
    page = client.get(reverse("socialaccount_connections")).content.decode()
    assert 'class="site-header"' in page
    assert "Nelly" in page
    response = client.post(
        reverse("socialaccount_connections"),
        {"account": SocialAccount.objects.get().pk, "action": "disconnect"},
    )
    assert response.status_code == 302
    assert not SocialAccount.objects.exists()  # Alice still has her password


def test_allauths_own_account_pages_are_not_served(client, alice):
    client.force_login(alice)
    for address in ("/accounts/email/", "/accounts/password/set/", "/accounts/login/code/"):
        assert client.get(address).status_code == 404
    assert client.get(reverse("account_email")).url == reverse("accounts:profile")


def test_discord_addresses_without_configuration_say_so(client, settings):
    settings.DISCORD_CLIENT_ID = ""
    for response in (
        client.post(LOGIN),
        client.get(CALLBACK, {"code": "c0de", "state": "s"}),
    ):
        assert response.status_code == 302
        assert response.url == reverse("accounts:login")
    page = client.get(reverse("accounts:login")).content.decode()
    assert "Signing in with Discord is not set up on this site." in page
