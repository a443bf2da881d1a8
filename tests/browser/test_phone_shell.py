"""The shell on a phone (390 by 844), issue 28's "On a phone": the header is one line that no
name can widen and no toast covers; a player's 40-character name without spaces widens none
of the pages that tell of them; the card-details sheet is opaque; the admin's index and the
noon preview fit the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from games.ladder.models import Contestant, LadderEntry, PlayerSeason, Season
from games.ladder.services.noon import resolve_now
from games.ladder.services.players import join_season
from games.ladder.services.plays import play_face_down
from tests.browser.layout import PHONE, hand_card, log_in, overflow, twelve_row_season
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAME = "Bartholomew" + "Gooner" * 4 + "12345"  # sign-up allows 40 without spaces
ONE_LINE = 64  # px: the brand, the menu and the buttons on one row


@pytest.fixture
def long_named(db) -> User:
    assert len(LONG_NAME) == 40
    return User.objects.create_user(
        username="longname", password="correct-horse-battery", display_name=LONG_NAME
    )


@pytest.fixture
def destroyed_by_the_long_name(alice, long_named):
    """Alice's Boost on Bo destroyed by the long name's Sabotage at a noon."""
    season = Season.objects.create(name="Phone Season", starts_on="2026-12-01", is_active=True)
    entries = {
        name: LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
        for joined, name in enumerate(["Ava", "Bo", "Cy"], start=1)
    }
    give(join_season(alice, season), "boost")
    give(join_season(long_named, season), "sabotage")
    play_face_down(user=long_named, card="sabotage", target_id=entries["Bo"].pk)
    play_face_down(user=alice, card="boost", target_id=entries["Bo"].pk)
    return resolve_now()


def box(page: Page, selector: str) -> dict:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not on the page"
    return found


def opacity_seen(page: Page, selector: str) -> float:
    """The opacity the element is drawn with: its own times every ancestor's."""
    return page.evaluate(
        """(selector) => {
            let seen = 1;
            for (let el = document.querySelector(selector); el; el = el.parentElement) {
                seen *= parseFloat(getComputedStyle(el).opacity);
            }
            return seen;
        }""",
        selector,
    )


def test_the_card_details_sheet_is_opaque(page: Page, live_server, alice):
    """The ladder's rows must not show through a card's text (the accounts' .hint rule once
    drew the sheet at 0.85)."""
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    hand_card(page, "Boost").click()
    expect(page.locator("#dialog .sheet")).to_contain_text("What it does")
    assert opacity_seen(page, "#dialog .sheet") == 1
    background = page.evaluate(
        "getComputedStyle(document.querySelector('#dialog .sheet')).backgroundColor"
    )
    assert background.startswith("rgb(")  # not rgba(…, <1): nothing shows through


def test_a_long_name_keeps_the_header_on_one_line_and_the_page_in_the_screen(
    page: Page, live_server, long_named, destroyed_by_the_long_name, artifacts
):
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url, "longname")
    page.screenshot(path=artifacts / "header-long-name-phone.png")
    header = box(page, ".site-header")
    assert header["height"] <= ONE_LINE, f"the header is {header['height']} px tall"
    assert overflow(page) == 0
    expect(page.locator(".site-header .who")).to_be_visible()
    for path in ("/games/", "/hall/", "/accounts/profile/"):
        page.goto(live_server.url + path)
        assert overflow(page) == 0, f"{path} is wider than the phone"
        assert box(page, ".site-header")["height"] <= ONE_LINE, path


def test_the_recap_and_the_report_that_name_a_long_name_fit_the_phone(
    page: Page, live_server, alice, destroyed_by_the_long_name
):
    report = destroyed_by_the_long_name
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    expect(page.locator("#recap")).to_contain_text(f"destroyed by {LONG_NAME}'s Sabotage")
    assert overflow(page) == 0, "the board's recap is wider than the phone"
    page.goto(f"{live_server.url}/archive/{report.pk}/")
    expect(page.locator("main")).to_contain_text(f"destroyed by {LONG_NAME}'s Sabotage")
    assert overflow(page) == 0, "the Chaos Report is wider than the phone"


def test_a_toast_does_not_cover_the_header(page: Page, live_server, alice):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.get_by_role("button", name="Vote Ava up, 5 points").click()
    toast = page.locator("#messages li").last
    expect(toast).to_contain_text("5 points up on Ava")
    page.evaluate("window.scrollTo(0, 0)")
    header, shown = box(page, ".site-header"), toast.bounding_box()
    assert shown["y"] >= header["y"] + header["height"], "the toast covers the header"


@pytest.mark.parametrize("path", ["/admin/", "/noon/preview/"])
def test_the_admin_index_and_the_noon_preview_fit_a_phone(
    page: Page, live_server, admin_user, alice, long_named, destroyed_by_the_long_name, path
):
    """With a noon behind (the index tells how long it took) and plays waiting for the next."""
    player = PlayerSeason.objects.get(user=long_named)
    give(player, "sabotage")
    bo = LadderEntry.objects.get(contestant__name="Bo")
    play_face_down(user=long_named, card="sabotage", target_id=bo.pk)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/accounts/login/?next={path}")
    page.fill("#id_username", admin_user.username)
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    page.wait_for_url(f"**{path}")
    assert overflow(page) == 0, f"{path} is {overflow(page)} px wider than the phone"
