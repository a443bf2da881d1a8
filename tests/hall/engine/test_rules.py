"""Unit checks of the rules the case books exercise only through whole games."""

import json
import random
from collections import Counter

import pytest

from games.hall.engine import InputError, random_cards, run
from games.hall.engine.cards import CARDS, FACES, ORDER, canonical
from games.hall.engine.legality import legal_now

# A second, deliberately plain reading of the seed's card table (gilded-hall.txt) and of
# H8.12-H8.14, to check the engine's tabulated legality against, pair by pair.
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 12} | {str(n): n for n in range(2, 11)}
RED = {"H", "D"}


def seed_reading(card: str, top: str | None) -> bool:
    card = card.rstrip("*")
    if card in ("RJ", "BJ"):
        # Never first; on anything but the other Joker.
        return top is not None and top.rstrip("*") != ("BJ" if card == "RJ" else "RJ")
    rank, suit = card[:-1], card[-1]
    special = rank in ("A", "J", "Q", "K")
    if top is None:
        return not special
    top = top.rstrip("*")
    card_red = suit in RED
    if top in ("RJ", "BJ"):
        return card_red == (top == "RJ")
    top_rank, top_suit = top[:-1], top[-1]
    if abs(RANKS[rank] - RANKS[top_rank]) <= 1:
        return True
    return not special and card_red != (top_suit in RED)


@pytest.mark.parametrize("top", [None, *CARDS])
def test_legality_matches_a_plain_reading_of_the_seed(top):
    legal = legal_now(top)
    for card in CARDS:
        assert (card in legal) == seed_reading(card, top), (card, top)


def test_there_are_54_faces_and_108_ids():
    assert len(FACES) == 54
    assert len(CARDS) == 108
    assert {"AH", "10S", "QD*", "BJ", "RJ*"} <= CARDS.keys()
    assert not {"1H", "TS", "ah", "11C", "JK", "10S ", "*AH"} & CARDS.keys()


def test_canonical_order_is_suits_then_ranks_then_jokers_holo_after_plain():
    shuffled = random.Random(1).sample(list(CARDS), len(CARDS))
    order = canonical(shuffled)
    assert order[:4] == ["AH", "AH*", "2H", "2H*"]
    assert order[24:28] == ["KH", "KH*", "AD", "AD*"]
    assert order[-4:] == ["RJ", "RJ*", "BJ", "BJ*"]
    assert order == sorted(CARDS, key=ORDER.__getitem__)


def test_random_cards_replay_from_their_seed():
    assert random_cards(7, 10, 0.05) == random_cards(7, 10, 0.05)
    assert random_cards(7, 10, 0.05) != random_cards(8, 10, 0.05)
    assert random_cards(7, 0, 0.5) == []
    assert all(card in CARDS for card in random_cards(3, 500, 0.5))


def test_random_cards_holographic_chance():
    assert not any(c.endswith("*") for c in random_cards(1, 1000, 0.0))
    assert all(c.endswith("*") for c in random_cards(1, 1000, 1.0))
    holo = sum(c.endswith("*") for c in random_cards(2, 20_000, 0.05))
    assert 800 < holo < 1200  # 5% of 20,000 is 1,000


def test_random_cards_draw_every_face_about_equally():
    faces = Counter(c.rstrip("*") for c in random_cards(3, 54_000, 0.1))
    assert set(faces) == {f.id for f in FACES}
    assert all(850 < n < 1150 for n in faces.values())  # 1,000 each expected


@pytest.mark.parametrize(("count", "chance"), [(-1, 0.05), (3, -0.1), (3, 1.5)])
def test_random_cards_refuse_impossible_arguments(count, chance):
    with pytest.raises(ValueError):
        random_cards(1, count, chance)


def test_run_needs_an_object():
    with pytest.raises(InputError):
        run([])  # type: ignore[arg-type]


def test_run_ignores_the_global_random_state():
    game = {
        "seed": 5,
        "kind": "battle",
        "players": [
            {"id": "a", "hand": ["2H", "3H", "4H", "5H"]},
            {"id": "b", "hand": ["2C", "3C", "4C", "5C"]},
            {"id": "c", "hand": ["2S", "3S", "4S", "5S"]},
        ],
        "actions": [{"type": "start"}, {"type": "timeout", "player": "a"}],
    }
    random.seed(1)
    first = run(game)
    random.seed(2)
    assert run(game) == first


# The worked example of exoptosis-engine.md, output field by field.
EXAMPLE = {
    "seed": 42,
    "kind": "duel",
    "players": [
        {"id": "ann", "chips": 3, "hand": ["7H", "AS", "2C", "8D", "5S"], "inventory": ["9C*"]},
        {"id": "bo", "chips": 2, "hand": ["6S", "2H", "QC", "9H"], "inventory": []},
        {"id": "cy", "chips": 0, "hand": ["3D", "4D", "5D", "6D"], "inventory": ["KH"]},
    ],
    "actions": [
        {"type": "bet", "player": "ann", "amount": 1},
        {"type": "match", "player": "bo"},
        {"type": "match", "player": "cy"},
        {"type": "forfeit", "player": "cy"},
        {"type": "start"},
        {"type": "play", "player": "ann", "card": "7H"},
        {"type": "play", "player": "bo", "card": "2H"},
        {"type": "play", "player": "bo", "card": "6S"},
        {"type": "play", "player": "ann", "card": "8D"},
        {"type": "play", "player": "bo", "card": "9H"},
        {"type": "play", "player": "ann", "card": "2C"},
        {"type": "play", "player": "bo", "card": "2H"},
        {"type": "play", "player": "ann", "card": "AS", "target": "bo"},
        {"type": "draw", "player": "bo", "from": "ann"},
    ],
}
EXAMPLE_OUTPUT = """{
  "stage": "playing", "result": null, "winner": null, "stake": 1,
  "turn_order": ["ann", "bo"], "turn": "ann",
  "awaiting": {"player": "ann", "decision": "give", "to": "bo"},
  "pending": [
    {"player": "ann", "decision": "give", "to": "bo"},
    {"player": "bo", "decision": "draw", "not": null}
  ],
  "top": "AS",
  "pile": ["7H", "6S", "8D", "9H", "2C", "2H", "AS"],
  "players": [
    {"id": "ann", "status": "playing", "hand": ["5S"], "inventory": ["9C*"],
     "chips": 3, "put": 1, "chips_delta": 0},
    {"id": "bo", "status": "playing", "hand": ["QC"], "inventory": [],
     "chips": 2, "put": 1, "chips_delta": 0},
    {"id": "cy", "status": "forfeited", "hand": ["3D", "4D", "5D", "6D"], "inventory": ["KH"],
     "chips": 0, "put": 0, "chips_delta": 0}
  ],
  "reward": null,
  "refusals": [
    {"index": 2, "code": "not_enough_chips", "reason": "cy holds 0 Chips; the stake is 1"},
    {"index": 6, "code": "illegal_play", "reason": "2H does not match 7H"}
  ],
  "log": [
    {"index": 0, "event": "bet", "player": "ann", "amount": 1},
    {"index": 1, "event": "match", "player": "bo", "amount": 1},
    {"index": 3, "event": "forfeit", "player": "cy"},
    {"index": 4, "event": "start", "turn_order": ["ann", "bo"]},
    {"index": 5, "event": "play", "player": "ann", "card": "7H"},
    {"index": 7, "event": "play", "player": "bo", "card": "6S"},
    {"index": 8, "event": "play", "player": "ann", "card": "8D"},
    {"index": 9, "event": "play", "player": "bo", "card": "9H"},
    {"index": 10, "event": "play", "player": "ann", "card": "2C"},
    {"index": 11, "event": "play", "player": "bo", "card": "2H"},
    {"index": 12, "event": "play", "player": "ann", "card": "AS", "target": "bo"},
    {"index": 12, "event": "owe", "player": "bo", "count": 2},
    {"index": 13, "event": "ask", "player": "bo", "from": "ann"}
  ]
}"""


def test_the_contract_example_gives_the_contract_output():
    out = run(EXAMPLE)
    assert out == json.loads(EXAMPLE_OUTPUT)
    assert list(out) == list(json.loads(EXAMPLE_OUTPUT))  # the same field order


def test_the_contract_example_15th_action_wins():
    out = run(
        {
            **EXAMPLE,
            "actions": [*EXAMPLE["actions"], {"type": "give", "player": "ann", "card": "5S"}],
        }
    )
    assert (out["stage"], out["result"], out["winner"]) == ("over", "won", "ann")
    assert (out["turn"], out["awaiting"], out["pending"]) == (None, None, [])
    ann, bo, _ = out["players"]
    assert (ann["hand"], ann["chips"], ann["chips_delta"]) == ([], 4, 1)
    assert (bo["hand"], bo["chips"], bo["chips_delta"]) == (["QC", "5S"], 1, -1)
    assert out["log"][-3:] == [
        {"index": 14, "event": "give", "player": "ann", "to": "bo", "card": "5S"},
        {"index": 14, "event": "win", "player": "ann"},
        {"index": 14, "event": "payout", "chips": {"ann": 1, "bo": -1}},
    ]
