"""The account pages in a real browser: the Discord button, the lockout, the profile's
reminder switch, all under our CSP (no console errors)."""

import json
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.vapid import new_vapid_keys
from games.ladder.clock import noon_date_for, noon_of
from tests.accounts.conftest import DISCORD

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


def test_login_offers_discord_and_locks_out_after_wrong_passwords(
    page: Page, live_server, settings, alice, artifacts, console_errors
):
    for name, value in DISCORD.items():
        setattr(settings, name, value)
    page.goto(f"{live_server.url}/accounts/login/")
    expect(page.get_by_role("button", name="Sign in with Discord")).to_be_visible()
    expect(page.get_by_role("link", name="Forgot your password?")).to_be_visible()
    for _ in range(5):
        page.fill("#id_username", "alice")
        page.fill("#id_password", "wrong-password")
        page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert")).to_contain_text("paused after 5 wrong passwords")
    page.screenshot(path=artifacts / "login-locked-out.png", full_page=True)
    # The lockout answers 429 Too Many Requests, which the console reports; nothing else.
    assert [e for e in console_errors if "status of 429" not in e] == []


def test_profile_page_and_its_reminder_switch(
    page: Page, live_server, settings, alice, artifacts, console_errors
):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = new_vapid_keys()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".who a")).to_have_attribute("title", "Your profile")
    page.locator(".who a").click()
    expect(page.locator("h1")).to_have_text("Your profile")
    # reminders.js ran under the CSP and found Web Push in this browser.
    expect(page.get_by_role("button", name="Turn on reminders here")).to_be_visible()
    page.select_option("#id_time_zone", "Europe/London")
    page.fill("#id_display_name", "Alice the Great")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".messages")).to_contain_text("Profile saved.")
    expect(page.locator(".who")).to_contain_text("Alice the Great")
    page.screenshot(path=artifacts / "profile.png", full_page=True)
    assert console_errors == []


def test_board_shows_noon_in_the_profiles_zone(page: Page, live_server, season, alice):
    alice.time_zone = "Asia/Tokyo"
    alice.save()
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("h1")).to_have_text("goonsite games")  # the log-in lands on the games
    page.get_by_role("link", name="Ladder", exact=True).click()
    # Noon Central is 03:00 (02:00 in US summer time) the next morning in Tokyo.
    noon = noon_of(noon_date_for(timezone.now())).astimezone(ZoneInfo("Asia/Tokyo"))
    expect(page.locator("[data-local-time]")).to_have_text(f"{noon.hour}:00 AM GMT+9")


def test_service_worker_shows_a_pushed_reminder(page: Page, live_server, settings, alice):
    """The worker in static/ registers under our CSP and turns a push into a notification
    (the push is delivered through Chromium's DevTools protocol, as a push service would)."""
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = new_vapid_keys()
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", "correct-horse-battery")
    page.get_by_role("button", name="Log in").click()
    page.goto(f"{live_server.url}/accounts/profile/")
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    scope = page.evaluate(
        """async () => {
            const box = document.getElementById("reminders");
            const reg = await navigator.serviceWorker.register(box.dataset.workerUrl);
            for (let i = 0; i < 50 && !reg.active; i++) {
                await new Promise((r) => setTimeout(r, 100));
            }
            return reg.active ? reg.scope : "not activated";
        }"""
    )
    assert scope.endswith("/static/accounts/")
    page.wait_for_timeout(200)
    registration = next(r for r in registrations if r["scopeURL"] == scope)
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {
            "origin": live_server.url,
            "registrationId": registration["registrationId"],
            "data": json.dumps(
                {"title": "Gooner Ladder", "body": "2 votes and 3 cards left, noon in 1 hour"}
            ),
        },
    )
    (worker,) = page.context.service_workers
    shown = worker.evaluate(
        """async () => {
            for (let i = 0; i < 50; i++) {
                const notes = await self.registration.getNotifications();
                if (notes.length) return notes.map((n) => [n.title, n.body]);
                await new Promise((r) => setTimeout(r, 100));
            }
            return [];
        }"""
    )
    assert shown == [["Gooner Ladder", "2 votes and 3 cards left, noon in 1 hour"]]
