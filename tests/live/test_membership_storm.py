"""A worker dropping all its sockets at once (recycled by max_requests, a deploy) leaves
every group it joined, without asking Redis for more connections than its pool holds
(issue 22: redis-py raised past 100, and the failed leaves pushed to dead channels for a
day)."""

from __future__ import annotations

import asyncio

from goonsite.live.consumer import MEMBERSHIP_CONCURRENCY, LiveConsumer
from goonsite.live.sync import call_sync

POOL = 100  # redis-py's default max_connections, what channels_redis's pool gets


class PooledLayer:
    """Stands for channels_redis: each call holds one pooled connection for a moment, and
    a call past the pool's size fails as redis-py's does."""

    def __init__(self) -> None:
        self.in_use = self.most = 0
        self.members: set[tuple[str, str]] = set()

    async def _call(self) -> None:
        if self.in_use >= POOL:
            raise ConnectionError("Too many connections")
        self.in_use += 1
        self.most = max(self.most, self.in_use)
        await asyncio.sleep(0.001)
        self.in_use -= 1

    async def group_add(self, group: str, channel: str) -> None:
        await self._call()
        self.members.add((group, channel))

    async def group_discard(self, group: str, channel: str) -> None:
        await self._call()
        self.members.discard((group, channel))


def consumer_on(layer: PooledLayer, n: int) -> LiveConsumer:
    consumer = LiveConsumer()
    consumer.channel_layer, consumer.channel_name = layer, f"specific.{n}"
    consumer.groups_joined = ["ladder.board", f"table.hall.game.{n % 40}"]
    return consumer


def test_a_thousand_sockets_closing_at_once_all_leave_within_the_pool():
    layer = PooledLayer()
    consumers = [consumer_on(layer, n) for n in range(1000)]
    layer.members = {(g, c.channel_name) for c in consumers for g in c.groups_joined}

    async def storm() -> None:
        await asyncio.gather(*(c.disconnect(1001) for c in consumers))

    call_sync(storm)
    assert layer.members == set()  # every membership left: no push to a dead channel
    assert layer.most <= MEMBERSHIP_CONCURRENCY < POOL
