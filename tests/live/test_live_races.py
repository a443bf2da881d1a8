"""Pushes under real concurrency (PostgreSQL, real threads): two tabs of the awaited player
play at once; the one move that lands is pushed once, the refused one not at all."""

import pytest

from games.hall.models import Game
from games.hall.tables.moves import play
from tests.hall.fixtures import at
from tests.hall.tables.test_table_races import awaited, started
from tests.hall.test_races import outcomes
from tests.live.helpers import listening
from tests.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_two_plays_for_one_turn_push_the_table_once(ann, bo):
    """H7.7, H8.10 one lands, one is refused: the table's pages hear of one change."""
    game = started(ann, bo)
    me = awaited(game, ann, bo)
    first, second = game.state["awaiting"]["legal"][:2]
    with listening(game.live_group) as heard:
        landed, refused = outcomes(
            race(
                lambda: play(user=me.user, game_id=game.pk, card=first, now=at(1, 16)),
                lambda: play(user=me.user, game_id=game.pk, card=second, now=at(1, 16)),
            )
        )
    assert len(landed) == 1 and len(refused) == 1
    assert heard == [f"table.hall.game.{game.pk}"]
    assert Game.objects.get(pk=game.pk).version == game.version + 1
