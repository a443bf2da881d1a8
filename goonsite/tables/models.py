"""The columns every table game stores, whatever the game (abstract: each game has its own
table, seats and stages)."""

from __future__ import annotations

from django.db import models

from .seeds import draw_seed, seed_hash


class TableGame(models.Model):
    """One game at a table, stored as the engine's input so it can always be replayed.

    `setup` is the engine's input at the start (seed, seats, anything dealt), `moves` the
    accepted actions in order; `state` caches the engine's answer for the pages and
    `version` is bumped on every change (the poll compares it). `deadline` is when the
    site acts for the awaited seat; `settled_at` claims the end exactly once.
    """

    seed = models.BigIntegerField(
        help_text="Secret until the game ends; its SHA-256 is shown from the start."
    )
    seed_hash = models.CharField(max_length=64)
    formed_at = models.DateTimeField()
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    awaited_since = models.DateTimeField(
        null=True, blank=True, help_text="When the current decision or window began."
    )
    deadline = models.DateTimeField(
        null=True, blank=True, help_text="When the site acts for the awaited seat (the job)."
    )
    setup = models.JSONField(
        default=dict, blank=True, help_text="The engine's input at the start (seed, seats, deal)."
    )
    moves = models.JSONField(default=list, blank=True, help_text="Accepted actions, in order.")
    state = models.JSONField(default=dict, blank=True, help_text="The engine's last answer.")
    version = models.PositiveIntegerField(default=0, help_text="Bumped on every change.")
    settled_at = models.DateTimeField(
        null=True, blank=True, help_text="The exactly-once claim of the game's end (payouts)."
    )

    class Meta:
        abstract = True

    def save(self, *args, **kwargs) -> None:
        super().save(*args, **kwargs)
        # Every change to a table reaches its open pages after the commit (issue 22): the
        # kit's turns and deadlines, and a game's own moves that save the row.
        from .live import table_changed  # the module imports this one

        table_changed(self)

    @property
    def live_group(self) -> str:
        """The group its pages subscribe to (`{% live_attrs game %}`)."""
        from .live import table_group

        return table_group(self)

    def draw_seed(self) -> None:
        """A new game's seed; only its hash is shown until the end."""
        self.seed = draw_seed()
        self.seed_hash = seed_hash(self.seed)

    @property
    def is_over(self) -> bool:
        return self.ended_at is not None

    @property
    def revealed_seed(self) -> int | None:
        """The seed, once the game has ended; None while it runs."""
        return self.seed if self.is_over else None

    def engine_input(self, moves: list[dict] | None = None) -> dict:
        """What the engine is run on: the setup and these actions (default: the stored ones)."""
        return {**self.setup, "actions": self.moves if moves is None else moves}
