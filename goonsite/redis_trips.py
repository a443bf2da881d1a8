"""Counting the round trips this process makes to Redis, for benchmarks and tests.

A round trip is one packed send on a connection: a command alone, or a whole pipeline.
Counts every synchronous client in the process (the cache, sessions, rate limits), which
is the point: what a request costs in trips, whoever made them. (The channel layer speaks
`redis.asyncio` and is not counted.)
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from redis.connection import AbstractConnection

_lock = threading.Lock()
_counters: list[RedisTrips] = []
_original = AbstractConnection.send_packed_command


@dataclass
class RedisTrips:
    count: int = 0
    commands: list[str] = field(default_factory=list)  # the first word of each trip's commands


def _counting(self, command, check_health=True):
    if _counters:
        words = " ".join(_first_words(command))
        with _lock:
            for counter in _counters:
                counter.count += 1
                counter.commands.append(words)
    return _original(self, command, check_health)


def _first_words(command) -> list[str]:
    """The command names in a packed send (RESP arrays: `*N`, `$len`, the name first)."""
    chunks = command if isinstance(command, list | tuple) else [command]
    data = b"".join(c if isinstance(c, bytes) else bytes(c) for c in chunks)
    names = []
    for array in data.split(b"\r\n*"):
        parts = array.split(b"\r\n")
        if len(parts) > 2:
            names.append(parts[2].decode("ascii", "replace").upper())
    return names


@contextmanager
def counting_redis_trips() -> Iterator[RedisTrips]:
    """The round trips to Redis made inside the block, by any thread of this process."""
    counter = RedisTrips()
    with _lock:
        if not _counters:
            AbstractConnection.send_packed_command = _counting
        _counters.append(counter)
    try:
        yield counter
    finally:
        with _lock:
            _counters.remove(counter)
            if not _counters:
                AbstractConnection.send_packed_command = _original
