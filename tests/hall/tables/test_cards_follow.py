"""Cards in a game stay locked in their owners' inventories and all go home (H3.4, H7.9, H8.2).

Random three-player duels with specials (Ace draws, Queen returns, King, Jack, gives) played
through the services: after every move the locked rows are exactly the cards in hands and
on the pile, and at the end nothing is locked and every owner holds what they held.
"""

import random
from collections import Counter

import pytest

from games.hall.cards import FACE_IDS
from games.hall.models import Card, Game, Player
from games.hall.services import ledger
from tests.hall.fixtures import at, fresh, grant
from tests.hall.tables.helpers import VERBS, all_ready, choose_all, duel, next_move


def holdings(player: Player) -> Counter:
    return Counter(Card.objects.filter(owner=player).values_list("face", "holo"))


@pytest.mark.parametrize("seed", range(6))
def test_every_card_stays_locked_in_play_and_goes_home(ann, bo, cy, seed):
    rng = random.Random(seed)
    hands = {}
    for p in (ann, bo, cy):
        cards = [rng.choice(FACE_IDS) for _ in range(rng.randint(4, 7))]
        grant(p, *cards, *[rng.choice(FACE_IDS) for _ in range(rng.randint(0, 3))])
        hands[p] = cards
    before = {p.pk: holdings(p) for p in (ann, bo, cy)}
    game = all_ready(choose_all(duel(ann, bo, cy, now=at(1)), hands, at(1)), [ann, bo, cy], at(1))
    users = {p.pk: p.user for p in (ann, bo, cy)}
    for _ in range(300):
        game = Game.objects.get(pk=game.pk)
        if game.stage == Game.Stage.OVER:
            break
        in_game = sum(len(p["hand"]) for p in game.state["players"]) + len(game.state["pile"])
        assert Card.objects.filter(locked=True).count() == in_game
        pk, verb, args = next_move(game.state)
        VERBS[verb](user=users[pk], game_id=game.pk, now=at(1, 16), **args)
    assert game.stage == Game.Stage.OVER and game.result == "won"
    assert not Card.objects.filter(locked=True).exists()
    for p in (ann, bo, cy):
        assert holdings(p) == before[p.pk]
        assert ledger.unexplained(fresh(p)) == []
