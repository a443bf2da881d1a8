"""The ladder's Discord posts move into the site's one outbox (goonsite.outbox).

Every row is copied, sent or not, so the history stays and nothing queued is lost: a
pending or failed post keeps its state, its attempts and the ids of the parts already
sent, and is made from its report when it is sent. Backwards copies them back.
"""

from django.db import migrations

FIELDS = ("status", "attempts", "last_error", "message_ids", "created_at", "sent_at")


def to_outbox(apps, schema_editor):
    Old = apps.get_model("ladder", "DiscordPost")
    New = apps.get_model("outbox", "DiscordPost")
    New.objects.bulk_create(
        New(
            game="ladder",
            kind="report",
            ref=str(old.report_id),
            summary=f"Chaos Report of {old.report.day.noon_on:%a %b %d, %Y}",
            payloads=None,
            **{field: getattr(old, field) for field in FIELDS},
        )
        for old in Old.objects.select_related("report__day").iterator()
    )


def from_outbox(apps, schema_editor):
    Old = apps.get_model("ladder", "DiscordPost")
    New = apps.get_model("outbox", "DiscordPost")
    rows = New.objects.filter(game="ladder", kind="report")
    Old.objects.bulk_create(
        Old(report_id=int(new.ref), **{field: getattr(new, field) for field in FIELDS})
        for new in rows.iterator()
    )
    rows.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("ladder", "0011_report_lz4"),
        ("outbox", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(to_outbox, from_outbox),
        migrations.DeleteModel(name="DiscordPost"),
    ]
