"""The Chaos Report archive and report pages (R8)."""

import datetime as dt

import pytest
from django.urls import reverse

from accounts.models import User
from games.ladder.discord_messages import report_lines
from games.ladder.models import NoonReport, Season
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.players import join_season
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import TUESDAY_NOON, give


@pytest.fixture
def played_day(alice, bob, alice_player, bob_player, charlie, entries, now):
    give(alice_player, "shield", "chaos")
    give(bob_player, "skip", "sakura_farts")
    cast_vote(user=charlie, entry_id=entries["ava"].pk, direction="up", now=now)
    play_face_down(user=alice, card="shield", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="skip", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="sakura_farts", target_id=entries["bo"].pk, now=now)
    play_face_down(user=alice, card="chaos", target_id=None, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    return report


def test_anonymous_goes_to_login(client, played_day):
    assert client.get(reverse("ladder:report", args=[played_day.pk])).status_code == 302
    assert client.get(reverse("ladder:archive")).status_code == 302


def test_report_shows_every_card_face_up_with_its_fate(client, charlie, played_day):
    client.force_login(charlie)
    body = " ".join(
        client.get(reverse("ladder:report", args=[played_day.pk])).content.decode().split()
    )
    assert (
        "<strong>Bob</strong> played Skip on <strong>Ava</strong>: "
        "blocked by <strong>Alice</strong>&#x27;s Shield." in body
    )
    # R8.2: the Shield's own line names the card it blocked.
    assert (
        "<strong>Alice</strong> played Shield on <strong>Ava</strong>: "
        "landed, blocked <strong>Bob</strong>&#x27;s Skip." in body
    )
    assert "<strong>Bob</strong> asked Sakura to fart on <strong>Bo</strong>." in body
    assert "<strong>Alice</strong>&#x27;s Chaos hit" in body
    assert body.count("Chaos hit") == 1  # once, on the card's own line
    # The seed is revealed, with the SHA-256 the board showed before the day's first vote.
    day = played_day.day
    assert f"<code>{day.seed}</code>" in body and day.seed_sha256 in body
    assert "decay" not in body.lower()
    assert "Tuesday, December 8, 2026" in body


def test_archive_lists_newest_first_and_past_seasons_stay(
    client, charlie, played_day, entries, now
):
    resolve_due_noons(TUESDAY_NOON + dt.timedelta(days=1))
    client.force_login(charlie)
    body = client.get(reverse("ladder:archive")).content.decode()
    assert body.index("December 9, 2026") < body.index("December 8, 2026")
    season = played_day.day.season
    season.is_active = False
    season.save()
    Season.objects.create(name="Season 2", starts_on=dt.date(2027, 1, 1), is_active=True)
    archive = client.get(reverse("ladder:season_archive", args=[season.pk])).content.decode()
    assert "December 8, 2026" in archive and "Season 2" in archive


@pytest.mark.parametrize("players", [1, 15])
def test_report_query_budget(client, season, entries, now, players, django_assert_max_num_queries):
    for n in range(players):
        user = User.objects.create_user(username=f"r{n}", password="x", display_name=f"R{n}")
        give(join_season(user, season), "boost", "skip")
        cast_vote(user=user, entry_id=entries["ava"].pk, direction="up", now=now)
        play_face_down(user=user, card="boost", target_id=entries["ava"].pk, now=now)
        play_face_down(user=user, card="skip", target_id=entries["bo"].pk, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    client.force_login(user)
    with django_assert_max_num_queries(4):
        response = client.get(reverse("ladder:report", args=[report.pk]))
    assert response.content.decode().count("played Boost on") == players
    with django_assert_max_num_queries(5):
        client.get(reverse("ladder:archive"))
    assert NoonReport.objects.count() == 1


def test_a_version_1_report_still_renders_and_says_what_it_lacks(client, charlie, season):
    """Reports stored before version 2 have no effects or breakdowns: the page says so."""
    from games.ladder.models import GameDay

    day = GameDay.objects.create(season=season, noon_on=dt.date(2026, 12, 8), seed=7)
    report = NoonReport.objects.create(
        day=day,
        outcome={
            "version": 1,
            "noon": "2026-12-08",
            "wednesday": False,
            "plays": [
                {
                    "player": "Bob",
                    "card": "skip",
                    "target": "Ava",
                    "outcome": "blocked",
                    "by": "Alice",
                    "reason": None,
                },
                {
                    "player": "Alice",
                    "card": "chaos",
                    "target": None,
                    "outcome": "landed",
                    "by": None,
                    "reason": None,
                },
            ],
            "golden_plays": [],
            "chaos": [{"player": "Alice", "contestant": "Bo", "delta": -4}],
            "drew": 1,
            "over_limit": [],
            "redemptions": [],
            "locked_now": [],
            "winners": [],
        },
        ladder=[
            {
                "name": "Ava",
                "rank": 1,
                "delta": 5,
                "moved": 0,
                "score": 5,
                "upvotes": 1,
                "downvotes": 0,
                "trophies": 0,
                "wins": 0,
                "locked": 0,
                "golden": 0,
                "smelly": False,
            },
        ],
    )
    client.force_login(charlie)
    body = " ".join(client.get(reverse("ladder:report", args=[report.pk])).content.decode().split())
    assert "report version 1" in body
    assert "blocked by <strong>Alice</strong>&#x27;s Shield." in body
    assert "Alice's Chaos hit <strong>Bo</strong> for -4." in body
    assert "written before seeds were published" in body


def test_staff_carry_a_badge_in_the_report_and_its_discord_post(
    client, charlie, admin_user, bob, bob_player, season, entries, now
):
    """Issue 12: names are unique, and the staff are marked, so no one passes as them."""
    tc = join_season(admin_user, season)
    give(tc, "boost", "golden_gooner")
    give(bob_player, "skip")
    play_face_down(user=admin_user, card="boost", target_id=entries["ava"].pk, now=now)
    pin_golden(user=admin_user, target_id=entries["eli"].pk, now=now)
    play_face_down(user=bob, card="skip", target_id=entries["bo"].pk, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    assert report.outcome["staff"] == ["Tc"]

    client.force_login(charlie)
    body = " ".join(client.get(reverse("ladder:report", args=[report.pk])).content.decode().split())
    assert (
        '<strong>Tc</strong> <span class="badge staff" title="goonsite staff">staff</span>' in body
    )
    assert "<strong>Bob</strong> played Skip" in body  # players are not badged
    # The ladder's own events column too: Eli was pinned Golden during the day by Tc.
    assert 'pinned Golden by <strong>Tc</strong> <span class="badge staff"' in body, (
        "the ladder row names the pin's player with the badge"
    )
    lines = "\n".join(report_lines(report.outcome, report.ladder))
    assert "Tc (staff)" in lines and "Bob (staff)" not in lines
