"""Keep the cached boards (games.ladder.public, board_cache) in step with changes to what
they show made outside the services too: the admin's forms, the shell."""

from __future__ import annotations

from django.core.signals import request_finished, request_started
from django.db.models.signals import post_delete, post_save

from goonsite.sessions import read_with_session

from . import board_cache, public
from .models import (
    Contestant,
    GameDay,
    GoldenPlay,
    HeldCard,
    LadderEntry,
    Play,
    PlayerSeason,
    SealedItem,
    Season,
    Vote,
)
from .public import bump


def _changed(**_kwargs) -> None:
    bump()


def _player_changed(instance, **_kwargs) -> None:
    board_cache.bump_player(instance.pk)


def _owner_changed(instance, **_kwargs) -> None:
    board_cache.bump_player(instance.owner_id)


def _own_row_changed(instance, **_kwargs) -> None:
    # Only its player's board shows a vote or a pin's line in "your day": everyone
    # else's stays cached, whole (a pin changes the ladder through the public board).
    board_cache.bump_player(instance.player_id)


def _play_changed(instance, **_kwargs) -> None:
    board_cache.bump_play(instance.player_id, instance.day_id)


def connect() -> None:
    request_started.connect(public.remember_version_in_request, dispatch_uid="ladder-public")
    request_finished.connect(public.stop_remembering, dispatch_uid="ladder-public")
    read_with_session(public.VERSION_KEY, public.seed_version)
    for model in (Season, LadderEntry, Contestant, GameDay):
        uid = f"board-cache-{model.__name__}"
        post_save.connect(_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_changed, sender=model, dispatch_uid=uid)
    # The player's rows: saves only. A delete receiver would make Django delete these
    # (hundreds of thousands of rows in a season) one by one to send it; their deletes
    # happen in actions and noon, which bump the versions themselves.
    saves = [(PlayerSeason, _player_changed), (HeldCard, _owner_changed)]
    saves += [(SealedItem, _owner_changed), (Play, _play_changed), (Vote, _own_row_changed)]
    saves += [(GoldenPlay, _own_row_changed)]
    for model, receiver in saves:
        post_save.connect(receiver, sender=model, dispatch_uid=f"board-cache-{model.__name__}")
