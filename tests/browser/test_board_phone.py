"""The ladder board on a phone (390x844), issue 28: after a play confirmed on a low row the
hand is back in view; the sideways hand says how many cards lie past the edge; a Golden pin
landing live (far down the page) is toasted."""

import re

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from games.ladder.services.players import join_season
from games.ladder.services.plays import pin_golden
from tests.browser.layout import NAMES, PHONE, hand_card, in_view, log_in, twelve_row_season
from tests.ladder.fixtures import give

pytestmark = pytest.mark.django_db(transaction=True)
LONG_NAME = "Bartholomew_Maximilian_Featherstonehaugh"

# The scroll back to the hand is smooth and starts after the answer's parts are swapped in:
# wait until the page has come to rest (the same scroll position at two polls) with the
# hand's heading in the upper half.
HAND_IN_VIEW = """() => {
  const y = window.scrollY, still = window.__lastScrollY === y;
  window.__lastScrollY = y;
  const r = document.querySelector('#hand h2').getBoundingClientRect();
  return still && r.top >= 0 && r.top < window.innerHeight / 2;
}"""
# The hand's row of cards at rest: the same sideways scroll at two polls.
HAND_STILL = """() => {
  const x = document.querySelector('[data-hand-cards]').scrollLeft;
  const still = window.__lastScrollX === x;
  window.__lastScrollX = x;
  return still;
}"""


def test_after_a_play_on_the_last_row_the_hand_is_back_in_view(
    page: Page, live_server, alice, artifacts
):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    hand_card(page, "Boost").click()
    last = NAMES[-1]
    page.get_by_role("link", name=f"Play Boost on {last}").click()
    page.get_by_role("dialog").get_by_role("button", name="Confirm").click()
    expect(page.locator("#messages li").last).to_contain_text(f"Boost waits face down on {last}")
    page.wait_for_function(HAND_IN_VIEW, polling=150, timeout=5000)
    assert in_view(page, page.locator("#hand h2"))
    page.screenshot(path=artifacts / "board-phone-after-play.png")


def test_the_hand_says_how_many_more_cards_lie_past_the_edge(
    page: Page, live_server, alice, artifacts
):
    twelve_row_season(alice)
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    cards = page.locator("[data-hand-cards] > li")
    past = page.evaluate(
        """() => { const list = document.querySelector('[data-hand-cards]');
          const edge = list.getBoundingClientRect().right + 1;
          return [...list.children]
            .filter(li => li.getBoundingClientRect().right > edge).length; }"""
    )
    assert cards.count() == 8 and past >= 3  # eight stacks, four or so on screen
    cue = page.locator("[data-more-cards]")
    expect(cue).to_have_text(f"{past} more →")
    assert in_view(page, cue)
    page.screenshot(path=artifacts / "board-phone-hand-cue.png")
    cue.click()  # a press, the page at rest
    for _ in range(3):
        # Each press scrolls smoothly, and the cue hides when the scroll reaches the end,
        # perhaps late on a busy machine: pressed again in the page itself, and only while
        # it shows, so it cannot hide in the middle of a press.
        page.wait_for_function(HAND_STILL, polling=150)
        cue.evaluate("button => button.hidden || button.click()")
    expect(cue).to_be_hidden()  # scrolled to the end: nothing more past the edge
    assert in_view(page, hand_card(page, "Sakura Farts"))


def test_a_live_golden_pin_far_down_the_ladder_is_toasted(
    page: Page, live_server, alice, settings, artifacts
):
    settings.LADDER_POLL_SECONDS = 1
    season = twelve_row_season(alice)
    pinner = User.objects.create_user(
        "bart", password="correct-horse-battery", display_name=LONG_NAME
    )
    player = join_season(pinner, season)
    player.golden_holder = True
    player.save()
    give(player, "golden_gooner")
    page.set_viewport_size(PHONE)
    log_in(page, live_server.url)
    last = season.entries.get(contestant__name=NAMES[-1])
    pin_golden(user=pinner, target_id=last.pk)
    toast = page.locator("#messages li.golden-toast")
    expect(toast).to_contain_text(f"👑 {NAMES[-1]} was just pinned Golden", timeout=5000)
    assert in_view(page, toast)
    page.screenshot(path=artifacts / "board-phone-golden-toast.png")
    toast.get_by_role("link").click()
    expect(page.locator(f"#entry-{last.pk}")).to_have_class(re.compile("golden"))
