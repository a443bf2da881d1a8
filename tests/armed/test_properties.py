"""Properties of every So You've Armed Yourself game, over random games (Hypothesis).

Games are dealt from random seeds and played through the engine itself (autoplay.py),
legal moves mixed with garbage. HYPOTHESIS_PROFILE=thorough runs 10,000 examples of each
property (make test PYTEST_ARGS="tests/armed -k properties" HYPOTHESIS_PROFILE=thorough);
the normal suite runs 200.
"""

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.armed.engine import run
from games.armed.engine.actions import apply
from games.armed.engine.cards import CANONICAL
from games.armed.engine.errors import Refused
from games.armed.engine.game import begin
from games.armed.engine.parse import parse_action, parse_game
from tests.profiles import PROFILE

from .autoplay import play_out, random_game


@st.composite
def games(draw, *, bots: float | None = None) -> dict:
    """A dealt game and a move list played through the engine, garbage mixed in."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    game = random_game(
        rng,
        seats=draw(st.integers(3, 6)),
        bots=draw(st.sampled_from([0.0, 0.3, 0.6])) if bots is None else bots,
        sharp=draw(st.sampled_from([0.0, 0.5, 1.0])),
    )
    game["actions"] = play_out(
        game,
        rng,
        max_actions=draw(st.sampled_from([5, 40, 200, 200])),
        garbage=draw(st.sampled_from([0.0, 0.1, 0.3])),
    )
    return game


def refused(out: dict) -> set[int]:
    return {r["index"] for r in out["refusals"]}


def state(out: dict) -> dict:
    """The game itself: the output without the record of how it got there."""
    return {k: v for k, v in out.items() if k not in ("refusals", "log", "views")}


@settings(PROFILE)
@given(games())
def test_the_same_input_gives_the_same_output(game):
    before = copy.deepcopy(game)
    out = run(game)
    assert game == before, "run() changed its input"
    again = run(json.loads(json.dumps(game)))
    assert json.dumps(again) == json.dumps(out)


@settings(PROFILE)
@given(games())
def test_the_54_cards_are_conserved(game):
    """A1.2 Each card in exactly one hand, Loot pile, the deck or the discard pile."""
    out = run(game)
    where = Counter(out["deck"]) + Counter(out["discard"])
    for seat in out["seats"]:
        where.update(seat["loot"])
        assert all(c.startswith("LOOT#") for c in seat["loot"])
    for hand in out["hands"].values():
        where.update(hand)
        assert not any(c.startswith("LOOT#") for c in hand)
    assert where == Counter(CANONICAL)


@settings(PROFILE)
@given(games())
def test_a_refused_action_changes_nothing_not_even_the_random_stream(game):
    spec = parse_game(game)
    ids = {s.id for s in spec.seats}
    g = begin(spec)

    def snapshot() -> tuple:
        seats = tuple(
            (s.kind, s.teeth, tuple(s.hand), tuple(s.loot), s.frozen, s.no_draw, s.no_fire,
             s.controlled_by, s.extra_turns, repr(sorted(s.durations.items())))
            for s in g.seats
        )  # fmt: skip
        d = g.awaiting
        waiting = None if d is None else (d.kind, d.seat.id, d.owner.id, d.count, d.at)
        return (g.stream.state, tuple(g.deck), tuple(g.discard), seats, waiting, len(g.log),
                g.round, g.turn, g.final_round, g.exhaustions, repr(g.result))  # fmt: skip

    for index, move in enumerate(game["actions"]):
        g.index = index
        before = snapshot()
        try:
            apply(g, parse_action(index, move, ids))
        except Refused:
            assert snapshot() == before, move
    # And dropping every refused action leaves the same game, log renumbered.
    out = run(game)
    gone = refused(out)
    kept = [a for i, a in enumerate(game["actions"]) if i not in gone]
    clean = run({**game, "actions": kept})
    assert clean["refusals"] == [] and state(clean) == state(out)
    renumber = [i for i in range(len(game["actions"])) if i not in gone]
    assert [
        {**e, "index": renumber[e["index"]] if e["index"] >= 0 else -1} for e in clean["log"]
    ] == out["log"]


@settings(PROFILE)
@given(games())
def test_a_view_never_holds_another_seats_hidden_card(game):
    """A12.7 Each view: its own hand, the awaited decision only if it must answer, and no
    card of an event it was not shown."""
    out = run(game)
    for seat in out["seats"]:
        sid = seat["id"]
        view = out["views"][sid]
        assert view["hand"] == out["hands"][sid]
        waiting = out["awaiting"]
        if waiting is None or waiting["seat"] != sid:
            assert view["awaiting"] is None
        else:
            assert view["awaiting"]["hand" if "hand" in waiting else "seat"] == waiting.get(
                "hand", sid
            )
        for event, seen in zip(out["log"], view["log"], strict=True):
            assert "seen_by" not in seen
            if "seen_by" in event and sid not in event["seen_by"]:
                assert "card" not in seen and "cards" not in seen, (sid, event)
            # A private card is named only to the goons involved in its event.
            if "seen_by" in event:
                assert event["seat"] in event["seen_by"]


@settings(PROFILE)
@given(games(bots=1.0))
def test_every_game_of_bots_ends(game):
    """A13.4 With every seat a bot the game is played to its end before any action."""
    out = run(game)
    assert out["status"] == "over" and out["awaiting"] is None
    assert out["round"] <= 40
    assert out["result"]["reason"] in ("final_round", "store_closed", "closing_time")
    assert refused(out) == set(range(len(game["actions"])))


def rename(value, names: dict[str, str]):
    if isinstance(value, dict):
        return {names.get(k, k): rename(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [rename(v, names) for v in value]
    if isinstance(value, str):
        return names.get(value, value)
    return value


@settings(PROFILE)
@given(games(), st.randoms(use_true_random=False))
def test_the_input_seat_order_is_the_only_order(game, shuffler):
    """A1.1 Play follows the seats as listed; their ids' own order (or hashes) never
    matters: renaming every seat gives the same game under the new names."""
    ids = [s["id"] for s in game["seats"]]
    new = [f"{chr(0x7A - n)}{shuffler.randrange(10**6)}-{n}" for n in range(len(ids))]
    shuffler.shuffle(new)
    there, back = dict(zip(ids, new, strict=True)), dict(zip(new, ids, strict=True))
    renamed = {**game, "seats": rename(game["seats"], there)}
    renamed["actions"] = [
        {k: (there.get(v, v) if k in ("seat", "target", "player") else v) for k, v in a.items()}
        for a in game["actions"]
    ]

    def codes(out: dict) -> dict:  # refusal reasons are free text naming seats
        return {**out, "refusals": [(r["index"], r["code"]) for r in out["refusals"]]}

    assert codes(rename(run(renamed), back)) == codes(run(game))


@settings(PROFILE)
@given(games())
def test_a_running_game_awaits_one_human_and_a_finished_one_nobody(game):
    """Bots answer until a human is awaited; the winners hold the most Loot, then Teeth
    (A10.2); Teeth stay 0-3 and Broken is 0 Teeth (A5.1)."""
    out = run(game)
    kinds = {s["id"]: s["kind"] for s in out["seats"]}
    if out["status"] == "playing":
        assert out["result"] is None and kinds[out["awaiting"]["seat"]] == "human"
        assert out["turn"] is not None
    else:
        assert out["awaiting"] is None and out["turn"] is None
        best = max((len(s["loot"]), s["teeth"]) for s in out["seats"])
        assert out["result"]["winners"] == [
            s["id"] for s in out["seats"] if (len(s["loot"]), s["teeth"]) == best
        ]
    assert all(0 <= s["teeth"] <= 3 and s["broken"] == (s["teeth"] == 0) for s in out["seats"])
