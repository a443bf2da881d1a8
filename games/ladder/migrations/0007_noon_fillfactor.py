"""Room on each page for noon's updates of plays and players (PostgreSQL only).

Noon rewrites every play of the day (its outcome) and the season total of every player
who voted. With full pages PostgreSQL puts each new row version on another page and
updates every index; with free room on the page and no indexed column changed, it makes
a heap-only (HOT) update and touches no index.
"""

from django.db import migrations

TABLES = {"ladder_play": 60, "ladder_playerseason": 70, "ladder_ladderentry": 70}


def set_fillfactor(apps, schema_editor, reverse=False):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table, fillfactor in TABLES.items():
        if reverse:
            schema_editor.execute(f"ALTER TABLE {table} RESET (fillfactor)")
        else:
            schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {fillfactor})")


def reset_fillfactor(apps, schema_editor):
    set_fillfactor(apps, schema_editor, reverse=True)


class Migration(migrations.Migration):
    dependencies = [("ladder", "0006_noon_duration")]

    operations = [migrations.RunPython(set_fillfactor, reset_fillfactor)]
