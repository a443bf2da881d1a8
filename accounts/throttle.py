"""Count tries against a limit atomically, before the thing being limited happens.

Each try is counted first and then allowed only while the count is within the limit, so
twenty parallel requests cannot all read "4 so far" and all go ahead. With Redis as the
cache the counter is a Redis key (SET NX with an expiry, then INCR, both atomic on the
server); otherwise it is a row of `ThrottleCount`, bumped by one INSERT … ON CONFLICT DO
UPDATE statement (atomic on PostgreSQL and SQLite alike), since Django's database cache
implements `incr` as a read followed by a write.
"""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Sequence

from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection, transaction
from django.db.models import F
from django.utils import timezone

from .models import ThrottleCount

PREFIX = "throttle:"


def spend(key: str, *, limit: int, window: dt.timedelta) -> bool:
    """Count one try on `key`; True while this try is within `limit` tries per `window`."""
    return count_try(key, window=window) <= limit


def spend_all(keys: Sequence[str], *, limit: int, window: dt.timedelta) -> bool:
    """Count one try on each key in turn (the player's, then their address's, say); True
    while the try is within `limit` on every one. A try refused by a later key was never
    made, so it is given back to the keys before it: twenty parallel tries from one player
    still let exactly `limit` through, not fewer."""
    spent: list[str] = []
    for key in keys:
        if not spend(key, limit=limit, window=window):
            for earlier in spent:
                give_back(earlier)
            return False
        spent.append(key)
    return True


def count_try(key: str, *, window: dt.timedelta) -> int:
    """Add one try to the window's count and return the new count."""
    if redis := _redis():
        return _redis_count(redis, key, window)
    return _database_count(key, window)


def give_back(key: str) -> None:
    """Un-count one try (it turned out not to be one the limit is about)."""
    if redis := _redis():
        with contextlib.suppress(ValueError):  # the window ended: nothing to give back
            redis.decr(PREFIX + key)
        return
    ThrottleCount.objects.filter(key=key, count__gt=0).update(count=F("count") - 1)


def reset(key: str) -> None:
    if redis := _redis():
        redis.delete(PREFIX + key)
    else:
        ThrottleCount.objects.filter(key=key).delete()


def _redis() -> RedisCache | None:
    backend = caches["default"]
    return backend if isinstance(backend, RedisCache) else None


def _redis_count(redis: RedisCache, key: str, window: dt.timedelta) -> int:
    seconds = max(1, int(window.total_seconds()))
    for _ in range(3):
        redis.add(PREFIX + key, 0, seconds)
        try:
            return redis.incr(PREFIX + key)
        except ValueError:
            continue  # the key expired between add and incr: start a new window
    raise RuntimeError(f"could not count a try on {key!r}")


_UPSERT = """
INSERT INTO {t} ({key}, {count}, {ends}) VALUES (%s, 1, %s)
ON CONFLICT ({key}) DO UPDATE SET
  {count} = CASE WHEN {t}.{ends} > %s THEN {t}.{count} + 1 ELSE 1 END,
  {ends} = CASE WHEN {t}.{ends} > %s THEN {t}.{ends} ELSE %s END
RETURNING {count}
"""


def _database_count(key: str, window: dt.timedelta) -> int:
    adapt = connection.ops.adapt_datetimefield_value
    now = timezone.now()
    ends, now = adapt(now + window), adapt(now)
    q = connection.ops.quote_name
    sql = _UPSERT.format(
        t=q(ThrottleCount._meta.db_table), key=q("key"), count=q("count"), ends=q("expires_at")
    )
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, [key, ends, now, now, ends])
        return cursor.fetchone()[0]


def prune(now: dt.datetime | None = None) -> int:
    """Delete the database counts whose window has ended (Redis expires its own)."""
    deleted, _ = ThrottleCount.objects.filter(expires_at__lte=now or timezone.now()).delete()
    return deleted
