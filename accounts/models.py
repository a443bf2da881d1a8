from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models

from .identity import DEFAULT_TIME_ZONE, DISPLAY_NAME_LENGTH, name_key
from .names import clean_display_name


class User(AbstractUser):
    """A gooner. Staff users are the admins (TC and Yummy)."""

    display_name = models.CharField(
        max_length=DISPLAY_NAME_LENGTH,
        help_text="How other gooners see you on the ladder and in reports.",
    )
    # The display name folded for comparison (accounts.identity.name_key): two names that
    # look alike share a key, and the database keeps keys unique.
    # NULL, not "", for a user without a name yet: unique allows many NULLs.
    name_key = models.CharField(  # noqa: DJ001
        max_length=160, unique=True, null=True, editable=False
    )
    avatar_url = models.URLField(blank=True, max_length=500)
    # Checked against the zones the server knows by the profile form (no choices here:
    # the zone list changes with the tz database, and migrations should not).
    time_zone = models.CharField(max_length=64, default=DEFAULT_TIME_ZONE)
    email_verified = models.BooleanField(default=False)
    remind_before_noon = models.BooleanField(
        default=False, help_text="A push notification an hour before noon with moves left."
    )
    left_at = models.DateTimeField(
        null=True, blank=True, help_text="When the player deleted their account."
    )

    def __str__(self) -> str:
        return self.display_name or self.username

    def clean(self) -> None:
        super().clean()
        if self.display_name:
            try:
                self.display_name = clean_display_name(self.display_name, user=self)
            except ValidationError as error:
                raise ValidationError({"display_name": error.messages}) from None

    def save(self, *args, **kwargs) -> None:
        # The key follows the name wherever it is set (forms, admin, management commands),
        # so the unique index always compares what the names look like.
        self.name_key = name_key(self.display_name) or None if self.display_name else None
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and "display_name" in update_fields:
            kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)


class ThrottleCount(models.Model):
    """Tries counted against a limit in the current window (accounts.throttle)."""

    key = models.CharField(max_length=200, unique=True)
    count = models.PositiveIntegerField(default=0)
    expires_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"


class PushSubscription(models.Model):
    """One browser's Web Push subscription (what `PushManager.subscribe()` returned)."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.user}: {self.endpoint[:60]}"

    def as_webpush(self) -> dict:
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
