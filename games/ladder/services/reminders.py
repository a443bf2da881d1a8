"""The reminder an hour before noon (11:00 Central) to players with moves left.

Only to players who opted in and have a browser subscribed, at most once per player per
day: each reminder is claimed by a unique (player, day) row before it is pushed, so a job
that runs twice, or on two workers, sends it once. A push that fails after its claim is not
retried (at most once: a late reminder is worth less than a repeated one).
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import IntegrityError, transaction
from django.db.models import Count, Q
from django.urls import reverse

from accounts.push import push_is_configured, send_to_user
from goonsite import clock

from ..clock import noon_of
from ..models import NoonReminder, PlayerSeason
from ..selectors import active_season
from .days import open_day

log = logging.getLogger(__name__)
REMIND_BEFORE = dt.timedelta(hours=1)


def reminder_text(votes_left: int, cards_left: int, until_noon: dt.timedelta) -> str:
    """ "2 votes and 3 cards left, noon in 1 hour" """
    parts = [
        f"{n} {word}{'' if n == 1 else 's'}"
        for n, word in ((votes_left, "vote"), (cards_left, "card"))
        if n
    ]
    minutes = max(1, round(until_noon.total_seconds() / 60))
    when = "1 hour" if minutes >= 55 else f"{minutes} minute{'' if minutes == 1 else 's'}"
    return f"{' and '.join(parts)} left, noon in {when}"


def send_noon_reminders(*, now: dt.datetime | None = None, site_url: str = "") -> int:
    """Remind every opted-in player who still has votes or cards; how many were reminded."""
    now = now or clock.now()
    season = active_season()
    if season is None or not push_is_configured():
        return 0
    day = open_day(season, now)
    until_noon = noon_of(day.noon_on) - now
    if not dt.timedelta(0) < until_noon <= REMIND_BEFORE:
        return 0  # a run outside the last hour (a late cluster) reminds nobody
    players = (
        PlayerSeason.objects.filter(
            season=season,
            user__is_active=True,
            user__remind_before_noon=True,
            user__push_subscriptions__isnull=False,
        )
        .exclude(reminders__day=day)
        .annotate(
            votes_cast=Count("votes", filter=Q(votes__day=day), distinct=True),
            cards_held=Count("cards", distinct=True),
        )
        .select_related("user")
        .distinct()
        .order_by("pk")
    )
    payload = {"title": "Gooner Ladder", "url": site_url + reverse("ladder:board")}
    reminded = 0
    for player in players:
        votes_left = max(0, player.votes_per_day - player.votes_cast)
        if not votes_left and not player.cards_held:
            continue
        claim = claim_reminder(player, day, votes_left, player.cards_held)
        if claim is None:
            continue  # another run reminded them already
        text = reminder_text(votes_left, player.cards_held, until_noon)
        claim.delivered = send_to_user(player.user, payload | {"body": text}, ttl=3600)
        NoonReminder.objects.filter(pk=claim.pk).update(delivered=claim.delivered)
        reminded += 1
    log.info("Noon reminders for %s: %d players", day.noon_on, reminded)
    return reminded


def claim_reminder(player: PlayerSeason, day, votes_left: int, cards_left: int):
    """The day's reminder row for `player`, or None when it exists already."""
    try:
        with transaction.atomic():
            return NoonReminder.objects.create(
                player=player, day=day, votes_left=votes_left, cards_left=cards_left
            )
    except IntegrityError:
        return None
