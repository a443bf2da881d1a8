"""Group names: what a page subscribes to and a service publishes (see the package doc)."""

from __future__ import annotations

import re

# Channels' own rule for group names (channels.layers.BaseChannelLayer), checked here so
# a bad name fails where it is made, not at the first publish.
_NAME = re.compile(r"^[a-zA-Z0-9._-]{1,99}$")


def group(*parts: object) -> str:
    """`group("ladder", "board")` -> "ladder.board"; parts joined by dots."""
    name = ".".join(str(p) for p in parts)
    if not _NAME.match(name):
        raise ValueError(f"not a live group name: {name!r}")
    return name


def user_group(user_or_pk: object) -> str:
    """One player's own view: `player.<user pk>`."""
    pk = getattr(user_or_pk, "pk", user_or_pk)
    return group("player", pk)


def is_group(name: object) -> bool:
    return isinstance(name, str) and bool(_NAME.match(name))
