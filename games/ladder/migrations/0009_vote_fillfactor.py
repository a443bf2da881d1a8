"""Room on each page for noon's update of the votes that landed otherwise than cast
(PostgreSQL only).

On a day with many Skips, Reverses and Boosts noon rewrites most votes' `landed`. With
full pages each new row version went to another page and touched all six of the vote's
indexes: 2 to 4 s of a 100,000-player noon (bench_noon, cards at the draw odds). At 50%
every rewritten vote fits beside its old version (a heap-only update, no index touched):
0.3 to 0.5 s. Votes already stored keep their pages until the table is rewritten
(VACUUM FULL ladder_vote).
"""

from django.db import migrations


def set_fillfactor(apps, schema_editor, reverse=False):
    if schema_editor.connection.vendor != "postgresql":
        return
    if reverse:
        schema_editor.execute("ALTER TABLE ladder_vote RESET (fillfactor)")
    else:
        schema_editor.execute("ALTER TABLE ladder_vote SET (fillfactor = 50)")


def reset_fillfactor(apps, schema_editor):
    set_fillfactor(apps, schema_editor, reverse=True)


class Migration(migrations.Migration):
    dependencies = [("ladder", "0008_noon_writes")]

    operations = [migrations.RunPython(set_fillfactor, reset_fillfactor)]
