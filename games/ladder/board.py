"""Everything the board shows one player, read in a fixed number of queries (R5.6, R5.7)."""

from __future__ import annotations

import copy
import datetime as dt
from dataclasses import dataclass, field, replace
from functools import cached_property

from django.conf import settings
from django.db.models import Count, Model

from goonsite.kept import KeptInProcess

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
    cannot_vote: str | None
    cannot_play: str | None = None
    last_noon: dict | None = None  # this contestant's row in the last Chaos Report

    @property
    def moved(self) -> str:
        """Places moved at the last noon, as an arrow; empty before the season's first."""
        return moved_text(self.last_noon) if self.last_noon else ""

    @property
    def trophy_progress(self) -> int:
        """Trophies toward the next lock; a locked contestant's meter stays full."""
        if self.entry.locked:
            return TROPHIES_PER_LOCK
        return self.entry.trophies % TROPHIES_PER_LOCK


@dataclass
class Board:
    """The player's own part (kept in the cache per version of it, games.ladder.board_cache)
    and, for one request, the public board, the day's face-down counts and the card being
    aimed (`shown`), from which the ladder's rows are drawn."""

    player: PlayerSeason
    day: GameDay
    votes: list[Vote]
    plays: list[Play]
    golden_plays: list[GoldenPlay]
    cards: list[HeldCard]
    sealed: list[SealedItem]
    counting: bool = False  # noon has come and its job has not finished yet
    public_key: str = ""  # names the version of the public board it was read from
    recap: Recap | None = None
    version: str = ""
    moves: dict[int, dict] = field(default_factory=dict)  # the last report's rows by entry id
    # Per request, never kept with the own part:
    public: PublicBoard | None = None
    face_down: dict[int, int] = field(default_factory=dict)
    targeting: Card | None = None

    _NOT_KEPT = ("public", "face_down", "targeting", "rows", "stacks", "regular_count")

    def __getstate__(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k not in self._NOT_KEPT}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state, public=None, face_down={}, targeting=None)

    def shown(
        self, public: PublicBoard, face_down: dict[int, int], targeting: CardId | None = None
    ) -> Board:
        """This own part as one request shows it."""
        return replace(
            self,
            public=public,
            face_down=face_down,
            targeting=CATALOGUE[targeting] if targeting else None,
        )

    def holds(self, card: CardId) -> bool:
        return any(held.card == card.value for held in self.cards)

    @cached_property
    def rows(self) -> list[Row]:
        voted = self._voted
        next_points = self._next_points
        targeting = self.targeting.id if self.targeting else None
        return [
            self._row(ranked, voted, next_points, targeting)
            for ranked in (self.public.ranked if self.public else ())
        ]

    def row(self, entry_id: int) -> Row | None:
        """The one row of `entry_id`, as `rows` has it; None when it is not on the ladder.
        An answer to a vote draws that row alone, and needs no other."""
        targeting = self.targeting.id if self.targeting else None
        for ranked in self.public.ranked if self.public else ():
            if ranked.entry.id == entry_id:
                return self._row(ranked, self._voted, self._next_points, targeting)
        return None

    @property
    def _voted(self) -> dict[int, Vote]:
        return {v.entry_id: v for v in self.votes}

    @property
    def _next_points(self) -> int | None:
        return vote_points(len(self.votes) + 1, self.player.votes_per_day)

    def _row(self, ranked, voted: dict[int, Vote], next_points, targeting) -> Row:
        entry = ranked.entry
        entry_id = entry.id  # not .pk: a property lookup, thirty a row list, every answer
        if ranked.cannot_vote:
            cannot_vote = ranked.cannot_vote
        elif entry_id in voted:
            cannot_vote = "You voted on them today"
        elif next_points is None:
            cannot_vote = "No votes left today"
        else:
            cannot_vote = None
        return Row(
            entry=entry,
            rank=ranked.rank,
            face_down=self.face_down.get(entry_id, 0),
            my_vote=voted.get(entry_id),
            cannot_vote=cannot_vote,
            cannot_play=_cannot_play(targeting, ranked.contestant, entry),
            last_noon=self.moves.get(entry_id),
        )

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
    def shown_state(self) -> str:
        """What a page's ladder shows beside the public board's own rows: which version of
        them, how many votes are cast (the next vote's points, every row's buttons) and the
        card being aimed (every row's "Play here"). A vote or a pack opening sends it back,
        so that an answer to a page showing exactly the board the action changed leaves
        the rest of the ladder alone (views.common.answer)."""
        aimed = self.targeting.id if self.targeting else ""
        return f"{self.public_key}:{len(self.votes)}:{aimed}"

    @property
    def used_all_votes(self) -> bool:
        return not self.votes_left

    @cached_property
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

    @cached_property
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


def face_down_counts(day: GameDay) -> dict[int, int]:
    """The cards waiting face down on each contestant today, by entry id (Chaos picks its
    contestant at noon: it waits on none)."""
    return dict(
        Play.objects.filter(day=day, target__isnull=False)
        .exclude(card=CardId.CHAOS.value)
        .values("target_id")
        .annotate(n=Count("pk"))
        .values_list("target_id", "n")
    )


_moves_kept = KeptInProcess(4)


def _latest_moves(season, public_key: str) -> tuple:
    """`recap.latest_moves`, read once per version of the public board in each process: a
    noon's report bumps that version, and every player's board, a new player's first
    above all, wants the same report (its ladder is a whole season's rows)."""
    if not public_key:  # the cache is down: nothing names this version
        return latest_moves(season)
    found = _moves_kept.get(public_key)
    if found is None:
        found = latest_moves(season)
        _moves_kept.keep(public_key, found)
    return found


def load_board(player: PlayerSeason, public: PublicBoard) -> Board:
    """The player's own part: a few indexed queries (their votes, plays and Golden pins
    today, their hand, their packs, the last noon's recap). The public part comes cached
    (games.ladder.public); `Board.shown` joins them."""
    day = public.day
    report, moves = _latest_moves(player.season, public.key)
    return Board(
        player=player,
        day=day,
        votes=list(Vote.objects.filter(day=day, player=player).select_related("entry__contestant")),
        plays=list(
            Play.objects.filter(day=day, player=player).select_related("target__contestant")
        ),
        golden_plays=list(
            GoldenPlay.objects.filter(day=day, player=player).select_related("target__contestant")
        ),
        cards=list(HeldCard.objects.filter(owner=player).order_by("card", "pk")),
        sealed=list(SealedItem.objects.filter(owner=player, opened_at__isnull=True)),
        counting=public.counting,
        public_key=public.key,
        recap=None if report is None else load_recap(player, report, moves),
        version=board_version(player.season),
        moves=moves,
    )


def new_player_board(player: PlayerSeason, public: PublicBoard, pack: SealedItem) -> Board:
    """`load_board` for a player whose row and starting pack this request has just made,
    in one commit: nothing of theirs to read back (no votes, plays, pins or cards yet, a
    recap of the last noon with nothing of theirs in it), only the season's last report
    and the board's version. tests/ladder/views/test_first_board.py holds it equal to
    `load_board`."""
    report, moves = _latest_moves(player.season, public.key)
    return Board(
        player=player,
        day=public.day,
        votes=[],
        plays=[],
        golden_plays=[],
        cards=[],
        sealed=[pack],
        counting=public.counting,
        public_key=public.key,
        recap=None if report is None else Recap.nothing_of_theirs(report, moves),
        version=board_version(player.season),
        moves=moves,
    )


# What an action wrote, patched into the own part it found (games.ladder.board_cache keeps
# the result only when nothing else changed the player's board meanwhile).


def with_vote(board: Board, vote: Vote) -> Board:
    return replace(board, votes=[*board.votes, _as_loaded(vote, "entry")])


def with_play(board: Board, play: Play) -> Board:
    """The card left the hand: the first held of its kind, as the service takes it."""
    cards = list(board.cards)
    taken = next((i for i, held in enumerate(cards) if held.card == play.card), None)
    if taken is None:
        raise LookupError(f"the kept hand holds no {play.card}")  # then nothing is kept
    del cards[taken]
    return replace(board, plays=[*board.plays, _as_loaded(play, "target")], cards=cards)


def with_face_down(counts: dict[int, int], play: Play) -> dict[int, int]:
    if play.target_id is None or play.card == CardId.CHAOS.value:
        return counts
    return counts | {play.target_id: counts.get(play.target_id, 0) + 1}


def with_opened(board: Board, item: SealedItem, held: list[HeldCard]) -> Board:
    return replace(
        board,
        sealed=[s for s in board.sealed if s.pk != item.pk],
        cards=sorted([*board.cards, *map(_as_loaded, held)], key=lambda h: (h.card, h.pk)),
    )


def _as_loaded(row: Model, *related: str) -> Model:
    """A row an action wrote, as `load_board` reads it: with only the relations it reads
    alongside (`related`). The action's row also holds its day, its player and their
    season, which the board never reads from it and the kept board would pickle at every
    action after (a vote, a card and a pack brought two more days, three more players and
    three more seasons between them)."""
    kept = copy.copy(row)  # copied as pickled: with a relation cache of its own
    cache = kept._state.fields_cache
    for name in [name for name in cache if name not in related]:
        del cache[name]
    return kept
