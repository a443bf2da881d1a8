"""The Chaos Report's two documents compressed with lz4 instead of PostgreSQL's default
pglz: 24 MB of JSON at 100,000 players, which pglz took about twice as long to pack into
the noon's transaction. A server built without lz4 keeps pglz."""

from django.db import NotSupportedError, migrations, transaction

COLUMNS = ("outcome", "ladder")


def compress_with(method):
    def run(apps, schema_editor):
        connection = schema_editor.connection
        if connection.vendor != "postgresql":
            return
        table = connection.ops.quote_name("ladder_noonreport")
        columns = ", ".join(
            f"ALTER COLUMN {connection.ops.quote_name(c)} SET COMPRESSION {method}" for c in COLUMNS
        )
        try:
            with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
                cursor.execute(f"ALTER TABLE {table} {columns}")
        except NotSupportedError:
            pass  # "compression method lz4 not supported": pglz stays

    return run


class Migration(migrations.Migration):
    dependencies = [("ladder", "0010_heldcard_owner_unchecked")]

    operations = [migrations.RunPython(compress_with("lz4"), compress_with("pglz"))]
