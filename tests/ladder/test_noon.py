"""Resolving noon through the database (R1.3, §6): saved once, in order, nothing lost."""

import datetime as dt
import importlib

import pytest
import time_machine
from django.apps import apps as django_apps
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_q.models import Schedule
from django_q.tasks import async_task

from accounts.models import User
from games.ladder import tasks
from games.ladder.clock import CENTRAL
from games.ladder.models import (
    GameDay,
    HeldCard,
    LadderEntry,
    LedgerEntry,
    NoonReport,
    Play,
    SealedItem,
    Vote,
    VoteLanding,
)
from games.ladder.schedule import NOON_CRON, NOON_JOB, NOON_SCHEDULE
from games.ladder.services.days import open_day
from games.ladder.services.noon import resolve_day, resolve_due_noons, resolve_now
from games.ladder.services.players import join_season
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import TUESDAY, TUESDAY_NOON, give, hand


def test_noon_moves_the_ladder_and_writes_the_report(alice, bob, entries, now):
    cast_vote(user=alice, entry_id=entries["eli"].pk, direction="up", now=now)
    cast_vote(user=bob, entry_id=entries["eli"].pk, direction="up", now=now)
    give(join_season(alice, entries["eli"].season), "boost")
    play_face_down(user=alice, card="boost", target_id=entries["eli"].pk, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    eli = LadderEntry.objects.get(pk=entries["eli"].pk)
    assert (eli.score, eli.upvotes) == (15, 2)
    assert report.day.noon_on == TUESDAY
    play = Play.objects.get()
    assert report.outcome["plays"] == [
        {
            "id": play.pk,
            "player": "Alice",
            "card": "boost",
            "target": "Eli",
            "outcome": "landed",
            "by": None,
            "reason": None,
            "effect": {"points": 5},
        }
    ]
    eli_row = {"name": "Eli", "rank": 1, "delta": 15, "moved": 4, "votes_up": 15, "votes_down": 0}
    assert report.ladder[0] | eli_row == report.ladder[0]
    assert (play.outcome, play.effect) == ("landed", {"points": 5})
    # Alice's boosted vote landed as +10; Bob's landed as cast, so it has no landing.
    landings = VoteLanding.objects.values_list("vote__player__user__username", "landed")
    assert list(landings) == [("alice", 10)]
    assert sorted((v.landed for v in Vote.objects.select_related("landing")), key=str) == [10, None]
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.RESOLVED
    assert GameDay.objects.get(noon_on=TUESDAY + dt.timedelta(days=1)).status == GameDay.Status.OPEN


def test_resolving_twice_does_nothing_the_second_time(alice, entries, now):
    """R1.3"""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    day = GameDay.objects.get()
    assert resolve_day(day.pk) is not None
    assert resolve_day(day.pk) is None
    assert resolve_due_noons(TUESDAY_NOON) == []
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 5
    assert NoonReport.objects.count() == 1


def test_missed_days_resolve_in_order_when_the_site_returns(alice, entries, now):
    """R1.3: down from Monday to Friday afternoon; Tuesday, Wednesday, Thursday and Friday
    resolve oldest first, and Wednesday still crowns its winners."""
    cast_vote(user=alice, entry_id=entries["cy"].pk, direction="up", now=now)
    friday_afternoon = dt.datetime(2026, 12, 11, 13, 0, tzinfo=CENTRAL)
    reports = resolve_due_noons(friday_afternoon)
    assert [r.day.noon_on.isoformat() for r in reports] == [
        "2026-12-08",
        "2026-12-09",
        "2026-12-10",
        "2026-12-11",
    ]
    assert reports[1].outcome["winners"] == ["Cy", "Ava", "Bo"]
    assert open_day(entries["cy"].season, friday_afternoon).noon_on == dt.date(2026, 12, 12)


def test_noon_query_count_does_not_grow_with_players(season, entries, now):
    def run_day(players: int, first_day: dt.datetime) -> int:
        users = [
            User.objects.create_user(
                username=f"u{first_day.day}-{n}", password="x", display_name=f"U{first_day.day}-{n}"
            )
            for n in range(players)
        ]
        for user in users:
            give(join_season(user, season), "skip", "boost", *["reverse"] * 8)
            cast_vote(user=user, entry_id=entries["ava"].pk, direction="up", now=first_day)
            cast_vote(user=user, entry_id=entries["bo"].pk, direction="down", now=first_day)
            cast_vote(user=user, entry_id=entries["cy"].pk, direction="up", now=first_day)
            play_face_down(user=user, card="boost", target_id=entries["ava"].pk, now=first_day)
        day = open_day(season, first_day)
        with CaptureQueriesContext(connection) as queries:
            resolve_day(day.pk)
        return len(queries)

    # Past the season's first noon and off Wednesday, so both days read a previous report
    # and neither lists the week's Golden pins.
    resolve_now(now)
    resolve_now(now)
    small = run_day(3, now + dt.timedelta(days=2))
    large = run_day(30, now + dt.timedelta(days=3))
    assert large == small


def test_cards_are_trimmed_then_dealt(alice, alice_player, entries, now):
    """R6.13, R6.14: 9 regular cards, all votes used: 2 tossed, then one drawn."""
    give(alice_player, *["skip"] * 9, "mini_gooner")
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    cards = hand(alice_player)
    assert len(cards) == 9 and cards.count("mini_gooner") == 1
    assert LedgerEntry.objects.filter(player=alice_player, reason="trimmed", change=-1).count() == 2
    assert LedgerEntry.objects.filter(player=alice_player, reason="draw", change=1).count() == 1
    report = NoonReport.objects.get()
    assert report.outcome["over_limit"] == [{"player": "Alice", "lost": 2}]
    assert report.outcome["drew"] == 1


def test_milestone_pack_arrives_sealed(alice, alice_player, entries, now):
    """R6.14(b)"""
    alice_player.season_votes = 4
    alice_player.save()
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up", now=now)
    resolve_due_noons(TUESDAY_NOON)
    alice_player.refresh_from_db()
    assert alice_player.season_votes == 6
    assert SealedItem.objects.get(owner=alice_player).kind == "booster_pack"


def test_noon_now_command_needs_debug_or_force(alice, entries, now):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    with pytest.raises(CommandError, match="needs DEBUG on or --force"):
        call_command("noon", "--now")
    assert not NoonReport.objects.exists()
    call_command("noon", "--now", "--force")
    assert NoonReport.objects.count() == 1


def test_noon_now_opens_the_following_date(alice, entries, now):
    """Demo flow: after --now, actions land in the next open day, named after the following date."""
    first = resolve_now(now)
    assert first.day.noon_on == TUESDAY
    vote = cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    assert vote.day.noon_on == dt.date(2026, 12, 9)
    second = resolve_now(now)
    assert second.day.noon_on == dt.date(2026, 12, 9)
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 5


def test_noon_schedule_is_installed_by_migration(db):
    # Transactional tests flush the rows data migrations made, so run this one's step again.
    Schedule.objects.filter(name=NOON_SCHEDULE).delete()
    importlib.import_module("games.ladder.migrations.0002_job_paths").forwards(django_apps, None)
    schedule = Schedule.objects.get(name=NOON_SCHEDULE)
    assert (schedule.func, schedule.schedule_type, schedule.cron) == (
        NOON_JOB,
        Schedule.CRON,
        NOON_CRON,
    )


def test_noon_job_runs_through_django_q(alice, entries):
    """The task the cluster runs (in sync mode here) resolves what is due."""
    past = dt.datetime(2026, 11, 20, 15, 0, tzinfo=CENTRAL)
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=past)
    async_task(NOON_JOB, sync=True)
    assert GameDay.objects.get(noon_on=dt.date(2026, 11, 21)).status == GameDay.Status.RESOLVED


def test_a_noon_job_run_just_before_noon_waits_for_it_and_resolves_it_on_time(
    alice, entries, settings, monkeypatch
):
    """The job runs every minute, up to 30 s late: the run before noon waits for it, so
    the report is out at noon and not a minute later."""
    settings.NOON_JOB_LEAD_SECONDS = 90
    noon = dt.datetime(2026, 12, 8, 12, 0, tzinfo=CENTRAL)
    slept = []
    with time_machine.travel(noon - dt.timedelta(seconds=40), tick=False) as traveller:

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            traveller.shift(seconds)

        monkeypatch.setattr(tasks, "sleep", sleep)
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
        assert tasks.noon_job() == 1
        resolved_at = GameDay.objects.get(noon_on=TUESDAY).resolved_at
    assert len(slept) == 1 and 40 <= slept[0] < 40.1
    assert noon <= resolved_at < noon + dt.timedelta(seconds=1)


def test_a_noon_job_run_long_before_noon_does_not_wait(alice, entries, settings, monkeypatch):
    settings.NOON_JOB_LEAD_SECONDS = 90
    monkeypatch.setattr(tasks, "sleep", lambda seconds: pytest.fail(f"slept {seconds} s"))
    with time_machine.travel(dt.datetime(2026, 12, 8, 11, 58, tzinfo=CENTRAL), tick=False):
        assert tasks.noon_job() == 0
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.OPEN


def test_vote_after_noon_waits_for_the_job_and_is_refused_without_it(
    alice, alice_player, entries, now
):
    """R1.4: a vote after noon, before the job has resolved it, is never written into the
    closed day and never resolves the noon itself: it is refused with a clear message."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    after_noon = TUESDAY_NOON + dt.timedelta(minutes=1)
    with pytest.raises(Refusal, match=r"Noon is being counted\. Try again in a moment\."):
        cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up", now=after_noon)
    assert GameDay.objects.get(noon_on=TUESDAY).status == GameDay.Status.OPEN
    assert Vote.objects.count() == 1


def test_votes_after_the_noon_job_land_in_the_new_day(alice, alice_player, entries, now):
    """Once the job has run, a vote lands in the new day with the new allowance (R3.1: the
    4th vote from the next noon) and the hand that noon dealt."""
    alice_player.season_votes = 45
    alice_player.save()
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="up", now=now)
    after_noon = TUESDAY_NOON + dt.timedelta(minutes=1)
    resolve_due_noons(after_noon)  # the noon job
    points = [
        cast_vote(user=alice, entry_id=entries[n].pk, direction="up", now=after_noon).points
        for n in ["ava", "bo", "cy", "dee"]
    ]
    assert points == [5, 4, 3, 1]
    assert HeldCard.objects.filter(owner=alice_player).count() == 1  # the daily draw


def test_blocked_and_destroyed_plays_name_their_blocker(
    alice, bob, alice_player, bob_player, charlie, entries, now
):
    """R6.1, R6.2, R8.2: outcomes saved on plays; the report names Shield player and saboteur."""
    give(alice_player, "shield")
    give(bob_player, "skip", "sabotage", "boost")
    cast_vote(user=charlie, entry_id=entries["ava"].pk, direction="up", now=now)
    shield = play_face_down(user=alice, card="shield", target_id=entries["ava"].pk, now=now)
    skip = play_face_down(user=bob, card="skip", target_id=entries["ava"].pk, now=now)
    sabotage = play_face_down(user=bob, card="sabotage", target_id=entries["bo"].pk, now=now)
    boost = play_face_down(user=bob, card="boost", target_id=entries["bo"].pk, now=now)
    [report] = resolve_due_noons(TUESDAY_NOON)
    outcomes = {p.pk: (p.outcome, p.by_id) for p in Play.objects.all()}
    assert outcomes[skip.pk] == ("blocked", shield.pk)
    assert outcomes[boost.pk] == ("destroyed", sabotage.pk)
    assert outcomes[shield.pk] == outcomes[sabotage.pk] == ("landed", None)
    lines = {(p["card"], p["outcome"], p["by"]) for p in report.outcome["plays"]}
    assert ("skip", "blocked", "Alice") in lines and ("boost", "destroyed", "Bob") in lines
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 5


def test_a_deleted_blocker_leaves_no_dangling_reference(
    alice, bob, alice_player, bob_player, charlie, entries, now
):
    """A play's `by` and a ledger row's player and day have no database constraint (noon
    writes them by the hundred thousand); Django still clears or deletes what points at a
    deleted player, so nothing is left pointing at a row that is gone."""
    give(alice_player, "shield")
    give(bob_player, "skip")
    cast_vote(user=charlie, entry_id=entries["ava"].pk, direction="up", now=now)
    shield = play_face_down(user=alice, card="shield", target_id=entries["ava"].pk, now=now)
    skip = play_face_down(user=bob, card="skip", target_id=entries["ava"].pk, now=now)
    resolve_due_noons(TUESDAY_NOON)
    assert Play.objects.get(pk=skip.pk).by_id == shield.pk
    assert LedgerEntry.objects.filter(player=alice_player).exists()
    User.objects.filter(pk=alice.pk).delete()  # her season, plays and ledger go with her
    assert Play.objects.get(pk=skip.pk).by_id is None
    assert not Play.objects.filter(pk=shield.pk).exists()
    assert not LedgerEntry.objects.filter(player_id=alice_player.pk).exists()
    GameDay.objects.filter(noon_on=TUESDAY).delete()
    assert not LedgerEntry.objects.filter(day__noon_on=TUESDAY).exists()
    assert (
        not LedgerEntry.objects.exclude(day=None)
        .exclude(day_id__in=GameDay.objects.values("pk"))
        .exists()
    )


def test_a_deleted_vote_takes_its_landing_with_it(
    alice, bob, alice_player, bob_player, entries, now
):
    """A landing's vote has no database constraint either (noon adds a third as many
    landings as votes); deleting a player or a day still deletes their votes' landings."""
    for user, player in ((alice, alice_player), (bob, bob_player)):
        cast_vote(user=user, entry_id=entries["eli"].pk, direction="up", now=now)
        give(player, "boost")
        play_face_down(user=user, card="boost", target_id=entries["eli"].pk, now=now)
    resolve_due_noons(TUESDAY_NOON)
    assert sorted(VoteLanding.objects.values_list("landed", flat=True)) == [10, 10]
    User.objects.filter(pk=alice.pk).delete()
    assert list(VoteLanding.objects.values_list("vote__player", flat=True)) == [bob_player.pk]
    GameDay.objects.filter(noon_on=TUESDAY).delete()
    assert not VoteLanding.objects.exists()


@pytest.mark.parametrize(
    ("utc_moment", "resolved"),
    [
        # Saturday 2027-03-13 is still CST (noon = 18:00 UTC)…
        (dt.datetime(2027, 3, 13, 17, 59, 59, tzinfo=dt.UTC), False),
        (dt.datetime(2027, 3, 13, 18, 0, 30, tzinfo=dt.UTC), True),
        # …Sunday 2027-03-14 is CDT from 02:00 (noon = 17:00 UTC).
        (dt.datetime(2027, 3, 14, 16, 59, 59, tzinfo=dt.UTC), False),
        (dt.datetime(2027, 3, 14, 17, 0, 30, tzinfo=dt.UTC), True),
    ],
)
def test_noon_is_due_at_noon_central_across_dst(season, utc_moment, resolved):
    """R1.1: the job, run every minute, resolves a day within a minute of 12:00 Central."""
    day = open_day(season, utc_moment - dt.timedelta(hours=3))
    resolve_due_noons(utc_moment)
    day.refresh_from_db()
    assert (day.status == GameDay.Status.RESOLVED) is resolved


def test_off_ladder_contestants_lose_smell_and_wednesday_pins(entries, now):
    """R2.2, R6.11, R6.12: an admin took Golden, smelly Bo off the ladder on Monday."""
    LadderEntry.objects.filter(pk=entries["bo"].pk).update(on_ladder=False, golden=1, smelly=True)
    open_day(entries["bo"].season, now)
    resolve_due_noons(TUESDAY_NOON)
    bo = LadderEntry.objects.get(pk=entries["bo"].pk)
    assert (bo.smelly, bo.golden) == (False, 1)
    resolve_due_noons(TUESDAY_NOON + dt.timedelta(days=1))
    assert LadderEntry.objects.get(pk=entries["bo"].pk).golden == 0
