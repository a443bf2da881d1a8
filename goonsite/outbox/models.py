from __future__ import annotations

from django.db import models
from django.db.models import Q


class DiscordPost(models.Model):
    """One Discord post of any game: pending → sending → sent, or failed with the reason.

    A game either stores the messages themselves (`payloads`) or names what the post is
    about (`kind`, `ref`) and makes the messages when it is sent (see goonsite.outbox.makers):
    the ladder's noon then never pays for building a long report's parts.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        SENDING = "sending"
        SENT = "sent"
        FAILED = "failed"

    game = models.CharField(max_length=40, help_text="The app label of the game posting.")
    kind = models.CharField(max_length=40, help_text="What the game posts, in its own words.")
    ref = models.CharField(
        max_length=64, blank=True, help_text="What it is about (e.g. a report's id), if anything."
    )
    summary = models.CharField(max_length=200, help_text="What an admin sees in the list.")
    payloads = models.JSONField(
        null=True, blank=True, help_text="The messages; empty when the game makes them at sending."
    )
    status = models.CharField(max_length=10, choices=Status, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True)
    message_ids = models.JSONField(
        default=list, blank=True, help_text="Discord ids of the parts sent."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "kind", "ref"],
                condition=~Q(ref=""),
                name="outbox_one_post_per_subject",
            )
        ]
        indexes = [models.Index(fields=["game", "status"], name="outbox_game_status")]

    def __str__(self) -> str:
        return f"{self.game}: {self.summary} ({self.status})"
