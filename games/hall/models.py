"""The Gilded Hall's data (hall.md). Rules live in `rules/` and the services, not here."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from goonsite.audit import AuditRecord

from .cards import FACE_CHOICES, face_name
from .rules.shop import PRICE_LIST, ShopItem


class Cycle(models.Model):
    """H1.2 One season of the Hall. At most one cycle is current (not ended) at a time."""

    number = models.PositiveIntegerField(unique=True)
    name = models.CharField(max_length=80)
    starts_at = models.DateTimeField(help_text="A noon, America/Chicago (H1.3).")
    phase_days = models.PositiveSmallIntegerField(
        default=1, help_text="Length of the next phases in days, 1-7 (H1.4)."
    )
    kit_cards = models.PositiveSmallIntegerField(default=0, help_text="Starting kit (H2.2).")
    kit_vertebrae = models.PositiveIntegerField(default=0)
    kit_chips = models.PositiveIntegerField(default=0)
    is_current = models.BooleanField(default=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    end_reason = models.CharField(max_length=200, blank=True)
    winner = models.ForeignKey(
        "Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    judge = models.ForeignKey(
        "Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    judge_term = models.PositiveIntegerField(
        default=0, help_text="Bumped whenever the office changes hands; assents lapse (H11.2)."
    )
    proposal_count = models.PositiveIntegerField(default=0)
    amendment_count = models.PositiveIntegerField(default=0)
    request_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_current"],
                condition=Q(is_current=True),
                name="hall_one_current_cycle",
                violation_error_message="Only one cycle can run at a time: end it first.",
            )
        ]

    def __str__(self) -> str:
        return self.name


class Phase(models.Model):
    """H1.4 One phase; its boundary (the noon `ends_at`) runs exactly once (H12.1)."""

    class Status(models.TextChoices):
        OPEN = "open"
        CLOSED = "closed"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveIntegerField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    closed_at = models.DateTimeField(null=True, blank=True)
    report = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["cycle", "number"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "number"], name="hall_one_phase_per_number")
        ]

    def __str__(self) -> str:
        return f"{self.cycle} · phase {self.number}"


class Reputable(models.Model):
    """H2.3 The site-wide reputable flag: a row means the account is reputable."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hall_reputable"
    )
    granted_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return str(self.user)


class Player(models.Model):
    """H2 An account in one cycle: its Vertebrae and Chips (H3.1); cards are `Card` rows."""

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hall_players"
    )
    joined_at = models.DateTimeField(auto_now_add=True)
    joined_phase = models.PositiveIntegerField(help_text="0 = joined before the start.")
    vertebrae = models.PositiveIntegerField(default=0)
    chips = models.PositiveIntegerField(default=0)
    inactive = models.BooleanField(default=False, help_text="In the current phase (H4.2).")
    last_action_phase = models.PositiveIntegerField(null=True, blank=True)
    barred = models.BooleanField(default=False)

    class Meta:
        ordering = ["cycle", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "user"], name="hall_one_player_per_cycle"),
            models.CheckConstraint(condition=Q(vertebrae__gte=0), name="hall_vertebrae_not_neg"),
            models.CheckConstraint(condition=Q(chips__gte=0), name="hall_chips_not_negative"),
        ]
        indexes = [models.Index(fields=["cycle", "-chips"])]

    def __str__(self) -> str:
        return self.user.display_name or self.user.username

    @property
    def name(self) -> str:
        return str(self)


class Card(models.Model):
    """H3.2 One card a player owns: a face, plain or holographic. Trades move the row."""

    owner = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="cards")
    face = models.CharField(max_length=3, choices=FACE_CHOICES)
    holo = models.BooleanField(default=False)
    in_deck = models.BooleanField(default=False, help_text="H3.3: private, no rule effect.")
    locked = models.BooleanField(
        default=False, help_text="H3.4: in an Exoptosis hand or game (set by the tables)."
    )
    acquired_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["owner", "face"])]

    def __str__(self) -> str:
        return self.label

    @property
    def code(self) -> str:
        return self.face + ("*" if self.holo else "")

    @property
    def label(self) -> str:
        return face_name(self.face) + (" ✦" if self.holo else "")


class Ledger(models.Model):
    """Every Vertebra, Chip and card a player gains (+) or loses (-), and why.

    A balance is explained by its ledger: Vertebrae and Chips are the sums of their rows,
    the cards owned are the card rows' net count per face (services/ledger.py checks it).
    """

    class Asset(models.TextChoices):
        VERTEBRAE = "vertebrae"
        CHIPS = "chips"
        CARD = "card"

    class Reason(models.TextChoices):
        KIT = "kit", "starting kit"
        GIFT = "gift", "gift received"
        GIVER_BONUS = "giver_bonus", "giver bonus"
        PURCHASE = "purchase", "shop purchase"
        TRADE = "trade", "trade"
        ADMIN = "admin", "admin grant or correction"
        BATTLE_REWARD = "battle_reward", "battle reward"
        BET = "bet", "Exoptosis bet"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ledger")
    asset = models.CharField(max_length=10, choices=Asset)
    card = models.CharField(max_length=4, blank=True, help_text='e.g. "7H" or "QD*".')
    change = models.IntegerField()
    reason = models.CharField(max_length=20, choices=Reason)
    ref = models.CharField(max_length=40, blank=True, help_text='The event, e.g. "gift 12".')
    phase = models.PositiveIntegerField(default=0)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        indexes = [models.Index(fields=["player", "asset"])]

    def __str__(self) -> str:
        what = self.card if self.asset == self.Asset.CARD else self.asset
        return f"{self.change:+d} {what} ({self.get_reason_display()}, {self.ref})"


class Gift(models.Model):
    """H5 One card gift, its roll and the giver's bonus (H5.3)."""

    class Bonus(models.TextChoices):
        NONE = "none", "no bonus (receiver active)"
        PENDING = "pending", "waiting for the receiver to act"
        GRANTED = "granted", "granted"
        LAPSED = "lapsed", "lapsed"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="gifts")
    phase = models.PositiveIntegerField()
    giver = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="gifts_given")
    receiver = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="gifts_received")
    seed = models.BigIntegerField()
    cards = models.JSONField(help_text="Card ids received, in roll order.")
    receiver_inactive = models.BooleanField()
    short_handed = models.BooleanField()
    bonus = models.CharField(max_length=10, choices=Bonus)
    bonus_seed = models.BigIntegerField(null=True, blank=True)
    bonus_card = models.CharField(max_length=4, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["giver", "phase"], name="hall_one_gift_per_phase")
        ]
        indexes = [models.Index(fields=["receiver", "phase", "bonus"])]

    def __str__(self) -> str:
        return f"{self.giver} → {self.receiver} (phase {self.phase})"


class Purchase(models.Model):
    """H6 One purchase and its roll."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="purchases")
    phase = models.PositiveIntegerField()
    item = models.CharField(max_length=20, choices=[(i.value, i.value) for i in ShopItem])
    cost = models.PositiveIntegerField()
    seed = models.BigIntegerField(null=True, blank=True)
    cards = models.JSONField(default=list)
    chips = models.PositiveIntegerField(default=0)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.player}: {self.name}"

    @property
    def name(self) -> str:
        return PRICE_LIST[ShopItem(self.item)].name


class Intent(models.Model):
    """One press of a spending button, by the one-time key its form carried.

    The key is used up in the same transaction as the spend it stands for, so a
    double-click, a resent form or two tabs replaying one form spend once (services/intent.py).
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="intents")
    key = models.CharField(max_length=64)
    done = models.CharField(max_length=300, help_text="What the first press did.")
    at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "key"], name="hall_intent_used_once")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.done}"


class Trade(models.Model):
    """H3.5 An offer of items for items; both sides change hands at once on acceptance."""

    class Status(models.TextChoices):
        OPEN = "open"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        WITHDRAWN = "withdrawn"
        CLOSED = "closed", "closed (cycle ended)"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="trades")
    offerer = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="offers_made")
    receiver = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="offers_received")
    give_cards = models.JSONField(default=list, help_text="Card row ids the offerer gives.")
    give_vertebrae = models.PositiveIntegerField(default=0)
    give_chips = models.PositiveIntegerField(default=0)
    ask_cards = models.JSONField(default=list, help_text="Card row ids asked of the receiver.")
    ask_vertebrae = models.PositiveIntegerField(default=0)
    ask_chips = models.PositiveIntegerField(default=0)
    summary = models.CharField(max_length=500, blank=True)
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"Trade {self.pk}: {self.offerer} → {self.receiver}"


class Engagement(models.Model):
    """H7.2 A player's intention to battle, made in `phase`; the boundary reads it (H7.3)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="engagements")
    phase = models.PositiveIntegerField()
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["player", "phase"], name="hall_engage_once_per_phase")
        ]

    def __str__(self) -> str:
        return f"{self.player} engaged in phase {self.phase}"


class Proposal(models.Model):
    """H10 A proposal, its voting period and its fate."""

    class Klass(models.TextChoices):
        STANDARD = "standard"
        URGENT = "urgent"

    class Status(models.TextChoices):
        OPEN = "open", "voting"
        WITHDRAWN = "withdrawn"
        EDITED = "edited", "withdrawn by an edit"
        ADOPTED = "adopted"
        FAILED = "failed"
        CLOSED = "closed", "closed (cycle ended)"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="proposals")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="proposals")
    title = models.CharField(max_length=120)
    text = models.TextField()
    klass = models.CharField(max_length=10, choices=Klass, default=Klass.STANDARD)
    submitted_at = models.DateTimeField()
    submitted_phase = models.PositiveIntegerField()
    vote_phase = models.PositiveIntegerField(
        null=True, blank=True, help_text="Standard: the phase that is its voting period."
    )
    ends_at = models.DateTimeField(null=True, blank=True, help_text="Urgent: 48 h after.")
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    votes_for = models.PositiveIntegerField(default=0, help_text="Final tally.")
    votes_against = models.PositiveIntegerField(default=0)
    decided_at = models.DateTimeField(null=True, blank=True)
    amendment = models.PositiveIntegerField(null=True, blank=True)
    replaced_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    enacted_at = models.DateTimeField(null=True, blank=True)
    enacted_note = models.TextField(blank=True)

    class Meta:
        ordering = ["cycle", "number"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "number"], name="hall_proposal_number"),
            models.UniqueConstraint(
                fields=["cycle", "amendment"],
                condition=Q(amendment__isnull=False),
                name="hall_amendment_number",
            ),
        ]
        indexes = [models.Index(fields=["cycle", "status", "vote_phase"])]

    def __str__(self) -> str:
        return f"Proposal {self.number}: {self.title}"


class ProposalVote(models.Model):
    """H10.4 The vote standing: For or Against (no row = none)."""

    class Choice(models.TextChoices):
        FOR = "for", "For"
        AGAINST = "against", "Against"

    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="votes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="proposal_votes")
    choice = models.CharField(max_length=10, choices=Choice)
    at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["proposal", "player"], name="hall_one_proposal_vote")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.choice} on {self.proposal}"


class RemovalAssent(models.Model):
    """H11.2 An assent to removing the Judge of term `term`."""

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="assents")
    term = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="assents")
    reason = models.CharField(max_length=300)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "term", "player"], name="hall_one_assent")
        ]

    def __str__(self) -> str:
        return f"{self.player} assents to removal (term {self.term})"


class JusticeRequest(models.Model):
    """H11.4 A request for justice: a question or a statement."""

    class Kind(models.TextChoices):
        QUESTION = "question"
        STATEMENT = "statement"

    class Status(models.TextChoices):
        OPEN = "open"
        ANSWERED = "answered"
        WITHDRAWN = "withdrawn"
        CLOSED = "closed", "closed (cycle ended)"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="requests")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="requests")
    kind = models.CharField(max_length=10, choices=Kind)
    text = models.TextField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    submitted_at = models.DateTimeField()

    class Meta:
        ordering = ["cycle", "number"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "number"], name="hall_request_number")
        ]

    def __str__(self) -> str:
        return f"Request {self.number}"


class Ruling(models.Model):
    """H11.5 The Judge's answer to a request; overturned rulings have no bearing (H11.8)."""

    class Overturn(models.TextChoices):
        NONE = "", "standing"
        CONFIDENCE = "confidence", "overturned by a confidence vote"
        JUDGE = "judge", "overturned by its Judge"

    request = models.ForeignKey(JusticeRequest, on_delete=models.CASCADE, related_name="rulings")
    judge = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="rulings")
    answer = models.TextField(blank=True, help_text="For a question.")
    truth = models.BooleanField(null=True, blank=True, help_text="For a statement.")
    reasoning = models.TextField(blank=True)
    issued_at = models.DateTimeField()
    overturned = models.CharField(max_length=12, choices=Overturn, default="", blank=True)
    overturned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"Ruling on {self.request}"

    @property
    def verdict(self) -> str:
        if self.truth is None:
            return self.answer
        return "TRUE" if self.truth else "FALSE"


class ConfidenceVote(models.Model):
    """H11.6 At most one per ruling; 48 h of Affirm/Overturn."""

    class Status(models.TextChoices):
        OPEN = "open"
        AFFIRMED = "affirmed"
        OVERTURNED = "overturned"
        CLOSED = "closed", "closed without effect"

    ruling = models.OneToOneField(Ruling, on_delete=models.CASCADE, related_name="confidence")
    opened_by = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    opened_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status, default=Status.OPEN)
    affirm = models.PositiveIntegerField(default=0, help_text="Final tally.")
    overturn = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"Confidence vote on {self.ruling}"


class ConfidenceBallot(models.Model):
    class Choice(models.TextChoices):
        AFFIRM = "affirm", "Affirm"
        OVERTURN = "overturn", "Overturn"

    vote = models.ForeignKey(ConfidenceVote, on_delete=models.CASCADE, related_name="ballots")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    choice = models.CharField(max_length=10, choices=Choice)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["vote", "player"], name="hall_one_confidence_ballot")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.choice}"


class Candidacy(models.Model):
    """H11.10 A reputable player standing for Judge in one week."""

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="candidacies")
    week = models.PositiveIntegerField()
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="candidacies")
    submitted_at = models.DateTimeField()
    withdrawn = models.BooleanField(default=False)
    support = models.PositiveIntegerField(default=0, help_text="Final tally.")
    oppose = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["cycle", "week", "submitted_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["cycle", "week", "player"], name="hall_one_candidacy_per_week"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} for Judge, week {self.week}"


class CandidacyVote(models.Model):
    class Choice(models.TextChoices):
        SUPPORT = "support", "Support"
        OPPOSE = "oppose", "Oppose"

    candidacy = models.ForeignKey(Candidacy, on_delete=models.CASCADE, related_name="votes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    choice = models.CharField(max_length=10, choices=Choice)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["candidacy", "player"], name="hall_one_candidacy_vote")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.choice} on {self.candidacy}"


class Election(models.Model):
    """H11.10 The decision of one week: its row is the exactly-once claim (H12.1)."""

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="elections")
    week = models.PositiveIntegerField()
    decided_at = models.DateTimeField()
    winner = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["cycle", "week"]
        constraints = [
            models.UniqueConstraint(fields=["cycle", "week"], name="hall_one_election_per_week")
        ]

    def __str__(self) -> str:
        return f"Week {self.week} election of {self.cycle}"


class Activity(models.Model):
    """The Hall's public log (H14.2, H13.3): one line per thing that happened."""

    class Kind(models.TextChoices):
        JOIN = "join"
        GIFT = "gift"
        GIVER_BONUS = "giver_bonus", "giver bonus"
        PURCHASE = "purchase"
        TRADE = "trade"
        ENGAGE = "engage", "battle engagement"
        PROPOSAL = "proposal"
        ADOPTED = "adopted", "proposal adopted"
        FAILED = "failed", "proposal failed"
        REQUEST = "request", "request for justice"
        RULING = "ruling"
        OVERTURN = "overturn"
        CONFIDENCE = "confidence", "confidence vote"
        JUDGE = "judge", "Judge change"
        CANDIDACY = "candidacy"
        ELECTION = "election"
        BATTLE = "battle"
        BOUNDARY = "boundary", "phase boundary"
        ADMIN = "admin", "admin action"
        VICTORY = "victory"

    cycle = models.ForeignKey(Cycle, on_delete=models.CASCADE, related_name="activity")
    phase = models.PositiveIntegerField(default=0)
    at = models.DateTimeField()
    kind = models.CharField(max_length=20, choices=Kind)
    text = models.CharField(max_length=1000)

    class Meta:
        ordering = ["-at", "-pk"]
        verbose_name_plural = "activity"
        indexes = [models.Index(fields=["cycle", "phase", "kind"])]

    def __str__(self) -> str:
        return self.text


class AdminRecord(AuditRecord):
    """H13.3 Every admin action: who, when, what and why (also on the public log)."""

    cycle = models.ForeignKey(
        Cycle, null=True, blank=True, on_delete=models.SET_NULL, related_name="admin_records"
    )
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-at", "-pk"]


from .tables.models import DuelInvite, DuelRequest, Game, Seat  # noqa: E402, F401  (H7 tables)
