"""Hearing what the site pushes: a channel of our own on the real (in-memory) layer."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager

from channels.layers import get_channel_layer

from goonsite.live.sync import call_sync


@contextmanager
def listening(*groups: str) -> Iterator[list[str]]:
    """Joins `groups`; on leaving, the list holds every group pushed meanwhile, in order.
    For tests whose changes really commit (`django_db(transaction=True)`)."""
    layer = get_channel_layer()
    call_sync(layer.flush)
    channel = call_sync(layer.new_channel)
    for name in groups:
        call_sync(layer.group_add, name, channel)
    heard: list[str] = []
    yield heard

    async def drain() -> None:
        while True:
            try:
                message = await asyncio.wait_for(layer.receive(channel), 0.1)
            except TimeoutError:
                return
            heard.append(message["group"])

    call_sync(drain)
