"""Django's Redis cache, with one redis-py client per connection pool.

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every operation, and
redis-py fills a table of some 600 response callbacks each time: 170 µs of a 260 µs `get`
on this machine, several times a page. A client is safe to share between threads (each
command takes a connection from the pool), so one per pool does.
"""

from __future__ import annotations

from django.core.cache.backends import redis


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
