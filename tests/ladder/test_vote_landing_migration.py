"""0013 moves the votes' landings from a column of the vote to rows of their own, and
back when reversed: a resolved day's recap reads the same either way."""

from __future__ import annotations

import datetime as dt

import pytest

from accounts.models import User
from tests.migrating import migrate, migrate_to_latest

BEFORE = [("ladder", "0012_discord_posts_to_outbox")]
AFTER = [("ladder", "0013_vote_landing")]


@pytest.mark.django_db(transaction=True)
def test_landings_move_to_their_own_rows_and_back():
    old = migrate(BEFORE)
    Season = old.get_model("ladder", "Season")
    season = Season.objects.create(name="Season 9", starts_on=dt.date(2026, 12, 7))
    day = old.get_model("ladder", "GameDay").objects.create(
        season=season, noon_on=dt.date(2026, 12, 8), seed=1
    )
    entries = [
        old.get_model("ladder", "LadderEntry").objects.create(
            season=season,
            contestant=old.get_model("ladder", "Contestant").objects.create(name=name),
            joined=n,
        )
        for n, name in enumerate(("Ava", "Bo"), start=1)
    ]
    user = User.objects.create_user(username="alice")  # accounts is not migrated here
    player = old.get_model("ladder", "PlayerSeason").objects.create(season=season, user_id=user.pk)
    OldVote = old.get_model("ladder", "Vote")
    common = {"day": day, "player": player, "direction": "up", "points": 5}
    boosted = OldVote.objects.create(entry=entries[0], position=1, landed=10, **common)
    as_cast = OldVote.objects.create(entry=entries[1], position=2, landed=None, **common)

    new = migrate(AFTER)
    Landing = new.get_model("ladder", "VoteLanding")
    assert list(Landing.objects.values_list("vote_id", "landed")) == [(boosted.pk, 10)]

    back = migrate(BEFORE)
    landed = dict(back.get_model("ladder", "Vote").objects.values_list("pk", "landed"))
    assert landed == {boosted.pk: 10, as_cast.pk: None}

    migrate_to_latest()
    for name in ("VoteLanding", "Vote", "PlayerSeason", "LadderEntry", "GameDay", "Season"):
        new.get_model("ladder", name).objects.all().delete()
    new.get_model("ladder", "Contestant").objects.all().delete()
    user.delete()
