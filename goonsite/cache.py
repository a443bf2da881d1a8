"""Django's Redis cache, with one redis-py client per server for the whole process.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every operation, and
redis-py fills a table of some 600 response callbacks each time: 170 µs of a 260 µs `get`
on this machine, several times a page. A client is safe to share between threads (each
command takes a connection from the pool), so one per server does, for the whole process.

The whole process, not the cache backend: Django makes a backend per thread (per context),
and under ASGI every request runs in a thread of its own, so a pool per backend was a new
pool, a new TCP connection and its handshake for every request (a fifth of a bare view's
CPU through `python -m goonsite web`, py-spy).

Every key names the database the site runs on (`database_key`): two sites, a benchmark or a
test database sharing one Redis never read each other's boards, versions or sessions.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.core.cache.backends import redis
from django.db import connections
from django.utils.connection import ConnectionProxy
from django.utils.functional import cached_property

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

    def set_many(self, data, timeout):
        # Each key one SET with its expiry (a patched board kept after an action, and a
        # card's face-down counts with it), all in one round trip, where Django sends
        # MULTI, MSET, an EXPIRE per key and EXEC: nothing reads the keys together.
        if len(data) == 1:
            ((key, value),) = data.items()
            return self.set(key, value, timeout)
        pipeline = self.get_client(write=True).pipeline(transaction=False)
        for key, value in data.items():
            if timeout == 0:
                pipeline.delete(key)
            else:
                pipeline.set(key, self._serializer.dumps(value), ex=timeout)
        pipeline.execute()


# The process's clients, by servers and options. redis-py's pools notice a fork and start
# afresh in the child.
_shared: dict[tuple, RedisCacheClient] = {}


class RedisCache(redis.RedisCache):
    @cached_property
    def _cache(self) -> RedisCacheClient:
        where = (tuple(self._servers), repr(sorted(self._options.items())))
        client = _shared.get(where)
        if client is None:
            # Two threads may both build one: the loser never opened a connection.
            client = _shared.setdefault(where, RedisCacheClient(self._servers, **self._options))
        return client


# How both scripts below start a version key that is missing: at its random value, with
# the expiry if any ("" for none), then plus one. Returns the key's new value.
_BUMP_FROM_START = """
local function bump(key, start, expiry)
    if expiry == "" then
        redis.call("SET", key, start, "NX")
    else
        redis.call("SET", key, start, "EX", expiry, "NX")
    end
    return redis.call("INCR", key)
end
"""
# The first ARGV[1] keys bumped, the rest read after them. A script, not a MULTI pipeline:
# one command to pack and one reply to parse, where redis-py's transaction took about half
# of a card play's CPU in the service (cProfile).
_BUMP = (
    _BUMP_FROM_START
    + """
local n = tonumber(ARGV[1])
local expiry = ARGV[2]
local values, read = {}, {}
for i = 1, n do
    values[i] = bump(KEYS[i], ARGV[2 + i], expiry)
end
for i = n + 1, #KEYS do
    read[i - n] = redis.call("GET", KEYS[i])
end
return {values, read}
"""
)
_scripts: dict[tuple[int, str], object] = {}


def _script(client, source: str):
    """The script registered once per client (redis-py sends its hash, and the source only
    when the server has lost it)."""
    script = _scripts.get((id(client), source))
    if script is None:
        script = _scripts.setdefault((id(client), source), client.register_script(source))
    return script


def bump_versions(cache, keys: Iterable[str], timeout: int | None) -> dict[str, int]:
    """Add one to each version key, starting a missing one at a random value (never at 1:
    a version evicted and started again must not name what an older life of it named).
    Returns the new values. On Redis, one round trip and one atomic script for all the
    keys, instead of Django's check-then-increment pair per key."""
    return bump_and_read(cache, keys, timeout, ())[0]


def bump_and_read(
    cache, keys: Iterable[str], timeout: int | None, read: Iterable[str]
) -> tuple[dict[str, int], dict[str, object]]:
    """`bump_versions`, and what is found under the keys `read` after the bumps (a missing
    one left out), in the same round trip on Redis."""
    keys, read = list(keys), list(read)
    if isinstance(cache, ConnectionProxy):
        # `django.core.cache.cache` is a proxy: the isinstance check below must see the
        # backend behind it, or every bump silently takes the two-trip path.
        cache = cache._connections[cache._alias]
    if isinstance(cache, RedisCache):
        names = [cache.make_and_validate_key(key) for key in [*keys, *read]]
        script = _script(cache._cache.get_client(write=True), _BUMP)
        starts = [secrets.randbits(48) for _ in keys]
        expiry = "" if timeout is None else timeout
        values, raw = script(keys=names, args=[len(keys), expiry, *starts])
        loads = cache._cache._serializer.loads
        found = zip(read, raw, strict=True)
        return dict(zip(keys, values, strict=True)), {
            key: loads(value) for key, value in found if value is not None
        }
    values = {}
    for key in keys:
        cache.add(key, secrets.randbits(48), timeout)
        values[key] = cache.incr(key)
    return values, cache.get_many(read) if read else {}


def current_versions(
    cache, keys: Iterable[str], timeout: int | None
) -> tuple[dict[str, int], list[str]]:
    """Each version key's value, started if missing, as `bump_versions` starts it; and the
    keys just started. Two round trips when one was missing (`read_versioned` on Redis is
    one)."""
    keys = list(keys)
    found = cache.get_many(keys)
    started = [key for key in keys if key not in found]
    if started:
        found |= bump_versions(cache, started, timeout)
    return {key: found[key] for key in keys}, started


# Each version key read, started as `_BUMP` starts it if missing (then it names nothing
# yet: an older life's value is never read); then the value kept under the key its head and
# that version name. The value keys are made in the script, so it needs one Redis, not a
# cluster (deploy/ runs one).
_READ_VERSIONED = (
    _BUMP_FROM_START
    + """
local n = #KEYS
local expiry = ARGV[n + 1]
local versions, values = {}, {}
for i, key in ipairs(KEYS) do
    local version = redis.call("GET", key)
    if version then
        values[i] = redis.call("GET", ARGV[n + 1 + i] .. version)
    else
        version = bump(key, ARGV[i], expiry)
        values[i] = false
    end
    versions[i] = tonumber(version)
end
return {versions, values}
"""
)


def read_versioned(
    cache, versions: list[str], heads: list[str], timeout: int | None
) -> tuple[dict[str, int], dict[str, object]]:
    """Each version key's value (started if missing, as `bump_versions` starts it), and
    what is kept under the key `heads[i]` followed by that version (a version just started
    names nothing yet). Returns the versions, and the values found by their whole keys. On
    Redis one round trip, where reading the versions and then the values took two."""
    if isinstance(cache, ConnectionProxy):
        cache = cache._connections[cache._alias]
    if not isinstance(cache, RedisCache):
        found, started = current_versions(cache, versions, timeout)
        keys = [
            f"{head}{found[key]}"
            for head, key in zip(heads, versions, strict=True)
            if key not in started
        ]
        return found, cache.get_many(keys)
    script = _script(cache._cache.get_client(write=True), _READ_VERSIONED)  # it may start one
    starts = [secrets.randbits(48) for _ in versions]
    names = [cache.make_and_validate_key(key) for key in versions]
    # A version ends the value's key, so its whole key is the head's followed by it.
    head_names = [cache.make_and_validate_key(head) for head in heads]
    expiry = "" if timeout is None else timeout
    got, raw = script(keys=names, args=[*starts, expiry, *head_names])
    loads = cache._cache._serializer.loads
    values = {
        f"{head}{version}": loads(value)
        for head, version, value in zip(heads, got, raw, strict=True)
        if value is not None
    }
    return dict(zip(versions, got, strict=True)), values
