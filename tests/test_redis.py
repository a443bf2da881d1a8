"""REDIS_URL on real Redis: the cache behind the wrong-code rate limit, the code flow and
the board served whole, and the broker /healthz pings. (The noon job on the Redis broker,
with two clusters, is the system test's: tests/system.)

Uses TEST_REDIS_URL (default redis://127.0.0.1:6379/4), flushed before each test;
skipped when no Redis answers there.
"""

from __future__ import annotations

import os
import threading

import pytest
import redis
from django.core.cache import cache, caches
from django.test import Client
from django.urls import reverse

from games.ladder.models import Redemption
from games.ladder.services.codes import create_drop
from goonsite.redis_trips import counting_redis_trips
from tests.ladder.fixtures import HTMX

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/4")


def redis_answers() -> bool:
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping()
    except redis.RedisError:
        return False


pytestmark = pytest.mark.skipif(not redis_answers(), reason=f"no Redis at {REDIS_URL}")


@pytest.fixture
def redis_cache(settings):
    from goonsite import cache as site_cache

    server = redis.Redis.from_url(REDIS_URL)
    server.flushdb()
    # The site's scripts known to Redis, as after a server's first actions: else the first
    # test to run one (on a fresh Redis, or one restarted) counts its SCRIPT LOAD too.
    for source in (site_cache._BUMP, site_cache._READ_VERSIONED):
        server.script_load(source)
    settings.CACHES = {  # as goonsite/settings.py with REDIS_URL
        "default": {
            "BACKEND": "goonsite.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_FUNCTION": "goonsite.cache.database_key",
        }
    }
    yield cache
    redis.Redis.from_url(REDIS_URL).flushdb()


def test_the_cache_is_redis(redis_cache):
    redis_cache.set("probe", 42)
    assert type(caches["default"]).__name__ == "RedisCache"
    assert redis.Redis.from_url(REDIS_URL).dbsize() == 1


def test_two_databases_sharing_one_redis_never_see_each_others_boards(
    redis_cache, alice_client, entries, monkeypatch
):
    """A site, a benchmark and a test run may share one Redis: every key names the database,
    so the public board and its version kept for one database are not another's."""
    from django.db import connections

    from games.ladder.public import VERSION_KEY

    alice_client.get("/")  # the public board and its version are kept for this database
    ours = redis_cache.get(VERSION_KEY)
    assert ours is not None
    assert all(
        str(connections.settings["default"]["NAME"]).encode() in key
        for key in redis.Redis.from_url(REDIS_URL).keys("*")
    )
    monkeypatch.setitem(connections.settings["default"], "NAME", "another_site")
    assert redis_cache.get(VERSION_KEY) is None
    redis_cache.set(VERSION_KEY, "theirs")
    monkeypatch.undo()
    assert redis_cache.get(VERSION_KEY) == ours


def test_one_redis_client_serves_every_operation_and_thread(redis_cache):
    """goonsite.cache: Django builds a redis-py client per operation; ours keeps one per
    connection pool, shared by threads (each command borrows a pool connection)."""
    client = redis_cache._cache.get_client()
    assert redis_cache._cache.get_client(write=True) is client

    def count(n: int) -> None:
        for _ in range(50):
            redis_cache.incr("hits")

    redis_cache.set("hits", 0)
    threads = [threading.Thread(target=count, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert redis_cache.get("hits") == 200
    assert redis_cache._cache.get_client() is client


def test_every_thread_borrows_the_processs_redis_connections(redis_cache):
    """Django makes a cache backend per thread, and under ASGI every request has a thread of
    its own: the backends share one client and pool, so a request opens no connection of its
    own (each used to open one, with its handshake)."""
    from django.utils.connection import ConnectionProxy

    assert isinstance(redis_cache, ConnectionProxy)
    redis_cache.set("probe", 1)
    pool = redis_cache._cache.get_client().connection_pool
    opened = pool._created_connections
    clients, backends, read = [], [], []

    def request() -> None:  # an assert here would not fail the test: collected, checked below
        backends.append(caches["default"])
        clients.append(redis_cache._cache.get_client())
        read.append(redis_cache.get("probe"))

    for _ in range(20):  # one after another, as a worker's requests come
        thread = threading.Thread(target=request)
        thread.start()
        thread.join()
    assert read == [1] * 20
    assert len({id(b) for b in backends}) == 20  # Django's: a backend per thread
    assert {id(c) for c in clients} == {id(redis_cache._cache.get_client())}
    assert pool._created_connections == opened


def test_the_board_is_served_whole_from_redis_until_something_changes(
    redis_cache, alice_client, alice, entries, django_assert_num_queries
):
    from games.ladder.services.votes import cast_vote

    alice_client.get("/")  # the first visit: CSRF cookie, starting hand, welcome
    first = alice_client.get("/").content.decode()
    with django_assert_num_queries(2):  # the session and the user, as on every page
        assert alice_client.get("/").content.decode() == first
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    assert '<span class="my-vote up">▲ 5</span>' in alice_client.get("/").content.decode()


def test_a_kept_page_is_one_trip_besides_the_session(
    sessions_read_with_the_version, alice_client, alice_player, entries
):
    """Issue 27: the page kept whole, the versions naming it and the face-down counts in
    one script (board_cache.kept_page), where the versions and then the page took two."""
    alice_client.get("/")
    alice_client.get("/")
    with counting_redis_trips() as trips:
        page = alice_client.get("/").content.decode()
    assert 'id="ladder"' in page
    assert trips.commands == ["MGET", "EVALSHA"]  # the session, then the page


def test_codes_and_their_rate_limit_on_redis(redis_cache, alice_client, season, admin_user):
    """R7.2, R7.5: five wrong codes lock the player out, counted in Redis; then a right
    code redeems."""
    good, kept = (
        c.code
        for c in create_drop(
            name="D", reward="god_pack", count=2, created_by=admin_user
        ).codes.all()
    )
    for _ in range(5):
        body = alice_client.post(
            reverse("ladder:code"), {"code": "GOON-AAAA-AAAA"}, **HTMX
        ).content.decode()
        assert "That code doesn&#x27;t work" in body
    assert redis.Redis.from_url(REDIS_URL).dbsize() > 0  # the failures are counted there
    body = alice_client.post(reverse("ladder:code"), {"code": good}, **HTMX).content.decode()
    assert "Too many codes that didn&#x27;t work" in body
    redis.Redis.from_url(REDIS_URL).flushdb()  # the lock-out wears off
    body = alice_client.post(reverse("ladder:code"), {"code": kept}, **HTMX).content.decode()
    assert "Code accepted" in body
    assert Redemption.objects.count() == 1


def test_healthz_pings_the_redis_broker(redis_cache, client, season, monkeypatch):
    from django_q.brokers.redis_broker import Redis as RedisBroker
    from django_q.conf import Conf

    monkeypatch.setattr(Conf, "REDIS", REDIS_URL)
    monkeypatch.setattr("goonsite.health.get_broker", lambda: RedisBroker(list_key="healthz"))
    response = client.get(reverse("healthz"))
    assert response.status_code == 200, response.json()
    assert response.json()["checks"]["broker"]["detail"].startswith("Redis")
    assert response.json()["checks"]["cache"]["detail"] == "RedisCache"


def test_versions_bump_in_one_round_trip_from_a_random_start(redis_cache, monkeypatch):
    """goonsite.cache.bump_versions: a missing version starts at a random value (never 1,
    which an evicted key's earlier life may have named), then every bump adds exactly one
    and returns the new value, whichever thread bumps (the patched board's check counts
    on it), and a key keeps the time to live it started with."""
    from goonsite.cache import bump_versions

    backend = caches["default"]
    for slow_path in ("add", "incr"):  # the check-then-increment pair: never taken on Redis
        monkeypatch.setattr(
            backend, slow_path, lambda *a, _n=slow_path, **k: pytest.fail(f"{_n}()")
        )
    first = bump_versions(redis_cache, ["a", "b"], 60)
    assert first["a"] > 1000 and first["b"] > 1000 and first["a"] != first["b"]
    results = []

    def bump() -> None:
        for _ in range(25):
            results.append(bump_versions(redis_cache, ["a"], 60)["a"])

    threads = [threading.Thread(target=bump) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == list(range(first["a"] + 1, first["a"] + 101))
    assert redis_cache.get("a") == first["a"] + 100
    assert 0 < redis.Redis.from_url(REDIS_URL).ttl(redis_cache.make_key("a")) <= 60


def test_a_bump_is_one_trip_and_outlives_a_flushed_script(redis_cache):
    """The bump is one script (goonsite.cache._BUMP): one round trip for any number of
    keys; no expiry when none is asked; a Redis that does not know the script (a restart,
    a SCRIPT FLUSH) is sent it again, and the count goes on."""
    from goonsite import cache as site_cache
    from goonsite.cache import bump_versions

    bump_versions(redis_cache, ["c"], None)
    with counting_redis_trips() as trips:
        values = bump_versions(redis_cache, ["c", "d"], None)
    assert trips.count == 1
    server = redis.Redis.from_url(REDIS_URL)
    assert server.ttl(redis_cache.make_key("c")) == -1  # kept until evicted
    for script in site_cache._scripts.values():  # as after a flush, without flushing a
        script.sha = "0" * 40  # Redis that other tests and sites share
    assert bump_versions(redis_cache, ["c", "d"], None) == {
        "c": values["c"] + 1,
        "d": values["d"] + 1,
    }


@pytest.mark.parametrize("redis_or_not", ["redis", "locmem"])
def test_a_bump_reads_other_keys_after_it_in_the_same_trip(redis_cache, redis_or_not):
    """goonsite.cache.bump_and_read (an action's bumps after its commit, which read the
    versions its answer shows): the keys read come after the bumps, a key both bumped and
    read is read at its new value, a missing one is left out, and values come back as
    they were kept (the cache's serializer). One trip on Redis."""
    from django.core.cache.backends.locmem import LocMemCache

    from goonsite.cache import bump_and_read

    store = redis_cache if redis_or_not == "redis" else LocMemCache("bump-and-read", {})
    store.set("public", 41, 60)
    store.set("board", {"rows": [1, 2]}, 60)
    with counting_redis_trips() as trips:
        bumped, found = bump_and_read(store, ["mine", "day"], 60, ["public", "day", "gone"])
    if redis_or_not == "redis":
        assert trips.count == 1, trips.commands
    assert found == {"public": 41, "day": bumped["day"]}
    assert bump_and_read(store, ["mine"], 60, ["board"]) == (
        {"mine": bumped["mine"] + 1},
        {"board": {"rows": [1, 2]}},
    )


@pytest.mark.parametrize("redis_or_not", ["redis", "locmem"])
def test_versions_and_what_they_name_are_read_in_one_trip(redis_cache, monkeypatch, redis_or_not):
    """goonsite.cache.read_versioned (an action's board_cache.snapshot): each version as it
    stands, a missing one started as a bump starts it (random, with the expiry asked, or
    none), and the value kept under the key its head and that version make. A value not
    kept is left out, and a version just started names nothing, even what an older life of
    it left behind. One round trip on Redis; the same answers from a cache without scripts."""
    from django.core.cache.backends.locmem import LocMemCache

    from goonsite import cache as site_cache
    from goonsite.cache import bump_versions, read_versioned

    store = redis_cache if redis_or_not == "redis" else LocMemCache("read-versioned", {})
    started = bump_versions(store, ["mine"], 60)["mine"]
    store.set(f"own:{started}", {"board": "kept"})
    store.set(f"own:{started - 1}", {"board": "older"})
    read_versioned(store, ["other"], ["x:"], 60)  # the script loaded, as in a server
    # A 15-digit start, which Lua would print as 2.8147497671e+14, and an older life's
    # value under the version it starts at.
    monkeypatch.setattr(site_cache.secrets, "randbits", lambda bits: 2**48 - 1000)
    store.set(f"counts:{2**48 - 999}", {7: "an older life's"})
    with counting_redis_trips() as trips:
        versions, kept = read_versioned(store, ["mine", "day"], ["own:", "counts:"], 60)
    assert trips.count == (1 if redis_or_not == "redis" else 0), trips.commands
    assert versions == {"mine": started, "day": 2**48 - 999}
    assert kept == {f"own:{started}": {"board": "kept"}}
    assert bump_versions(store, ["day"], 60)["day"] == 2**48 - 998  # started, not reset
    store.set(f"counts:{2**48 - 998}", {7: 2})
    assert read_versioned(store, ["day"], ["counts:"], 60) == (
        {"day": 2**48 - 998},
        {f"counts:{2**48 - 998}": {7: 2}},
    )
    assert read_versioned(store, ["forever"], ["x:"], None)[0] == {"forever": 2**48 - 999}
    if redis_or_not == "redis":
        server = redis.Redis.from_url(REDIS_URL)
        assert 0 < server.ttl(redis_cache.make_key("day")) <= 60
        assert server.ttl(redis_cache.make_key("forever")) == -1


@pytest.mark.parametrize("timeout", [60, None, 0])
def test_set_many_is_a_set_with_its_expiry_per_key_in_one_trip(redis_cache, timeout):
    """A patched board kept (one key), or a board and the face-down counts a card changed
    (two): a SET each with its expiry, in one round trip, not Django's MULTI, MSET, an
    EXPIRE per key and EXEC."""
    server = redis.Redis.from_url(REDIS_URL)
    for data in ({"kept": {"board": 1}}, {"one": 1, "two": {"counts": 2}}):
        redis_cache.set_many(dict.fromkeys(data, "before"), 60)
        with counting_redis_trips() as trips:
            assert redis_cache.set_many(data, timeout) == []
        command = "SET" if timeout != 0 else "DEL"
        assert trips.commands == [" ".join([command] * len(data))]
        for key, value in data.items():
            assert redis_cache.get(key) == (None if timeout == 0 else value)
            ttl = server.ttl(redis_cache.make_key(key))
            assert ttl == {60: ttl if 0 < ttl <= 60 else "expiry lost", None: -1, 0: -2}[timeout]


def test_an_action_answers_from_the_board_kept_in_redis(
    redis_cache, alice_client, alice_player, entries, django_assert_num_queries
):
    """Issue 27: the vote's answer is the kept board patched (no read after the insert),
    kept in Redis for the next view, which then reads only the session and the user...
    and the page, drawn once."""
    alice_client.get("/")
    alice_client.get("/")
    with (
        # Session, user, BEGIN, day and player, entry and votes, insert, COMMIT.
        django_assert_num_queries(7),
        counting_redis_trips() as trips,
    ):
        body = alice_client.post(
            reverse("ladder:vote"), {"entry": entries["cy"].pk, "direction": "down"}, **HTMX
        ).content.decode()
    # The session, the public version, the kept board with its versions (one script), the
    # player's version bumped (one script: at once, inside the test's transaction, whose
    # commit never comes), the patched board kept, the public version and the day's plays
    # version read again (one MGET).
    assert trips.count <= 6, trips.commands
    assert '<span class="my-vote down">▼ 5</span>' in body
    with django_assert_num_queries(3):  # session, user, the player (the page is drawn again)
        page = alice_client.get("/").content.decode()
    assert '<span class="my-vote down">▼ 5</span>' in page


@pytest.mark.django_db(transaction=True)
def test_an_action_committed_for_real_bumps_its_board_once_after_the_commit(
    redis_cache, alice_client, alice_player, entries, django_assert_num_queries
):
    """Issue 27: an action's own transaction reads nothing of the board after its writes,
    so the player's version is bumped once, after the commit, not also before it
    (board_cache.recording_bumps, at_commit_only); the answer is still the kept board
    patched, and the next view finds it kept under the version that bump made."""
    alice_client.get("/")
    alice_client.get("/")
    with counting_redis_trips() as trips:
        body = alice_client.post(
            reverse("ladder:vote"), {"entry": entries["cy"].pk, "direction": "down"}, **HTMX
        ).content.decode()
    # The kept board read with its versions (one script), then one bump: after the commit,
    # reading the versions the answer shows in the same script. With the session, the
    # public version and the patched board kept: five trips.
    assert trips.commands.count("EVALSHA") == 2, trips.commands
    assert trips.count <= 5, trips.commands
    assert '<span class="my-vote down">▼ 5</span>' in body
    with django_assert_num_queries(3):  # session, user, the player (the page is drawn again)
        page = alice_client.get("/").content.decode()
    assert '<span class="my-vote down">▼ 5</span>' in page


@pytest.fixture
def sessions_read_with_the_version(redis_cache, settings):
    settings.SESSION_ENGINE = "goonsite.sessions"  # as goonsite/settings.py with REDIS_URL


def test_a_page_reads_its_session_and_the_public_version_in_one_trip(
    redis_cache, settings, alice, alice_player, entries
):
    """Issue 27: the session and the ladder's public version in one MGET, where Django's
    `cached_db` took a GET for each (goonsite.sessions)."""

    def trips_for_a_board(engine: str) -> list[str]:
        settings.SESSION_ENGINE = engine
        client = Client()  # its middleware set up under this engine
        client.force_login(alice)
        client.get("/")
        client.get("/")
        with counting_redis_trips() as trips:
            page = client.get("/").content.decode()
        assert 'id="ladder"' in page  # signed in, the board drawn
        return trips.commands

    djangos = trips_for_a_board("django.contrib.sessions.backends.cached_db")
    ours = trips_for_a_board("goonsite.sessions")
    assert djangos[:2] == ["GET", "GET"], djangos
    assert ours[0] == "MGET" and ours[1:] == djangos[2:], ours


def test_a_session_the_cache_lost_is_read_from_the_database(
    sessions_read_with_the_version, alice_client, alice_player
):
    alice_client.get("/")
    redis.Redis.from_url(REDIS_URL).flushdb()  # a Redis restarted empty
    assert 'id="ladder"' in alice_client.get("/").content.decode()  # still signed in
    with counting_redis_trips() as trips:
        assert 'id="ladder"' in alice_client.get("/").content.decode()
    assert trips.commands[0] == "MGET"  # and kept in the cache again


def test_a_cache_that_fails_the_read_leaves_the_session_to_the_database(
    sessions_read_with_the_version, alice_client, alice_player, monkeypatch
):
    alice_client.get("/")

    def refuse(*args, **kwargs):
        raise redis.ConnectionError("Redis is down")

    monkeypatch.setattr(type(caches["default"]), "get_many", refuse)
    assert 'id="ladder"' in alice_client.get("/").content.decode()


def test_a_changed_session_is_saved_in_one_update_and_kept_in_the_cache(
    sessions_read_with_the_version, db
):
    """Issue 27: Django's `db` engine wraps the UPDATE in BEGIN and COMMIT (a savepoint
    here, in the test's transaction); one statement is atomic alone (goonsite.sessions)."""
    from django.contrib.sessions.backends.base import UpdateError
    from django.contrib.sessions.models import Session
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from goonsite.sessions import SessionStore

    store = SessionStore()
    store["seen"] = 1
    store.create()
    store["seen"] = 2
    with CaptureQueriesContext(connection) as queries, counting_redis_trips() as trips:
        store.save()
    assert [q["sql"].split()[0] for q in queries.captured_queries] == ["UPDATE"]
    assert trips.commands == ["SET"]
    assert SessionStore(store.session_key)["seen"] == 2  # from the cache
    redis.Redis.from_url(REDIS_URL).flushdb()
    assert SessionStore(store.session_key)["seen"] == 2  # and from the database
    Session.objects.filter(session_key=store.session_key).delete()  # a logout elsewhere
    store["seen"] = 3
    with pytest.raises(UpdateError):  # Django's middleware answers SessionInterrupted
        store.save()
    assert not Session.objects.filter(session_key=store.session_key).exists()


def test_a_board_drawn_afresh_reads_its_own_part_and_the_counts_in_one_trip(
    redis_cache, alice_client, alice_player, entries
):
    """Issue 27: a page that is not kept whole (here after the player's own vote) reads
    both versions and what is kept under them in one script (board_cache.own_and_counts),
    where the player's version, their part, the day's version and the counts took four."""
    alice_client.get("/")
    alice_client.post(reverse("ladder:vote"), {"entry": entries["cy"].pk, "direction": "up"})
    with counting_redis_trips() as trips:
        page = alice_client.get("/").content.decode()
    assert '<span class="my-vote up">▲ 5</span>' in page
    # The public version, that script, the ladder looked for and kept (the vote's message
    # waits on the page, so it is not kept whole).
    assert trips.commands.count("EVALSHA") == 1, trips.commands
    assert trips.count <= 4, trips.commands


@pytest.mark.django_db(transaction=True)
def test_a_bump_outside_a_transaction_is_one_trip(redis_cache):
    """Issue 27: inside a transaction a board's version is bumped at once (its own reads
    see the change) and after the commit; outside one the write is committed already,
    so the bump after the commit is the only one (board_cache.bump)."""
    from django.db import transaction

    from games.ladder import board_cache

    redis_cache.get("warm")  # the connection made first
    with counting_redis_trips() as outside:
        board_cache.bump_player(7)
    assert outside.commands == ["EVALSHA"]
    with counting_redis_trips() as inside, transaction.atomic():
        board_cache.bump_player(7)
        assert inside.commands == ["EVALSHA"]
    assert inside.commands == ["EVALSHA", "EVALSHA"]


def test_the_version_read_with_the_session_never_replaces_the_requests_own():
    """A request shows one version of the public board: a session loaded after the board
    read its version (a view that reads the session late) leaves that version be."""
    from games.ladder import public

    public.stop_remembering()
    public.seed_version(7)  # outside a request: nothing to remember it in
    public.remember_version_in_request()
    try:
        public.seed_version(None)  # not in the cache: the board reads and bumps it itself
        assert public._this_request.memo == {}
        public.seed_version(7)
        public.seed_version(8)
        assert public._this_request.memo == {"version": 7}
    finally:
        public.stop_remembering()
