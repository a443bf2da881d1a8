"""The Gooner Ladder's data. Game rules live in the engine and the services, not here."""

from __future__ import annotations

import hashlib
from enum import StrEnum

from django.conf import settings
from django.db import models
from django.db.models import Q

from goonsite.audit import AuditRecord
from goonsite.fields import WholeJSONField
from goonsite.lean_pickle import LeanPickle

from .engine import CATALOGUE, PACKS, STATE_FIELDS, Direction, Outcome


def seed_sha256(seed: int) -> str:
    """SHA-256 of the seed written in decimal: `printf %s SEED | sha256sum` checks it."""
    return hashlib.sha256(str(seed).encode()).hexdigest()


CARD_CHOICES = [(c.id.value, c.name) for c in CATALOGUE.values()]
ITEM_CHOICES = CARD_CHOICES + [(p.id.value, p.name) for p in PACKS.values()]


class Season(LeanPickle, models.Model):
    name = models.CharField(max_length=80, unique=True)
    starts_on = models.DateField()
    ends_on = models.DateField(null=True, blank=True)
    last_noon = models.DateField(
        null=True,
        blank=True,
        help_text="Set when an admin ends the season: that noon resolves as usual, then the "
        "season freezes (R2.1).",
    )
    is_active = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_on", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_active"],
                condition=Q(is_active=True),
                name="one_active_season",
                violation_error_message="Only one season can be active: end the active one first.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Contestant(LeanPickle, models.Model):
    """Someone on the roster; their place on each season's ladder is a LadderEntry."""

    name = models.CharField(max_length=80, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


# What noon changes on a ladder entry (and nothing else may, but an admin unlock): the
# engine's list, which names these columns.
LADDER_STATE = STATE_FIELDS


def enum_choices(enum: type[StrEnum]) -> list[tuple[str, str]]:
    """Model choices from one of the engine's enums, so the two can't drift apart."""
    return [(member.value, member.value.replace("_", " ").capitalize()) for member in enum]


class LadderEntry(LeanPickle, models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="entries")
    contestant = models.ForeignKey(Contestant, on_delete=models.PROTECT, related_name="entries")
    joined = models.PositiveIntegerField(help_text="Roster order: earlier joins win ties (R4.1).")
    score = models.IntegerField(default=0)
    upvotes = models.PositiveIntegerField(default=0)
    downvotes = models.PositiveIntegerField(default=0)
    trophies = models.PositiveIntegerField(default=0, help_text="Mini Gooner trophies.")
    wins = models.PositiveIntegerField(default=0, help_text="Wednesday top-3 trophies.")
    locked = models.PositiveIntegerField(default=0, help_text="0 = not locked; n = nth locked.")
    golden = models.PositiveIntegerField(default=0, help_text="0 = not Golden; n = nth this week.")
    silent_days = models.PositiveIntegerField(default=0)
    smelly = models.BooleanField(default=False)
    on_ladder = models.BooleanField(default=True)

    class Meta:
        verbose_name_plural = "ladder entries"
        ordering = ["season", "joined"]
        constraints = [
            models.UniqueConstraint(fields=["season", "contestant"], name="one_entry_per_season"),
            models.UniqueConstraint(fields=["season", "joined"], name="unique_roster_order"),
        ]

    def __str__(self) -> str:
        return self.contestant.name

    @property
    def id_str(self) -> str:
        return str(self.pk)


class PlayerSeason(LeanPickle, models.Model):
    """A gooner's state in one season."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seasons"
    )
    season_votes = models.PositiveIntegerField(default=0)
    votes_per_day = models.PositiveSmallIntegerField(default=3)
    golden_holder = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_player_per_season")
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"


class GameDay(LeanPickle, models.Model):
    """One day, closed by the noon of `noon_on` (R1.1)."""

    class Status(models.TextChoices):
        OPEN = "open"
        RESOLVED = "resolved"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="days")
    noon_on = models.DateField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    seed = models.BigIntegerField()
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolve_seconds = models.FloatField(
        null=True, blank=True, help_text="How long its noon took (load, engine, save)."
    )

    class Meta:
        ordering = ["season", "noon_on"]
        # Seeing the day's face-down cards and who played them before noon is its own
        # power, not something every staff user has.
        permissions = [("preview_noon", "Can see the noon preview (face-down cards, before noon)")]
        constraints = [
            models.UniqueConstraint(fields=["season", "noon_on"], name="one_day_per_date")
        ]

    def __str__(self) -> str:
        return f"{self.season} · noon of {self.noon_on:%a %b %d, %Y}"

    @property
    def seed_sha256(self) -> str:
        """The day's commitment to its seed, public from the moment the day opens."""
        return seed_sha256(self.seed)


class Vote(LeanPickle, models.Model):
    day = models.ForeignKey(GameDay, on_delete=models.CASCADE, related_name="votes")
    player = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="votes")
    entry = models.ForeignKey(LadderEntry, on_delete=models.CASCADE, related_name="votes")
    direction = models.CharField(max_length=4, choices=enum_choices(Direction))
    points = models.PositiveSmallIntegerField()
    position = models.PositiveSmallIntegerField(help_text="1 for the day's first vote, …")
    cast_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["day", "player", "entry"], name="one_vote_per_contestant"
            ),
            models.UniqueConstraint(fields=["day", "player", "position"], name="one_vote_per_slot"),
        ]

    def __str__(self) -> str:
        return f"{self.direction} {self.points} on {self.entry}"

    @property
    def landed(self) -> int | None:
        """Signed points as the vote landed at noon if not as cast, else None (read with
        `select_related("landing")` to save a query per vote)."""
        try:
            return self.landing.landed
        except VoteLanding.DoesNotExist:
            return None


class VoteLanding(models.Model):
    """A vote that landed otherwise than cast (skipped, flipped, boosted, or on a contestant
    that took no votes); on a resolved day, a vote without one landed as cast.

    Noon adds these as new rows rather than rewriting a column of the votes: at 100,000
    players a third of 300,000 votes land otherwise, and rewriting them in place took
    0.5-0.8 s of the noon's transaction where adding them takes about 0.15 s (bench_noon).
    Unchecked by the database for the same reason as HeldCard.owner: a foreign key would
    lock each vote as its landing is added; the vote's deletion still removes it (Django
    collects it) and only noon writes it, for votes it has just read under the day's lock."""

    vote = models.OneToOneField(
        Vote,
        primary_key=True,
        on_delete=models.CASCADE,
        db_constraint=False,
        related_name="landing",
    )
    landed = models.SmallIntegerField(help_text="Signed points as the vote landed at noon.")

    def __str__(self) -> str:
        return f"vote {self.vote_id} landed {self.landed:+d}"


class Play(LeanPickle, models.Model):
    """A card played face down, waiting for noon; its outcome is filled in at noon."""

    day = models.ForeignKey(GameDay, on_delete=models.CASCADE, related_name="plays")
    player = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="plays")
    card = models.CharField(max_length=20, choices=CARD_CHOICES)
    target = models.ForeignKey(
        LadderEntry, null=True, blank=True, on_delete=models.CASCADE, related_name="plays"
    )
    played_at = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=10, choices=enum_choices(Outcome), blank=True)
    # The play that blocked or cancelled this one. Noon writes it on most plays of the
    # day, in the same UPDATE that gives every play its outcome, so it has no index and
    # no constraint in the database: either made that UPDATE rewrite each play elsewhere
    # and touch every index (no heap-only update), plus a look-up per play at COMMIT;
    # 2 s of a 100,000-play noon. Django still clears it when the blocking play is
    # deleted (with its season or player: rare, and one scan of the table).
    by = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        db_index=False,
        db_constraint=False,
    )
    reason = models.CharField(max_length=60, blank=True)
    effect = WholeJSONField(
        null=True, blank=True, help_text="What it did in numbers (the engine's Effect)."
    )

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.card} on {self.target or 'a random contestant'}"


class GoldenPlay(LeanPickle, models.Model):
    """A Golden Gooner, which acts the moment it is played (R6.9)."""

    day = models.ForeignKey(GameDay, on_delete=models.CASCADE, related_name="golden_plays")
    player = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="golden_plays")
    target = models.ForeignKey(LadderEntry, on_delete=models.CASCADE, related_name="golden_plays")
    played_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"Golden Gooner on {self.target}"


class Source(models.TextChoices):
    """Why a card or a sealed item came or went: the ledger's vocabulary."""

    STARTING_HAND = "starting_hand", "starting hand"
    PACK_OPENED = "pack_opened", "pack opened"
    DRAW = "draw", "noon draw"
    MILESTONE = "milestone", "vote milestone"
    CODE = "code", "code"
    GOLDEN = "golden", "Golden Gooner refresh"
    PLAYED = "played", "played"
    TRIMMED = "trimmed", "hand limit"
    ADMIN = "admin", "dealt by an admin"


class HeldCard(LeanPickle, models.Model):
    """One loose card in a hand. Playing or trimming deletes it; the ledger remembers."""

    # The (owner, card) index below serves every look-up by owner: a second index on the
    # owner alone only slowed noon's deal of a card to every player. Like the ledger's, the
    # reference has no constraint in the database: every service that adds a card holds
    # its owner's row locked (so does noon, for all of them), and PostgreSQL's check of
    # each row at COMMIT cost 0.45 s of a 100,000-player noon, which deals a card to
    # nearly everyone. Django still deletes a player's cards with the player.
    owner = models.ForeignKey(
        PlayerSeason,
        on_delete=models.CASCADE,
        related_name="cards",
        db_index=False,
        db_constraint=False,
    )
    card = models.CharField(max_length=20, choices=CARD_CHOICES)
    source = models.CharField(max_length=20, choices=Source)
    acquired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["owner", "card"])]

    def __str__(self) -> str:
        return self.get_card_display()


class SealedItem(LeanPickle, models.Model):
    """A pack, or a single card in its own wrapper, waiting on top of the hand (R5.4, R7.4)."""

    class Kind(models.TextChoices):
        BOOSTER_PACK = "booster_pack", "Booster Pack"
        GOD_PACK = "god_pack", "God Pack"
        CARD = "card", "Sealed card"

    owner = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="sealed")
    kind = models.CharField(max_length=20, choices=Kind)
    card = models.CharField(max_length=20, choices=CARD_CHOICES, blank=True)
    source = models.CharField(max_length=20, choices=Source)
    created_at = models.DateTimeField(auto_now_add=True)
    opened_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner"],
                condition=Q(source="starting_hand"),
                name="one_starting_hand",
            )
        ]

    def __str__(self) -> str:
        return self.get_kind_display()


class CodeDrop(models.Model):
    class Reward(models.TextChoices):
        BOOSTER_PACK = "booster_pack", "Booster Pack"
        CARD = "card", "A named card"
        RANDOM_CARD = "random_card", "A random card"
        MINI_GOONER = "mini_gooner", "Mini Gooner"
        GOD_PACK = "god_pack", "God Pack"
        RANDOM = "random", "Random among the four"

    name = models.CharField(max_length=80)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="code_drops")
    reward = models.CharField(max_length=20, choices=Reward)
    card = models.CharField(max_length=20, choices=CARD_CHOICES, blank=True)
    one_per_person = models.BooleanField(default=False)
    expires_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        permissions = [("export_codes", "Can export a drop's codes as CSV")]

    def __str__(self) -> str:
        return self.name


class Code(models.Model):
    drop = models.ForeignKey(CodeDrop, on_delete=models.CASCADE, related_name="codes")
    code = models.CharField(max_length=14, unique=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.code


class Redemption(models.Model):
    code = models.OneToOneField(Code, on_delete=models.CASCADE, related_name="redemption")
    drop = models.ForeignKey(CodeDrop, on_delete=models.CASCADE, related_name="redemptions")
    one_per_person = models.BooleanField()
    player = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="redemptions")
    day = models.ForeignKey(GameDay, on_delete=models.CASCADE, related_name="redemptions")
    gave = models.CharField(max_length=20, choices=ITEM_CHOICES)
    redeemed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "day"], name="one_code_per_day"),
            models.UniqueConstraint(
                fields=["player", "drop"],
                condition=Q(one_per_person=True),
                name="one_code_per_person_per_drop",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code} → {self.get_gave_display()}"


class NoonReport(models.Model):
    """The Chaos Report of one noon: the engine's outcome with names, enough to re-render it."""

    day = models.OneToOneField(GameDay, on_delete=models.CASCADE, related_name="report")
    created_at = models.DateTimeField(auto_now_add=True)
    outcome = WholeJSONField()
    ladder = WholeJSONField()

    class Meta:
        ordering = ["-day__noon_on"]

    def __str__(self) -> str:
        return f"Chaos Report · {self.day}"


class LedgerEntry(models.Model):
    """Every card or sealed item a player gains (+1) or loses (-1), and why."""

    # The ledger is an append-only record written by the services alone, always with the
    # player's row locked and the day in hand; noon writes a row for nearly every player.
    # So its references have no constraint in the database: PostgreSQL checked each row's
    # player and day at COMMIT, one look-up apiece (1.5 s of a 100,000-player noon).
    # Django still deletes a player's ledger with them and clears the day of a deleted day.
    player = models.ForeignKey(
        PlayerSeason,
        on_delete=models.CASCADE,
        related_name="ledger",
        db_constraint=False,
        db_index=False,  # see Meta
    )
    item = models.CharField(max_length=20, choices=ITEM_CHOICES)
    change = models.SmallIntegerField()
    reason = models.CharField(max_length=20, choices=Source)
    day = models.ForeignKey(
        GameDay,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        db_constraint=False,
        db_index=False,  # the (player, day) index serves every look-up
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name_plural = "ledger entries"
        # A player's ledger, or their day's: one index for both, one fewer for noon to fill.
        indexes = [models.Index(fields=["player", "day"], name="ledger_player_day")]

    def __str__(self) -> str:
        return f"{self.change:+d} {self.item} ({self.reason})"


class AdminAction(AuditRecord):
    """One use of an owner's power, or one add, change or delete in the admin (R9.1)."""

    class Kind(models.TextChoices):
        START_SEASON = "start_season", "start season"
        END_SEASON = "end_season", "end season"
        ADD_TO_ROSTER = "add_to_roster", "add to roster"
        TAKE_OFF = "take_off", "take off the ladder"
        PUT_BACK = "put_back", "put back on the ladder"
        UNLOCK = "unlock", "unlock"
        MARK_HOLDER = "mark_holder", "mark Golden Gooner holder"
        UNMARK_HOLDER = "unmark_holder", "unmark Golden Gooner holder"
        DEAL_GOLDEN = "deal_golden", "deal Golden Gooner"
        CREATE_DROP = "create_drop", "create code drop"
        EXPORT_CODES = "export_codes", "export codes"
        RESEND_POST = "resend_post", "re-send Discord post"
        ADD = "add", "add"
        CHANGE = "change", "change"
        DELETE = "delete", "delete"

    kind = models.CharField(max_length=20, choices=Kind)

    class Meta:
        ordering = ["-at"]


class NoonReminder(models.Model):
    """A player was reminded before this day's noon: the claim that makes it once a day."""

    player = models.ForeignKey(PlayerSeason, on_delete=models.CASCADE, related_name="reminders")
    day = models.ForeignKey(GameDay, on_delete=models.CASCADE, related_name="reminders")
    votes_left = models.PositiveSmallIntegerField()
    cards_left = models.PositiveSmallIntegerField()
    delivered = models.PositiveSmallIntegerField(default=0, help_text="Browsers that took it.")
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-sent_at"]
        constraints = [
            models.UniqueConstraint(fields=["player", "day"], name="one_reminder_per_day")
        ]

    def __str__(self) -> str:
        return f"Reminder to {self.player.user} before {self.day}"
