"""Races on PostgreSQL with real threads: double clicks, two tabs, two workers, 11:59:59.999."""

import datetime as dt
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections, transaction

from accounts.models import User
from games.ladder.clock import CENTRAL
from games.ladder.models import (
    GameDay,
    HeldCard,
    LadderEntry,
    LedgerEntry,
    NoonReport,
    Play,
    PlayerSeason,
    Redemption,
    SealedItem,
    Vote,
)
from games.ladder.services.codes import create_drop, redeem_code
from games.ladder.services.noon import resolve_day, resolve_due_noons
from games.ladder.services.packs import give_starting_hand, join_with_starting_hand, open_sealed
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import give
from tests.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

JUST_BEFORE_NOON = dt.datetime(2026, 12, 8, 11, 59, 59, 999000, tzinfo=CENTRAL)
JUST_AFTER_NOON = dt.datetime(2026, 12, 8, 12, 0, 0, 500000, tzinfo=CENTRAL)


def users(n: int) -> list[User]:
    return [
        User.objects.create_user(username=f"racer{i}", password="x", display_name=f"Racer {i}")
        for i in range(n)
    ]


def test_starting_hand_given_once_under_parallel_first_visits(alice, season):
    """R7.1"""
    results = race(*[lambda: give_starting_hand(user=alice, season=season)] * 8)
    assert sum(isinstance(r, SealedItem) for r in results) == 1
    assert all(r is None or isinstance(r, SealedItem) for r in results), results
    assert SealedItem.objects.filter(owner__user=alice).count() == 1


def test_parallel_first_boards_make_one_row_one_pack_and_one_ledger_line(alice, season):
    """R7.1, issue 27: on PostgreSQL a new player's row, pack and ledger line are one
    statement that leaves the row out when another request made it (ON CONFLICT DO
    NOTHING); the requests that lost wait for the winner's commit and find its row."""
    results = race(*[lambda: join_with_starting_hand(user=alice, season=season)] * 8)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert [r.new for r in results].count(True) == 1
    assert [r.dealt is not None for r in results].count(True) == 1
    assert {r.player.pk for r in results} == {PlayerSeason.objects.get(user=alice).pk}
    assert SealedItem.objects.filter(owner__user=alice).count() == 1
    assert LedgerEntry.objects.filter(player__user=alice).count() == 1


def test_code_redeemed_once_when_players_race(season, admin_user, now):
    """R7.2"""
    [code] = create_drop(
        name="Race", reward="booster_pack", count=1, created_by=admin_user
    ).codes.all()
    racers = users(8)
    results = race(*[lambda u=u: redeem_code(user=u, raw_code=code.code, now=now) for u in racers])
    assert sum(isinstance(r, Redemption) for r in results) == 1
    assert all(isinstance(r, Redemption | Refusal) for r in results), results
    assert Redemption.objects.count() == 1 and SealedItem.objects.count() == 1


def test_double_clicked_votes_take_distinct_slots(alice, entries, now):
    """R3.1, R3.2: eight parallel votes by one player: three land, worth 5, 3 and 1."""
    targets = list(entries.values()) + list(entries.values())[:3]
    results = race(
        *[
            lambda e=e: cast_vote(user=alice, entry_id=e.pk, direction="up", now=now)
            for e in targets
        ]
    )
    votes = [r for r in results if isinstance(r, Vote)]
    assert sorted(v.points for v in votes) == [1, 3, 5]
    assert all(isinstance(r, Vote | Refusal) for r in results), results
    assert Vote.objects.count() == 3


def test_two_noon_jobs_resolve_the_day_once(alice, entries, now):
    """R1.3"""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    day = GameDay.objects.get()
    results = race(
        lambda: resolve_day(day.pk),
        lambda: resolve_day(day.pk),
        lambda: resolve_due_noons(JUST_AFTER_NOON),
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert NoonReport.objects.count() == 1
    assert LadderEntry.objects.get(pk=entries["ava"].pk).score == 5


def test_votes_racing_noon_each_land_in_exactly_one_day(season, entries):
    """R1.4: votes cast at 11:59:59.999 while noon runs count either for the closing day
    (and move its ladder) or for the next (and wait), never both, never neither."""
    racers = users(13)
    ava = entries["ava"]
    early = JUST_BEFORE_NOON - dt.timedelta(hours=1)
    first = cast_vote(user=racers.pop(), entry_id=ava.pk, direction="up", now=early)
    calls: list[Callable[[], Any]] = [
        lambda u=u: cast_vote(user=u, entry_id=ava.pk, direction="up", now=JUST_BEFORE_NOON)
        for u in racers
    ]
    calls.insert(6, lambda: resolve_due_noons(JUST_AFTER_NOON))
    results = race(*calls)
    votes = [r for r in results if isinstance(r, Vote)]
    assert len(votes) == 12, results
    tuesday = GameDay.objects.get(noon_on=dt.date(2026, 12, 8))
    assert tuesday.status == GameDay.Status.RESOLVED
    counted = Vote.objects.filter(day=tuesday)
    waiting = Vote.objects.filter(day__noon_on=dt.date(2026, 12, 9))
    assert counted.count() + waiting.count() == 13
    # The racing votes' days are the ones stored (the early vote is Tuesday's, whoever won).
    stored = Vote.objects.exclude(pk=first.pk).values_list("day_id", flat=True)
    assert {v.day_id for v in votes} == set(stored)
    ava.refresh_from_db()
    assert ava.score == 5 * counted.count()
    assert ava.upvotes == counted.count()


def test_a_pack_opened_from_two_tabs_opens_once(alice, season, now):
    """R5.4"""
    pack = give_starting_hand(user=alice, season=season)
    results = race(*[lambda: open_sealed(user=alice, item_id=pack.pk, now=now)] * 4)
    assert sum(isinstance(r, list) for r in results) == 1
    assert all(isinstance(r, list | Refusal) for r in results), results
    assert HeldCard.objects.filter(owner__user=alice).count() == 8


def test_the_last_card_played_twice_at_once_plays_once(alice, alice_player, entries, now):
    """R5.5"""
    give(alice_player, "boost")
    results = race(
        *[
            lambda e=e: play_face_down(user=alice, card="boost", target_id=e.pk, now=now)
            for e in entries.values()
        ]
    )
    assert sum(isinstance(r, Play) for r in results) == 1
    assert all(isinstance(r, Play | Refusal) for r in results), results
    assert Play.objects.count() == 1 and not HeldCard.objects.exists()


def test_votes_after_noon_wait_for_the_running_job_and_land_in_the_next_day(
    season, entries, settings
):
    """R1.4 with noon never resolved by a page: votes that arrive just after noon, while
    the job runs, wait for it (bounded) and land in the next day; none is refused or lost."""
    settings.NOON_WAIT_SECONDS = 30
    racers = users(7)
    ava = entries["ava"]
    early = JUST_BEFORE_NOON - dt.timedelta(hours=1)
    cast_vote(user=racers.pop(), entry_id=ava.pk, direction="up", now=early)
    calls: list[Callable[[], Any]] = [
        lambda u=u: cast_vote(user=u, entry_id=ava.pk, direction="up", now=JUST_AFTER_NOON)
        for u in racers
    ]
    calls.insert(3, lambda: resolve_due_noons(JUST_AFTER_NOON))
    results = race(*calls)
    votes = [r for r in results if isinstance(r, Vote)]
    assert len(votes) == 6, results
    assert {v.day.noon_on for v in votes} == {dt.date(2026, 12, 9)}
    ava.refresh_from_db()
    assert ava.score == 5 and ava.upvotes == 1  # only the early vote was Tuesday's


@pytest.mark.parametrize("attempt", range(3))
def test_ending_a_season_at_11_59_59_999_while_noon_runs(season, entries, attempt):
    """R2.1: the admin asks for "the next noon" just before it while the job resolves it.
    Either the end lands first (that noon is the last and the season freezes) or noon does
    (the end moves to the following noon): never a last noon in the past on a live season."""
    from games.ladder.models import Season
    from games.ladder.services.admin import end_season
    from games.ladder.services.days import open_day

    open_day(season, JUST_BEFORE_NOON)
    ended, _ = race(
        lambda: end_season(actor=None, season=season, now=JUST_BEFORE_NOON),
        lambda: resolve_due_noons(JUST_AFTER_NOON),
    )
    assert not isinstance(ended, Exception), ended
    season = Season.objects.get(pk=season.pk)
    tuesday = dt.date(2026, 12, 8)
    if season.last_noon == tuesday:
        assert not season.is_active and season.ends_on == tuesday
        assert not season.days.filter(noon_on__gt=tuesday).exists()
    else:
        assert season.is_active and season.last_noon == tuesday + dt.timedelta(days=1)
        assert season.days.get(noon_on=season.last_noon).status == GameDay.Status.OPEN
    assert GameDay.objects.get(noon_on=tuesday).status == GameDay.Status.RESOLVED


@pytest.mark.parametrize("attempt", range(5))
def test_a_page_opening_the_next_day_while_noon_runs_does_not_deadlock(
    alice, entries, now, attempt
):
    """At noon the job locks the day and its season and opens the next day, while pages
    read after noon open that next day themselves: neither may wait on the other in a
    circle (the page's new day checks its season at COMMIT, which the job's lock used to
    block while the job waited for the page's day)."""
    from games.ladder.services.days import open_day

    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    day = GameDay.objects.get()
    season = day.season
    results = race(
        lambda: resolve_day(day.pk),
        *[lambda: open_day(season, JUST_AFTER_NOON) for _ in range(3)],
    )
    assert not [r for r in results if isinstance(r, Exception)], results
    assert NoonReport.objects.count() == 1
    assert GameDay.objects.filter(noon_on=day.noon_on + dt.timedelta(days=1)).count() == 1


def test_an_action_waiting_for_noon_holds_no_lock_on_its_player(alice, alice_player, entries, now):
    """R1.4's lock order, with the day and the player read in one statement
    (days.lock_open_day_and_player): the day first, then the player. While noon holds the
    day, a vote waiting for it has not locked its player, so noon, which locks the players
    after the day, never waits for it in a circle; once noon lets go, the vote lands."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)  # the day exists
    day = GameDay.objects.get()
    noon_holds, noon_may_go = threading.Event(), threading.Event()
    outcome: dict[str, Any] = {}

    def noon() -> None:
        try:
            with transaction.atomic():
                GameDay.objects.select_for_update().get(pk=day.pk)
                noon_holds.set()
                noon_may_go.wait(30)
        finally:
            connections.close_all()

    def vote() -> None:
        try:
            outcome["vote"] = cast_vote(
                user=alice, entry_id=entries["cy"].pk, direction="down", now=now
            )
        except Exception as exc:  # asserted below
            outcome["vote"] = exc
        finally:
            connections.close_all()

    holder = threading.Thread(target=noon)
    holder.start()
    assert noon_holds.wait(30)
    voter = threading.Thread(target=vote)
    voter.start()
    try:
        waiting = _wait_for_a_lock_wait()
        assert waiting, "the vote never waited for the day noon holds"
        with transaction.atomic(), connection.cursor() as cursor:
            # NOWAIT: an error here would mean the waiting vote had locked its player.
            cursor.execute(
                "SELECT id FROM ladder_playerseason WHERE id = %s FOR UPDATE NOWAIT",
                [alice_player.pk],
            )
    finally:
        noon_may_go.set()
        holder.join(30)
        voter.join(30)
    assert isinstance(outcome["vote"], Vote), outcome
    assert Vote.objects.filter(player=alice_player).count() == 2


def _wait_for_a_lock_wait(tries: int = 300) -> bool:
    """Whether another backend came to wait for a lock (polled up to 3 s)."""
    for _ in range(tries):
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                "AND datname = current_database()"
            )
            if cursor.fetchone()[0]:
                return True
        time.sleep(0.01)
    return False
