"""A player's board, kept in the cache between their changes.

The board is the public board (games.ladder.public, its own version) plus what is the
player's: votes, plays, Golden pins, hand and packs today, and the face-down counts that
every play changes. Each has a version in the cache, bumped by what changes it: any action
of the player (services.action), a play on the day (face-down counts), a deal of the
starting hand, and any save or delete of those rows (signals). The board is kept under
the versions it was read at, so a change makes the next read a fresh one.

A cache that is down fails nothing: the board is read from the database.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from django.core.cache import cache
from django.db import transaction

log = logging.getLogger(__name__)
KEEP_SECONDS = 3600


def player_key(player_id: int) -> str:
    return f"ladder:player:{player_id}:version"


def day_key(day_id: int) -> str:
    return f"ladder:day:{day_id}:plays"


def bump(*keys: str) -> None:
    """Now, so this transaction's own reads see it, and after the commit, since another
    request may have cached what was not committed yet in between."""
    _bump(keys)
    transaction.on_commit(lambda: _bump(keys))


def _bump(keys: tuple[str, ...]) -> None:
    try:
        for key in keys:
            try:
                cache.incr(key)
            except ValueError:  # no version yet (or evicted)
                cache.set(key, secrets.randbits(48), KEEP_SECONDS * 24)
    except Exception:
        log.warning("could not bump %s in the cache", keys, exc_info=True)


def bump_player(player_id: int) -> None:
    bump(player_key(player_id))


def bump_day_plays(day_id: int) -> None:
    bump(day_key(day_id))


def board_key(public_key: str, player_id: int, day_id: int) -> str | None:
    """The key of one version of everything the player's board shows; None when there is
    no public version to name it by or the cache is not answering."""
    if not public_key:
        return None
    keys = (player_key(player_id), day_key(day_id))
    try:
        versions = cache.get_many(keys)
        missing = [k for k in keys if k not in versions]
        if missing:
            _bump(tuple(missing))
            versions |= cache.get_many(missing)
    except Exception:
        log.warning("the cache is not answering; reading the board afresh", exc_info=True)
        return None
    return f"ladder:board:{public_key}:{player_id}:{versions.get(keys[0])}:{versions.get(keys[1])}"


def cached(public_key: str, player_id: int, day_id: int, read: Callable[[], object]):
    """`read()` once per version of everything the player's board shows."""
    key = board_key(public_key, player_id, day_id)
    if key is None:
        return read()
    try:
        board = cache.get(key)
    except Exception:
        log.warning("the cache is not answering; reading the board afresh", exc_info=True)
        return read()
    if board is None:
        board = read()
        cache.set(key, board, KEEP_SECONDS)
    return board
