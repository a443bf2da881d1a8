"""The board follows the play on a phone (390 by 844) and a desktop (1280 by 800): the confirm and
every message appear where the player is looking, nothing is wider than the window, a
stale tab says why its card can't be played, and axe-core finds nothing serious."""

import pytest
from playwright.sync_api import Page, expect

from games.ladder.services.noon import resolve_now
from tests.browser.layout import (
    DESKTOP,
    NAMES,
    PHONE,
    axe_violations,
    hand_card,
    in_view,
    log_in,
    overflow,
    twelve_row_season,
)

pytestmark = pytest.mark.django_db(transaction=True)
SIZES = [("phone", PHONE), ("desktop", DESKTOP)]


@pytest.mark.parametrize(("name", "size"), SIZES)
def test_play_on_the_last_contestant_in_view(page: Page, live_server, alice, artifacts, name, size):
    twelve_row_season(alice)
    page.set_viewport_size(size)
    log_in(page, live_server.url)
    # The first screen: your day and the hand.
    expect(page.locator("#today")).to_be_visible()
    assert in_view(page, page.locator("#today h2"))
    assert in_view(page, page.locator("#hand h2"))
    expect(hand_card(page, "Boost")).to_contain_text("×3")
    page.screenshot(path=artifacts / f"board-{name}.png")
    # "#10" and on stay on one line and in their column (it was 2rem: "#1" over "0").
    ranks = page.eval_on_selector_all(
        "#ladder .rank",
        """els => els.map(e => [e.textContent,
          e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight),
          e.scrollWidth - e.clientWidth])""",
    )
    assert len(ranks) == len(NAMES)
    assert [text for text, lines, past in ranks if lines > 1.5 or past > 0] == []

    hand_card(page, "Boost").click()
    hint = page.locator("#dialog .sheet")
    expect(hint).to_contain_text("tap a contestant on the ladder")
    expect(hint).to_contain_text("What it does")
    assert in_view(page, hint)
    if name == "phone":
        expect(page.locator("#hand")).to_be_hidden()  # out of the way while picking
    last = NAMES[-1]
    page.get_by_role("link", name=f"Play Boost on {last}").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"Play Boost on {last}?")
    assert in_view(page, dialog)
    assert in_view(page, dialog.get_by_role("button", name="Confirm"))
    page.screenshot(path=artifacts / f"board-{name}-confirm.png")
    dialog.get_by_role("button", name="Confirm").click()
    toast = page.locator("#messages li").last
    expect(toast).to_contain_text(f"Boost waits face down on {last}")
    assert in_view(page, toast)
    expect(hand_card(page, "Boost")).to_contain_text("×2")
    # The answer redrew the day panel's face-down list alone: the rest of it still stands.
    today = page.locator("#today")
    expect(today.locator("#today-plays")).to_contain_text(f"Boost on {last}")
    expect(today).to_contain_text("Noon lands in")
    expect(today).to_contain_text("Votes left")
    today.scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"board-{name}-played.png")
    assert overflow(page) == 0


def test_a_stale_tab_says_why_its_card_cannot_be_played(page: Page, live_server, alice):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    other = page.context.new_page()
    other.goto(live_server.url)
    hand_card(other, "Sabotage").click()
    other.get_by_role("link", name="Play Sabotage on Ava").click()
    other.get_by_role("button", name="Confirm").click()
    expect(other.locator("#messages")).to_contain_text("Sabotage waits face down on Ava")

    hand_card(page, "Sabotage").click()  # the stale tab
    toast = page.locator("#messages li").last
    expect(toast).to_contain_text("You don't hold a Sabotage any more")
    assert in_view(page, toast)


def test_no_page_is_wider_than_a_phone_and_axe_finds_nothing_serious(
    page: Page, live_server, alice, artifacts
):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    page.get_by_role("button", name="Vote Ava up, 5 points").click()
    expect(page.locator("#today")).to_contain_text("on Ava")
    report = resolve_now()
    pages = {
        "board": "/",
        "report": f"/archive/{report.pk}/",
        "archive": "/archive/",
        "rules": "/rules/",
        "my cards": "/cards/",
        "code": "/code/",
        "games": "/games/",
    }
    for width in (360, PHONE["width"]):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        for label, path in pages.items():
            page.goto(live_server.url + path)
            assert overflow(page) == 0, f"{label} is wider than {width} px"
    page.goto(live_server.url + pages["report"])
    page.screenshot(path=artifacts / "report-phone.png", full_page=True)
    for label in ("board", "report", "code"):
        for size in (PHONE, DESKTOP):
            page.set_viewport_size(size)
            page.goto(live_server.url + pages[label])
            assert axe_violations(page) == [], label


def test_the_keyboard_alone_can_vote_and_play(page: Page, live_server, alice):
    """Every control is reachable by Tab with a visible focus ring; Enter acts, Escape
    cancels a sheet."""
    twelve_row_season(alice)
    page.set_viewport_size(DESKTOP)
    log_in(page, live_server.url)

    def tab_to(name: str) -> None:
        for _ in range(120):
            page.keyboard.press("Tab")
            label = page.evaluate(
                "document.activeElement.getAttribute('aria-label') || "
                "document.activeElement.textContent"
            )
            if label and name in label:
                outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
                assert outline != "none", f"no visible focus on {name}"
                return
        raise AssertionError(f"{name} is not reachable by Tab")

    tab_to("Vote Bo up")
    page.keyboard.press("Enter")
    expect(page.locator("#messages")).to_contain_text("5 points up on Bo")
    page.locator("body").focus()
    tab_to("Boost")
    page.keyboard.press("Enter")
    expect(page.locator("#dialog .sheet")).to_contain_text("tap a contestant")
    page.keyboard.press("Escape")
    expect(page.locator("#dialog .sheet")).to_have_count(0)
