"""The admin pages under our Content Security Policy: nothing blocked (issue 12)."""

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.django_db(transaction=True)

PAGES = [
    "/admin/",
    "/admin/ladder/season/",
    "/admin/ladder/season/{season}/change/",
    "/admin/ladder/codedrop/add/",
    "/admin/ladder/ladderentry/",
    "/admin/accounts/user/",
    "/noon/preview/",
]


def test_admin_pages_break_no_csp_rule(page: Page, live_server, admin_user, season, artifacts):
    blocked: list[str] = []
    page.on(
        "console",
        lambda m: blocked.append(f"{page.url}: {m.text}") if m.type == "error" else None,
    )
    page.goto(f"{live_server.url}/admin/login/")
    page.fill("#id_username", "tc")
    page.fill("#id_password", "correct-horse-battery")
    page.click("input[type=submit]")
    for address in PAGES:
        page.goto(live_server.url + address.format(season=season.pk))
        assert page.locator("#content").count() == 1
    page.goto(f"{live_server.url}/admin/")
    page.screenshot(path=artifacts / "admin-index.png", full_page=True)
    assert blocked == []
