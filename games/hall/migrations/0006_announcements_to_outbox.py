"""The Hall's Discord announcements move into the site's one outbox (goonsite.outbox).

Every row is copied, sent or not, so the history stays and nothing queued is lost. A row
becomes the message the Hall posted then: its text and the link to the Hall's log (the
address the log had when this ran), cut to Discord's 2,000 characters.
"""

from django.conf import settings
from django.db import migrations

FIELDS = ("status", "attempts", "last_error", "created_at", "sent_at")
LOG_PATH = "/hall/log/"
CONTENT_LIMIT = 2000


def message(text: str) -> dict:
    link = settings.SITE_URL + LOG_PATH
    content = f"{text}\n{link}"
    if len(content) > CONTENT_LIMIT:
        content = text[: CONTENT_LIMIT - len(link) - 2] + "…\n" + link
    return {"content": content, "allowed_mentions": {"parse": []}}


def to_outbox(apps, schema_editor):
    Old = apps.get_model("hall", "Announcement")
    New = apps.get_model("outbox", "DiscordPost")
    New.objects.bulk_create(
        New(
            game="hall",
            kind="announcement",
            summary=old.text[:200],
            payloads=[message(old.text)],
            message_ids=[old.message_id] if old.message_id else [],
            **{field: getattr(old, field) for field in FIELDS},
        )
        for old in Old.objects.order_by("pk").iterator()
    )


def from_outbox(apps, schema_editor):
    Old = apps.get_model("hall", "Announcement")
    Cycle = apps.get_model("hall", "Cycle")
    New = apps.get_model("outbox", "DiscordPost")
    rows = New.objects.filter(game="hall", kind="announcement")
    cycle = Cycle.objects.order_by("-pk").first()  # the outbox kept no cycle: the latest
    if cycle is not None:
        Old.objects.bulk_create(
            Old(
                cycle=cycle,
                text=new.payloads[0]["content"].rsplit("\n", 1)[0],
                message_id=(new.message_ids or [""])[0],
                **{field: getattr(new, field) for field in FIELDS},
            )
            for new in rows.iterator()
        )
    rows.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("hall", "0005_intent"),
        ("outbox", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(to_outbox, from_outbox),
        migrations.DeleteModel(name="Announcement"),
    ]
