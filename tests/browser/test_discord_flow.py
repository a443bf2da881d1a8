"""Signing up with Discord in a real browser: two clicks to the board and its God Pack.

Discord's consent page is played by Playwright (it sends the browser straight back with a
code, as Discord does once the player clicks "Authorize"); the server's calls to Discord
are answered by `responses`, in this process, where the live server runs.
"""

import base64
import re
from urllib.parse import parse_qs, urlparse

import pytest
import responses
from playwright.sync_api import Page, Route, expect

from accounts.models import User
from tests.accounts.conftest import DISCORD
from tests.accounts.test_discord import ME_URL, NELLY, TOKEN_URL

pytestmark = pytest.mark.django_db(transaction=True)

PIXEL = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def test_sign_up_with_discord_lands_on_the_games_and_the_ladder_deals_the_god_pack(
    page: Page, live_server, settings, season, artifacts
):
    for name, value in DISCORD.items():
        setattr(settings, name, value)
    consents: list[dict] = []

    def discord_consent(route: Route) -> None:
        query = parse_qs(urlparse(route.request.url).query)
        consents.append(query)
        back = f"{query['redirect_uri'][0]}?code=c0de&state={query['state'][0]}"
        route.fulfill(status=302, headers={"Location": back})

    # Nothing leaves this machine: Discord's pages and its avatar CDN are played here.
    page.route(re.compile(r"^https://discord\.com/"), discord_consent)
    page.route(
        re.compile(r"^https://cdn\.discordapp\.com/"),
        lambda route: route.fulfill(status=200, content_type="image/png", body=PIXEL),
    )
    with responses.RequestsMock() as discord:
        discord.add(responses.POST, TOKEN_URL, json={"access_token": "t", "token_type": "Bearer"})
        discord.add(responses.GET, ME_URL, json=NELLY)
        discord.add_passthru(live_server.url)
        page.goto(f"{live_server.url}/accounts/signup/")
        page.get_by_role("button", name="Sign up with Discord").click()  # click one
        # (click two is Discord's "Authorize", answered by discord_consent)
        expect(page.locator("h1")).to_have_text("goonsite games")  # a new account's landing
        page.get_by_role("link", name="Gooner Ladder").click()
        expect(page.locator(".messages")).to_contain_text("sealed God Pack")

    assert consents and consents[0]["scope"] == ["identify"]
    expect(page.locator(".who")).to_contain_text("Nelly")
    expect(page.locator(".who img.avatar")).to_have_attribute("src", re.compile("cdn.discordapp"))
    page.get_by_role("button", name=re.compile("God Pack")).click()
    expect(page.locator("#hand a.game-card")).to_have_count(8)
    assert User.objects.get().display_name == "Nelly"
    page.screenshot(path=artifacts / "discord-signup-board.png", full_page=True)
