"""A page's socket to the ASGI application, in process (asgiref's ApplicationCommunicator).

channels.testing has one too, but importing it needs Daphne, a server we do not run."""

from __future__ import annotations

import json

from asgiref.testing import ApplicationCommunicator


class Socket(ApplicationCommunicator):
    def __init__(self, application, path: str, headers=()) -> None:
        url, _, query = path.partition("?")
        scope = {
            "type": "websocket",
            "path": url,
            "query_string": query.encode(),
            "headers": list(headers),
            "subprotocols": [],
            "client": ("127.0.0.1", 50000),
            "server": ("testserver", 80),
        }
        super().__init__(application, scope)

    async def connect(self, timeout: float = 2) -> bool:
        await self.send_input({"type": "websocket.connect"})
        return (await self.receive_output(timeout))["type"] == "websocket.accept"

    async def receive_json_from(self, timeout: float = 2) -> dict:
        message = await self.receive_output(timeout)
        assert message["type"] == "websocket.send", message
        return json.loads(message["text"])

    async def disconnect(self, code: int = 1000) -> None:
        await self.send_input({"type": "websocket.disconnect", "code": code})
        await self.wait(1)
