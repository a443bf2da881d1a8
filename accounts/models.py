from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A gooner. Staff users are the admins (TC and Yummy)."""

    display_name = models.CharField(
        max_length=40, help_text="How other gooners see you on the ladder and in reports."
    )

    def __str__(self) -> str:
        return self.display_name or self.username
