"""A new gooner's first day in a real browser (Chromium through Playwright)."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.ladder.models import Contestant, LadderEntry, Season
from games.ladder.services.codes import create_drop
from games.ladder.services.noon import resolve_now
from tests.browser.layout import hand_card

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def demo(admin_user):
    season = Season.objects.create(name="Browser Season", starts_on="2026-12-01", is_active=True)
    for joined, name in enumerate(["Ava", "Bo", "Cy", "Dee", "Eli"], start=1):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    drop = create_drop(name="Launch", reward="booster_pack", count=1, created_by=admin_user)
    return drop.codes.get().code


def test_sign_up_open_vote_play_redeem_then_noon(page: Page, live_server, demo, artifacts):
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", "newgooner")
    page.fill("#id_display_name", "New Gooner")
    page.fill("#id_password1", "ladder-climber-2026")
    page.fill("#id_password2", "ladder-climber-2026")
    page.click("button[type=submit]")

    # A new account lands on the games list; the ladder deals the God Pack on the first visit.
    expect(page.locator(".messages")).to_contain_text("Welcome to goonsite, New Gooner!")
    page.get_by_role("link", name="Gooner Ladder").click()
    expect(page.locator(".messages")).to_contain_text("sealed God Pack")
    page.wait_for_load_state("load")  # htmx and the ladder's stylesheet, before any press
    page.get_by_role("button", name=re.compile("God Pack")).click()
    expect(page.locator("#messages")).to_contain_text("You opened:")
    expect(page.locator("#hand a.game-card")).to_have_count(8)

    # Three votes, up on Eli, Dee and Cy: each swap shows the next vote's worth on every
    # open button (drawn by CSS from the one line that says it) and in its name.
    for name, points in (("Eli", "5"), ("Dee", "3"), ("Cy", "1")):
        worth = f"{points} point{'' if points == '1' else 's'}"
        expect(page.locator("#next-vote")).to_contain_text(f"Your next vote: {worth}")
        for shown in page.locator(".vote-form button:enabled .points").all():
            drawn = shown.evaluate("e => getComputedStyle(e, '::after').content")
            assert drawn == f'" {points}" / "{worth}"', drawn
        page.get_by_role("button", name=f"Vote {name} up, {worth}", exact=True).click()
        expect(page.locator("#today")).to_contain_text(f"▲ {points} on {name}")
    expect(page.locator("#today")).to_contain_text("Votes left: none")
    expect(page.locator("#season")).to_contain_text("you draw a card at noon")

    # Tap Boost, tap Eli, confirm: a face-down card appears on Eli's row.
    hand_card(page, "Boost").click()
    eli = page.locator("li.contestant", has_text="Eli")
    eli.get_by_role("link", name="Play Boost on Eli").click()
    expect(page.locator("#dialog")).to_contain_text("Play Boost on Eli?")
    page.get_by_role("button", name="Confirm").click()
    expect(page.locator("#messages")).to_contain_text("Boost waits face down on Eli")
    expect(eli.locator(".facedown-card")).to_have_count(1)
    expect(page.locator("#hand a.game-card")).to_have_count(7)

    page.fill("#board-code", demo.lower())
    page.get_by_role("button", name="Redeem").click()
    expect(page.locator("#messages")).to_contain_text("Code accepted")
    expect(page.locator("#hand")).to_contain_text("Booster Pack")
    page.screenshot(path=artifacts / "board.png", full_page=True)

    resolve_now()
    page.reload()
    expect(page.locator("li.contestant").first).to_contain_text("Eli")  # 5 points, boosted to 10
    page.get_by_role("link", name="Chaos Report Archive").click()
    page.locator(".reports a").first.click()
    expect(page.locator(".plays")).to_contain_text(
        "New Gooner played Boost on Eli: landed, their vote counted double: +5 more."
    )
    expect(page.locator(".report")).to_contain_text("New Gooner redeemed a code: Booster Pack.")
    expect(page.locator(".ladder-table")).to_contain_text("+10")
    page.screenshot(path=artifacts / "report.png", full_page=True)
