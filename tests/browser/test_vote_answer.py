"""A vote's small answer in a real browser (issue 27, R3.1, R5.6): htmx swaps the row voted
on, the next vote's line and every other row's face-down count by id, and every open
button's points (drawn by CSS from that line) and name follow."""

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from games.ladder.models import Season
from games.ladder.services.players import join_season
from games.ladder.services.plays import play_face_down
from tests.browser.layout import PHONE, log_in, twelve_row_season
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_vote_swaps_its_row_and_brings_the_other_rows_counts(page: Page, live_server, alice):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    season = Season.objects.get(is_active=True)
    bob = User.objects.create(username="bob-plays", display_name="Bob")
    give(join_season(bob, season), "boost")
    # Played after Alice's page was drawn: her page does not show it yet.
    play_face_down(user=bob, card="boost", target_id=season.entries.get(contestant__name="Cy").pk)
    cy = page.locator("li.contestant", has_text="Cy")
    expect(cy.locator(".facedown-card")).to_have_count(0)

    page.get_by_role("button", name="Vote Ava up, 5 points").click()
    ava = page.locator("li.contestant", has_text="Ava")
    expect(ava.locator(".my-vote")).to_have_text("▲ 5")
    expect(cy.locator(".facedown-card")).to_have_count(1)
    expect(page.locator("#next-vote")).to_contain_text("Your next vote: 3 points")
    expect(page.get_by_role("button", name="Vote Bo up, 3 points", exact=True)).to_be_visible()
