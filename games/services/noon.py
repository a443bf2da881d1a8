"""Resolve noon: load the day, run the engine, save everything it returned (R1.3, §6).

Exactly once per day: the day's row is locked for the whole resolution and marked
resolved in the same transaction, so a second worker, a re-delivered task or a retry
after a crash finds it resolved and does nothing.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import defaultdict

from django.db import transaction
from django.utils import timezone

from ..bulk import bulk_set, delete_pks
from ..clock import noon_date_for
from ..engine import CardId, Day, Direction, Play, Player, resolve_noon
from ..engine import Vote as EngineVote
from ..engine.outcome import Deal, Dealt
from ..models import (
    LADDER_STATE,
    GameDay,
    GoldenPlay,
    HeldCard,
    LadderEntry,
    NoonReport,
    PlayerSeason,
    Redemption,
    SealedItem,
    Season,
    Source,
)
from ..models import (
    Play as PlayRow,
)
from ..report import build_report
from ..selectors import active_season, as_engine_contestant
from . import ledger
from .days import ONE_DAY, ensure_day, open_day
from .discord import queue_post

log = logging.getLogger(__name__)

DEAL_SOURCE = {Deal.GOLDEN: Source.GOLDEN, Deal.MILESTONE: Source.MILESTONE, Deal.DRAW: Source.DRAW}


def resolve_due_noons(now: dt.datetime | None = None) -> list[NoonReport]:
    """Resolve every day of the active season whose noon has passed, oldest first."""
    now = now or timezone.now()
    season = active_season()
    if season is None:
        return []
    clock = noon_date_for(now)
    reports = []
    while True:
        due = season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=clock).order_by("noon_on")
        day = due.first()
        if day is None:
            break
        report = resolve_day(day.pk)
        if report is not None:
            reports.append(report)
    open_day(season, now)
    return reports


def noon_is_due(season: Season, now: dt.datetime) -> bool:
    return season.days.filter(status=GameDay.Status.OPEN, noon_on__lt=noon_date_for(now)).exists()


def resolve_now(now: dt.datetime | None = None) -> NoonReport | None:
    """Close the open day at once and resolve it (demos and tests: `manage.py noon --now`)."""
    now = now or timezone.now()
    resolve_due_noons(now)
    season = active_season()
    if season is None:
        return None
    return resolve_day(open_day(season, now).pk)


def resolve_day(day_id: int) -> NoonReport | None:
    """Resolve one day; None when it was resolved already."""
    with transaction.atomic():
        day = GameDay.objects.select_for_update().select_related("season").get(pk=day_id)
        if day.status == GameDay.Status.RESOLVED:
            return None
        loaded = _DayLoader(day)
        result = resolve_noon(loaded.engine_day())
        report = _save(day, loaded, result)
    log.info(
        "Resolved the noon of %s (%s plays, %s drew)", day.noon_on, len(result.plays), result.drew
    )
    return report


class _DayLoader:
    """Reads a day from the database in a fixed number of queries, whatever its size."""

    def __init__(self, day: GameDay, *, lock: bool = True) -> None:
        self.day = day
        season = day.season
        entries = LadderEntry.objects.filter(season=season).select_related("contestant")
        players = PlayerSeason.objects.filter(season=season).select_related("user")
        if lock:
            entries = entries.select_for_update(of=("self",))
            players = players.select_for_update(of=("self",))
        self.entries = {e.pk: e for e in entries}
        self.players = {p.pk: p for p in players}
        self.held: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for held_id, owner_id, card in HeldCard.objects.filter(owner__season=season).values_list(
            "pk", "owner_id", "card"
        ):
            self.held[owner_id].append((held_id, card))
        self.votes = list(
            day.votes.order_by("pk").values_list("player_id", "entry_id", "direction", "points")
        )
        self.plays = list(
            day.plays.order_by("pk").values_list("pk", "player_id", "card", "target_id")
        )

    def engine_day(self) -> Day:
        return Day(
            noon=self.day.noon_on,
            seed=self.day.seed,
            contestants=tuple(as_engine_contestant(e) for e in self.entries.values()),
            players=tuple(
                Player(
                    id=str(p.pk),
                    season_votes=p.season_votes,
                    votes_per_day=p.votes_per_day,
                    hand=tuple(CardId(card) for _, card in self.held[p.pk]),
                    golden_holder=p.golden_holder,
                )
                for p in self.players.values()
            ),
            votes=tuple(
                EngineVote(str(player), str(entry), Direction(direction), points)
                for player, entry, direction, points in self.votes
            ),
            plays=tuple(
                Play(str(player), CardId(card), None if target is None else str(target))
                for _, player, card, target in self.plays
            ),
        )


def _save(day: GameDay, loaded: _DayLoader, result) -> NoonReport:
    players = loaded.players
    bulk_set(
        LadderEntry,
        LADDER_STATE,
        [(int(r.id), *(getattr(r, field) for field in LADDER_STATE)) for r in result.ladder],
    )
    # The engine leaves off-ladder contestants out; the smell and (on Wednesdays) the
    # Golden pin still wear off for them, or they would come back smelly or pinned.
    LadderEntry.objects.filter(season=day.season, on_ladder=False).update(
        smelly=False, **({"golden": 0} if day.noon_on.weekday() == 2 else {})
    )
    changed = [
        (int(p.id), p.season_votes, p.votes_per_day)
        for p in result.players
        if (p.season_votes, p.votes_per_day)
        != (players[int(p.id)].season_votes, players[int(p.id)].votes_per_day)
    ]
    bulk_set(PlayerSeason, ["season_votes", "votes_per_day"], changed)
    play_ids = [pk for pk, *_ in loaded.plays]
    bulk_set(
        PlayRow,
        ["outcome", "by", "reason"],
        [
            (
                play_ids[r.index],
                r.outcome.value,
                None if r.by is None else play_ids[r.by],
                "" if r.reason is None else r.reason.value,
            )
            for r in result.plays
        ],
    )
    _trim_hands(day, loaded, result)
    _deal(day, result)
    report = _write_report(day, loaded, result)
    queue_post(report)
    GameDay.objects.filter(pk=day.pk).update(
        status=GameDay.Status.RESOLVED, resolved_at=timezone.now()
    )
    ensure_day(day.season, day.noon_on + ONE_DAY)
    return report


def _trim_hands(day: GameDay, loaded: _DayLoader, result) -> None:
    doomed: list[int] = []
    lost: list[tuple[int, str]] = []
    for p in result.players:
        if not p.trimmed:
            continue
        owner = int(p.id)
        pool = defaultdict(list)
        for held_id, card in loaded.held[owner]:
            pool[card].append(held_id)
        for card in p.trimmed:
            doomed.append(pool[card].pop())
            lost.append((owner, card))
    if doomed:
        delete_pks(HeldCard, doomed)
        ledger.record_many(lost, -1, Source.TRIMMED, day)


def _deal(day: GameDay, result) -> None:
    cards: list[HeldCard] = []
    packs: list[SealedItem] = []
    gained: list[tuple[int, str, str]] = []
    for event in result.log:
        if not isinstance(event, Dealt):
            continue
        owner, source = int(event.player), DEAL_SOURCE[event.why]
        if isinstance(event.item, CardId):
            cards.append(HeldCard(owner_id=owner, card=event.item.value, source=source))
        else:
            packs.append(SealedItem(owner_id=owner, kind=event.item.value, source=source))
        gained.append((owner, event.item.value, source))
    HeldCard.objects.bulk_create(cards)
    SealedItem.objects.bulk_create(packs)
    ledger.record_gains(gained, day)


def _write_report(day: GameDay, loaded: _DayLoader, result) -> NoonReport:
    outcome, ladder = _report(day, loaded, result)
    return NoonReport.objects.create(day=day, outcome=outcome, ladder=ladder)


def preview_noon(season: Season, now: dt.datetime | None = None) -> tuple[GameDay, dict, list]:
    """What the open day would do if noon came now: a dry run of the engine, nothing saved."""
    day = open_day(season, now or timezone.now())
    loaded = _DayLoader(day, lock=False)
    outcome, ladder = _report(day, loaded, resolve_noon(loaded.engine_day()))
    return day, outcome, ladder


def _report(day: GameDay, loaded: _DayLoader, result) -> tuple[dict, list]:
    golden = [
        {"player": str(g.player.user), "target": g.target.contestant.name}
        for g in GoldenPlay.objects.filter(day=day).select_related(
            "player__user", "target__contestant"
        )
    ]
    redemptions = [
        {"player": str(r.player.user), "gave": r.get_gave_display()}
        for r in Redemption.objects.filter(day=day).select_related("player__user")
    ]
    return build_report(
        result,
        player_names={str(pk): str(p.user) for pk, p in loaded.players.items()},
        contestant_names={str(pk): e.contestant.name for pk, e in loaded.entries.items()},
        golden_plays=golden,
        redemptions=redemptions,
    )
