"""Votes that landed otherwise than cast move from a column of the vote, rewritten at noon,
to rows of their own that noon adds (models.VoteLanding): the landings already written
move with them, and back again if the migration is reversed.

Noon no longer rewrites votes, so their pages no longer keep half their room for it
(0009): new votes fill their pages, and noon's read of the day's votes reads half as many.
"""

import django.db.models.deletion
from django.db import migrations, models

TO_ROWS = """
    INSERT INTO ladder_votelanding (vote_id, landed)
    SELECT id, landed FROM ladder_vote WHERE landed IS NOT NULL
"""
TO_COLUMN = """
    UPDATE ladder_vote SET landed = (
        SELECT l.landed FROM ladder_votelanding l WHERE l.vote_id = ladder_vote.id
    )
    WHERE id IN (SELECT vote_id FROM ladder_votelanding)
"""


def fillfactor(value):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        if value is None:
            schema_editor.execute("ALTER TABLE ladder_vote RESET (fillfactor)")
        else:
            schema_editor.execute(f"ALTER TABLE ladder_vote SET (fillfactor = {value})")

    return run


class Migration(migrations.Migration):
    dependencies = [("ladder", "0012_discord_posts_to_outbox")]

    operations = [
        migrations.CreateModel(
            name="VoteLanding",
            fields=[
                (
                    "vote",
                    models.OneToOneField(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="landing",
                        serialize=False,
                        to="ladder.vote",
                    ),
                ),
                (
                    "landed",
                    models.SmallIntegerField(help_text="Signed points as the vote landed at noon."),
                ),
            ],
        ),
        migrations.RunSQL(TO_ROWS, TO_COLUMN),
        migrations.RemoveField(model_name="vote", name="landed"),
        migrations.RunPython(fillfactor(None), fillfactor(50)),
    ]
