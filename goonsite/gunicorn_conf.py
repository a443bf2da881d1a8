"""gunicorn's settings for `python -m goonsite web`, each overridable from the environment.

gunicorn supervises; each worker is Uvicorn (the `uvicorn-worker` package) serving the
ASGI application (goonsite.asgi), so one process answers pages and holds the live-update
WebSockets (goonsite.live). The pages run synchronously in WEB_THREADS threads of each
worker (goonsite.asgi_http). A due noon never runs inside a request (the job cluster
resolves it), so a short timeout is safe.
"""

import os

from goonsite.env import env_bool, env_str

bind = os.environ.get("WEB_BIND", "127.0.0.1:8000").split(",")
workers = int(os.environ.get("WEB_WORKERS", "2"))
worker_class = "uvicorn_worker.UvicornWorker"
timeout = int(os.environ.get("WEB_TIMEOUT", "30"))
graceful_timeout = 20  # below systemd's TimeoutStopSec, so a stop is clean
keepalive = 5
# Recycle workers now and then, with jitter so not all at once. A recycled worker drops
# its sockets; the pages reconnect (with backoff) and catch up by fetching once.
max_requests = 5000
max_requests_jitter = 500
accesslog = os.environ.get("WEB_ACCESS_LOG", "-") or None
errorlog = "-"
# gunicorn >= 25.1 opens a control socket under $HOME by default; not wanted in services.
control_socket_disable = True

# Which peers may say the request came over HTTPS (X-Forwarded-Proto and the like): gunicorn
# believes 127.0.0.1 and ::1 unless told otherwise, so without a proxy a client on the same
# machine could claim HTTPS. The same TRUSTED_PROXY switch as Django's (settings.py): off,
# no peer is believed; on, the proxy's addresses (FORWARDED_ALLOW_IPS, default loopback).
forwarded_allow_ips = (
    env_str("FORWARDED_ALLOW_IPS") or "127.0.0.1,::1" if env_bool("TRUSTED_PROXY", False) else ""
)
