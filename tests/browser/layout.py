"""What the phone and desktop browser tests share: a twelve-row ladder, a full hand, the
two window sizes, and the checks that something is in view and nothing overflows."""

import re
from pathlib import Path

from playwright.sync_api import Locator, Page

from games.ladder.models import Contestant, LadderEntry, Season
from games.ladder.services.players import join_season
from tests.ladder.fixtures import give

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
NAMES = ["Ava", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"


def twelve_row_season(alice) -> Season:
    season = Season.objects.create(name="Layout Season", starts_on="2026-12-01", is_active=True)
    for joined, name in enumerate(NAMES, start=1):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    player = join_season(alice, season)
    give(player, "boost", "boost", "boost", "skip", "skip", "reverse", "shield", "chaos")
    give(player, "sabotage", "mini_gooner", "sakura_farts")
    return season


def log_in(page: Page, url: str, username: str = "alice") -> None:
    page.goto(f"{url}/accounts/login/?next=/")
    page.fill("#id_username", username)
    page.fill("#id_password", "correct-horse-battery")
    page.click("button[type=submit]")
    page.wait_for_selector("#ladder")
    # The stylesheets too: a test that measures the layout (what lies past the hand's edge)
    # read it once before the CSS had come, in a full run on PostgreSQL.
    page.wait_for_load_state("load")


def in_view(page: Page, locator: Locator) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return (
        box is not None
        and box["y"] >= 0
        and box["y"] + min(box["height"], 40) <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"] + 1
    )


def overflow(page: Page) -> int:
    """How many pixels the page is wider than the window (0 = nothing sticks out)."""
    page.wait_for_load_state("load")  # measured with its stylesheets, not before them
    return page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )


def axe_violations(page: Page) -> list[dict]:
    """Serious and critical axe-core violations on the page as it stands."""
    page.evaluate(AXE.read_text())
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
    )
    return [
        {"id": v["id"], "impact": v["impact"], "nodes": [n["target"] for n in v["nodes"]][:5]}
        for v in result
        if v["impact"] in ("serious", "critical")
    ]


def hand_card(page: Page, name: str) -> Locator:
    """The tile of a card in the hand, by its name (not by words in another card's text)."""
    return page.locator("#hand a.game-card").filter(
        has=page.locator(".card-name", has_text=re.compile(f"^{re.escape(name)}$"))
    )
