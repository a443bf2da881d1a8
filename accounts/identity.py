"""Display names that cannot impersonate anyone, and the time zones a player may pick.

Two display names are the same name when their keys are equal: Unicode NFKC (full-width
and styled letters become plain ones), case folded, spaces and punctuation-like
separators dropped, and every character replaced by its look-alike skeleton from
Unicode's confusables table (as shipped by `confusable_homoglyphs`): Cyrillic "\u0430" and
Latin "a", "0" and "O" fold together. The owners' names are reserved.
"""

from __future__ import annotations

import json
import unicodedata
import zoneinfo
from functools import cache
from importlib import resources

DISPLAY_NAME_LENGTH = 40  # the column's width (accounts.models.User.display_name)

RESERVED_NAMES = ("TC", "Yummy")
DEFAULT_TIME_ZONE = "America/Chicago"
ANONYMOUS_NAME = "Former gooner"

# Zones a player would look for first; the rest follow alphabetically.
_COMMON_ZONES = (
    "America/Chicago",
    "America/New_York",
    "America/Denver",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
    "Europe/London",
    "Europe/Berlin",
    "Australia/Sydney",
    "Asia/Tokyo",
    "UTC",
)
TIME_ZONE_CHOICES = [(z, z.replace("_", " ")) for z in _COMMON_ZONES] + [
    (z, z.replace("_", " "))
    for z in sorted(zoneinfo.available_timezones())
    if z not in _COMMON_ZONES and "/" in z and not z.startswith(("Etc/", "SystemV/"))
]


@cache
def _prototypes() -> dict[str, str]:
    """Each confusable character's plain-ASCII look-alike, where it has one."""
    data = json.loads(
        resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8")
    )
    table: dict[str, str] = {}
    for char, glyphs in data.items():
        ascii_like = [g["c"].casefold() for g in glyphs if g["c"].isascii() and g["c"].isalnum()]
        if char.isascii() and char.isalnum():
            ascii_like.append(char.casefold())
        if ascii_like and len(char) == 1:
            # Letters win over digits, so "B0b" folds to "bob" rather than "Bob" to "b0b".
            table[char] = min(ascii_like, key=lambda c: (c.isdigit(), c))
    for char, proto in table.items():  # "1" → "l" → "i": follow each chain to its end
        seen = {char}
        while proto in table and table[proto] not in seen:
            seen.add(proto)
            proto = table[proto]
        table[char] = proto
    return table


def name_key(name: str) -> str:
    """What a display name looks like, for telling whether two names could be confused."""
    # NFKD splits accents off their letters ("Zoë" is "Zoe" plus a mark), NFKC after it
    # turns styled and full-width letters into plain ones.
    plain = unicodedata.normalize("NFKD", name)
    plain = unicodedata.normalize("NFKC", "".join(c for c in plain if not _is_separator(c)))
    table = _prototypes()
    skeleton = "".join(table.get(c) or table.get(c.casefold()) or c.casefold() for c in plain)
    return skeleton.casefold()


def _is_separator(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "ZC" or category in ("Pd", "Pc", "Po", "Mn", "Cf")


def tidy_name(name: str) -> str:
    """A display name as shown: invisible and direction-changing characters dropped (they
    could disguise a name or flip the text around it), runs of spaces made one."""
    visible = "".join(c for c in name if unicodedata.category(c) not in ("Cc", "Cf"))
    return " ".join(unicodedata.normalize("NFC", visible).split())


def is_reserved(name: str) -> bool:
    key = name_key(name)
    return key in {name_key(r) for r in RESERVED_NAMES} or key.startswith(name_key(ANONYMOUS_NAME))
