"""Tries counted atomically before the limited thing happens (accounts.throttle).

The wrong-code limit (R7.5's five wrong codes per ten minutes) was checked before a
redemption and counted after it, with a read-then-write increment: forty wrong codes sent at
once got 16-17 through on the database cache and 6-8 on Redis. Now each try is counted
first, in one atomic step, and only tries within the limit reach the code lookup.
"""

import datetime as dt
import os
import threading
import uuid

import pytest
import time_machine
from django.db import connections
from django.test import Client

from accounts import throttle
from games.ladder.views import codes as code_view
from tests.ladder.fixtures import HTMX
from tests.races import race

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/6")  # our database number
WINDOW = dt.timedelta(minutes=10)


def redis_reachable() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except Exception:
        return False


@pytest.fixture(params=["database", "redis"])
def counter_backend(request, settings) -> str:
    """Each test runs on the database counter and on Redis (skipped if Redis is down)."""
    if request.param == "redis":
        if not redis_reachable():
            pytest.skip(f"needs Redis at {REDIS_URL}")
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": REDIS_URL,
                # A fresh prefix per test: counts left in Redis by an earlier run never
                # leak in (Redis outlives the test database).
                "KEY_PREFIX": f"goonsite-test-{uuid.uuid4()}",
            }
        }
    return request.param


@pytest.mark.django_db
def test_limit_counts_every_try_and_refuses_past_it(counter_backend):
    allowed = [throttle.spend("t:alice", limit=5, window=WINDOW) for _ in range(7)]
    assert allowed == [True] * 5 + [False] * 2
    assert throttle.spend("t:bob", limit=5, window=WINDOW)  # each key its own count


@pytest.mark.django_db
def test_a_try_given_back_frees_its_place(counter_backend):
    for _ in range(5):
        throttle.spend("t:alice", limit=5, window=WINDOW)
    throttle.give_back("t:alice")
    assert throttle.spend("t:alice", limit=5, window=WINDOW)
    assert not throttle.spend("t:alice", limit=5, window=WINDOW)


@pytest.mark.django_db
def test_database_window_starts_over_when_it_ends(settings):
    start = dt.datetime(2026, 12, 7, 15, 0, tzinfo=dt.UTC)
    with time_machine.travel(start, tick=False):
        for _ in range(5):
            throttle.spend("t:alice", limit=5, window=WINDOW)
        assert not throttle.spend("t:alice", limit=5, window=WINDOW)
    with time_machine.travel(start + WINDOW - dt.timedelta(seconds=1), tick=False):
        assert not throttle.spend("t:alice", limit=5, window=WINDOW)
    with time_machine.travel(start + WINDOW + dt.timedelta(seconds=1), tick=False):
        assert throttle.spend("t:alice", limit=5, window=WINDOW)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_tries_let_exactly_the_limit_through(counter_backend):
    results = race(*[lambda: throttle.spend("t:race", limit=5, window=WINDOW)] * 20)
    assert sorted(results, key=str) == [False] * 15 + [True] * 5


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_wrong_codes_at_once_reach_the_lookup_five_times(
    counter_backend, alice, season, monkeypatch
):
    """R7.5: one player sending twenty wrong codes at once gets five looked up, no more."""
    lookups = []
    lock = threading.Lock()
    real_redeem = code_view.redeem_code

    def counting_redeem(**kwargs):
        with lock:
            lookups.append(kwargs["raw_code"])
        return real_redeem(**kwargs)

    monkeypatch.setattr(code_view, "redeem_code", counting_redeem)
    clients = []
    for _ in range(20):
        tab = Client()
        tab.force_login(alice)
        clients.append(tab)
    tab.get("/")  # deal the starting hand before the race; not part of it

    def send_wrong_code(tab: Client) -> str:
        try:
            return tab.post("/code/", {"code": "GOON-AAAA-AAAA"}, **HTMX).content.decode()
        finally:
            connections.close_all()

    pages = race(*[lambda tab=tab: send_wrong_code(tab) for tab in clients])
    assert not [p for p in pages if isinstance(p, Exception)]
    assert len(lookups) == 5
    assert sum("That code doesn&#x27;t work" in p for p in pages) == 5
    assert sum("Too many codes that didn&#x27;t work" in p for p in pages) == 15


@pytest.mark.django_db
def test_ended_windows_are_pruned_by_the_daily_job():
    from django_q.models import Schedule
    from django_q.tasks import async_task

    from accounts.models import ThrottleCount

    start = dt.datetime(2026, 12, 7, 15, 0, tzinfo=dt.UTC)
    with time_machine.travel(start, tick=False):
        throttle.spend("t:old", limit=5, window=WINDOW)
    with time_machine.travel(start + WINDOW, tick=False):
        throttle.spend("t:new", limit=5, window=WINDOW)
        async_task(Schedule.objects.get(name="prune-throttle-counts").func)
        assert list(ThrottleCount.objects.values_list("key", flat=True)) == ["t:new"]


@pytest.mark.django_db
def test_a_try_refused_by_a_later_key_is_given_back_to_the_earlier(counter_backend):
    """The player's key, then the address's: ten players behind one address get five
    tries between them, and a player refused for the address keeps their own five."""
    results = [
        throttle.spend_all([f"t:player{n}", "t:address"], limit=5, window=WINDOW) for n in range(10)
    ]
    assert results == [True] * 5 + [False] * 5
    for n in range(5, 10):  # their refused tries were not counted as theirs
        assert throttle.spend(f"t:player{n}", limit=1, window=WINDOW)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_twenty_parallel_tries_on_two_keys_let_exactly_the_limit_through(counter_backend):
    results = race(
        *[lambda: throttle.spend_all(["t:one", "t:address"], limit=5, window=WINDOW)] * 20
    )
    assert sorted(results, key=str) == [False] * 15 + [True] * 5
