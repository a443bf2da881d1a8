"""The bots of A13 see only what their seat may see (A13.1, A12.7): with every hand but
the ones they may look at scrambled, and the deck and random stream changed, they choose
exactly the same. Plus the playtest's fixed tables and the closing time of A10.5."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.armed.engine import ending, run, turn
from games.armed.engine.bots import POLICIES
from games.armed.engine.deal import build
from games.armed.engine.parse import parse_game
from games.armed.engine.state import Decision, Game
from games.armed.engine.stream import Stream
from games.armed.simulate import table
from tests.profiles import PROFILE

from .autoplay import random_game


def scrambled(g: Game, d: Decision, rng: random.Random) -> tuple[Game, Decision]:
    """A copy where every hand the bot may not see, and the deck, are dealt again from
    the same cards at the same sizes, and the random stream is moved elsewhere."""
    flow, g.flow = g.flow, None  # a running generator cannot be copied
    try:
        g2, d2 = copy.deepcopy((g, d))
    finally:
        g.flow = flow
    seen = {d2.seat, d2.owner}
    hidden = [s for s in g2.seats if s not in seen]
    pool = [c for s in hidden for c in s.hand] + g2.deck
    rng.shuffle(pool)
    for s in hidden:
        s.hand, pool = pool[: len(s.hand)], pool[len(s.hand) :]
    g2.deck = pool
    g2.stream.state = rng.randrange(2**64)
    return g2, d2


def answer_ids(answer: tuple) -> tuple:
    return tuple(getattr(part, "id", part) for part in answer)


@settings(PROFILE)
@given(st.integers(0, 2**32 - 1), st.integers(3, 6), st.sampled_from(["simple", "sharp"]))
def test_a_bot_ignores_every_hand_it_may_not_see(seed, seats, policy):
    """A13.1: every decision of an all-bot game, asked again with the other hands
    scrambled, gets the same answer from the same policy."""
    rng = random.Random(seed)
    game = random_game(rng, seats=seats, bots=1.0, sharp=0.0)
    spec = parse_game({**game, "seats": [{**s, "policy": policy} for s in game["seats"]]})
    # Played by hand rather than by the engine's loop, so each decision is asked twice.
    g = build(spec, logging=False)
    g.flow = turn.play(g)
    choose = POLICIES[policy]
    d = g.flow.send(None)
    asked = 0
    while True:
        expected = answer_ids(choose(g, d))
        g2, d2 = scrambled(g, d, rng)
        assert answer_ids(POLICIES[policy](g2, d2)) == expected, (d.kind, d.seat, d.owner)
        asked += 1
        try:
            d = g.flow.send(choose(g, d))
        except StopIteration:
            break
    assert g.result is not None and asked > 0


def test_closing_time_ends_round_40_without_a_final_round(monkeypatch):
    """A10.5, S24: a game reaching the end of the closing round without a final round
    ends there. No real game lasts 40 rounds (the store runs out of cards first), so the
    bound is lowered to round 1 to reach it."""
    monkeypatch.setattr(turn, "CLOSING_ROUND", 1)
    assert ending.CLOSING_ROUND == 40
    game = {
        "seats": [{"id": "ann"}, {"id": "bo"}, {"id": "cy"}],
        "setup": {"hands": {"ann": ["DISCO#1"], "bo": ["DISCO#2"], "cy": ["FETCH-RAY#1"]}},
        "actions": [
            {"type": "cycle", "seat": "ann", "card": "DISCO#1"},
            {"type": "cycle", "seat": "bo", "card": "DISCO#2"},
            {"type": "cycle", "seat": "cy", "card": "FETCH-RAY#1"},
        ],
    }
    out = run(game)
    assert out["status"] == "over" and out["round"] == 1
    assert out["result"]["reason"] == "closing_time"
    assert out["log"][-2:] == [
        {"index": 2, "event": "store_closed", "closing_time": True},
        {"index": 2, "event": "end", "reason": "closing_time", "winners": ["ann", "bo", "cy"]},
    ]


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4, 7, 29_999])
def test_the_playtest_tables_are_fixed(k):
    """Game k: seed k, 3 + k mod 4 seats s1..sN, seat i sharp when bit i of the first
    SplitMix64 output for seed k XOR 0x5EA7 is 1."""
    spec = table(k)
    bits = Stream(k ^ 0x5EA7).next()
    assert spec.seed == k
    assert [s.id for s in spec.seats] == [f"s{i + 1}" for i in range(3 + k % 4)]
    assert all(s.kind == "bot" for s in spec.seats)
    assert [s.policy for s in spec.seats] == [
        "sharp" if bits >> i & 1 else "simple" for i in range(3 + k % 4)
    ]
