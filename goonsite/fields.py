"""Model fields the games share."""

from __future__ import annotations

import json
from typing import Any

from django.db import models
from psycopg.types.json import Json, Jsonb


class Encoded:
    """A document with its JSON text made already, which WholeJSONField stores as it is:
    so a large one can be encoded in another thread while the database works."""

    __slots__ = ("text", "value")

    def __init__(self, value: Any) -> None:
        self.value = value
        self.text = json.dumps(value)


class WholeJSONField(models.JSONField):
    """JSON kept as it was written (PostgreSQL `json`, not `jsonb`), for documents that are
    only ever written and read whole, never searched inside (no key lookups: those need
    jsonb).

    jsonb parses every document into its binary form on write: for the Chaos Report of a
    100,000-player noon (24 MB) that took 1.1 to 1.3 s, where `json`, which only checks the
    syntax, took 0.5 s. Other databases store JSONField as they always do."""

    def db_type(self, connection):
        if connection.vendor == "postgresql":
            return "json"
        return super().db_type(connection)

    def get_db_prep_value(self, value, connection, prepared=False):
        if isinstance(value, Encoded):
            if connection.vendor == "postgresql":
                return Json(value.value, dumps=lambda _: value.text)
            return value.text
        adapted = super().get_db_prep_value(value, connection, prepared)
        if connection.vendor == "postgresql" and isinstance(adapted, Jsonb):
            return Json(adapted.obj, dumps=adapted.dumps)
        return adapted

    def from_db_value(self, value, expression, connection):
        # psycopg decodes `json` itself (Django only asks it for jsonb as text).
        if connection.vendor == "postgresql":
            return value
        return super().from_db_value(value, expression, connection)


def integer_range(field: models.Field) -> tuple[int | None, int | None]:
    """The values an integer model field can hold in this database (PostgreSQL's integer
    is 32-bit, SQLite's 64-bit): for forms that must refuse a number before the database
    does (with an "integer out of range" error and a 500)."""
    from django.db import connection

    return connection.ops.integer_field_range(field.get_internal_type())
