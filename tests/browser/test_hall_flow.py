"""A newcomer's first phase in the Gilded Hall, in a real browser (Chromium via Playwright):
sign up, join, give the first gift, buy a pack, vote on a proposal. Screenshots at phone
(390x844) and desktop (1280x800) sizes."""

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import User
from games.hall.models import Gift, Player, ProposalVote, Purchase
from games.hall.services.admin import create_cycle
from games.hall.services.players import join
from games.hall.services.proposals import submit_proposal
from goonsite.clock import noon_date_for, noon_of

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hall(admin_user):
    now = timezone.now()
    cycle = create_cycle(
        actor=admin_user,
        name="Cycle 16",
        starts_at=noon_of(noon_date_for(now) - dt.timedelta(days=1)),
        kit_cards=6,
        kit_vertebrae=60,
        now=now,
        allow_past_start=True,
    )
    rook = User.objects.create_user("rook", password="x", display_name="Rook")
    join(user=rook, now=now)
    submit_proposal(user=rook, title="Jokers count 13", text="Both Jokers are 13.", now=now)
    return cycle


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_sign_up_join_gift_buy_vote(page: Page, live_server, hall, artifacts, width, height):
    page.set_viewport_size({"width": width, "height": height})
    username = f"newcomer{width}"
    page.goto(f"{live_server.url}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_display_name", "New Gambler")
    page.fill("#id_password1", "gilded-hall-2026")
    page.fill("#id_password2", "gilded-hall-2026")
    page.click("button[type=submit]")

    page.goto(f"{live_server.url}/hall/")
    page.get_by_role("button", name="Join Cycle 16").click()
    expect(page.locator("#messages")).to_contain_text("Welcome to Cycle 16")
    expect(page.locator("#wallet")).to_contain_text("60")
    expect(page.locator("#my-cards .hcard")).to_have_count(6)
    # The phase clock counts down live (the site's static/js/countdown.js), to the second.
    expect(page.locator("[data-phase-ends]")).to_have_text(re.compile(r"^\d+h \d\dm \d\ds left$"))
    page.screenshot(path=artifacts / f"hall-home-{width}x{height}.png", full_page=True)

    # The first gift: Rook holds the 6 cards of the starting kit, so it is 1 card (H5.2).
    rook = Player.objects.get(user__username="rook")
    page.select_option("#gift-receiver", value=str(rook.pk))
    page.get_by_role("button", name="Give a random card").click()
    expect(page.locator("#messages")).to_contain_text("Rook received 1 card from you")
    expect(page.locator("#today")).to_contain_text("Done: you gave Rook 1 card.")

    # A purchase: a Handy Pack for 12 of the 60 Vertebrae.
    page.get_by_role("link", name="Shop").first.click()
    page.get_by_role("button", name="Buy Handy Pack for 12 Vertebrae").click()
    expect(page.locator("#messages")).to_contain_text("You bought a Handy Pack for 12 Vertebrae")
    expect(page.locator("#wallet")).to_contain_text("48")
    page.screenshot(path=artifacts / f"hall-shop-{width}x{height}.png", full_page=True)

    # A proposal vote.
    page.get_by_role("link", name="Proposals").click()
    page.get_by_role("button", name="Vote For proposal 1").click()
    expect(page.locator("#messages")).to_contain_text("You voted For on proposal 1")
    expect(page.locator("#open-proposals")).to_contain_text("New Gambler: For")
    page.screenshot(path=artifacts / f"hall-proposals-{width}x{height}.png", full_page=True)

    me = Player.objects.get(user__username=username)
    assert Gift.objects.filter(giver=me).count() == 1
    assert Purchase.objects.filter(player=me).count() == 1
    assert ProposalVote.objects.filter(player=me, choice="for").count() == 1
