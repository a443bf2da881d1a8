"""Everything the board shows one player, read in a fixed number of queries (R5.6, R5.7)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count

from .clock import noon_of
from .engine import CATALOGUE, Card, CardId
from .engine.rules import (
    HAND_LIMIT,
    TROPHIES_PER_LOCK,
    VOTE_POINTS,
    milestone_reward,
    milestones_crossed,
    next_milestone,
    play_refusal,
    vote_points,
)
from .models import GameDay, GoldenPlay, HeldCard, LadderEntry, Play, PlayerSeason, SealedItem, Vote
from .public import PublicBoard
from .recap import Recap, board_version, latest_moves, load_recap
from .report_text import moved as moved_text


@dataclass
class Row:
    entry: LadderEntry
    rank: int
    face_down: int
    my_vote: Vote | None
    next_points: int | None
    cannot_vote: str | None
    cannot_play: str | None = None
    last_noon: dict | None = None  # this contestant's row in the last Chaos Report

    @property
    def moved(self) -> str:
        """Places moved at the last noon, as an arrow; empty before the season's first."""
        return moved_text(self.last_noon) if self.last_noon else ""

    @property
    def face_down_cards(self) -> range:
        return range(self.face_down)

    @property
    def trophy_progress(self) -> int:
        """Trophies toward the next lock; a locked contestant's meter stays full."""
        if self.entry.locked:
            return TROPHIES_PER_LOCK
        return self.entry.trophies % TROPHIES_PER_LOCK


@dataclass
class Board:
    player: PlayerSeason
    day: GameDay
    rows: list[Row]
    votes: list[Vote]
    plays: list[Play]
    golden_plays: list[GoldenPlay]
    cards: list[HeldCard]
    sealed: list[SealedItem]
    targeting: Card | None = None
    counting: bool = False  # noon has come and its job has not finished yet
    public_key: str = ""  # names the version of the public board it was read from
    notes: list[str] = field(default_factory=list)
    recap: Recap | None = None
    version: str = ""

    @property
    def poll_seconds(self) -> int:
        """How often an open board asks whether it changed (settings.LADDER_POLL_SECONDS)."""
        return settings.LADDER_POLL_SECONDS

    @property
    def seed_sha256(self) -> str:
        return self.day.seed_sha256

    @property
    def last_noon(self):
        return self.player.season.last_noon

    @property
    def noon_at(self) -> dt.datetime:
        return noon_of(self.day.noon_on)

    @property
    def vote_values(self) -> tuple[int, ...]:
        return VOTE_POINTS[self.player.votes_per_day]

    @property
    def votes_left(self) -> tuple[int, ...]:
        return self.vote_values[len(self.votes) :]

    @property
    def used_all_votes(self) -> bool:
        return not self.votes_left

    @property
    def stacks(self) -> list[dict]:
        """Identical cards as one tile with a count, in catalogue order."""
        counts: dict[CardId, int] = {}
        for held in self.cards:
            counts[CardId(held.card)] = counts.get(CardId(held.card), 0) + 1
        return [
            {"card": card, "count": counts[card.id]}
            for card in CATALOGUE.values()
            if card.id in counts
        ]

    @property
    def regular_count(self) -> int:
        return sum(1 for c in self.cards if CATALOGUE[CardId(c.card)].regular)

    @property
    def over_limit(self) -> bool:
        return self.regular_count > HAND_LIMIT

    @property
    def hand_limit(self) -> int:
        return HAND_LIMIT

    @property
    def season_total(self) -> int:
        """The season vote total as noon will count it: today's votes included."""
        return self.player.season_votes + len(self.votes)

    @property
    def milestones_at_noon(self) -> list[dict]:
        """Milestones today's votes cross: paid at the next noon."""
        return [
            {"at": at, "gives": milestone_reward(reward)}
            for at, reward in milestones_crossed(self.player.season_votes, self.season_total)
        ]

    @property
    def next_milestone(self) -> dict | None:
        total = self.season_total
        upcoming = next_milestone(total)
        if upcoming is None:
            return None
        at, reward = upcoming
        return {
            "at": at,
            "gives": milestone_reward(reward),
            "total": total,
            "percent": total * 100 // at,
        }


def _cannot_play(card: CardId | None, c, entry: LadderEntry) -> str | None:
    if card is None:
        return None
    reason = play_refusal(card, c)
    return f"{entry} {reason}" if reason else None


def load_board(
    player: PlayerSeason, public: PublicBoard, *, targeting: CardId | None = None
) -> Board:
    """The public part comes cached (games.ladder.public); the player's own parts are a few
    indexed queries: their votes, plays and Golden pins today, their hand, their packs."""
    day = public.day
    waiting = dict(
        Play.objects.filter(day=day)
        .exclude(card=CardId.CHAOS.value)
        .values("target_id")
        .annotate(n=Count("pk"))
        .values_list("target_id", "n")
    )
    votes = list(Vote.objects.filter(day=day, player=player).select_related("entry__contestant"))
    voted = {v.entry_id: v for v in votes}
    next_points = vote_points(len(votes) + 1, player.votes_per_day)
    report, moves = latest_moves(player.season)
    rows = []
    for ranked in public.ranked:
        entry = ranked.entry
        if ranked.cannot_vote:
            cannot_vote = ranked.cannot_vote
        elif entry.pk in voted:
            cannot_vote = "You voted on them today"
        elif next_points is None:
            cannot_vote = "No votes left today"
        else:
            cannot_vote = None
        rows.append(
            Row(
                entry=entry,
                rank=ranked.rank,
                face_down=waiting.get(entry.pk, 0),
                my_vote=voted.get(entry.pk),
                next_points=next_points,
                cannot_vote=cannot_vote,
                cannot_play=_cannot_play(targeting, ranked.contestant, entry),
                last_noon=moves.get(entry.pk),
            )
        )
    return Board(
        player=player,
        day=day,
        rows=rows,
        votes=votes,
        plays=list(
            Play.objects.filter(day=day, player=player).select_related("target__contestant")
        ),
        golden_plays=list(
            GoldenPlay.objects.filter(day=day, player=player).select_related("target__contestant")
        ),
        cards=list(HeldCard.objects.filter(owner=player).order_by("card", "pk")),
        sealed=list(SealedItem.objects.filter(owner=player, opened_at__isnull=True)),
        targeting=CATALOGUE[targeting] if targeting else None,
        counting=public.counting,
        public_key=public.key,
        recap=None if report is None else load_recap(player, report, moves),
        version=board_version(player.season),
    )
