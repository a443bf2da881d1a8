"""K15: the bots are deterministic, never touch the stream and see only their seat's view:
scrambling every other hand (sizes are public, so they stay) never changes a choice."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chaos.engine import run
from games.chaos.engine.bots import SeatView, answer
from games.chaos.engine.game import new_table
from games.chaos.engine.turns import game as flow
from tests.profiles import PROFILE


def scrambled_answer(t, decision, rng: random.Random):
    """The bot's answer with every other hand's cards swapped for unseen ones (deck
    included), each hand keeping its size; the table is restored afterwards."""
    others = [seat for seat in t.seats if seat != decision.seat]
    saved = {seat: t.hands[seat] for seat in others}
    saved_deck = t.deck
    pool = [card for seat in others for card in t.hands[seat]] + list(t.deck)
    rng.shuffle(pool)
    for seat in others:
        size = len(saved[seat])
        t.hands[seat], pool = pool[:size], pool[size:]
    t.deck = pool
    try:
        return answer(SeatView(t, decision.seat, _options(t, decision.seat)), decision)
    finally:
        t.hands.update(saved)
        t.deck = saved_deck


def _options(t, seat):
    return lambda: t.window.options(t, seat) if t.window is not None else []


@settings(PROFILE)
@given(st.integers(0, 2**64 - 1), st.integers(3, 8), st.integers(3, 9), st.integers(0, 2**32))
def test_bots_are_deterministic_blind_to_other_hands_and_never_draw_randomness(
    seed, players, hand_size, scramble_seed
):
    rng = random.Random(scramble_seed)
    seats = [
        {"id": f"p{n}", "kind": "bot", "policy": rng.choice(["simple", "sharp"])}
        for n in range(players)
    ]
    spec = {"seed": seed, "seats": seats, "hand_size": hand_size, "setup": None, "actions": []}
    t = new_table(spec, logging=False)
    game = flow(t, spec)
    decision = next(game)
    decisions = 0
    while decision is not None:
        state = t.stream.state
        view = SeatView(t, decision.seat, _options(t, decision.seat))
        choice = answer(view, decision)
        assert t.stream.state == state, "a bot used the random stream"
        assert answer(SeatView(t, decision.seat, _options(t, decision.seat)), decision) == choice
        if decision.kind != "hand_size":
            assert scrambled_answer(t, decision, rng) == choice
        decisions += 1
        try:
            decision = game.send(choice)
        except StopIteration:
            decision = None
    assert t.over and decisions > 0


def w7_position(policy: str) -> dict:
    """ann controls M1 and holds A1 AN1 at turn 14 with W7 (a Modifier and an Anchor)."""
    return {
        "seats": [{"id": "ann", "kind": "bot", "policy": policy}, {"id": "ben"}, {"id": "cat"}],
        "setup": {
            "dealer": "cat",
            "turn": 14,
            "conditions": ["W7"],
            "modifiers": {"ann": "M1"},
            "hands": {"ann": ["A1", "AN1"]},
            "deck": ["C2", "C3", "C4", "C5", "C6", "C7"],
        },
    }


def test_sharp_bot_plays_the_card_that_meets_a_condition_k15_2():
    out = run(w7_position("sharp"))
    assert out["status"] == "over" and out["result"]["winners"] == ["ann"]
    assert {"event": "play", "index": -1, "seat": "ann", "card": "AN1"} in out["log"]


def test_simple_bot_plays_its_first_playable_card_k15_2():
    out = run(w7_position("simple"))
    assert out["status"] == "playing"
    assert {"event": "play", "index": -1, "seat": "ann", "card": "A1"} in out["log"]


def test_sharp_bot_passes_when_only_passing_keeps_a_condition_k15_2():
    game = w7_position("sharp")
    game["setup"].update(conditions=["W1"], modifiers={}, hands={"ann": ["A1", "A2", "A3"]})
    out = run(game)  # 5 cards after the draw meet W1 (exactly 5); any play would break it
    assert {"event": "pass", "index": -1, "seat": "ann"} in out["log"]
    assert out["result"]["winners"] == ["ann"]
