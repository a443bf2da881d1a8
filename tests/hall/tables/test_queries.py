"""A move costs the same number of queries early and late in a game (H7.7 replay design)."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.hall.models import Game
from games.hall.tables.moves import play
from tests.hall.fixtures import at, grant
from tests.hall.tables.helpers import VERBS, all_ready, choose_all, duel, next_move

A = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "2D", "3D", "4D"]
B = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "2C", "3C", "4C"]


def test_a_play_costs_the_same_queries_at_move_3_and_move_15(ann, bo):
    grant(ann, *A)
    grant(bo, *B)
    game = all_ready(choose_all(duel(ann, bo, now=at(1)), {ann: A, bo: B}, at(1)), [ann, bo], at(1))
    counts = {}
    for n in range(20):
        game = Game.objects.get(pk=game.pk)
        pk, verb, args = next_move(game.state)
        user = (ann if pk == ann.pk else bo).user
        with CaptureQueriesContext(connection) as queries:
            VERBS[verb](user=user, game_id=game.pk, now=at(1, 16), **args)
        if verb == "play" and VERBS[verb] is play:
            counts[n] = len(queries)
    assert counts[2] == counts[14] == max(counts.values()), counts
    assert counts[2] <= 25
