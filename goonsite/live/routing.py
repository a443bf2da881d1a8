"""The WebSocket routes (goonsite.asgi mounts them)."""

from django.urls import path

from .consumer import LiveConsumer

websocket_urlpatterns = [path("live/", LiveConsumer.as_asgi())]
