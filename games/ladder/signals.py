"""Keep the cached public board (games.ladder.public) in step with every change to what it
shows, whoever makes it: services, the admin's forms, the shell."""

from __future__ import annotations

from django.db.models.signals import post_delete, post_save

from .models import Contestant, GameDay, LadderEntry, Season
from .public import bump


def _changed(**_kwargs) -> None:
    bump()


def connect() -> None:
    for model in (Season, LadderEntry, Contestant, GameDay):
        post_save.connect(_changed, sender=model, dispatch_uid=f"public-board-{model.__name__}")
        post_delete.connect(_changed, sender=model, dispatch_uid=f"public-board-{model.__name__}")
