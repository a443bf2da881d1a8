"""A newcomer on a phone (390x844) opens a 4-seat table against three sharp bots, reads a
demand aloud, grits and complies, chats under a bit and plays to the end (A12); the
standings on the page are the engine's. Screenshots of the table, a demand aimed at the
player and the end at 390x844 and 1280x800 under test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.armed.engine import run
from games.armed.models import ArmedTable
from games.armed.tables.adapter import TABLES
from tests.armed.tables.helpers import reseed
from tests.browser.layout import DESKTOP, PHONE, axe_violations, overflow

pytestmark = pytest.mark.django_db(transaction=True)
STUB_SPEECH = """
window.__spoken = [];
window.speechSynthesis.speak = function (u) { window.__spoken.push(u.text); };
window.speechSynthesis.cancel = function () {};
"""


def a_seed_with_a_shot_at_goon1(setup: dict) -> int:
    """A seed whose first human decision is a shot at GOON #1 that they can grit."""
    for seed in range(500):
        out = run({**setup, "seed": seed})
        a = out["awaiting"]
        if a and a["decision"] == "respond" and a["seat"] == "goon1" and not a["group"]:
            return seed
    raise AssertionError("no seed")


def shoot(page: Page, artifacts, name: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), name
    assert overflow(page) == 0, name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=artifacts / f"armed-{name}-390x844.png", full_page=False)
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(200)
    assert overflow(page) == 0, name
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=artifacts / f"armed-{name}-1280x800.png", full_page=False)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)


def version(page: Page) -> int:
    return int(page.locator("#poll").get_attribute("data-version"))


def moved_on(page: Page, before: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('#poll')?.dataset.version) > v", arg=before
    )


def test_a_newcomer_plays_a_table_against_three_sharp_bots(browser, live_server, alice, artifacts):
    url = live_server.url
    context = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    context.add_init_script(STUB_SPEECH)
    page = context.new_page()
    page.goto(f"{url}/accounts/login/?next=/armed/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/armed/$"))
    assert overflow(page) == 0
    page.screenshot(path=artifacts / "armed-lobby-390x844.png", full_page=True)

    # Pick your table: 4 seats, sharp bots, a long turn time (the test never times out).
    page.select_option("#id_size", "4")
    page.select_option("#id_policy", "sharp")
    page.select_option("#id_turn_seconds", "3600")
    page.get_by_role("button", name="Open the table").click()
    page.wait_for_url(re.compile(r"/armed/t/\d+/$"))
    expect(page.locator(".forming")).to_contain_text("taking seats")
    page.get_by_role("button", name=re.compile("Start now")).click()
    table = ArmedTable.objects.get()
    assert table.stage == "playing" and [s.bot for s in table.seats.all()] == [
        False,
        True,
        True,
        True,
    ]
    reseed(table, a_seed_with_a_shot_at_goon1(table.setup))
    page.reload()

    # A demand aimed at me fills the screen; read it aloud, then grit.
    demand = page.locator("#demand")
    expect(demand).to_be_visible()
    expect(demand).to_contain_text("COMPLY")
    expect(demand).to_contain_text("GRIT TEETH")
    shoot(page, artifacts, "demand")
    assert axe_violations(page) == []
    demand.get_by_role("button", name=re.compile("Read it out loud")).click()
    spoken = page.evaluate("window.__spoken")
    assert len(spoken) == 1 and "Demand:" in spoken[0]
    before = version(page)
    demand.get_by_role("button", name=re.compile("GRIT TEETH")).click()
    moved_on(page, before)
    expect(page.locator("#messages")).to_contain_text("1 Tooth paid")

    # Chat: under a bit it must be kept (one message that keeps every bit), else plain.
    page.fill("#say-text", "*BAWK")
    before = version(page)
    page.get_by_role("button", name="Say", exact=True).click()
    moved_on(page, before)
    expect(page.locator(".chat-lines")).to_contain_text("*BAWK")

    complied = shot_table = False
    for _ in range(300):
        if ArmedTable.objects.get(pk=table.pk).is_over:
            break
        page.wait_for_timeout(50)
        before = version(page)
        if page.locator("#demand").count():
            page.locator("#demand").get_by_role("button", name=re.compile("^COMPLY")).click()
            complied = True
        elif page.locator(".fire-form").count():
            if not shot_table:
                shoot(page, artifacts, "table")
                shot_table = True
            fire = page.locator(".fire-form button.fire")
            if fire.count():
                fire.click()
            else:
                page.locator(".fire-form button.secondary").first.click()
        elif page.locator("#my-move input[name=cards]").count():
            count = int(re.search(r"Discard (\d+)", page.locator("#my-move h2").inner_text())[1])
            boxes = page.locator("#my-move input[name=cards]")
            for i in range(count):
                boxes.nth(i).check()
            page.get_by_role("button", name="Discard", exact=True).click()
        elif page.locator("#my-move input[name=player]").count():
            page.get_by_role("button", name="Pick", exact=True).click()
        elif page.locator("#my-move button").count():
            page.locator("#my-move button").first.click()
        else:
            page.reload()
            continue
        moved_on(page, before)
        expect(page.locator(".messages .error")).to_have_count(0)

    game = ArmedTable.objects.get(pk=table.pk)
    assert game.stage == "over"
    page.reload()
    expect(page.locator("#end")).to_contain_text("Game over")
    result = TABLES.output_of(game).result
    order = sorted(result.standings, key=lambda r: (-r["loot"], -r["teeth"], r["seat"]))
    shown = page.locator(".standings tbody tr td:nth-child(2)").all_inner_texts()
    assert [re.match(r"GOON #\d", s)[0] for s in shown] == [
        f"GOON #{r['seat'].removeprefix('goon')}" for r in order
    ]
    expect(page.locator("#end")).to_contain_text(str(game.seed))
    shoot(page, artifacts, "end")
    assert axe_violations(page) == []
    assert complied or shot_table  # the player acted beyond the first grit

    # The record reaches the player's profile (GameListing.profile_record), in view.
    page.goto(f"{live_server.url}/accounts/profile/")
    record = page.locator(".game-record", has_text="Armed Yourself")
    expect(record).to_contain_text("1 game finished")
    record.scroll_into_view_if_needed()
    assert overflow(page) == 0
    # A one-word heading ("Games", "Wins") stays on one line: the page's overflow-wrap once
    # broke them mid-word at this width.
    broken = record.evaluate(
        """el => [...el.querySelectorAll('th')]
            .filter(th => !th.textContent.trim().includes(' '))
            .filter(th => { const r = document.createRange(); r.selectNodeContents(th);
                            return r.getClientRects().length > 1; })
            .map(th => th.textContent)"""
    )
    assert broken == []
    page.screenshot(path=artifacts / "armed-profile-record-390x844.png", full_page=False)
