"""The audit record every game keeps of its admins' powers: who, when, what, on whom.

Abstract: each game keeps its rows in its own table (the ladder's `AdminAction`, the
Hall's `AdminRecord`) with its own `kind` choices and what else it records (the Hall: the
cycle and the reason), so existing records stay where they are and readable. The admin
shows every game's records through one read-only class (`goonsite.admin.AuditRecordAdmin`).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class AuditRecord(models.Model):
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    kind = models.CharField(max_length=30)
    target = models.CharField(max_length=200, blank=True, help_text="Who or what it acted on.")
    details = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        what = self.get_kind_display() if hasattr(self, "get_kind_display") else self.kind
        return f"{self.actor}: {what} {self.target}"

    @classmethod
    def write(cls, actor, kind: str, target: object = "", **fields) -> AuditRecord:
        """One record; `target` is named as it reads now (it may be deleted later)."""
        return cls.objects.create(actor=actor, kind=kind, target=str(target)[:200], **fields)
