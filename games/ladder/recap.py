"""The board after noon: what the last noon did for one player, and how the ladder moved.

Read from the last report's ladder (movement for every row) and the player's own rows of
that day (votes with what they landed as, plays with their outcome and effect, what the
ledger dealt), in a fixed number of queries. Votes stay private: only the player's own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import connection

from . import report_text as words
from .engine import CATALOGUE, CardId, Direction
from .models import (
    AdminAction,
    GameDay,
    GoldenPlay,
    LedgerEntry,
    NoonReport,
    Play,
    PlayerSeason,
    Season,
    Source,
    Vote,
)

DEALT_BECAUSE = {
    Source.DRAW: "you used all your votes",
    Source.MILESTONE: "a season vote milestone",
    Source.GOLDEN: "the Wednesday Golden Gooner refresh",
}


@dataclass
class VoteRecap:
    vote: Vote
    landed: int
    why: str

    @property
    def cast(self) -> int:
        return self.vote.points if self.vote.direction == Direction.UP else -self.vote.points


@dataclass
class Recap:
    report: NoonReport
    votes: list[VoteRecap]
    plays: list[dict[str, Any]]
    golden: list[GoldenPlay]
    dealt: list[dict[str, str]]
    trimmed: list[str]
    mine: list[dict[str, Any]]  # the ladder rows of the contestants they voted or played on
    moves: dict[int, dict[str, Any]] = field(default_factory=dict)  # entry id -> ladder row

    @classmethod
    def nothing_of_theirs(cls, report: NoonReport, moves: dict[int, dict[str, Any]]) -> Recap:
        """The recap of a player who did nothing that day (one who joined after it)."""
        return cls(
            report, votes=[], plays=[], golden=[], dealt=[], trimmed=[], mine=[], moves=moves
        )

    @property
    def day(self) -> GameDay:
        return self.report.day

    @property
    def winners(self) -> list[dict[str, Any]]:
        """Wednesday's top 3, from the report's ladder rows."""
        return sorted(
            (row for row in self.moves.values() if row.get("won")), key=lambda r: r["won"]
        )

    @property
    def empty(self) -> bool:
        return not (self.votes or self.plays or self.golden or self.dealt or self.trimmed)


def board_version(season: Season) -> str:
    """Changes whenever the board's public part may have: a noon resolved, a Golden pin,
    an admin's unlock or roster change, the season's end. One small query; the board polls
    it, and every read of a player's board asks for it. Written out, since Django took
    1.8 ms of CPU to build it from three subqueries, against 0.1 ms to send this."""
    report, day = NoonReport._meta.db_table, GameDay._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            SELECT
                (SELECT r.id FROM {report} r JOIN {day} d ON d.id = r.day_id
                 WHERE d.season_id = s.id ORDER BY r.id DESC LIMIT 1),
                (SELECT g.id FROM {GoldenPlay._meta.db_table} g JOIN {day} d ON d.id = g.day_id
                 WHERE d.season_id = s.id ORDER BY g.id DESC LIMIT 1),
                (SELECT a.id FROM {AdminAction._meta.db_table} a ORDER BY a.id DESC LIMIT 1),
                s.is_active
            FROM {Season._meta.db_table} s WHERE s.id = %s
            """,
            [season.pk],
        )
        row = cursor.fetchone()
    if row is None:
        return "0"
    *latest, active = row
    return "-".join([*(str(pk or 0) for pk in latest), str(bool(active))])  # SQLite: 1, 0


def latest_moves(season: Season) -> tuple[NoonReport | None, dict[int, dict[str, Any]]]:
    """The last report (its outcome deferred) and its ladder rows by entry id."""
    report = (
        NoonReport.objects.filter(day__season=season)
        .defer("outcome")
        .select_related("day")
        .order_by("-day__noon_on")
        .first()
    )
    if report is None:
        return None, {}
    moves = {row["id"]: row for row in report.ladder if isinstance(row.get("id"), int)}
    return report, moves


def load_recap(player: PlayerSeason, report: NoonReport, moves: dict[int, dict]) -> Recap:
    day = report.day
    votes = list(
        Vote.objects.filter(day=day, player=player).select_related("entry__contestant", "landing")
    )
    plays = list(
        Play.objects.filter(day=day, player=player)
        .select_related("target__contestant", "by__player__user")
        .order_by("pk")
    )
    golden = list(
        GoldenPlay.objects.filter(day=day, player=player).select_related("target__contestant")
    )
    ledger = list(
        LedgerEntry.objects.filter(
            player=player, day=day, reason__in=[*DEALT_BECAUSE, Source.TRIMMED]
        ).order_by("pk")
    )
    erased = {v.entry_id for v in votes if v.landed == 0}
    skipped = set()
    if erased:
        skipped = set(
            Play.objects.filter(
                day=day, card=CardId.SKIP.value, outcome="landed", target_id__in=erased
            ).values_list("target_id", flat=True)
        )
    recapped_votes = [_vote(v, skipped) for v in votes]
    mine_ids = [v.entry_id for v in votes] + [p.target_id for p in plays if p.target_id]
    mine_ids += [g.target_id for g in golden]
    mine = [moves[i] for i in dict.fromkeys(mine_ids) if i in moves]
    return Recap(
        report=report,
        votes=recapped_votes,
        plays=[_play(p) for p in plays],
        golden=golden,
        dealt=[
            {"item": item_label(e.item), "why": DEALT_BECAUSE[e.reason]}
            for e in ledger
            if e.reason in DEALT_BECAUSE
        ],
        trimmed=[item_label(e.item) for e in ledger if e.reason == Source.TRIMMED],
        mine=mine,
        moves=moves,
    )


def item_label(item: str) -> str:
    if item in CardId:
        card = CATALOGUE[CardId(item)]
        return f"{card.emoji} {card.name}"
    return {"booster_pack": "🎴 Booster Pack", "god_pack": "👑 God Pack"}.get(item, item)


def _vote(vote: Vote, skipped: set[int]) -> VoteRecap:
    cast = vote.points if vote.direction == Direction.UP else -vote.points
    landed = cast if vote.landed is None else vote.landed
    if landed == cast:
        why = "landed as cast"
    elif landed == 0:
        why = (
            "erased by a Skip"
            if vote.entry_id in skipped
            else "counted for nothing: they were locked, Golden or off the ladder at noon"
        )
    elif abs(landed) == 2 * vote.points and (landed > 0) == (cast > 0):
        why = "doubled by your Boost"
    elif abs(landed) == 2 * vote.points:
        why = "flipped by a Reverse, then doubled by your Boost"
    else:
        why = "flipped by a Reverse"
    return VoteRecap(vote, landed, why)


def _play(play: Play) -> dict[str, Any]:
    data = {
        "card": play.card,
        "target": str(play.target) if play.target else None,
        "outcome": play.outcome,
        "by": str(play.by.player.user) if play.by else None,
        "reason": play.reason or None,
        "effect": play.effect,
    }
    return {
        **data,
        "info": CATALOGUE[CardId(play.card)],
        "fate": words.HTML.done(words.fate(data, words.HTML)) if play.outcome else "",
    }
