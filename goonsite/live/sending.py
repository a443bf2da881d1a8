"""The one message a group is sent: "this group changed" (see the package doc)."""

from __future__ import annotations

from channels.layers import get_channel_layer

MESSAGE_TYPE = "group.changed"  # the consumer's `group_changed` handler


async def send_all(groups: tuple[str, ...]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    for name in groups:
        await layer.group_send(name, {"type": MESSAGE_TYPE, "group": name})
