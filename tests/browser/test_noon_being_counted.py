"""Between noon and the end of its job, on a phone (Chromium through Playwright): the board
says noon is being counted, a vote is refused with a message in view, and once the noon is
resolved the board reloads itself (static/ladder/board.js polls /noon/status/) and shows
the recap.

The site's clock is moved past the open day's noon with GAME_CLOCK_OFFSET_SECONDS, which
the live server's thread reads too; nothing resolves the noon until the test does.
"""

import datetime as dt
import math
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from games.ladder import clock
from games.ladder.models import Contestant, LadderEntry, Season
from games.ladder.services.action import NOON_BEING_COUNTED
from games.ladder.services.days import open_day
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.players import join_season
from tests.browser.layout import PHONE, in_view, log_in, overflow
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db(transaction=True)
STATUS_POLL_MS = 3000  # board.js asks /noon/status/ every 3 s
PAST_NOON = dt.timedelta(seconds=5)


@pytest.fixture
def counting_season(settings, alice) -> Season:
    # The board's own poll (#poller) would bring the recap without a reload: keep it out of
    # the way, so only board.js's reload can make the counting notice go.
    settings.LADDER_POLL_SECONDS = 600
    season = Season.objects.create(name="Counting Season", starts_on="2026-12-01", is_active=True)
    for joined, name in enumerate(["Ava", "Bo", "Cy", "Dee", "Eli"], start=1):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    give(join_season(alice, season), "boost")
    return season


def move_clock_past_noon(settings, season: Season) -> None:
    """Shift the site's clock to a few seconds past the open day's noon (whole seconds, as
    the setting is read from the environment as an integer)."""
    noon = clock.noon_of(open_day(season, clock.now()).noon_on) + PAST_NOON
    settings.GAME_CLOCK_OFFSET_SECONDS = math.ceil((noon - timezone.now()).total_seconds())
    assert noon <= clock.now() < noon + dt.timedelta(seconds=60)


def test_board_says_noon_is_being_counted_and_reloads_when_the_report_is_out(
    page: Page, live_server, settings, counting_season, artifacts
):
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.get_by_role("button", name=re.compile("Vote Ava up")).click()
    expect(page.locator("#today")).to_contain_text("on Ava")

    # Noon has come; the noon job has not run.
    move_clock_past_noon(settings, counting_season)
    # The browser's clock too, for the countdown (time still flows, timers run as usual).
    page.clock.install(time=clock.now())
    # live.js polls at least every 15 s without its socket (none on this server), whatever
    # the board asks: its poll would bring the recap without the reload this test is about.
    page.route(re.compile(r"/board/version/"), lambda route: route.fulfill(status=204))
    page.goto(live_server.url)  # a fresh visit (a reload would keep the scroll of the vote)
    notice = page.locator("[data-noon-counting]")
    expect(notice).to_be_visible()
    expect(page.locator("#today [data-countdown]")).to_contain_text(re.compile(r"^23h 59m "))
    expect(notice).to_have_text(
        "⏳ Noon is being counted. The board refreshes itself when the Chaos Report is out."
    )
    assert in_view(page, notice)

    # A vote in that window is refused, and the player is told so where they are looking.
    page.get_by_role("button", name=re.compile("Vote Bo up")).click()
    toast = page.locator("#messages li.error")
    expect(toast).to_have_text(NOON_BEING_COUNTED)
    assert in_view(page, toast)
    expect(page.locator("#today")).not_to_contain_text("on Bo")
    expect(notice).to_be_visible()  # still counting: the refusal's swap keeps the notice
    assert overflow(page) == 0
    page.screenshot(path=artifacts / "board-noon-counting-390x844.png", full_page=True)

    # A mark on the document itself: only a reload wipes it.
    page.evaluate("document.body.dataset.sameDocument = 'yes'")
    assert resolve_due_noons(clock.now())

    recap = page.locator("#recap")
    expect(recap).to_contain_text("the Chaos Report is out", timeout=STATUS_POLL_MS + 10_000)
    expect(notice).to_have_count(0)
    assert page.evaluate("document.body.dataset.sameDocument") is None
    expect(recap).to_contain_text("on Ava")
    assert overflow(page) == 0
    page.screenshot(path=artifacts / "board-after-counting-390x844.png", full_page=True)
