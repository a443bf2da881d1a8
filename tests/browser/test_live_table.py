"""Issue 22: two players at one Exoptosis table, each in a browser; every move appears on
the other's page without a reload, by the push (goonsite.live). Then one
browser's WebSockets are blocked (a proxy dropping them): it still gets every move, by
polling, and keeps trying to reconnect."""

import re
import time

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from games.hall.models import Game, Player
from tests.browser.hall_players import PASSWORD, hall_players
from tests.hall.tables.helpers import choose_all, duel

pytestmark = pytest.mark.django_db(transaction=True)

# ms: a move reaches the other page by the push (with the socket up the only other way is
# live.js's 60 s backstop poll), however loaded the machine
PUSHED = 5_000
POLLED = 10_000  # ms: without the socket the table polls every 3 s
HANDS = {"ann": ["5H", "6H", "7H", "8H"], "bo": ["5S", "6S", "7S", "8S"]}


@pytest.fixture
def table(admin_user):
    """Ann and Bo in a duel, hands chosen: the betting is open."""
    players = hall_players(admin_user, HANDS, cycle="Cycle 22")
    now = timezone.now()
    game = duel(players["ann"], players["bo"], now=now)
    game = choose_all(game, {players[n]: HANDS[n] for n in HANDS}, now=now)
    assert game.stage == Game.Stage.BETTING
    return game


def open_table(browser: Browser, url: str, name: str, game: Game, block_sockets=False) -> Page:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    if block_sockets:
        attempts = []

        def refuse(ws):  # what a proxy that drops WebSockets does to every try
            attempts.append(ws.url)
            ws.close(code=1001, reason="blocked")

        context.route_web_socket(re.compile(r"/live/"), refuse)
        context.attempts = attempts
    page = context.new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    page.goto(f"{url}/hall/games/{game.pk}/")
    return page


def shows(page: Page, game: Game, timeout: int) -> None:
    """The page shows the game as it is now (its parts swapped in, no reload)."""
    game.refresh_from_db()
    expect(page.locator("#poll")).to_have_attribute(
        "data-version", str(game.version), timeout=timeout
    )
    # htmx readies what it swapped in only when the swap settles: a click before then
    # would send a plain form and reload the page.
    expect(page.locator(".htmx-added")).to_have_count(0)


def test_moves_are_pushed_to_the_other_browser_and_polled_without_sockets(
    browser: Browser, asgi_live_server, table, artifacts
):
    url, game = asgi_live_server.url, table
    ann = open_table(browser, url, "ann", game)
    bo = open_table(browser, url, "bo", game)
    for page in (ann, bo):
        expect(page.locator("html")).to_have_attribute("data-live", "connected")
    bo.evaluate("window.__notReloaded = true")

    ann.fill("input[name=amount]", "1")
    ann.get_by_role("button", name="Bet", exact=True).click()
    expect(ann.locator("#messages")).to_contain_text("You put 1 Chip at stake")
    shows(bo, game, PUSHED)
    expect(bo.get_by_role("button", name="Match 1")).to_be_visible(timeout=PUSHED)

    bo.get_by_role("button", name="Match 1").click()
    expect(bo.locator("#messages")).to_contain_text("You matched")
    shows(ann, game, PUSHED)

    ann.get_by_role("button", name="Ready").click()
    expect(ann.locator("#messages")).to_contain_text("Ready.")
    shows(bo, game, PUSHED)
    expect(bo.locator('.seat[data-player="Ann"] .badge.ready')).to_be_visible(timeout=PUSHED)
    assert bo.evaluate("window.__notReloaded") is True  # swapped in, never reloaded
    bo.screenshot(path=artifacts / "live-table-pushed-390x844.png", full_page=True)

    # Bo's WebSockets are now dropped, as a proxy might: his table polls.
    bo.context.close()
    bo = open_table(browser, url, "bo", game, block_sockets=True)
    expect(bo.locator("html")).to_have_attribute("data-live", "polling")
    bo.evaluate("window.__notReloaded = true")
    bo.get_by_role("button", name="Ready").click()
    expect(bo.locator("#messages")).to_contain_text("Ready.")
    game.refresh_from_db()
    assert game.stage == Game.Stage.PLAYING
    shows(ann, game, PUSHED)

    pages = {"ann": ann, "bo": bo}
    names = {f"p{p.pk}": n for n, p in ((n, Player.objects.get(user__username=n)) for n in pages)}
    for _ in range(4):  # a few turns, whoever is awaited moves on their own page
        game.refresh_from_db()
        if game.stage == Game.Stage.OVER:
            break
        mover = names[game.state["awaiting"]["player"]]
        page, other = pages[mover], pages["bo" if mover == "ann" else "ann"]
        shows(page, game, POLLED)
        moves = page.locator("#my-move")
        buttons = moves.locator(".play-form.legal button, .draw-form button, .give-form button")
        if buttons.count():
            buttons.first.click()
        else:
            moves.get_by_role("button", name="Ask").click()
        expect(page.locator(f'#poll:not([data-version="{game.version}"])')).to_be_attached()
        shows(other, game, PUSHED if other is ann else POLLED)
    assert bo.evaluate("window.__notReloaded") is True
    expect(bo.locator("html")).to_have_attribute("data-live", "polling")
    assert len(bo.context.attempts) >= 2  # it kept trying to reconnect, with backoff
    bo.screenshot(path=artifacts / "live-table-polling-390x844.png", full_page=True)


def test_a_slow_answer_to_my_move_still_lands_after_its_own_push(
    browser: Browser, asgi_live_server, table
):
    """The push for my bet is sent at its commit, before the bet's answer is written. Were
    the refresh it starts let go at once, its table (a new copy of the betting form) would
    land first, and htmx would drop the bet's answer, whose form is gone, with "You put 1
    Chip at stake" in it. static/js/live.js holds refreshes while a move is under way."""
    url, game = asgi_live_server.url, table
    ann = open_table(browser, url, "ann", game)
    expect(ann.locator("html")).to_have_attribute("data-live", "connected")
    version = game.version

    bet_sent = []

    def slow_answer(route):
        bet_sent.append(route.request.url)
        answer = route.fetch()  # the bet has committed, and its push has gone out
        time.sleep(1.5)  # room for a refresh to come and go before the answer does
        route.fulfill(response=answer)

    def refresh_after_the_bet(request):
        # The catch-up refresh sent on connecting may still be on the wire: not this one.
        return bool(bet_sent) and "/poll/?v=" in request.url

    ann.route(re.compile(r"/bet/$"), slow_answer)
    ann.fill("input[name=amount]", "1")
    with ann.expect_request(refresh_after_the_bet) as refreshed:
        ann.get_by_role("button", name="Bet", exact=True).click()
        expect(ann.locator("#messages")).to_contain_text("You put 1 Chip at stake")
    game.refresh_from_db()
    assert game.version > version
    expect(ann.locator("#poll")).to_have_attribute("data-version", str(game.version))
    # The held refresh asked with the version the answer brought: nothing to render twice.
    assert refreshed.value.url.endswith(f"?v={game.version}")
    assert refreshed.value.response().status == 204
