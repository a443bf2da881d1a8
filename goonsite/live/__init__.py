"""Live updates: a page learns the moment something it shows has changed (issue 22).

The push says only "this group changed"; the page then fetches its parts the way it always
did (htmx, the same views), so the views stay the only path to what a seat may see and a
push carries nothing private. A page whose socket is closed or refused polls instead.

Protocol (what a server, a page and a test may rely on)
-------------------------------------------------------

Groups. A group is a name for one thing pages show, letters, digits, `.`, `-` and `_`
only (Channels' rule), under 100 characters:

- `table.<app>.<model>.<pk>`: one table of the table kit (`goonsite.tables.live.table_group`),
  e.g. `table.hall.game.42`; published by the kit on every accepted action and fired
  deadline, and on every save of a table game row.
- `player.<user pk>`: one player's own view (`user_group`).
- Anything else a game names for itself through `group(...)`, e.g. `ladder.board`,
  `hall.home`. The core names no game.

Proving a page may join. The view that renders a page signs the groups it shows into a
token (`token_for(request, groups)`, or in a template `{% live_attrs "group" ... %}`):
`django.core.signing` with the site's SECRET_KEY and the salt `goonsite.live`, holding the
groups and the viewer's user pk (None for a page anyone may see), valid for
`LIVE_TOKEN_MAX_AGE` seconds (default one day). A token is only honoured for the user it
was made for, so a copied token is of no use to anyone else, and a group name cannot be
guessed into: the page holds the proof because a view decided the viewer may see it.

A client outside the site (a test, a benchmark) finds a page's token in the `data-live`
attribute of its subscribing element(s) (`data-live-groups` names the groups), or signs
one itself with the site's SECRET_KEY: `signing.dumps({"g": [...], "u": None or user pk},
salt="goonsite.live")`.

WebSocket. `ws[s]://<host>/live/?t=<token>[&t=<token>...]` (the same origin as the page:
the Origin must be one of ALLOWED_HOSTS; the session cookie identifies the user). Text
frames, JSON, server to page only:

- `{"type": "subscribed", "groups": ["table.hall.game.42", ...]}`: right after the
  handshake when every token is good. The page should then fetch its parts once (a
  reconnect catches up on whatever it missed).
- `{"type": "changed", "group": "table.hall.game.42"}`: something in that group committed.
  The page fetches the parts it shows of that group.
- `{"type": "refused", "reason": "..."}` then close code 4403: a token is missing, forged,
  expired, for another user, or the Origin is not ours. The page stays on polling and
  does not reconnect until it holds a new token.

Anything a page sends is ignored. The server pings (uvicorn's ws_ping_interval) so dead
connections are noticed.

Served by `goonsite.asgi.application` (Channels' ProtocolTypeRouter: Django for HTTP,
`goonsite.live.consumer.LiveConsumer` for the socket): `python -m goonsite web` (gunicorn
with Uvicorn workers) in production, `manage.py runasgi` under `make run`.

Publishing. A service calls `publish_on_commit(*groups)` inside its transaction:
`transaction.on_commit` sends `{"type": "group.changed", "group": g}` to each group over
the channel layer after the commit, never before and never on rollback. Outside a
transaction it sends at once. A layer that fails (Redis down) is logged, never raised:
the pages' polling backstop covers a lost push.

Layer: `channels_redis.core.RedisChannelLayer` on REDIS_URL (every web node and the job
runner share it), else Channels' in-memory layer (one process: `make run`, tests). With
the in-memory layer a change made by another process (the job runner under `make run`)
is posted to the web server, which sends it on its own layer (`goonsite.live.relay`: off
unless `serve` gave both processes its secret).

Page side: `static/js/live.js` (loaded by base.html) opens one socket for every element
carrying `data-live` (its token) and `data-live-groups`; on a push for one of its groups
(and once after every (re)connect) it triggers the htmx event `live` on that element, so
an element with `hx-get=... hx-trigger="live"` fetches its parts. While the socket is
down it triggers `live` every `data-live-poll` seconds (default 15) and reconnects with
jittered exponential backoff (1 s doubling to 30 s).
"""

from .groups import group, user_group
from .publishing import publish, publish_on_commit
from .tokens import read_token, token_for

__all__ = [
    "group",
    "publish",
    "publish_on_commit",
    "read_token",
    "token_for",
    "user_group",
]
