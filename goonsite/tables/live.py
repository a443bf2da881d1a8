"""A table's live group: every page showing the table subscribes to it, and every change
to the game row publishes it after the commit (goonsite.live), whatever the game."""

from __future__ import annotations

from django.db.models import Model

from goonsite.live import group, publish_on_commit

# Typed as any model, not TableGame: models.py calls in here (no import cycle).


def table_group(game: Model) -> str:
    """`table.<app>.<model>.<pk>`, e.g. "table.hall.game.42"."""
    meta = game._meta
    return group("table", meta.app_label, meta.model_name, game.pk)


def table_changed(game: Model) -> None:
    """The table's pages refresh once this transaction commits (never if it rolls back)."""
    publish_on_commit(game.live_group)
