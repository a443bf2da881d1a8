"""Three players in three browsers play an Exoptosis duel to the end (H7.4-H7.9, H14.1):
challenge, accept, choose hands (the saved deck ticked), bet, match, Ready, play; others'
moves arrive by polling, without a reload. Screenshots of the table at 390x844 (phone)
and 1280x800 (desktop) under test-artifacts/."""

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from games.hall.models import Card, Game, Ledger
from tests.browser.hall_players import PASSWORD, hall_players
from tests.browser.layout import axe_violations, overflow

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = {
    "ann": ["5H", "6H", "7H", "8H"],
    "bo": ["5S", "6S", "7S", "8S"],
    "cy": ["5C", "6C", "7C", "8C"],
}
SIZES = {"ann": (390, 844), "bo": (1280, 800), "cy": (390, 844)}
POLL = 10_000  # ms: the table polls every 3 s


@pytest.fixture
def players(admin_user):
    cards = {n: [*hand, "9D" if n == "ann" else "10D"] for n, hand in HANDS.items()}
    made = hall_players(admin_user, cards, cycle="Cycle 16")
    # Ann's saved deck is her hand: the picker must come ticked (H3.3, H7.5).
    Card.objects.filter(owner=made["ann"], face__in=HANDS["ann"]).update(in_deck=True)
    return made


def login(browser: Browser, url: str, name: str) -> Page:
    width, height = SIZES[name]
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{url}/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", PASSWORD)
    page.click("button[type=submit]")
    return page


def synced(page: Page, game: Game) -> None:
    """The page shows the game's latest version (it arrived by the poll or the move)."""
    page.wait_for_function(
        "v => Number(document.querySelector('#poll')?.dataset.version) >= v",
        arg=game.version,
        timeout=POLL,
    )
    # htmx readies what it swapped in only when the swap settles: a click before then
    # would send a plain form.
    expect(page.locator(".htmx-added")).to_have_count(0)


def test_three_players_duel_to_the_end(browser: Browser, live_server, players, artifacts):
    url = live_server.url
    pages = {name: login(browser, url, name) for name in HANDS}
    ann, bo, cy = pages["ann"], pages["bo"], pages["cy"]

    # The challenge and the answers.
    ann.goto(f"{url}/hall/duels/")
    ann.get_by_label("Bo", exact=True).check()
    ann.get_by_label("Cy", exact=True).check()
    ann.get_by_role("button", name="Request the duel").click()
    expect(ann.locator("#messages")).to_contain_text("You challenged Bo, Cy")
    ann.screenshot(path=artifacts / "exoptosis-duels-390x844.png", full_page=True)
    assert overflow(ann) == 0 and axe_violations(ann) == []
    for page in (bo, cy):
        page.goto(f"{url}/hall/duels/")
        page.get_by_role("button", name="Accept").click()
    expect(cy).to_have_url(re.compile(r"/hall/games/\d+/$"))
    game = Game.objects.get()
    table = f"{url}/hall/games/{game.pk}/"

    # Hands: Ann's deck comes ticked; Bo and Cy tick theirs.
    ann.goto(table)
    expect(ann.locator(".hand-picker input:checked")).to_have_count(4)
    ann.get_by_role("button", name="Choose this hand").click()
    expect(ann.locator("#messages")).to_contain_text("Hand chosen")
    for name in ("bo", "cy"):
        page = pages[name]
        page.goto(table)
        for code in HANDS[name]:
            card = Card.objects.filter(owner=players[name], face=code).first()
            page.locator(f'.hand-picker input[value="{card.pk}"]').check()
        page.get_by_role("button", name="Choose this hand").click()
    expect(cy.locator("#messages")).to_contain_text("the hands are revealed")
    game.refresh_from_db()
    synced(ann, game)  # Ann's table revealed without a reload
    expect(ann.locator('[aria-label="Cy\'s hand"] .hcard')).to_have_count(4)

    # Betting: Ann opens 1, Bo and Cy match, everyone Ready.
    ann.fill("input[name=amount]", "1")
    ann.get_by_role("button", name="Bet", exact=True).click()
    expect(ann.locator("#messages")).to_contain_text("You put 1 Chip at stake")
    for page in (bo, cy):
        game.refresh_from_db()
        synced(page, game)
        page.get_by_role("button", name="Match 1").click()
        expect(page.locator("#messages")).to_contain_text("You matched")
    for page in (ann, bo, cy):
        game.refresh_from_db()
        synced(page, game)
        page.get_by_role("button", name="Ready").click()
        expect(page.locator("#messages")).to_contain_text("Ready.")
    game.refresh_from_db()
    assert game.stage == "playing"

    # Play: whoever is awaited moves on their own page, once it has caught up.
    shots = set()
    for _ in range(60):
        game.refresh_from_db()
        if game.stage == "over":
            break
        awaited = game.state["awaiting"]["player"]
        name = next(n for n, p in players.items() if f"p{p.pk}" == awaited)
        page = pages[name]
        synced(page, game)
        if name in ("ann", "bo") and name not in shots and game.state["pile"]:
            width, height = SIZES[name]
            page.screenshot(
                path=artifacts / f"exoptosis-table-{width}x{height}.png", full_page=True
            )
            shots.add(name)
            assert overflow(page) == 0, name  # nothing wider than the window
            assert axe_violations(page) == [], name
            expect(page.locator(".time-left")).to_have_text(re.compile(r"^2[34]h \d\dm \d\ds$"))
        moves = page.locator("#my-move")
        buttons = moves.locator(".play-form.legal button, .draw-form button, .give-form button")
        if buttons.count():
            buttons.first.click()
        else:
            moves.get_by_role("button", name="Ask").click()
        expect(page.locator(f'#poll:not([data-version="{game.version}"])')).to_be_attached()
    game.refresh_from_db()
    assert game.stage == "over" and game.result == "won"
    assert shots == {"ann", "bo"}

    # The end: the winner's 2 Chips arrive once; every card is home.
    winner = game.winner
    for page in pages.values():
        synced(page, game)
        expect(page.locator(".table-status")).to_contain_text(f"{winner} won.")
    pages["ann"].screenshot(path=artifacts / "exoptosis-table-over-390x844.png", full_page=True)
    pages["bo"].screenshot(path=artifacts / "exoptosis-table-over-1280x800.png", full_page=True)
    for name, p in players.items():
        p.refresh_from_db()
        assert p.chips == (5 if p.pk == winner.pk else 2), name
    assert Ledger.objects.filter(reason=Ledger.Reason.BET).count() == 3
    assert not Card.objects.filter(locked=True).exists()
    bo.goto(f"{url}/hall/games/{game.pk}/replay/?step=0")
    expect(bo.locator("body")).to_contain_text("After move 0 of")
