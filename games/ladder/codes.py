"""GOON-XXXX-XXXX codes: their alphabet, generation and the forgiving reading of input (R7.2)."""

from __future__ import annotations

import re
import secrets

# No 0/O, 1/I/L: nothing a player could misread from a Discord screenshot.
ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
PREFIX = "GOON"
_SHAPE = re.compile(rf"{PREFIX}([{ALPHABET}]{{4}})([{ALPHABET}]{{4}})")


def new_code() -> str:
    body = "".join(secrets.choice(ALPHABET) for _ in range(8))
    return f"{PREFIX}-{body[:4]}-{body[4:]}"


def normalize_code(raw: str) -> str | None:
    """The canonical GOON-XXXX-XXXX form of what a player typed, or None if it can't be one.

    Case, spaces and missing dashes are forgiven.
    """
    squashed = re.sub(r"[\s\-–—]+", "", raw or "").upper()
    match = _SHAPE.fullmatch(squashed)
    return f"{PREFIX}-{match[1]}-{match[2]}" if match else None
