"""/healthz's check of the channel layer: a message sent on a fresh channel comes back."""

from __future__ import annotations

import asyncio
import secrets

from channels.layers import get_channel_layer

from .sync import call_sync


class LayerUnhealthy(Exception):
    pass


async def _round_trip(layer) -> None:
    channel = await layer.new_channel("healthz.")
    value = secrets.token_hex(8)
    await layer.send(channel, {"type": "healthz", "value": value})
    message = await asyncio.wait_for(layer.receive(channel), timeout=3)
    if message.get("value") != value:
        raise LayerUnhealthy("a message sent on the channel layer did not come back")


def channel_layer() -> str:
    layer = get_channel_layer()
    if layer is None:
        raise LayerUnhealthy("no channel layer is configured")
    call_sync(_round_trip, layer)
    return type(layer).__name__
