"""One press of a spending button spends once (the Hall's idempotency keys).

Every spending form carries a one-time key (`{% intent_field %}`). The service that spends
checks the key first and records it last, inside its own transaction and after the
acting player's row is locked (`in_open_phase`): a second press of the same form waits for
the first to commit, then finds its key used and is answered with what the first did.
The unique constraint on (player, key) backs this up should a caller forget the lock.
"""

from __future__ import annotations

import datetime as dt
import secrets

from django.db import IntegrityError, transaction

from goonsite.refusal import Refusal

from ..models import Intent, Player

KEY_LENGTH = 64


class AlreadyDone(Refusal):
    """The form's key was used already: the first press's result stands, nothing more."""


def new_key() -> str:
    return secrets.token_urlsafe(24)


def check_unused(player: Player, key: str | None) -> None:
    """Refuse a press whose key was used. No key: the caller is not a form (a script or a
    test); it is served as before, without the double-press guard."""
    if not key:
        return
    if len(key) > KEY_LENGTH:
        raise Refusal("This form is out of date: reload the page and try again.")
    done = Intent.objects.filter(player=player, key=key).values_list("done", flat=True).first()
    if done is not None:
        raise AlreadyDone(f"That was done once already ({done}); pressing again changes nothing.")


def use(player: Player, key: str | None, done: str, now: dt.datetime) -> None:
    """Record the key as used by this spend, in the spend's transaction."""
    if not key:
        return
    try:
        with transaction.atomic():
            Intent.objects.create(player=player, key=key, done=done[:300], at=now)
    except IntegrityError:  # pragma: no cover - the player row lock makes this unreachable
        raise AlreadyDone("That was done once already; pressing again changes nothing.") from None
