"""An open board follows the game without a reload (Chromium through Playwright): another
player's Golden pin appears within the polling interval, and after noon the recap does."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.ladder.models import Contestant, LadderEntry, Season
from games.ladder.services.noon import resolve_now
from games.ladder.services.players import join_season
from games.ladder.services.plays import pin_golden
from tests.browser.layout import hand_card
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db(transaction=True)
POLL_SECONDS = 1


@pytest.fixture
def world(settings, alice, bob):
    settings.LADDER_POLL_SECONDS = POLL_SECONDS
    season = Season.objects.create(name="Browser Season", starts_on="2026-12-01", is_active=True)
    entries = {}
    for joined, name in enumerate(["Ava", "Bo", "Cy", "Dee", "Eli"], start=1):
        entries[name] = LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    bob_player = join_season(bob, season)
    bob_player.golden_holder = True
    bob_player.save()
    give(bob_player, "golden_gooner")
    give(join_season(alice, season), "boost")
    return entries


def log_in(page: Page, url: str, username: str) -> None:
    page.goto(f"{url}/accounts/login/?next=/")
    page.fill("#id_username", username)
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    expect(page.locator("#ladder")).to_be_visible()


def test_golden_pin_and_noon_arrive_without_a_reload(
    page: Page, live_server, world, bob, artifacts
):
    log_in(page, live_server.url, "alice")
    for name in ("Ava", "Bo", "Cy"):
        page.get_by_role("button", name=re.compile(f"Vote {name} up")).click()
        expect(page.locator("#today")).to_contain_text(f"on {name}")
    hand_card(page, "Boost").click()
    page.get_by_role("link", name="Play Boost on Ava").click()
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#messages")).to_contain_text("Boost waits face down on Ava")
    # A mark on the page itself: a reload would wipe it.
    page.evaluate("document.body.dataset.sameDocument = 'yes'")

    # Bob pins Eli from elsewhere: Alice's open board shows the crown within the interval.
    pin_golden(user=bob, target_id=world["Eli"].pk)
    eli = page.locator("li.contestant", has_text="Eli")
    expect(eli).to_have_class(re.compile("golden"), timeout=POLL_SECONDS * 1000 + 4000)
    expect(page.locator("li.contestant").first).to_contain_text("Eli")
    page.screenshot(path=artifacts / "board-golden-pin.png", full_page=True)

    # Noon: the recap arrives on the open board, with each vote and card in points.
    resolve_now()
    recap = page.locator("#recap")
    expect(recap).to_contain_text("the Chaos Report is out", timeout=POLL_SECONDS * 1000 + 4000)
    expect(recap).to_contain_text("▲ 5 on Ava: +10 (doubled by your Boost)")
    expect(recap).to_contain_text("Your Boost on Ava: landed, their vote counted double: +5 more.")
    expect(recap).to_contain_text("you used all your votes")
    expect(page.locator("li.contestant", has_text="Ava").locator(".moved")).to_be_visible()
    assert page.evaluate("document.body.dataset.sameDocument") == "yes"
    page.screenshot(path=artifacts / "board-recap.png", full_page=True)

    recap.get_by_role("link", name="Read the Chaos Report").click()
    expect(page.locator(".ladder-table")).to_contain_text("+10 / −0")
    expect(page.locator(".seed")).to_contain_text("SHA-256")
    page.screenshot(path=artifacts / "report-v2.png", full_page=True)
