"""Exoptosis tables for the live-updates benchmark and system test, made in the stack's own
database (run inside `manage.py shell` through `Stack.python`).

Each table is a duel still choosing hands: the first seat changes its hand back and forth
(a real move, H7.5: the game's version goes up and the table's live group is published),
the second seat never chooses, so the hands are never revealed and the moves can go on
for as long as a run lasts. Both seats get a signed-in session for their pages, and so
does every onlooker (the site is for signed-in players only; an onlooker need not play).
"""

from __future__ import annotations

import datetime as dt
import json
from importlib import import_module

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.db import transaction

from accounts.models import User
from goonsite import clock
from goonsite.clock import noon_date_for, noon_of

from ..models import Card, Game
from ..services.admin import create_cycle
from ..services.cycles import current_cycle
from ..services.players import join
from ..tables.forming import form_game

KIT_CARDS = 6  # two hands of four that differ in one card, and a spare


def session_for(user: User) -> str:
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def seat_tables(count: int, onlookers: int = 0) -> dict:
    """`count` more duels in the running cycle (or a new one that started at the last noon);
    for each: the game's id, the mover's and the other seat's session keys, and the mover's
    two hands. And the session keys of `onlookers` other signed-in users."""
    now = clock.now()
    cycle = current_cycle() or create_cycle(
        actor=None,
        name="Live bench",
        starts_at=noon_of(noon_date_for(now) - dt.timedelta(days=1)),
        kit_cards=KIT_CARDS,
        now=now,
        allow_past_start=True,
    )
    phase = cycle.phases.get(number=1).number
    tables, first = [], Game.objects.count()
    for n in range(first, first + count):
        seats = []
        for role in ("mover", "other"):
            user = User.objects.create_user(
                f"live{n}{role[0]}", password=None, display_name=f"Live {n} {role}"
            )
            player, _ = join(user=user, now=now)
            seats.append(player)
        with transaction.atomic():
            game = form_game(cycle, Game.Kind.DUEL, seats, phase=phase, now=now)
        cards = list(
            Card.objects.filter(owner=seats[0]).order_by("pk").values_list("pk", flat=True)
        )
        tables.append(
            {
                "game": game.pk,
                "mover": session_for(seats[0].user),
                "other": session_for(seats[1].user),
                "hands": [cards[:4], cards[:3] + cards[4:5]],
            }
        )
    first = User.objects.filter(username__startswith="look").count()
    watching = [
        session_for(User.objects.create_user(f"look{n}", password=None, display_name=f"Look {n}"))
        for n in range(first, first + onlookers)
    ]
    return {"tables": tables, "onlookers": watching}


def print_tables(count: int, onlookers: int = 0) -> None:
    """What `Stack.python` reads: the tables as one line of JSON."""
    print(json.dumps(seat_tables(count, onlookers)))
