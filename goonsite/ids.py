"""Row ids that arrive as text (form fields, buttons, query strings): parsed in one place,
and only ever a number a key column can hold. A number past that is no row of ours, and
SQLite cannot even be asked about it (OverflowError: a 500), so it is refused like "abc"."""

from __future__ import annotations

from django import forms

MAX_ID = 2**63 - 1  # BigAutoField's largest, on every database


def parse_id(text: str | None) -> int | None:
    """The id in `text`, or None when it is not one."""
    try:
        value = int(text or "")
    except ValueError:
        return None
    return value if 1 <= value <= MAX_ID else None


class RowIdField(forms.IntegerField):
    """A form field holding the id of a row: a whole number from 1 to MAX_ID."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(**kwargs)
