"""The part of the board that is the same for every player: the season, the open day, the
ladder in rank order and why a contestant takes no votes. It changes only at noon, with a
Golden pin or by an admin, so it is read from the database once per change and kept in the
cache under a version key; every such change bumps the version (`bump`).

Never stale for long by mistake: the key also names the noon the clock is in, so when noon
comes the board reads afresh (and sees noon being counted), and the noon itself bumps the
version when it commits.

Each web process also keeps the last few versions it used, by key: a key names one version
for good, so the copy can't go stale, and a board then costs one small cache read instead
of unpickling the whole ladder (twice, on most pages). Shared between requests and
threads, so it is read-only: nothing may change the season, day or entries it holds.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from dataclasses import dataclass, replace

from django.core.cache import cache
from django.db import transaction

from goonsite.cache import bump_versions
from goonsite.kept import KeptInProcess

from .clock import noon_date_for
from .engine import Contestant
from .engine.ladder import ladder_order
from .engine.rules import vote_refusal
from .models import GameDay, LadderEntry, Season
from .selectors import active_season, as_engine_contestant

log = logging.getLogger(__name__)
VERSION_KEY = "ladder:public:version"
KEEP_SECONDS = 24 * 3600
KEPT_IN_PROCESS = 4  # the current version, and a few a slow request may still be showing


@dataclass(frozen=True)
class RankedEntry:
    entry: LadderEntry
    contestant: Contestant  # the engine's view, for the per-card play checks
    rank: int
    cannot_vote: str | None  # the public reason, e.g. locked at the top


@dataclass(frozen=True)
class PublicBoard:
    season: Season
    day: GameDay  # the open day: the one the next noon closes
    counting: bool  # noon has come and its job has not finished
    ranked: tuple[RankedEntry, ...]
    key: str = ""  # its cache key: names this version of the public board


def bump() -> None:
    """The public board changed: every board reads it afresh. Bumped at once, so this
    transaction's own reads see the change, and again after the commit, since a board read
    by another request in between cached what was not committed yet."""
    _bump()
    transaction.on_commit(_bump)


def _bump() -> None:
    # A cache that is down must not fail the game's writes: the boards read the database
    # meanwhile (public_board), and the key names the noon, so nothing outlives the day.
    forget_version()
    try:
        bump_versions(cache, [VERSION_KEY], None)
    except Exception:
        log.warning("could not bump the public board's version in the cache", exc_info=True)


# The version a request read, read once per request: a request shows one version of the
# public board however many parts ask for it. Only while a request runs (request_started
# and request_finished set and drop it), and forgotten at once by a bump in its thread.
_this_request = threading.local()


def remember_version_in_request(**_kwargs) -> None:
    _this_request.memo = {}


def stop_remembering(**_kwargs) -> None:
    _this_request.memo = None


def forget_version() -> None:
    memo = getattr(_this_request, "memo", None)
    if memo:
        memo.clear()


def seed_version(version) -> None:
    """The version read with this request's session (goonsite.sessions, in the same round
    trip): this request's, unless it has read one already."""
    memo = getattr(_this_request, "memo", None)
    if memo is not None and version is not None and "version" not in memo:
        memo["version"] = version


def read_version_again(*others: str) -> dict[str, object]:
    """Forget the version this request read and read it again, with the cache keys
    `others` in the same round trip (an action's answer reads the public board and its
    day's plays version after its commit). Returns what was found of `others`."""
    forget_version()
    try:
        found = cache.get_many([VERSION_KEY, *others])
    except Exception:
        log.warning("the cache is not answering", exc_info=True)
        return {}
    return version_read(found)


def version_read(found: dict[str, object]) -> dict[str, object]:
    """Take the version this request shows from `found`, keys just read that include
    VERSION_KEY unless it is missing (read_version_again, or with an action's bumps after
    its commit: board_cache.ReadAfterCommit). Returns the others."""
    found = dict(found)
    version = found.pop(VERSION_KEY, None)
    memo = getattr(_this_request, "memo", None)
    if memo is not None:
        memo.clear()
        if version is not None:
            memo["version"] = version
    return found


def _version() -> int:
    memo = getattr(_this_request, "memo", None)
    if memo and "version" in memo:
        return memo["version"]
    version = cache.get(VERSION_KEY)
    if version is None:
        _bump()
        version = cache.get(VERSION_KEY)
    if memo is not None:
        memo["version"] = version
    return version


def public_board(now: dt.datetime) -> PublicBoard | None:
    try:
        version = _version()
        key = f"ladder:public:{version}:{noon_date_for(now).isoformat()}"
        board = _in_process.get(key)
        if board is None:
            board = cache.get(key)
    except Exception:
        log.warning(
            "the cache is not answering; reading the board from the database", exc_info=True
        )
        return _read(now) or None
    if board is None:
        board = _read(now)
        if board:
            board = replace(board, key=key)
        cache.set(key, board, KEEP_SECONDS)
    _in_process.keep(key, board)
    return board or None


_in_process = KeptInProcess(KEPT_IN_PROCESS)


def _read(now: dt.datetime) -> PublicBoard | bool:
    from .services.days import noon_is_due, open_day

    season = active_season()
    if season is None:
        return False  # cached too: "no season" is as public as the ladder
    entries = LadderEntry.objects.filter(season=season, on_ladder=True).select_related("contestant")
    by_id = {str(e.pk): e for e in entries}
    ranked = []
    for rank, c in enumerate(ladder_order(as_engine_contestant(e) for e in by_id.values()), 1):
        entry = by_id[c.id]
        reason = vote_refusal(c)
        ranked.append(RankedEntry(entry, c, rank, f"{entry} {reason}" if reason else None))
    return PublicBoard(
        season=season,
        day=open_day(season, now),
        counting=noon_is_due(season, now),
        ranked=tuple(ranked),
    )
