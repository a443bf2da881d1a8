"""Issue 23 (A12, over issue 22's push): two humans and two bots at one Armed table, each
human in their own browser. Every move one human makes reaches the other's page without a
reload, by the push (goonsite.live), not by a poll."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.armed.models import ArmedTable, position_of
from games.armed.tables.adapter import TABLES
from games.armed.tables.lobby import open_table, start_table, take_seat
from tests.armed.tables.helpers import play_to_end

pytestmark = pytest.mark.django_db(transaction=True)

# ms: the other page shows the move by the push; with the socket up the only other way
# is live.js's 60 s backstop poll, so a loaded machine may take its time
PUSHED = 5_000


def sit_down(browser: Browser, url: str, name: str, game: ArmedTable) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    page.goto(f"{url}/armed/t/{game.pk}/")
    return page


def shows(page: Page, game: ArmedTable, timeout: int = PUSHED) -> None:
    """The page shows the table as it is now (its parts swapped in, no reload)."""
    game.refresh_from_db()
    expect(page.locator("#poll")).to_have_attribute(
        "data-version", str(game.version), timeout=timeout
    )
    # htmx readies what it swapped in only when the swap settles: a click before then
    # would send a plain form and reload the page.
    expect(page.locator(".htmx-added")).to_have_count(0)


def move(page: Page) -> None:
    """Make whatever move the page offers: comply, fire or pass, discard, pick."""
    if page.locator("#demand").count():
        page.locator("#demand").get_by_role("button", name=re.compile("^COMPLY")).click()
    elif page.locator(".fire-form").count():
        fire = page.locator(".fire-form button.fire")
        (fire if fire.count() else page.locator(".fire-form button.secondary")).first.click()
    elif page.locator("#my-move input[name=cards]").count():
        count = int(re.search(r"Discard (\d+)", page.locator("#my-move h2").inner_text())[1])
        for i in range(count):
            page.locator("#my-move input[name=cards]").nth(i).check()
        page.get_by_role("button", name="Discard", exact=True).click()
    elif page.locator("#my-move input[name=player]").count():
        page.get_by_role("button", name="Pick", exact=True).click()
    else:
        page.locator("#my-move button").first.click()


def test_each_humans_move_reaches_the_other_live(
    browser: Browser, asgi_live_server, alice, bob, artifacts, monkeypatch
):
    # The sixth message in one window is refused below; five slow turns must not outlast it.
    monkeypatch.setattr("games.armed.views.table.CHAT_WINDOW", dt.timedelta(minutes=10))
    table = open_table(user=alice, size=4, policy="sharp", turn_seconds=3600)
    take_seat(user=bob, game_id=table.pk)
    game = start_table(user=alice, game_id=table.pk)
    assert [s.bot for s in game.seats.order_by("position")] == [False, False, True, True]
    url = asgi_live_server.url
    pages = {1: sit_down(browser, url, "alice", game), 2: sit_down(browser, url, "bob", game)}
    for page in pages.values():
        expect(page.locator("html")).to_have_attribute("data-live", "connected")
        # A12.3 the turn clock as a player reads it (an hour's turn: "59:58 left")
        expect(page.locator("#head .countdown")).to_have_text(re.compile(r"^59:[0-5]\d left$"))
        page.evaluate("window.__notReloaded = true")

    moved = {1: 0, 2: 0}
    for _ in range(40):
        game.refresh_from_db()
        if game.is_over or min(moved.values()) >= 2:
            break
        mover = position_of(TABLES.output_of(game).awaiting.seat)
        page, other = pages[mover], pages[3 - mover]
        shows(page, game)
        move(page)
        expect(page.locator(f'#poll:not([data-version="{game.version}"])')).to_be_attached()
        expect(page.locator(".messages .error")).to_have_count(0)
        shows(other, game)  # the other human's page, by the push alone
        moved[mover] += 1
    assert min(moved.values()) >= 1, moved  # each human moved and the other saw it
    for page in pages.values():
        assert page.evaluate("window.__notReloaded") is True  # swapped in, never reloaded
    pages[2].screenshot(path=artifacts / "armed-live-two-humans-390x844.png", full_page=False)

    # Chat: a said message empties the box; a refused one stays there, the reason shown.
    # (by the human not awaited: a demand aimed at the other fills their screen)
    game.refresh_from_db()
    assert not game.is_over
    awaited = position_of(TABLES.output_of(game).awaiting.seat)
    chatter, reader = pages[3 - awaited], pages[awaited]
    for n in range(5):
        chatter.fill("#say-text", f"hi {n}")
        chatter.get_by_role("button", name="Say", exact=True).click()
        expect(chatter.locator("#say-text")).to_have_value("")
        expect(reader.locator(".chat-lines")).to_contain_text(f"hi {n}", timeout=PUSHED)
    chatter.fill("#say-text", "one message too many")
    chatter.get_by_role("button", name="Say", exact=True).click()
    expect(chatter.locator(".messages .error")).to_contain_text("Slow down")
    expect(chatter.locator("#say-text")).to_have_value("one message too many")

    # S54 after the game chat is free: posted by the site, it reaches the other page live.
    # Played out by the services here, in the test's thread. On SQLite's in-memory test
    # database that thread shares one connection with the server's, so the pages are
    # parked first: a fetch they make on a push would read the table mid-write ("table
    # is locked", CI on SQLite).
    for page in pages.values():
        page.goto("about:blank")
    game = play_to_end(game, {1: alice, 2: bob})
    assert game.stage == "over"
    for page in pages.values():
        page.goto(f"{url}/armed/t/{game.pk}/")
        expect(page.locator("#end")).to_contain_text("Game over")
        expect(page.locator("html")).to_have_attribute("data-live", "connected")
        page.evaluate("window.__notReloaded = true")
    reader.fill("#say-text", "gg, rematch?")
    reader.get_by_role("button", name="Say", exact=True).click()
    expect(reader.locator("#say-text")).to_have_value("")
    expect(chatter.locator(".chat-lines")).to_contain_text("gg, rematch?", timeout=PUSHED)
    expect(chatter.locator(".messages .error")).to_have_count(0)
    for page in pages.values():
        assert page.evaluate("window.__notReloaded") is True
    chatter.locator(".chat").scroll_into_view_if_needed()
    chatter.screenshot(path=artifacts / "armed-after-game-chat-390x844.png", full_page=False)
