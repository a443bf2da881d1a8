"""`manage.py bench_noon`: it resolves a noon at both sizes, in either card mix, and leaves
nothing behind (the README's figures come from it)."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from accounts.models import User
from games.ladder.models import Contestant, GameDay, Play, Season, Vote


@pytest.mark.parametrize("cards", ["odds", "even"])
def test_bench_noon_resolves_both_sizes_and_cleans_up(db, cards):
    out = io.StringIO()
    call_command(
        "bench_noon",
        "--players=200",
        "--contestants=12",
        "--votes=600",
        "--plays=200",
        f"--cards={cards}",
        stdout=out,
    )
    lines = out.getvalue().splitlines()
    assert lines[0].endswith(f"cards held and played: {cards}")
    rows = [line.split() for line in lines[2:]]
    assert [row[:4] for row in rows] == [["20", "12", "60", "20"], ["200", "12", "600", "200"]]
    assert all(int(row[5]) > 0 for row in rows)  # the query count
    assert all(len(row) == 13 for row in rows)  # and the COPY floor ("-" on SQLite)
    # The time in SQL is part of the noon's.
    assert all(0 <= float(row[9]) <= float(row[4]) for row in rows)
    # Each noon resolved, then everything it built was removed.
    for model in (Season, GameDay, Vote, Play, Contestant, User):
        assert not model.objects.exists(), model


def test_bench_noon_rehearsals_are_rolled_back_before_the_noon_that_counts(db):
    out = io.StringIO()
    call_command(
        "bench_noon",
        "--players=100",
        "--contestants=8",
        "--votes=300",
        "--plays=100",
        "--rehearsals=2",
        stdout=out,
    )
    rows = out.getvalue().splitlines()[2:]
    rehearsed = [row.endswith("(rehearsal, rolled back)") for row in rows]
    assert rehearsed == [True, True, False, True, True, False]
    # Had a rehearsal committed, the next run would find the day resolved and the command
    # would fail for want of figures: every run resolved the same open day.
    assert len({tuple(row.split()[:4]) for row in rows}) == 2
    assert not Season.objects.exists()
