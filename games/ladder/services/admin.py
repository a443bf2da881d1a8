"""The owners' powers (R9): seasons, the roster, unlocks, Golden Gooners. Each one recorded."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from goonsite.refusal import Refusal

from .. import clock, public
from ..clock import last_wednesday_noon
from ..engine import CardId
from ..models import (
    AdminAction,
    Contestant,
    HeldCard,
    LadderEntry,
    LedgerEntry,
    PlayerSeason,
    SealedItem,
    Season,
    Source,
)
from . import ledger
from .days import open_day
from .noon import resolve_due_noons

Kind = AdminAction.Kind
NAME_LENGTH = Contestant._meta.get_field("name").max_length


def record(actor, kind: AdminAction.Kind, target: object = "", **details) -> AdminAction:
    """Write the audit record; `target` names who or what was acted on. Every power may
    change what the public board shows, so it is read afresh after the commit."""
    public.bump()
    return AdminAction.write(actor, kind, target, details=details)


@transaction.atomic
def start_season(*, actor, season: Season, today: dt.date | None = None) -> Season:
    """Make `season` the one active season (R2.1)."""
    active = Season.objects.select_for_update().filter(is_active=True).exclude(pk=season.pk).first()
    if active is not None:
        raise Refusal(f"{active} is still active. End it before starting {season}.")
    if season.ends_on is not None:
        raise Refusal(f"{season} has ended; its archive is frozen. Start a new season instead.")
    season.is_active = True
    season.starts_on = today or timezone.localdate()
    season.save(update_fields=["is_active", "starts_on"])
    open_day(season, clock.now())
    record(actor, Kind.START_SEASON, season)
    return season


def end_season(
    *, actor, season: Season, last_noon: dt.date | None = None, now: dt.datetime | None = None
) -> Season:
    """End a season at a noon (R2.1, R9.1): play goes on until `last_noon` (default the next
    one), that noon resolves as usual, and then the season freezes. Noons already due are
    resolved first, so "the next noon" is the one still to come."""
    now = now or clock.now()
    if not season.is_active:
        raise Refusal(f"{season} is not the active season.")
    resolve_due_noons(now)
    with transaction.atomic():
        season = Season.objects.select_for_update().get(pk=season.pk)
        if not season.is_active:
            raise Refusal(f"{season} has ended already.")
        upcoming = open_day(season, now).noon_on
        last_noon = last_noon or upcoming
        if last_noon < upcoming:
            raise Refusal(
                f"The noon of {last_noon:%A, %B} {last_noon.day} has passed. The next noon is "
                f"{upcoming:%A, %B} {upcoming.day}: pick that one or a later one."
            )
        season.last_noon = last_noon
        season.save(update_fields=["last_noon"])
        record(actor, Kind.END_SEASON, season, last_noon=last_noon.isoformat())
    return season


@transaction.atomic
def add_to_roster(*, actor, season: Season, names: Iterable[str]) -> list[LadderEntry]:
    """Put contestants on the season's ladder, in the order given, after everyone there (R2.2)."""
    Season.objects.select_for_update().get(pk=season.pk)  # roster order is handed out one at a time
    joined = season.entries.aggregate(last=Max("joined"))["last"] or 0
    added = []
    for name in (" ".join(n.split()) for n in names):
        if not name:
            continue
        if len(name) > NAME_LENGTH:
            raise Refusal(
                f"“{name[:30]}…” is too long: a name has at most {NAME_LENGTH} characters."
            )
        contestant, _ = Contestant.objects.get_or_create(name=name)
        if season.entries.filter(contestant=contestant).exists():
            raise Refusal(f"{name} is on {season}'s roster already.")
        joined += 1
        added.append(
            LadderEntry.objects.create(season=season, contestant=contestant, joined=joined)
        )
    record(
        actor, Kind.ADD_TO_ROSTER, season, names=[str(e) for e in added], ids=[e.pk for e in added]
    )
    return added


@transaction.atomic
def set_on_ladder(*, actor, entries: Iterable[LadderEntry], on: bool) -> list[str]:
    """Take contestants off the ladder or put them back (R2.2); the names of those changed."""
    changing = list(
        LadderEntry.objects.select_for_update(of=("self",))
        .filter(pk__in=[e.pk for e in entries])
        .exclude(on_ladder=on)
        .select_related("contestant")
    )
    LadderEntry.objects.filter(pk__in=[e.pk for e in changing]).update(on_ladder=on)
    names = [str(e) for e in changing]
    record(
        actor,
        Kind.PUT_BACK if on else Kind.TAKE_OFF,
        ", ".join(names),
        ids=[e.pk for e in changing],
    )
    return names


@transaction.atomic
def unlock(*, actor, entries: Iterable[LadderEntry]) -> list[str]:
    """Unlock contestants at once; trophies stay and they lock again at the next 10 (R9.1)."""
    locked = list(
        LadderEntry.objects.select_for_update(of=("self",))
        .filter(pk__in=[e.pk for e in entries], locked__gt=0)
        .select_related("contestant")
    )
    if not locked:
        raise Refusal("None of those contestants is locked.")
    LadderEntry.objects.filter(pk__in=[e.pk for e in locked]).update(locked=0)
    names = [str(e) for e in locked]
    record(
        actor,
        Kind.UNLOCK,
        ", ".join(names),
        trophies={str(e): e.trophies for e in locked},
        ids=[e.pk for e in locked],
    )
    return names


@transaction.atomic
def set_golden_holder(*, actor, players: Iterable[PlayerSeason], holder: bool) -> list[str]:
    """Mark players as Golden Gooner holders or unmark them; the names of those changed."""
    changing = list(
        PlayerSeason.objects.select_for_update(of=("self",))
        .filter(pk__in=[p.pk for p in players])
        .exclude(golden_holder=holder)
        .select_related("user")
    )
    PlayerSeason.objects.filter(pk__in=[p.pk for p in changing]).update(golden_holder=holder)
    names = [str(p.user) for p in changing]
    record(
        actor,
        Kind.MARK_HOLDER if holder else Kind.UNMARK_HOLDER,
        ", ".join(names),
        ids=[p.pk for p in changing],
    )
    return names


@transaction.atomic
def deal_golden_gooner(*, actor, player: PlayerSeason, now: dt.datetime | None = None) -> HeldCard:
    """Deal a Golden Gooner to a holder now: at most one a week (R9.1). Refused if they hold
    one already, sealed ones included, or received one since the last Wednesday noon."""
    now = now or clock.now()
    player = PlayerSeason.objects.select_for_update().select_related("user").get(pk=player.pk)
    golden = CardId.GOLDEN_GOONER.value
    if not player.golden_holder:
        raise Refusal(f"{player.user} is not a Golden Gooner holder.")
    if (
        HeldCard.objects.filter(owner=player, card=golden).exists()
        or SealedItem.objects.filter(owner=player, card=golden, opened_at__isnull=True).exists()
    ):
        raise Refusal(f"{player.user} holds a Golden Gooner already.")
    week = last_wednesday_noon(now)
    if LedgerEntry.objects.filter(player=player, item=golden, change__gt=0, at__gte=week).exists():
        raise Refusal(
            f"{player.user} has had a Golden Gooner since the last Wednesday noon: at most one "
            "a week. The next one comes with Wednesday's refresh."
        )
    card = HeldCard.objects.create(
        owner=player, card=CardId.GOLDEN_GOONER.value, source=Source.ADMIN
    )
    ledger.record(player, [CardId.GOLDEN_GOONER.value], 1, Source.ADMIN)
    record(actor, Kind.DEAL_GOLDEN, player.user)
    return card
