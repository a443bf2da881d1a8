"""P23 The bot: deterministic, and deciding from its own view only."""

import copy
import random

from games.party.engine import Session
from games.party.engine.autoplay import next_actions
from games.party.engine.bot import bot_move, choose
from games.party.engine.views import seat_view


def positions(seed: int, n: int, steps: int):
    """Every position of an all-bot game where some bot has a move."""
    session = Session({"seed": seed, "seats": [{"id": f"b{i}", "bot": True} for i in range(n)]})
    for _ in range(steps):
        batch = next_actions(session)
        if not batch:
            return
        for action in batch:
            if action["type"] == "bot":
                yield session, action["seat"]
            session.act(action)


def scramble(g, seat_id: str, rng: random.Random):
    """The same game with every card the seat cannot see dealt around again: the other
    hands and the draw pile keep their sizes but hold each other's cards."""
    other = copy.deepcopy(g)
    hidden = [s for s in other.seats if s.id != seat_id]
    pool = [c for s in hidden for c in s.hand] + other.draw
    rng.shuffle(pool)
    for s in hidden:
        s.hand, pool = pool[: len(s.hand)], pool[len(s.hand) :]
    other.draw = pool
    return other


def test_p23_1_the_bot_is_deterministic():
    for session, seat in positions(seed=7, n=4, steps=300):
        assert bot_move(session.g, seat) == bot_move(copy.deepcopy(session.g), seat)


def test_p23_1_the_bot_sees_only_its_own_view():
    rng = random.Random(1)
    checked = 0
    for session, seat in positions(seed=11, n=5, steps=400):
        move = bot_move(session.g, seat)
        scrambled = scramble(session.g, seat, rng)
        assert bot_move(scrambled, seat) == move
        checked += 1
    assert checked > 50


def test_the_bot_decides_from_the_view_dict_alone():
    session, seat = next(positions(seed=3, n=3, steps=10))
    view = seat_view(session.g, seat)
    assert choose(view, session.g.deck) == bot_move(session.g, seat)
    assert "draw" not in view and all("hand" not in s for s in view["seats"])
