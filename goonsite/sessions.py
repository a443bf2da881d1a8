"""Sessions read through the cache, with the keys nearly every request reads next fetched
in the same round trip.

Every request reads its session (Django's `cached_db`: the cache, the database behind it),
and every page and action of the ladder then reads its public board's version: two trips
to Redis where one does. An app names such a key once, at start-up (`read_with_session`),
with what takes the value found; this engine reads them all with the session in one
`get_many`. The floor of every request grows by a key in that read, a few microseconds;
a vote loses a round trip (`bench_actions`).

A value read here is as fresh as one read a moment later by the app itself: both come from
the start of the same request. What takes it must not replace a value its request already
read (games.ladder.public.seed_version). Keys of the default cache, read along only when
the sessions live there too (SESSION_CACHE_ALIAS, as Django sets it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.sessions.backends import cached_db
from django.contrib.sessions.backends.base import UpdateError
from django.core.cache import DEFAULT_CACHE_ALIAS
from django.db import router

_along: dict[str, Callable[[Any], None]] = {}


def read_with_session(key: str, took: Callable[[Any], None]) -> None:
    """From now on, read the cache key `key` along with every session this process loads,
    and pass what was found there to `took` (None when nothing was). At start-up: an
    app's `ready`."""
    _along[key] = took


class SessionStore(cached_db.SessionStore):
    def load(self):
        if not _along or settings.SESSION_CACHE_ALIAS != DEFAULT_CACHE_ALIAS:
            return super().load()
        try:
            found = self._cache.get_many([self.cache_key, *_along])
        except Exception:
            return super().load()  # Django's path: a cache that fails reads the database
        for key, took in _along.items():
            took(found.get(key))
        data = found.get(self.cache_key)
        # Not in the cache (new, expired or flushed): Django's own path, which asks the
        # cache once more, finds it in the database and keeps it in the cache again.
        return super().load() if data is None else data

    def save(self, must_create=False):
        """A session changed: Django's `db` engine updates its row inside BEGIN and COMMIT,
        three trips where the one UPDATE, atomic on its own, is one; then the cache, as
        Django's `cached_db` does. A new session (`must_create`) goes Django's way."""
        if must_create or self.session_key is None:
            return super().save(must_create)
        data = self._get_session()
        updated = (
            self.model.objects.using(router.db_for_write(self.model))
            .filter(session_key=self.session_key)
            .update(session_data=self.encode(data), expire_date=self.get_expiry_date())
        )
        if not updated:  # gone meanwhile (a logout in another tab): as Django says it
            raise UpdateError
        try:
            self._cache.set(self.cache_key, self._session, self.get_expiry_age())
        except Exception:
            cached_db.logger.exception("Error saving to cache (%s)", self._cache)
