"""games.ladder.kept_parts: the next vote's line and the season panel, kept per state,
are what the template draws for every board, whichever board of the same state drew them
first (R3.1 the points, R6.14 the milestones)."""

import itertools

import pytest
from django.template.loader import get_template

from games.ladder import kept_parts
from games.ladder.board import Board
from games.ladder.engine import CATALOGUE, CardId
from games.ladder.engine.rules import MILESTONES, VOTE_POINTS
from games.ladder.models import GameDay, PlayerSeason, Vote


def board(season_votes: int, cast: int, per_day: int, public_key: str, aimed=None) -> Board:
    votes = [Vote(entry_id=100 + n, direction="up", points=1) for n in range(cast)]
    return Board(
        player=PlayerSeason(season_votes=season_votes, votes_per_day=per_day),
        day=GameDay(),
        votes=votes,
        plays=[],
        golden_plays=[],
        cards=[],
        sealed=[],
        public_key=public_key,
        targeting=CATALOGUE[aimed] if aimed else None,
    )


def states():
    """Around every milestone, every count of votes cast, both allowances, two versions of
    the public board and a card aimed or not."""
    totals = sorted({0, *(at + d for at, _ in MILESTONES for d in (-4, -1, 0, 1))} - {-1, -2})
    for season_votes, per_day in itertools.product(totals, VOTE_POINTS):
        for cast in range(per_day + 1):
            for key, aimed in itertools.product(("v1", "v2"), (None, CardId.BOOST)):
                yield board(season_votes, cast, per_day, key, aimed)


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch):
    monkeypatch.setattr(kept_parts, "_kept", type(kept_parts._kept)(100_000))


@pytest.mark.parametrize("part", sorted(kept_parts.KEYS))
def test_a_kept_part_is_what_the_template_draws_for_this_board(part):
    boards = list(states())
    # Twice over: first drawn, then each as kept, which another board of its state (the
    # same key, other votes or another aimed card) may have drawn first.
    for b in [*boards, *reversed(boards)]:
        fresh = get_template(f"{kept_parts.TEMPLATE}#{part}").render({"board": b})
        assert kept_parts.drawn([part], b) == {part: fresh}
    assert 0 < len(kept_parts._kept) < len(boards)  # boards did share what was kept


def test_only_the_parts_kept_here_are_drawn():
    b = board(3, 1, 3, "v1")
    assert set(kept_parts.drawn(["ladder", "season", "messages", "next-vote"], b)) == {
        "season",
        "next-vote",
    }
