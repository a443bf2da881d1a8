"""Django's Redis cache, with one redis-py client per connection pool.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every operation, and
redis-py fills a table of some 600 response callbacks each time: 170 µs of a 260 µs `get`
on this machine, several times a page. A client is safe to share between threads (each
command takes a connection from the pool), so one per pool does.

Every key names the database the site runs on (`database_key`): two sites, a benchmark or a
test database sharing one Redis never read each other's boards, versions or sessions.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.core.cache.backends import redis
from django.db import connections
from django.utils.connection import ConnectionProxy

_tags: dict[tuple, str] = {}


def database_key(key: str, key_prefix: str, version: int) -> str:
    """Django's key (prefix:version:key) with the default database named in it: read at
    each call, since the test runner renames the database after settings are loaded."""
    db = connections.settings["default"]
    where = (db.get("HOST"), db.get("PORT"), str(db.get("NAME")))
    tag = _tags.get(where)
    if tag is None:
        tag = _tags.setdefault(where, "{}:{}/{}".format(*(part or "" for part in where)))
    return f"{key_prefix}:{tag}:{version}:{key}"


class RedisCacheClient(redis.RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients.setdefault(id(pool), self._client(connection_pool=pool))
        return client


class RedisCache(redis.RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = RedisCacheClient


def bump_versions(cache, keys: Iterable[str], timeout: int | None) -> dict[str, int]:
    """Add one to each version key, starting a missing one at a random value (never at 1:
    a version evicted and started again must not name what an older life of it named).
    Returns the new values. On Redis, one round trip for all the keys, each a `SET NX`
    and an `INCR`, instead of Django's check-then-increment pair per key."""
    keys = list(keys)
    if isinstance(cache, ConnectionProxy):
        # `django.core.cache.cache` is a proxy: the isinstance check below must see the
        # backend behind it, or every bump silently takes the two-trip path.
        cache = cache._connections[cache._alias]
    if isinstance(cache, RedisCache):
        names = [cache.make_and_validate_key(key) for key in keys]
        with cache._cache.get_client(write=True).pipeline(transaction=True) as pipe:
            for name in names:
                pipe.set(name, secrets.randbits(48), ex=timeout, nx=True)
                pipe.incr(name)
            results = pipe.execute()
        return dict(zip(keys, results[1::2], strict=True))
    values = {}
    for key in keys:
        cache.add(key, secrets.randbits(48), timeout)
        values[key] = cache.incr(key)
    return values
