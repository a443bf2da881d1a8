"""The WebSocket end of live updates: join the groups a page proved it may see, then pass
on each "changed" as one small JSON frame. Nothing a page sends is read."""

from __future__ import annotations

import asyncio
import json
import logging
import weakref
from urllib.parse import parse_qs, urlsplit

from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.http.request import split_domain_port, validate_host

from .sending import MESSAGE_TYPE
from .tokens import BadToken, read_token

log = logging.getLogger(__name__)

REFUSED = 4403  # close code: the page keeps polling and does not reconnect with this token
MAX_TOKENS = 8  # a page shows a few groups; more is not a page of ours

# Joins and leaves in flight at once, per worker. channels_redis takes a pooled Redis
# connection for each, and redis-py's pool raises past 100: when a recycled worker drops
# a thousand sockets at once, most leaves failed and their groups kept pushing to dead
# channels for a day (group_expiry). Below the pool's size, with room for the sends.
MEMBERSHIP_CONCURRENCY = 50
_gates: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

assert MESSAGE_TYPE == "group.changed"  # dispatched to `group_changed` below


def membership_gate() -> asyncio.Semaphore:
    """The worker's gate, one per event loop (a semaphore belongs to the loop it waits on)."""
    loop = asyncio.get_running_loop()
    gate = _gates.get(loop)
    if gate is None:
        gate = _gates[loop] = asyncio.Semaphore(MEMBERSHIP_CONCURRENCY)
    return gate


class LiveConsumer(AsyncWebsocketConsumer):
    groups_joined: list[str]

    async def connect(self) -> None:
        self.groups_joined = []
        await self.accept()
        try:
            self._check_origin()
            names = self._groups_from_tokens()
        except BadToken as refusal:
            await self.send(json.dumps({"type": "refused", "reason": str(refusal)}))
            await self.close(code=REFUSED)
            return
        async with membership_gate():
            for name in names:
                await self.channel_layer.group_add(name, self.channel_name)
        self.groups_joined = names
        await self.send(json.dumps({"type": "subscribed", "groups": names}))

    async def disconnect(self, code: int) -> None:
        async with membership_gate():
            for name in self.groups_joined:
                await self.channel_layer.group_discard(name, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None) -> None:
        pass  # the page has nothing to say; a subscription is made only at the handshake

    async def group_changed(self, event: dict) -> None:
        await self.send(json.dumps({"type": "changed", "group": event["group"]}))

    def _check_origin(self) -> None:
        """Cross-site WebSocket hijacking: a page elsewhere could open a socket with our
        player's cookie. Only our own hosts' pages may connect."""
        headers = dict(self.scope.get("headers") or [])
        origin = headers.get(b"origin", b"").decode("latin-1")
        host, _ = split_domain_port(urlsplit(origin).netloc) if origin else ("", "")
        if not host or not validate_host(host, settings.ALLOWED_HOSTS):
            raise BadToken("live updates are only for this site's own pages")

    def _groups_from_tokens(self) -> list[str]:
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        tokens = query.get("t", [])
        if not tokens:
            raise BadToken("no live token")
        if len(tokens) > MAX_TOKENS:
            raise BadToken("too many live tokens")
        user = self.scope.get("user")
        names: dict[str, None] = {}
        for token in tokens:
            names.update(dict.fromkeys(read_token(token, user)))
        return list(names)
