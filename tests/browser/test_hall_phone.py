"""The Gilded Hall on a phone (390x844), played in Chromium through Playwright, with a
player whose name is 40 characters without a space: the menu, the players table and the
ledger fit; cards are ticked to trade and to build a deck; a double-click buys once."""

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import User
from games.hall.models import Card, Player, Purchase, Trade
from games.hall.services.admin import create_cycle
from games.hall.services.players import join
from goonsite.clock import noon_date_for, noon_of
from tests.browser.layout import PHONE

pytestmark = pytest.mark.django_db(transaction=True)

LONG_NAME = "Bartholomew_Maximilian_Featherstonehaugh"
assert len(LONG_NAME) == 40 and " " not in LONG_NAME


@pytest.fixture
def hall(admin_user, alice):
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
    long = User.objects.create_user(
        "bart", password="correct-horse-battery", display_name=LONG_NAME
    )
    join(user=long, now=now)
    join(user=alice, now=now)
    return cycle


def phone_login(page: Page, url: str, username: str = "alice") -> None:
    page.set_viewport_size(PHONE)
    page.goto(f"{url}/accounts/login/?next=/hall/")
    page.fill("#id_username", username)
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    page.wait_for_selector(".hall-nav")


def widest(page: Page) -> list[str]:
    """The Hall's elements reaching past the right edge, for the failure message."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.hall *'))
            .filter(el => el.getBoundingClientRect().right > window.innerWidth + 0.5)
            .slice(-5).map(el => el.outerHTML.slice(0, 160))"""
    )


def hall_overflow(page: Page) -> int:
    """How many pixels the Hall's own content reaches past the window's right edge (the
    site header above it is the shell's, tested with the shell)."""
    page.wait_for_load_state("load")  # measured with its stylesheets, not before them
    return page.evaluate(
        """() => Math.max(0, ...Array.from(document.querySelectorAll('.hall, .hall *'))
            .map(el => Math.ceil(el.getBoundingClientRect().right - window.innerWidth)))"""
    )


def me() -> Player:
    return Player.objects.get(user__username="alice")


def other() -> Player:
    return Player.objects.get(user__username="bart")


def test_tick_cards_for_the_deck_and_for_a_trade_offer(page: Page, live_server, hall, artifacts):
    """H3.3, H3.5 A player ticks cards: two for the deck, one to give and one to ask."""
    phone_login(page, live_server.url)
    page.goto(f"{live_server.url}/hall/players/{me().pk}/")
    deck = page.locator("form[action$='/deck/'] input[type=checkbox]")
    expect(deck).to_have_count(6)
    deck.nth(0).check()
    deck.nth(3).check()
    page.get_by_role("button", name="Save deck").click()
    expect(page.locator("#messages")).to_contain_text("Deck saved: 2 cards")
    assert Card.objects.filter(owner=me(), in_deck=True).count() == 2
    assert hall_overflow(page) == 0, widest(page)
    page.screenshot(path=artifacts / "hall-phone-inventory.png", full_page=True)

    page.goto(f"{live_server.url}/hall/players/{other().pk}/")
    assert hall_overflow(page) == 0, widest(page)
    page.get_by_role("link", name=f"Offer {LONG_NAME} a trade").click()
    give = page.locator("input[name=give_cards]")
    ask = page.locator("input[name=ask_cards]")
    expect(give).to_have_count(6)
    expect(ask).to_have_count(6)
    give.nth(1).check()
    ask.nth(2).check()
    page.fill("input[name=give_vertebrae]", "5")
    assert hall_overflow(page) == 0, widest(page)
    page.screenshot(path=artifacts / "hall-phone-trade.png", full_page=True)
    page.get_by_role("button", name="Send offer").click()
    expect(page.locator("#messages")).to_contain_text(f"Offer sent to {LONG_NAME}")
    trade = Trade.objects.get()
    assert len(trade.give_cards) == 1 and len(trade.ask_cards) == 1
    assert trade.give_vertebrae == 5


def test_a_double_click_on_buy_one_chip_buys_one(page: Page, live_server, hall):
    """H6.2 Two clicks, one intent: one Chip, 25 Vertebrae."""
    phone_login(page, live_server.url)
    page.goto(f"{live_server.url}/hall/shop/")
    page.get_by_role("button", name="Buy 1 Chip for 25 Vertebrae").dblclick()
    expect(page.locator("#messages")).to_contain_text("You bought 1 Chip")
    expect(page.locator("#wallet")).to_contain_text("35")
    page.wait_for_timeout(300)  # a late second request would land by now
    assert Purchase.objects.filter(player=me()).count() == 1
    assert me().vertebrae == 35


def test_every_hall_menu_item_is_on_screen(page: Page, live_server, hall, artifacts):
    """H14.1 Proposals, Rules, Justice, Elections, Log… each within the 390 px, none cut."""
    phone_login(page, live_server.url)
    page.goto(f"{live_server.url}/hall/")
    links = page.locator(".hall-nav a")
    assert links.count() >= 11
    for n in range(links.count()):
        box = links.nth(n).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], links.nth(
            n
        ).text_content()
    page.screenshot(path=artifacts / "hall-phone-home.png", full_page=True)
    page.get_by_role("link", name="Elections").click()
    expect(page.locator("h1")).to_contain_text("Judge elections")


PAGES = ["home", "players", "inventory", "log", "rules", "shop", "duels", "elections", "trade"]


@pytest.mark.parametrize("where", PAGES)
def test_hall_pages_fit_the_phone(page: Page, live_server, hall, artifacts, where):
    """The Players table and the ledger (and every other Hall page), read by the player with
    the 40-character name: nothing past the right edge, no column cut."""
    phone_login(page, live_server.url, "bart")
    path = {
        "home": "/hall/",
        "players": "/hall/players/",
        "inventory": f"/hall/players/{other().pk}/",
        "log": "/hall/log/",
        "rules": "/hall/rules/",
        "shop": "/hall/shop/",
        "duels": "/hall/duels/",
        "elections": "/hall/elections/",
        "trade": f"/hall/trades/new/{me().pk}/",
    }
    page.goto(live_server.url + path[where])
    page.screenshot(path=artifacts / f"hall-phone-{where}.png", full_page=True)
    assert hall_overflow(page) == 0, widest(page)
    for table in page.locator("table").all():
        box = table.bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"] + 1, where


def duel_at_betting(now) -> int:
    """Alice and the long-named player in a duel, hands revealed: the betting is open."""
    from tests.hall.tables.helpers import choose_all, duel

    ann, bart = me(), other()
    game = duel(ann, bart, now=now)
    first_four = {
        p: [c.code for c in Card.objects.filter(owner=p).order_by("pk")[:4]] for p in (ann, bart)
    }
    return choose_all(game, first_four, now).pk


def test_at_the_table_the_move_panel_is_on_the_first_screen(
    page: Page, live_server, hall, artifacts
):
    """H14.1 Game page: the awaited participant's forms (Bet, Ready) are in view on arrival,
    above the participants' hands, not two screens down."""
    game_id = duel_at_betting(timezone.now())
    phone_login(page, live_server.url)
    page.goto(f"{live_server.url}/hall/games/{game_id}/")
    ready = page.get_by_role("button", name="Ready")
    bet = page.get_by_role("button", name="Bet", exact=True)
    page.screenshot(path=artifacts / "hall-phone-table.png")
    for button in (ready, bet):
        box = button.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    assert hall_overflow(page) == 0, widest(page)
