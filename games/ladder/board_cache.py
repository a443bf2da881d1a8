"""A player's board, kept in the cache between their changes, and the face-down counts.

The board is the public board (games.ladder.public, its own version), the player's own
part (votes, plays, Golden pins, hand and packs today, the recap) and the face-down counts
of the day, which every player sees alike. The own part is kept under the player's
version, bumped by whatever changes it: any action of the player (services.action), a
deal of the starting hand, and any save of those rows (signals). The counts are one small
fragment kept under the day's plays version, bumped by a play on the day: a vote changes
no one's board but its player's, and another player's card changes only the counts.
Each is kept under the versions it was read at, so a change makes the next read a fresh one.

An action answers from the board it changed: the own part as it was before, patched with
what the action wrote, is kept under the version the action's commit made, but only when
no one else bumped that version in between (`carry_forward`), so a patched board can never
hide another change.

A cache that is down fails nothing: the board is read from the database.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from django.core.cache import cache
from django.db import transaction

from goonsite.cache import bump_and_read, bump_versions, current_versions, read_versioned

log = logging.getLogger(__name__)
KEEP_SECONDS = 3600
VERSION_SECONDS = KEEP_SECONDS * 24
_recording = threading.local()


def player_key(player_id: int) -> str:
    return f"ladder:player:{player_id}:version"


def day_key(day_id: int) -> str:
    return f"ladder:day:{day_id}:plays"


def bump(*keys: str) -> None:
    """After the commit, since another request may have kept what was not committed yet
    until then; and at once as well, so this transaction's own reads see the change, unless
    the transaction is an action's that reads nothing of the board after its writes
    (`recording_bumps(at_commit_only=True)`). Outside a transaction the write is committed
    already, and the bump after the commit is the only one (a trip fewer)."""
    bumps = getattr(_recording, "bumps", None)
    if bumps is not None:
        for key in keys:
            bumps.setdefault(key, [])  # asked for: its value comes with the bump
    in_transaction = transaction.get_connection().in_atomic_block
    if in_transaction and not getattr(_recording, "at_commit_only", False):
        _bump(keys)
    transaction.on_commit(lambda: _bump(keys, committed=True))


def _bump(keys: tuple[str, ...], *, committed: bool = False) -> None:
    reading = getattr(_recording, "read_after_commit", None) if committed else None
    try:
        if reading is None:
            values = bump_versions(cache, keys, VERSION_SECONDS)
        else:
            # The last bump of the commit reads last: after all of them.
            values, reading.found = bump_and_read(cache, keys, VERSION_SECONDS, reading.keys)
    except Exception:
        log.warning("could not bump %s in the cache", keys, exc_info=True)
        values = dict.fromkeys(keys)  # unknown: no patched board may follow it
        if reading is not None:
            reading.found = None  # nor a reading before it
    bumps = getattr(_recording, "bumps", None)
    if bumps is not None:
        for key, value in values.items():
            bumps.setdefault(key, []).append(value)


class ReadAfterCommit:
    """Cache keys read in the same trip as the bumps after a commit (`recording_bumps`):
    `found` is what was under them then (a missing key left out), None until read."""

    def __init__(self, *keys: str) -> None:
        self.keys = keys
        self.found: dict[str, Any] | None = None


@contextmanager
def recording_bumps(
    *, at_commit_only: bool = False, read_after_commit: ReadAfterCommit | None = None
) -> Iterator[dict[str, list[int | None]]]:
    """Every version this thread bumps meanwhile, with the value each bump returned (none
    yet for one that waits for the commit).

    `at_commit_only`: the caller's transaction is the outermost and reads nothing of the
    board after its writes, so its bumps wait for the commit alone (one trip to Redis
    saved on every action). Not inside another transaction, a test's say, whose later
    reads must see them.

    `read_after_commit`: keys to read with the bumps after a commit meanwhile, filled in
    then (an action's answer shows the public board and the day's plays as they are after
    its commit, and needs no trip of its own to read their versions)."""
    outer = (
        getattr(_recording, "bumps", None),
        getattr(_recording, "at_commit_only", False),
        getattr(_recording, "read_after_commit", None),
    )
    _recording.bumps = bumps = {}
    _recording.at_commit_only = at_commit_only
    if read_after_commit is not None:
        _recording.read_after_commit = read_after_commit
    try:
        yield bumps
    finally:
        _recording.bumps, _recording.at_commit_only, _recording.read_after_commit = outer
        if outer[0] is not None:
            for key, values in bumps.items():
                outer[0].setdefault(key, []).extend(values)


def bump_player(player_id: int) -> None:
    bump(player_key(player_id))


def bump_day_plays(day_id: int) -> None:
    bump(day_key(day_id))


def bump_play(player_id: int, day_id: int) -> None:
    """A card played face down: its player's board and the day's face-down counts that
    everyone sees, in one round trip."""
    bump(player_key(player_id), day_key(day_id))


def _versions(*keys: str) -> dict[str, int] | None:
    """The current value of each version key, started if missing; None when the cache is
    not answering."""
    try:
        versions, _ = current_versions(cache, keys, VERSION_SECONDS)
    except Exception:
        log.warning("the cache is not answering; reading the board afresh", exc_info=True)
        return None
    return versions


class KeptPage(NamedTuple):
    """A player's whole page as kept now (`kept_page`), or where to keep it."""

    page_key: str  # names one version of everything the page shows but the counts
    page: Any  # the page kept under it, or None
    counts_key: str  # where the day's face-down counts are kept at their current version
    counts: dict[int, int] | None  # kept there, or None


def kept_page(public_key: str, player_id: int, day_id: int, shown: str) -> KeptPage | None:
    """The player's whole page as it is now, for what else it shows (`shown`, a digest):
    kept under the player's version without the face-down counts, which every play changes
    for everyone and which are filled in when it is served (games.ladder.face_down); both
    versions and what is kept under them in one round trip, the commonest page's. None
    when there is no public version to name it by or the cache is not answering."""
    if not public_key:
        return None
    keys = (player_key(player_id), day_key(day_id))
    heads = (f"ladder:page:{public_key}:{player_id}:{shown}:", _counts_key(day_id, ""))
    try:
        versions, kept = read_versioned(cache, keys, heads, VERSION_SECONDS)
    except Exception:
        log.warning("the cache is not answering; the page is drawn afresh", exc_info=True)
        return None
    page_key = f"{heads[0]}{versions[keys[0]]}"
    counts_key = _counts_key(day_id, versions[keys[1]])
    return KeptPage(page_key, kept.get(page_key), counts_key, kept.get(counts_key))


def _own_key(public_key: str, player_id: int, version: int | str) -> str:
    return f"ladder:own:{public_key}:{player_id}:{version}"


def _counts_key(day_id: int, version: int | str) -> str:
    return f"ladder:facedown:{day_id}:{version}"


class Snapshot(NamedTuple):
    """The player's versions and what was kept under them, read before an action."""

    public_key: str
    player_id: int
    day_id: int
    player_version: int
    day_version: int
    own: Any  # the cached own part, or None
    counts: dict[int, int] | None


def _read_through(key: str | None, read: Callable[[], Any]) -> Any:
    if key is None:
        return read()
    try:
        value = cache.get(key)
    except Exception:
        log.warning("the cache is not answering; reading the board afresh", exc_info=True)
        return read()
    if value is None:
        value = read()
        try:
            cache.set(key, value, KEEP_SECONDS)
        except Exception:
            log.warning("the cache is not answering; the board was not kept", exc_info=True)
    return value


def snapshot(public_key: str, player_id: int, day_id: int) -> Snapshot | None:
    """What is kept now for this player's board (None when the cache is not answering):
    the versions and what is kept under them, in one round trip."""
    if not public_key:
        return None
    keys = (player_key(player_id), day_key(day_id))
    heads = (_own_key(public_key, player_id, ""), _counts_key(day_id, ""))
    try:
        versions, kept = read_versioned(cache, keys, heads, VERSION_SECONDS)
    except Exception:
        log.warning("the cache is not answering; reading the board afresh", exc_info=True)
        return None
    mine, day = versions[keys[0]], versions[keys[1]]
    return Snapshot(
        public_key,
        player_id,
        day_id,
        mine,
        day,
        kept.get(_own_key(public_key, player_id, mine)),
        kept.get(_counts_key(day_id, day)),
    )


def own_part(public_key: str, player_id: int, read: Callable[[], Any]) -> Any:
    """The player's own part of the board, `read()` once per version of it."""
    if not public_key:
        return read()
    versions = _versions(player_key(player_id))
    key = (
        None
        if versions is None
        else _own_key(public_key, player_id, versions[player_key(player_id)])
    )
    return _read_through(key, read)


def own_and_counts(
    public_key: str,
    player_id: int,
    day_id: int,
    read_own: Callable[[], Any],
    read_counts: Callable[[], dict[int, int]],
) -> tuple[Any, dict[int, int]]:
    """`own_part` and `face_down` together: both versions and what is kept under them in
    one round trip (`snapshot`), where reading them one by one took four; each missing
    part read once and kept under the version read."""
    snap = snapshot(public_key, player_id, day_id)
    if snap is None:  # no public key, or the cache is not answering
        return (
            own_part(public_key, player_id, read_own),
            face_down(day_id, read_counts),
        )
    own, counts = snap.own, snap.counts
    if own is None:
        own = _read_through(_own_key(public_key, player_id, snap.player_version), read_own)
    if counts is None:
        counts = _read_through(_counts_key(day_id, snap.day_version), read_counts)
    return own, counts


def new_player_version(player_id: int, bumps: dict[str, list[int | None]]) -> int | None:
    """The version under which the own part of a player this request has just made may be
    kept, built without reading it (board.new_player_board): the version their making
    left, when every bump of it so far was this thread's, in one unbroken run. Until the
    commit nobody else can name the player, and anyone who bumped between the commit and
    its after-commit bump broke the run (then None, and the next view reads afresh).

    The run proves this only where a bump is atomic (Redis: `INCR`); the database cache of
    `make run` increments by a read and a write, where two bumps at once could hide each
    other, as for `carry_forward`."""
    mine = bumps.get(player_key(player_id), [])
    if not mine or None in mine or mine[-1] != mine[0] + len(mine) - 1:
        return None
    return mine[-1]


def keep_new_player(public_key: str, player_id: int, version: int, own: Any) -> bool:
    """Keep that own part under `version` (see new_player_version); the caller has a
    public key to name it by."""
    try:
        cache.set(_own_key(public_key, player_id, version), own, KEEP_SECONDS)
    except Exception:
        log.warning("the cache is not answering; the board was not kept", exc_info=True)
        return False
    return True


def face_down(
    day_id: int,
    read: Callable[[], dict[int, int]],
    *,
    key: str | None = None,
    snap: Snapshot | None = None,
    versions: dict[str, Any] | None = None,
) -> dict[int, int]:
    """The day's face-down counts by entry id, `read()` once per version of the day's plays
    (`key`: where they are kept at the current version, when the caller knows it; `snap`:
    what an action read before it, used as it is while the version has not moved;
    `versions`: version keys the caller has just read, the day's among them or not)."""
    if key is None:
        version = (versions or {}).get(day_key(day_id))
        if version is None:
            found = _versions(day_key(day_id))
            if found is None:
                return read()
            version = found[day_key(day_id)]
        if (
            snap
            and snap.day_id == day_id
            and snap.day_version == version
            and snap.counts is not None
        ):
            return snap.counts
        key = _counts_key(day_id, version)
    return _read_through(key, read)


def _moved_only_by_us(before: int, bumps: list[int | None]) -> int | None:
    """The version after our own bumps, if nobody else's came between them; else None.

    Each bump adds one, atomically, and returns the new value: when ours were the only
    ones since `before` was read, the last returns `before` plus their number."""
    if not bumps or any(b is None for b in bumps) or bumps[-1] != before + len(bumps):
        return None
    return bumps[-1]


def carry_forward(
    snap: Snapshot | None,
    bumps: dict[str, list[int | None]],
    patch_own: Callable[[Any], Any],
    patch_counts: Callable[[dict[int, int]], dict[int, int]] | None = None,
) -> tuple[Any, dict[int, int] | None]:
    """The own part and face-down counts of `snap`, patched with what this thread's action
    wrote, kept under the versions the action made; None for either not kept.

    Each is patched and kept only when the action's bumps of its version were the only
    ones since `snap` was read: then it is exactly what a fresh read would find. One not
    kept (anything else moved its version, nothing was kept before, or the cache is not
    answering) is read afresh."""
    if snap is None:
        return None, None
    kept = {}
    own = counts = None
    mine = _moved_only_by_us(snap.player_version, bumps.get(player_key(snap.player_id), []))
    if mine is not None and snap.own is not None:
        try:
            own = patch_own(snap.own)
        except LookupError:  # the kept board lacks what the action changed: read afresh
            log.warning("could not patch the kept board of player %s", snap.player_id)
        else:
            kept[_own_key(snap.public_key, snap.player_id, mine)] = own
    day = _moved_only_by_us(snap.day_version, bumps.get(day_key(snap.day_id), []))
    if patch_counts is not None and day is not None and snap.counts is not None:
        counts = patch_counts(snap.counts)
        kept[_counts_key(snap.day_id, day)] = counts
    if not kept:
        return None, None
    try:
        cache.set_many(kept, KEEP_SECONDS)
    except Exception:
        log.warning("the cache is not answering; the board was not kept", exc_info=True)
        return None, None
    return own, counts
