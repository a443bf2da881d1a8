"""The ASGI application: Django for HTTP, the live-updates socket (goonsite.live) for
WebSockets. `python -m goonsite web` and `make run` serve this."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "goonsite.settings")
django.setup(set_prefix=False)  # as get_asgi_application(), before the consumer's imports

from goonsite.asgi_http import Pages  # noqa: E402
from goonsite.env import env_int  # noqa: E402

# Pages at once per process: by default as many as the web's default DB_POOL_SIZE (8), so
# no page holds a thread while it waits for a connection.
django_http = Pages(threads=env_int("WEB_THREADS", 8))

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from goonsite.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_http,
        # The Origin is checked by the consumer itself (against ALLOWED_HOSTS as they are
        # when the socket opens), so it can answer with a reason rather than a bare 403.
        "websocket": AuthMiddlewareStack(URLRouter(websocket_urlpatterns)),
    }
)
