"""A day in and out of the database for the noon engine, in a fixed number of queries.

`LoadedDay` reads everything a noon needs; `save_noon` writes everything it returned:
scores and ladder state, player totals, play outcomes, trims, deals, the ledger and the
Chaos Report. Reads are one query each and writes one statement each on PostgreSQL,
whatever the number of players (see games.ladder.bulk).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial
from operator import itemgetter
from typing import Any, NamedTuple

from django.db import connection
from django.utils import timezone

from goonsite.fields import Encoded

from ..bulk import bulk_set, delete_pks, fetch_each, insert_one, insert_rows, sql_of
from ..engine import STATE_FIELDS, CardId, Day, Direction, NoonResult, Play, Player
from ..engine import Vote as EngineVote
from ..engine.outcome import Deal, Dealt
from ..engine.rules import totals_after
from ..live import board_changed
from ..models import (
    AdminAction,
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
    VoteLanding,
)
from ..models import Play as PlayRow
from ..report import ReportInputs, build_report, effect_json
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
    staff: bool  # shown with the staff badge in the report


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
            "user__is_staff",
        )
        if lock:
            entries = entries.select_for_update(of=("self",))
            players = players.select_for_update(of=("self",))
        self.entries = {e.pk: e for e in entries}
        # A Golden Gooner still in its wrapper counts as held at the refresh (R6.14a).
        sealed_golden = SealedItem.objects.filter(
            owner__season=season, opened_at__isnull=True, card=CardId.GOLDEN_GOONER.value
        ).values_list("owner_id", flat=True)
        votes = day.votes.order_by("pk").values_list(
            "pk", "player_id", "entry_id", "direction", "points"
        )
        plays = day.plays.order_by("pk").values_list("pk", "player_id", "card", "target_id")
        # The engine knows everyone by a string id: made once each, not once per vote.
        entry_ids = {pk: str(pk) for pk in self.entries}
        entry_ids[None] = None  # a Chaos card has no target
        settings = _sort_in_memory()
        # Each statement runs while Python takes in the rows of the one before: the
        # votes, the most Python of all, while the server groups every hand.
        results = fetch_each(
            [
                *settings,
                sql_of(players),
                sql_of(votes),
                _held_cards_sql(season),
                sql_of(sealed_golden),
                sql_of(plays),
            ]
        )
        for _ in settings:
            next(results)
        self.players = {
            pk: PlayerRow(season_votes, per_day, bool(golden), display or username, bool(staff))
            for pk, season_votes, per_day, golden, display, username, staff in next(results)
        }
        self.player_ids = player_ids = {pk: str(pk) for pk in self.players}
        self.votes = next(results)
        self.engine_votes = tuple(
            [
                EngineVote(player_ids[player], entry_ids[entry], DIRECTIONS[direction], points)
                for _, player, entry, direction, points in self.votes
            ]
        )
        # Made here, where Python would otherwise wait for the server to group the hands.
        self.changed_totals = _totals_after_votes(self.players, self.votes)
        self.held = {owner: (cards, ids) for owner, cards, ids in next(results)}
        self.sealed_golden = {owner for (owner,) in next(results)}
        self.plays = next(results)
        self.engine_plays = tuple(
            [
                Play(player_ids[player], CARDS[card], entry_ids[target])
                for _, player, card, target in self.plays
            ]
        )
        for _ in results:  # no rows left: this ends the pipeline
            pass

    def names(self) -> tuple[dict[str, str], dict[str, str]]:
        """Player and contestant names by the ids the engine knows them by."""
        return (
            {self.player_ids[pk]: p.name for pk, p in self.players.items()},
            {str(pk): e.contestant.name for pk, e in self.entries.items()},
        )

    def engine_day(self) -> Day:
        held, sealed_golden, player_ids = self.held, self.sealed_golden, self.player_ids
        return Day(
            noon=self.day.noon_on,
            seed=self.day.seed,
            contestants=tuple(as_engine_contestant(e) for e in self.entries.values()),
            players=tuple(
                [
                    Player(
                        player_ids[pk],
                        p.season_votes,
                        p.votes_per_day,
                        tuple([CARDS[card] for card in held[pk][0].split()]) if pk in held else (),
                        p.golden_holder,
                        (CardId.GOLDEN_GOONER,) if pk in sealed_golden else (),
                    )
                    for pk, p in self.players.items()
                ]
            ),
            votes=self.engine_votes,
            plays=self.engine_plays,
        )


def _sort_in_memory() -> list[tuple[str, list]]:
    """The sort of every card in the season (`_held_cards_sql`) fits in memory, not on
    disk: a setting for this transaction, as a statement that returns a row."""
    if connection.vendor != "postgresql":
        return []
    return [("SELECT set_config('work_mem', '64MB', true)", [])]


def _held_cards_sql(season: Season) -> tuple[str, list]:
    """Each player's loose cards, oldest first, as one row: (owner, cards, their ids), each
    space-separated. The engine takes the hand in that order (the hand limit samples
    positions in it with the day's seed), so the same day always deals the same.

    Half a million cards at 100,000 players: one row per card cost 0.7 s more to read and
    to group in Python than one per player. The cards are sorted in a subquery, which
    the grouping keeps: an ORDER BY in each aggregate sorted every hand twice over."""
    quote = connection.ops.quote_name
    table, players = quote(HeldCard._meta.db_table), quote(PlayerSeason._meta.db_table)
    concat = "string_agg" if connection.vendor == "postgresql" else "group_concat"
    return (
        f"SELECT owner_id, {concat}(card, ' '), {concat}(CAST(id AS TEXT), ' ') "
        f"FROM (SELECT h.owner_id, h.card, h.id FROM {table} h "
        f"JOIN {players} p ON p.id = h.owner_id WHERE p.season_id = %s "
        "ORDER BY h.owner_id, h.id) AS held GROUP BY owner_id",
        [season.pk],
    )


def save_noon(day: GameDay, loaded: LoadedDay, result: NoonResult) -> NoonReport:
    """Write everything the engine returned; the caller holds the day locked.

    The writes are a few statements of many rows each, during which this thread only
    waits for PostgreSQL. So a second thread makes the rows ahead, in the order they are
    written, then the Chaos Report's JSON (24 MB at 100,000 players): the Python work
    fills the database's time instead of adding to it. One thread, not one for the rows
    and one for the JSON: they shared the interpreter's lock, so the first writes waited
    for rows made at half speed (0.1-0.3 s of a 100,000-player noon's save, bench_noon)."""
    inputs = report_inputs(day, loaded, result)
    writes = _planned_writes(day, loaded, result, inputs)
    with prompt_handoffs(), ThreadPoolExecutor(1, thread_name_prefix="noon-rows") as maker:
        made = [maker.submit(write.rows) for write in writes]
        # After the plays' rows, which added each play's effect to the report's inputs.
        encoded = maker.submit(_encode_report, result, inputs)
        for write, rows in zip(writes, made, strict=True):
            write.store(rows.result())
        outcome, ladder = encoded.result()
    report = insert_one(NoonReport, day=day, outcome=outcome, ladder=ladder)
    report.outcome, report.ladder = outcome.value, ladder.value
    queue_post(report)
    board_changed()  # open boards fetch the recap once the noon commits (games.ladder.live)
    return report


@contextmanager
def prompt_handoffs() -> Iterator[None]:
    """The thread that holds the transaction waits on PostgreSQL statement after statement
    while other threads are busy in Python (the engine, the rows, the JSON), and each time
    a statement returned it waited up to a switch interval (5 ms) for the interpreter's
    lock: 0.2-0.3 s of a 100,000-player noon's save (bench_noon). A shorter interval, for
    the noon only, hands the lock back at once."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


class Write(NamedTuple):
    """One write of the noon: `rows()` makes its rows (pure Python, any thread), then
    `store(rows)` writes them (the thread that holds the transaction)."""

    rows: Callable[[], Any]
    store: Callable[[Any], None]


def _planned_writes(
    day: GameDay, loaded: LoadedDay, result: NoonResult, inputs: ReportInputs
) -> list[Write]:
    """Scores and ladder state, votes' landings, the hands (trims, deals and the ledger of
    both), and the plays' outcomes, in that order. The players' totals are written while
    the engine runs (`write_player_totals`)."""

    def hand_rows() -> tuple[list, list, list, list]:
        doomed, lost = _trims(loaded, result, day.pk)
        cards, packs, gained = _deals(result, day.pk)
        return doomed, cards, packs, lost + gained

    def store_hands(rows: tuple[list, list, list, list]) -> None:
        doomed, cards, packs, booked = rows
        delete_pks(HeldCard, doomed)
        insert_rows(HeldCard, ["owner", "card", "source"], cards)
        insert_rows(SealedItem, ["owner", "kind", "source"], packs)
        ledger.record_many(booked)

    def play_rows() -> list[tuple]:
        add_play_effects(inputs, result)
        texts = [None if effect is None else json.dumps(effect) for effect in inputs.play_effects]
        return _play_rows(loaded, result, texts)

    return [
        Write(lambda: _ladder_rows(result), partial(bulk_set, LadderEntry, STATE_FIELDS)),
        Write(
            lambda: _vote_rows(loaded, result),
            partial(insert_rows, VoteLanding, ["vote", "landed"]),
        ),
        Write(hand_rows, store_hands),
        Write(play_rows, partial(bulk_set, PlayRow, ["outcome", "by", "reason", "effect"])),
    ]


def _encode_report(result: NoonResult, inputs: ReportInputs) -> tuple[Encoded, Encoded]:
    """The report's two documents, encoded; each play's effect is in `inputs` already."""
    outcome, ladder = build_report(result, inputs)
    return Encoded(outcome), Encoded(ladder)


def _ladder_rows(result: NoonResult) -> list[tuple]:
    # Every contestant the engine returned, off-ladder ones too: their smell and (on
    # Wednesdays) their Golden pin wear off like everyone's.
    contestants = [row.contestant for row in result.ladder] + list(result.off_ladder)
    return [(int(c.id), *(getattr(c, name) for name in STATE_FIELDS)) for c in contestants]


def _totals_after_votes(players: dict[int, PlayerRow], votes: list[tuple]) -> list[tuple]:
    """(player, season total, tomorrow's allowance) of each player whose totals today's
    votes change, by the engine's own rule (`totals_after`): they depend on the votes cast
    alone, not on anything else the noon decides."""
    cast = Counter(map(itemgetter(1), votes))
    changed = []
    for pk, p in players.items():
        after = totals_after(p.season_votes, p.votes_per_day, cast[pk])
        if after != (p.season_votes, p.votes_per_day):
            changed.append((pk, *after))
    return changed


def write_player_totals(loaded: LoadedDay) -> None:
    """Write the players' totals (R3.1) before the engine has decided anything else, so
    that PostgreSQL writes them while the engine runs (`services.noon`). The engine's
    result has the same figures, by the same rule over the same votes; they are not
    written again."""
    bulk_set(PlayerSeason, ["season_votes", "votes_per_day"], loaded.changed_totals)


def _vote_rows(loaded: LoadedDay, result: NoonResult) -> list[tuple[int, int]]:
    """Only votes that landed otherwise than cast: one without a landing landed as cast."""
    return [
        (pk, landed)
        for (pk, _, _, direction, points), landed in zip(loaded.votes, result.votes, strict=True)
        if landed != (points if direction == Direction.UP else -points)
    ]


def _play_rows(
    loaded: LoadedDay, result: NoonResult, effect_texts: list[str | None]
) -> list[tuple]:
    play_ids = [pk for pk, *_ in loaded.plays]
    return [
        (
            play_ids[r.index],
            r.outcome.value,
            None if r.by is None else play_ids[r.by],
            "" if r.reason is None else r.reason.value,
            text,
        )
        for r, text in zip(result.plays, effect_texts, strict=True)
    ]


def _trims(loaded: LoadedDay, result: NoonResult, day_id: int) -> tuple[list[int], list[tuple]]:
    """The held cards the hand limit took (R6.13), and their ledger rows."""
    doomed: list[int] = []
    lost: list[tuple[int, str, int, str, int]] = []
    for p in result.players:
        if not p.trimmed:
            continue
        owner = int(p.id)
        pool = defaultdict(list)
        cards, ids = loaded.held[owner]
        for card, held_id in zip(cards.split(), ids.split(), strict=True):
            pool[card].append(int(held_id))
        for card in p.trimmed:
            doomed.append(pool[card].pop())
            lost.append((owner, card, -1, Source.TRIMMED, day_id))
    return doomed, lost


def _deals(result: NoonResult, day_id: int) -> tuple[list, list, list]:
    """Cards and sealed items dealt (R6.14), and their ledger rows."""
    cards: list[tuple[int, str, str]] = []
    packs: list[tuple[int, str, str]] = []
    gained: list[tuple[int, str, int, str, int]] = []
    for event in result.log:
        if not isinstance(event, Dealt):
            continue
        owner, source, item = int(event.player), DEAL_SOURCE[event.why], event.item.value
        (cards if isinstance(event.item, CardId) else packs).append((owner, item, source))
        gained.append((owner, item, 1, source, day_id))
    return cards, packs, gained


def report_json(day: GameDay, loaded: LoadedDay, result: NoonResult) -> tuple[dict, list]:
    """The Chaos Report of this result, with every name it needs."""
    inputs = report_inputs(day, loaded, result)
    add_play_effects(inputs, result)
    return build_report(result, inputs)


def report_inputs(day: GameDay, loaded: LoadedDay, result: NoonResult) -> ReportInputs:
    """What the report needs besides the result: names, the day's pins and codes, the last
    noon's ranks, the admins' changes since. A few small queries; each play's effect is
    added apart (`add_play_effects`), in whichever thread encodes the report."""
    season = day.season
    player_names, contestant_names = loaded.names()
    golden = [
        {"player": str(g.player.user), "target": g.target.contestant.name, "id": g.target_id}
        for g in GoldenPlay.objects.filter(day=day).select_related(
            "player__user", "target__contestant"
        )
    ]
    week_golden = []
    if result.noon.weekday() == 2:
        week_golden = [
            {
                "player": str(g.player.user),
                "target": g.target.contestant.name,
                "noon": f"{g.day.noon_on:%a %b} {g.day.noon_on.day}",
            }
            for g in GoldenPlay.objects.filter(
                day__season=season,
                day__noon_on__gt=result.noon - dt.timedelta(days=7),
                day__noon_on__lte=result.noon,
            ).select_related("player__user", "target__contestant", "day")
        ]
    redemptions = [
        {"player": str(r.player.user), "gave": r.get_gave_display()}
        for r in Redemption.objects.filter(day=day).select_related("player__user")
    ]
    previous = (
        GameDay.objects.filter(
            season=season, noon_on__lt=day.noon_on, status=GameDay.Status.RESOLVED
        )
        .order_by("-noon_on")
        .first()
    )
    events = _day_events(previous, golden)
    next_day = (
        GameDay.objects.filter(season=season, noon_on__gt=day.noon_on).order_by("noon_on").first()
    )
    return ReportInputs(
        player_names=player_names,
        contestant_names=contestant_names,
        staff=_staff_names(loaded, events),
        play_ids=[pk for pk, *_ in loaded.plays],
        golden_plays=[{k: v for k, v in g.items() if k != "id"} for g in golden],
        week_golden=week_golden,
        redemptions=redemptions,
        previous_ranks=_previous_ranks(previous, contestant_names) or _roster_ranks(loaded),
        events=events,
        seed=day.seed,
        next_seed_sha256=None if next_day is None else next_day.seed_sha256,
        last_noon=season.last_noon is not None and day.noon_on >= season.last_noon,
    )


def add_play_effects(inputs: ReportInputs, result: NoonResult) -> None:
    """Each play's effect with names (stored on the play and in the report)."""
    players, contestants = inputs.player_names, inputs.contestant_names
    inputs.play_effects = [
        None
        if r.effect is None
        else effect_json(r.card, r.effect, result.plays, players, contestants)
        for r in result.plays
    ]


def _previous_ranks(previous: GameDay | None, names: dict[str, str]) -> dict[str, int] | None:
    """Entry id -> rank on the last noon's ladder; version-1 rows are matched by name."""
    if previous is None:
        return None
    rows = NoonReport.objects.filter(day=previous).values_list("ladder", flat=True).first()
    if rows is None:
        return None
    by_name = {name: cid for cid, name in names.items()}
    ranks = {}
    for row in rows:
        cid = str(row["id"]) if "id" in row else by_name.get(row["name"])
        if cid is not None:
            ranks[cid] = row["rank"]
    return ranks


def _roster_ranks(loaded: LoadedDay) -> dict[str, int]:
    """Before a season's first noon everyone stands at 0 in roster order (R4.1), so that is
    where its first movement counts from: a mid-day Golden pin is not a starting place."""
    on = sorted((e for e in loaded.entries.values() if e.on_ladder), key=lambda e: e.joined)
    return {str(e.pk): rank for rank, e in enumerate(on, start=1)}


def _staff_names(loaded: LoadedDay, events: dict[str, list[dict]]) -> list[str]:
    """Who the report shows with the staff badge: staff players and the admins who acted."""
    names = {p.name for p in loaded.players.values() if p.staff}
    names |= {
        e["by"] for day in events.values() for e in day if e["kind"] == "unlocked" and "by" in e
    }
    return sorted(names - {"an admin"})


ROSTER_EVENTS = {
    AdminAction.Kind.UNLOCK: "unlocked",
    AdminAction.Kind.TAKE_OFF: "taken_off",
    AdminAction.Kind.PUT_BACK: "put_back",
    AdminAction.Kind.ADD_TO_ROSTER: "joined",
}


def _day_events(previous: GameDay | None, golden: list[dict[str, Any]]) -> dict[str, list[dict]]:
    """What moved a contestant during the day, outside noon: Golden pins, and the admins'
    unlocks and roster changes since the last noon (none are counted before a season's
    first noon: everyone on its first ladder is new)."""
    events: dict[str, list[dict]] = defaultdict(list)
    for g in golden:
        events[str(g["id"])].append({"kind": "golden", "by": g["player"]})
    if previous is not None and previous.resolved_at is not None:
        actions = AdminAction.objects.filter(
            kind__in=list(ROSTER_EVENTS), at__gt=previous.resolved_at, at__lte=timezone.now()
        ).select_related("actor")
        for action in actions.order_by("at"):
            for entry_id in action.details.get("ids", []):
                event = {"kind": ROSTER_EVENTS[action.kind]}
                if action.kind == AdminAction.Kind.UNLOCK:
                    event["by"] = str(action.actor) if action.actor else "an admin"
                events[str(entry_id)].append(event)
    return dict(events)
