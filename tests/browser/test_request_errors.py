"""A press whose request fails says so in view (static/js/request-errors.js): the guide's
"every refusal is a clear message to the person, in view". htmx swaps nothing for an
error answer or a lost connection, so without the notice a vote that failed looked like a
press that did nothing. The live poll's own failures stay silent: the next poll retries."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.ladder.models import Vote
from tests.browser.layout import DESKTOP, PHONE, in_view, log_in, twelve_row_season

pytestmark = pytest.mark.django_db(transaction=True)


def vote_up(page: Page, name: str = "Ava"):
    return page.get_by_role("button", name=re.compile(rf"^Vote {name} up"))


def test_a_failed_vote_says_so_and_the_next_one_clears_it(
    page: Page, live_server, alice, artifacts
):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    notice = page.locator("#request-error")
    expect(notice).to_be_hidden()

    # The server fails: the press says so, at the top of the window, and nothing was voted.
    page.route("**/vote/", lambda route: route.fulfill(status=500, body="Server Error"))
    vote_up(page).click()
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Something went wrong on our side")
    assert in_view(page, notice)
    page.screenshot(path=artifacts / "request-error-phone.png")
    page.set_viewport_size(DESKTOP)
    assert in_view(page, notice)
    page.screenshot(path=artifacts / "request-error-desktop.png")
    page.set_viewport_size(PHONE)
    assert not Vote.objects.exists()

    # The connection drops.
    page.unroute("**/vote/")
    page.route("**/vote/", lambda route: route.abort("internetdisconnected"))
    vote_up(page).click()
    expect(notice).to_contain_text("could not be reached")

    # Back online: the vote lands and the notice goes.
    page.unroute("**/vote/")
    vote_up(page).click()
    expect(page.locator("#messages")).to_contain_text("Ava")
    expect(notice).to_be_hidden()
    assert Vote.objects.count() == 1


def test_a_session_ended_in_another_tab_asks_for_a_reload(page: Page, live_server, alice):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.context.clear_cookies()  # logged out elsewhere: no session, no CSRF cookie
    vote_up(page).click()
    notice = page.locator("#request-error")
    expect(notice).to_contain_text("This page has gone stale")
    page.get_by_role("button", name="Dismiss").click()
    expect(notice).to_be_hidden()
    assert not Vote.objects.exists()


def test_a_failed_live_poll_stays_silent(page: Page, live_server, alice):
    twelve_row_season(alice)
    log_in(page, live_server.url)
    page.route("**/board/version/**", lambda route: route.fulfill(status=500, body="down"))
    with page.expect_response(re.compile(r"/board/version/")) as answer:
        page.evaluate("htmx.trigger('#poller', 'live', {reason: 'poll'})")
    assert answer.value.status == 500
    page.wait_for_timeout(200)  # past the error's handlers
    expect(page.locator("#request-error")).to_be_hidden()
