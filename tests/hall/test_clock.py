"""One clock for every game (issue 21): GAME_CLOCK_OFFSET_SECONDS moves the Hall too.

The offset is how a rehearsal brings a boundary to a running stack without touching its
clocks (goonsite/clock.py); the Hall's pages and actions read the same shifted time.
"""

from __future__ import annotations

import datetime as dt

import time_machine
from django.urls import reverse
from django.utils import timezone

from games.hall.services.gifts import give_gift
from tests.hall.fixtures import BEFORE_START, at

REAL_NOW = at(3, 9)  # the machine's clock in these tests: phase 1 ended two days ago


def offset_to(moment: dt.datetime) -> int:
    return round((moment - timezone.now()).total_seconds())


def test_the_offset_moves_the_halls_page_before_the_start(settings, cycle, ann_client):
    """H1.3 The page reads the shifted clock: the cycle has not started yet."""
    with time_machine.travel(REAL_NOW, tick=False):
        settings.GAME_CLOCK_OFFSET_SECONDS = offset_to(BEFORE_START)
        page = ann_client.get(reverse("hall:home")).content.decode()
    assert "You can join now." in page
    assert "Phase <strong>1</strong>" not in page


def test_the_offset_moves_the_phase_a_page_shows_and_an_action_lands_in(
    settings, cycle, ann, bo, ann_client
):
    """H1.8, H14.1 At 15:00 on day 1 by the game's clock: phase 1, 21 hours left, and a gift
    without an explicit time belongs to phase 1 (the machine's clock is two days later)."""
    with time_machine.travel(REAL_NOW, tick=False):
        settings.GAME_CLOCK_OFFSET_SECONDS = offset_to(at(1, 15))
        page = ann_client.get(reverse("hall:home")).content.decode()
        gift = give_gift(user=ann.user, receiver_id=bo.pk)
    assert "Phase <strong>1</strong>" in page
    assert "21\xa0hours left" in page
    assert gift.phase == 1
    assert cycle.phases.get(number=1).status == "open"  # no boundary ran for the real time
