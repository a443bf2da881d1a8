"""The ladder's live group (goonsite.live): every open board subscribes to `ladder.board`,
published after the commit of whatever changes the board's public part (the parts its
version, recap.board_version, follows): a noon's report, a Golden pin, an admin's action,
the season itself. The board then asks its version as its poll did, and swaps what moved."""

from __future__ import annotations

from django.db.models.signals import post_save

from goonsite.live import group, publish_on_commit

from .models import AdminAction, GoldenPlay, Season

BOARD = group("ladder", "board")


def board_changed(**_kwargs) -> None:
    publish_on_commit(BOARD)


def connect() -> None:
    # NoonReport is inserted without signals (bulk.insert_one); save_noon publishes itself.
    for model in (GoldenPlay, AdminAction, Season):
        post_save.connect(board_changed, sender=model, dispatch_uid=f"live-{model.__name__}")
