"""The Exoptosis tables' data (H7): duel requests, games and their seats.

A game is stored as the engine's input (H7.7): `setup` is the starting position at the
reveal (seed, kind, players' chips, hands and inventories) and `moves` the accepted
actions in order; `state` caches the engine's answer for the pages (the columns every
table game shares come from the kit, `goonsite.tables.models.TableGame`). Imported at
the end of `games/hall/models.py`, so Django sees these as the hall app's models; they
name the hall's other models by label, so this module imports nothing of the app's.
"""

from __future__ import annotations

from django.db import models

from goonsite.tables.models import TableGame

Cycle = "hall.Cycle"
Player = "hall.Player"


class DuelRequest(models.Model):
    """H7.4 A request naming one or more players; it forms a duel when the last accepts."""

    class Status(models.TextChoices):
        OPEN = "open"
        FORMED = "formed", "duel formed"
        DECLINED = "declined"
        WITHDRAWN = "withdrawn"
        LAPSED = "lapsed", "lapsed (24 h without every acceptance)"
        CANCELLED = "cancelled", "cancelled (a player entered another game)"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="duel_requests")
    requester = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="duels_asked")
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    created_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    game = models.OneToOneField(
        "Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="request"
    )

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["status", "expires_at"])]

    def __str__(self) -> str:
        return f"Duel request {self.pk} by {self.requester}"


class DuelInvite(models.Model):
    """One named player's answer to a duel request."""

    class Answer(models.TextChoices):
        PENDING = "pending", "not answered"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    request = models.ForeignKey(DuelRequest, on_delete=models.CASCADE, related_name="invites")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="duel_invites")
    answer = models.CharField(max_length=10, choices=Answer, default=Answer.PENDING)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["request", "player"], name="hall_one_invite_each")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.answer}"


class Game(TableGame):
    """H7 One game of Exoptosis: formed → choosing hands → (engine) betting → playing → over."""

    class Kind(models.TextChoices):
        DUEL = "duel"
        BATTLE = "battle"

    class Stage(models.TextChoices):
        CHOOSING = "choosing", "choosing hands"
        BETTING = "betting"
        PLAYING = "playing"
        OVER = "over"

    class Result(models.TextChoices):
        NONE = "", "—"
        WON = "won"
        CANCELLED = "cancelled"
        ABANDONED = "abandoned"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="games")
    kind = models.CharField(max_length=10, choices=Kind)
    phase = models.PositiveIntegerField(help_text="The phase it formed in.")
    stage = models.CharField(max_length=10, choices=Stage, default=Stage.CHOOSING)
    result = models.CharField(max_length=10, choices=Result, default="", blank=True)
    revealed_at = models.DateTimeField(null=True, blank=True)
    winner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="games_won"
    )
    stalled_since = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Since when nobody at the table has any possible play (the admin may abandon).",
    )

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["stage", "deadline"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.pk}"

    @property
    def is_open(self) -> bool:
        return self.stage != self.Stage.OVER

    @property
    def is_over(self) -> bool:
        return self.stage == self.Stage.OVER


class Seat(models.Model):
    """A participant of a game: their hand choice (private until the reveal) and cards."""

    class Status(models.TextChoices):
        CHOOSING = "choosing"
        CHOSEN = "chosen"
        DROPPED = "dropped", "dropped (did not choose in 24 h)"
        LEFT = "left", "left before the reveal"
        PLAYING = "playing"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="seats")
    status = models.CharField(max_length=10, choices=Status, default=Status.CHOOSING)
    chosen = models.JSONField(default=list, blank=True, help_text="Card ids of the hand choice.")
    cards = models.JSONField(
        default=list, blank=True, help_text="Ids of this player's cards locked in the game."
    )
    ready = models.BooleanField(default=False, help_text="H7.6 Ready to close the betting.")
    stake = models.PositiveIntegerField(
        default=0, help_text="H3.4 Chips this player has put at stake: locked until the end."
    )

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="hall_one_seat_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.player} at {self.game}"

    @property
    def seated(self) -> bool:
        return self.status not in (self.Status.DROPPED, self.Status.LEFT)


OPEN_STAGES = ("choosing", "betting", "playing")
GONE = ("dropped", "left")


def seats_in_play():
    """Seats of players who are in an unfinished game (H7.1)."""
    return Seat.objects.filter(game__stage__in=OPEN_STAGES).exclude(status__in=GONE)
