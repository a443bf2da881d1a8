"""The web tables of So You've Armed Yourself (A12): a table and its seats.

A table is stored as the engine's input (the kit's `TableGame`): `setup` holds the seed
and the seats as the engine names them (`goon1` … `goon6`, seating order), `moves` the
accepted human actions; the bots are played by the engine itself.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.db import models

from goonsite.audit import AuditRecord
from goonsite.tables.models import TableGame

MIN_SEATS, MAX_SEATS = 3, 6  # A1.1
MIN_TURN, MAX_TURN = dt.timedelta(seconds=15), dt.timedelta(hours=24)  # A12.3
DEFAULT_TURN_SECONDS = 60
REASONS = {
    "final_round": "the final round was played out (A10.2)",
    "store_closed": "the deck ran out twice: the store closed (A10.4)",
    "closing_time": "closing time (A10.5)",
    "abandoned": "abandoned by an admin",
}


def turn_label(seconds: int) -> str:
    """A turn time as players read it: "15 s", "2 min", "24 h"."""
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min"
    return f"{seconds // 3600} h"


class Policy(models.TextChoices):
    """A13: the bots' two policies, named as the table shows them."""

    SIMPLE = "simple", "unlicensed goon (simple)"
    SHARP = "sharp", "licensed professional (sharp)"


class ArmedTable(TableGame):
    """A12.1 One table: open for seats, then played, then over (or abandoned by an admin)."""

    class Stage(models.TextChoices):
        OPEN = "open", "taking seats"
        PLAYING = "playing"
        OVER = "over"
        ABANDONED = "abandoned"

    opener = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="armed_tables_opened"
    )
    size = models.PositiveSmallIntegerField(help_text="Seats at the table (3-6, A1.1).")
    policy = models.CharField(max_length=10, choices=Policy, default=Policy.SIMPLE)
    turn_seconds = models.PositiveIntegerField(
        default=DEFAULT_TURN_SECONDS, help_text="A12.3 How long each human decision has."
    )
    stage = models.CharField(max_length=10, choices=Stage, default=Stage.OPEN)
    created_at = models.DateTimeField()
    reason = models.CharField(max_length=20, blank=True, help_text="How the game ended (A10).")

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["stage", "deadline"])]

    def __str__(self) -> str:
        return f"Table {self.pk}"

    @property
    def is_over(self) -> bool:
        return self.stage in (self.Stage.OVER, self.Stage.ABANDONED)

    @property
    def reason_text(self) -> str:
        return REASONS.get(self.reason, self.reason or self.get_stage_display())

    @property
    def turn_label(self) -> str:
        return turn_label(self.turn_seconds)

    @property
    def turn_time(self) -> dt.timedelta:
        return dt.timedelta(seconds=self.turn_seconds)


class ArmedSeat(models.Model):
    """A12.1 A seat: a human's (until they leave, A12.5) or a bot's from the start."""

    table = models.ForeignKey(ArmedTable, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(help_text="GOON #n, seating order (A1.1).")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="armed_seats",
    )
    bot = models.BooleanField(default=False, help_text="Filled by a bot at the start.")
    left_at = models.DateTimeField(null=True, blank=True, help_text="A12.5 The human left.")
    timeouts_in_row = models.PositiveSmallIntegerField(default=0, help_text="A12.4")
    won = models.BooleanField(default=False, help_text="Among the winners at the end (A10).")
    loot = models.PositiveSmallIntegerField(default=0, help_text="Loot at the end.")
    teeth = models.PositiveSmallIntegerField(default=0, help_text="Teeth at the end.")

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="armed_one_goon_per_seat"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=models.Q(user__isnull=False),
                name="armed_one_seat_each",
            ),
        ]

    def __str__(self) -> str:
        return f"GOON #{self.position} at {self.table}"

    @property
    def engine_id(self) -> str:
        return engine_id(self.position)

    @property
    def human(self) -> bool:
        return self.user_id is not None and not self.bot

    @property
    def playing_human(self) -> bool:
        """A human still at the table (not left)."""
        return self.human and self.left_at is None


def engine_id(position: int) -> str:
    """How the engine names GOON #n: "goon3"."""
    return f"goon{position}"


def position_of(engine_seat: str) -> int:
    return int(engine_seat.removeprefix("goon"))


class ArmedAdminRecord(AuditRecord):
    """An admin's power used on the armed tables (abandoning a stuck table)."""

    class Kind(models.TextChoices):
        ABANDON = "abandon", "abandoned a table"

    class Meta:
        ordering = ["-at"]


class ArmedAfterChat(models.Model):
    """A12.6 / S54 A table-chat message posted after the game: the engine refuses chat once
    the game is over (`game_over`), so the site keeps these itself; free of bits."""

    table = models.ForeignKey(ArmedTable, on_delete=models.CASCADE, related_name="after_chat")
    seat = models.ForeignKey(ArmedSeat, on_delete=models.CASCADE, related_name="+")
    text = models.TextField(help_text="At most 1,000 code points (A12.6).")
    posted_at = models.DateTimeField()

    class Meta:
        ordering = ["table", "posted_at", "pk"]
        indexes = [models.Index(fields=["table", "posted_at"], name="armed_after_chat_by_table")]

    def __str__(self) -> str:
        return f"{self.seat}: {self.text[:40]}"
