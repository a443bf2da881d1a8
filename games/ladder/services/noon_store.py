"""A day in and out of the database for the noon engine, in a fixed number of queries.

`LoadedDay` reads everything a noon needs; `save_noon` writes everything it returned:
scores and ladder state, player totals, play outcomes, trims, deals, the ledger and the
Chaos Report. Reads are one query each and writes one statement each on PostgreSQL,
whatever the number of players (see games.ladder.bulk).
"""

from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from ..bulk import bulk_set, delete_pks, insert_rows
from ..engine import STATE_FIELDS, CardId, Day, Direction, NoonResult, Play, Player
from ..engine import Vote as EngineVote
from ..engine.outcome import Deal, Dealt
from ..models import (
    GameDay,
    GoldenPlay,
    HeldCard,
    LadderEntry,
    NoonReport,
    PlayerSeason,
    Redemption,
    SealedItem,
    Source,
)
from ..models import Play as PlayRow
from ..report import build_report
from ..selectors import as_engine_contestant
from . import ledger
from .discord import queue_post

CARDS = {card.value: card for card in CardId}
DIRECTIONS = {d.value: d for d in Direction}
DEAL_SOURCE = {Deal.GOLDEN: Source.GOLDEN, Deal.MILESTONE: Source.MILESTONE, Deal.DRAW: Source.DRAW}


class PlayerRow(NamedTuple):
    """What noon needs of a player: plain values, no model instance (100,000 of them)."""

    season_votes: int
    votes_per_day: int
    golden_holder: bool
    name: str


class LoadedDay:
    """Reads a day from the database in a fixed number of queries, whatever its size.

    Players, hands, votes and plays are read as plain rows: building a model instance
    for each of a few hundred thousand rows cost more than the engine itself.
    """

    def __init__(self, day: GameDay, *, lock: bool = True) -> None:
        self.day = day
        season = day.season
        entries = LadderEntry.objects.filter(season=season).select_related("contestant")
        players = PlayerSeason.objects.filter(season=season).values_list(
            "pk",
            "season_votes",
            "votes_per_day",
            "golden_holder",
            "user__display_name",
            "user__username",
        )
        if lock:
            entries = entries.select_for_update(of=("self",))
            players = players.select_for_update(of=("self",))
        self.entries = {e.pk: e for e in entries}
        self.players = {
            pk: PlayerRow(season_votes, per_day, golden, display or username)
            for pk, season_votes, per_day, golden, display, username in players
        }
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
        held = self.held
        return Day(
            noon=self.day.noon_on,
            seed=self.day.seed,
            contestants=tuple(as_engine_contestant(e) for e in self.entries.values()),
            players=tuple(
                [
                    Player(
                        str(pk),
                        p.season_votes,
                        p.votes_per_day,
                        tuple([CARDS[card] for _, card in held[pk]]) if pk in held else (),
                        p.golden_holder,
                    )
                    for pk, p in self.players.items()
                ]
            ),
            votes=tuple(
                [
                    EngineVote(str(player), str(entry), DIRECTIONS[direction], points)
                    for player, entry, direction, points in self.votes
                ]
            ),
            plays=tuple(
                [
                    Play(str(player), CARDS[card], None if target is None else str(target))
                    for _, player, card, target in self.plays
                ]
            ),
        )


def save_noon(day: GameDay, loaded: LoadedDay, result: NoonResult) -> NoonReport:
    """Write everything the engine returned; the caller holds the day locked."""
    players = loaded.players
    # Every contestant the engine returned, off-ladder ones too: their smell and (on
    # Wednesdays) their Golden pin wear off like everyone's.
    contestants = [row.contestant for row in result.ladder] + list(result.off_ladder)
    bulk_set(
        LadderEntry,
        STATE_FIELDS,
        [(int(c.id), *(getattr(c, name) for name in STATE_FIELDS)) for c in contestants],
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
    return report


def _trim_hands(day: GameDay, loaded: LoadedDay, result: NoonResult) -> None:
    doomed: list[int] = []
    lost: list[tuple[int, str, int, str]] = []
    for p in result.players:
        if not p.trimmed:
            continue
        owner = int(p.id)
        pool = defaultdict(list)
        for held_id, card in loaded.held[owner]:
            pool[card].append(held_id)
        for card in p.trimmed:
            doomed.append(pool[card].pop())
            lost.append((owner, card, -1, Source.TRIMMED))
    if doomed:
        delete_pks(HeldCard, doomed)
        ledger.record_many(lost, day)


def _deal(day: GameDay, result: NoonResult) -> None:
    cards: list[tuple[int, str, str]] = []
    packs: list[tuple[int, str, str]] = []
    gained: list[tuple[int, str, int, str]] = []
    for event in result.log:
        if not isinstance(event, Dealt):
            continue
        owner, source, item = int(event.player), DEAL_SOURCE[event.why], event.item.value
        (cards if isinstance(event.item, CardId) else packs).append((owner, item, source))
        gained.append((owner, item, 1, source))
    insert_rows(HeldCard, ["owner", "card", "source"], cards)
    insert_rows(SealedItem, ["owner", "kind", "source"], packs)
    ledger.record_many(gained, day)


def _write_report(day: GameDay, loaded: LoadedDay, result: NoonResult) -> NoonReport:
    outcome, ladder = report_json(day, loaded, result)
    return NoonReport.objects.create(day=day, outcome=outcome, ladder=ladder)


def report_json(day: GameDay, loaded: LoadedDay, result: NoonResult) -> tuple[dict, list]:
    """The Chaos Report of this result, with every name it needs."""
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
        player_names={str(pk): p.name for pk, p in loaded.players.items()},
        contestant_names={str(pk): e.contestant.name for pk, e in loaded.entries.items()},
        golden_plays=golden,
        redemptions=redemptions,
    )
