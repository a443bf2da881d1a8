"""Properties of every Exoptosis game, over random games (Hypothesis).

Games are played through the engine itself (autoplay.py): each move is picked from what
the engine says is awaited, mixed with garbage moves by anyone at any time, so the games
reach deep positions and every refusal path. HYPOTHESIS_PROFILE=thorough runs thousands
of examples; the default keeps the suite fast.
"""

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.hall.engine import run
from games.hall.engine.autoplay import play_out, random_setup
from games.hall.engine.output import awaiting
from games.hall.engine.parse import ActionReader, parse_game
from games.hall.engine.resolve import apply
from games.hall.engine.state import Stage, Table
from tests.profiles import PROFILE


@st.composite
def games(draw, *, max_actions: int = 150) -> dict:
    """A dealt game and a move list played through the engine, garbage mixed in."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    setup = random_setup(
        rng,
        draw(st.integers(2, 8)),
        hand=(4, draw(st.integers(4, 10))),
        inventory=(0, draw(st.integers(0, 8))),
        kind=draw(st.sampled_from(["battle", "duel"])),
    )
    moves, _ = play_out(
        setup,
        rng,
        # Mostly whole games; short ones shrink better and still come up.
        max_actions=draw(st.sampled_from([5, 30, max_actions, max_actions, max_actions])),
        garbage=draw(st.sampled_from([0.0, 0.1, 0.3, 0.6])),
        timeouts=draw(st.sampled_from([0.0, 0.05, 0.3])),
    )
    return {**setup, "actions": moves}


def state(out: dict) -> dict:
    """The game itself: everything in the output but the record of how it got there."""
    return {k: v for k, v in out.items() if k not in ("refusals", "log")}


def refused(out: dict) -> set[int]:
    return {r["index"] for r in out["refusals"]}


@settings(PROFILE)
@given(games())
def test_same_game_and_seed_give_the_same_output(game):
    before = copy.deepcopy(game)
    out = run(game)
    assert game == before, "run() changed its input"
    assert run(json.loads(json.dumps(game))) == out
    assert json.loads(json.dumps(out)) == out  # plain JSON values only


@settings(PROFILE)
@given(games())
def test_cards_are_conserved(game):
    out = run(game)
    accepted = set(range(len(game["actions"]))) - refused(out)
    expected = Counter()
    for p in game["players"]:
        expected.update(p["hand"])
        expected.update(p["inventory"])
    for i in accepted:
        a = game["actions"][i]
        if a["type"] == "inventory":
            expected.update(a.get("add", []))
            expected.subtract(a.get("remove", []))
    held = Counter(out["pile"])
    for p in out["players"]:
        held.update(p["hand"])
        held.update(p["inventory"])
    assert +expected == held
    assert all(n >= 0 for n in expected.values())


@settings(PROFILE)
@given(games(), st.data())
def test_a_refused_action_changes_nothing(game, data):
    out = run(game)
    gone = refused(out)
    # Dropping every refused action leaves the same game, random stream included ...
    kept = [a for i, a in enumerate(game["actions"]) if i not in gone]
    clean = run({**game, "actions": kept})
    assert state(clean) == state(out)
    assert clean["refusals"] == []
    renumber = [i for i in range(len(game["actions"])) if i not in gone]
    assert [{**e, "index": renumber[e["index"]]} for e in clean["log"]] == out["log"]
    # ... and the state just after a refusal is the state just before it.
    if gone:
        i = data.draw(st.sampled_from(sorted(gone)))
        before = run({**game, "actions": game["actions"][:i]})
        after = run({**game, "actions": game["actions"][: i + 1]})
        assert state(after) == state(before)
        assert after["log"] == before["log"]


@settings(PROFILE)
@given(games())
def test_every_action_is_accepted_with_events_or_refused_once(game):
    out = run(game)
    logged = {e["index"] for e in out["log"]}
    gone = [r["index"] for r in out["refusals"]]
    assert len(gone) == len(set(gone))
    assert logged.isdisjoint(gone)
    assert logged | set(gone) == set(range(len(game["actions"])))
    assert all(r["reason"] for r in out["refusals"])


@settings(PROFILE)
@given(games())
def test_a_game_is_over_or_waits_on_exactly_one_participant(game):
    """Checked after every action, on the engine's own table."""
    parsed = parse_game(game)
    reader = ActionReader(frozenset(s.id for s in parsed.seats))
    table = Table.deal(parsed)
    for i, action in enumerate(game["actions"]):
        apply(table, i, reader.action(i, action))
        waiting = awaiting(table)
        if table.stage is not Stage.PLAYING:
            assert waiting is None
            assert table.stage is Stage.BETTING or not table.pending
            continue
        assert waiting is not None
        assert table.players[waiting["player"]].playing
        if table.pending:
            assert waiting["player"] == table.pending[0].player
        else:
            assert waiting["player"] == table.turn_player
        # Whoever is awaited can answer: a legal card, a card to draw, someone to ask,
        # a card to give.
        if waiting["decision"] == "give":
            assert table.players[waiting["player"]].hand
        elif not waiting.get("legal") and not waiting["drawable"]:
            assert any(p.hand for p in table.participants() if p.id != waiting["player"])


@settings(PROFILE)
@given(games())
def test_the_end_of_a_game_follows_the_rules(game):
    out = run(game)
    players = {p["id"]: p for p in out["players"]}
    assert sum(p["chips_delta"] for p in out["players"]) == 0
    assert all(p["chips"] >= 0 and p["put"] >= 0 for p in out["players"])
    if out["result"] != "won":  # what was put in is still held until the payout
        assert all(p["chips"] >= p["put"] for p in out["players"])
    if out["stage"] != "over":
        assert out["winner"] is None and out["reward"] is None
        assert all(p["chips_delta"] == 0 for p in out["players"])
        return
    assert out["awaiting"] is None and out["pending"] == [] and out["turn"] is None
    if out["result"] == "won":
        winner = players[out["winner"]]
        assert winner["hand"] == [] and winner["status"] == "playing"
        losers = [p for p in out["players"] if p["status"] == "playing" and p is not winner]
        assert all(p["chips_delta"] == -out["stake"] for p in losers)
        assert (out["reward"] is not None) == (game["kind"] == "battle")
    else:
        assert out["winner"] is None and out["reward"] is None
        assert all(p["chips_delta"] == 0 for p in out["players"])


@settings(PROFILE)
@given(games(), st.randoms(use_true_random=False))
def test_the_order_of_players_in_the_input_changes_nothing(game, shuffler):
    out = run(game)
    shuffled = {**game, "players": shuffler.sample(game["players"], len(game["players"]))}
    other = run(shuffled)

    def by_player(o: dict) -> dict:
        # Forced forfeits at the start are logged in input order: compare logs as multisets.
        log = sorted(json.dumps(e, sort_keys=True) for e in o["log"])
        return {**o, "players": {p["id"]: p for p in o["players"]}, "log": log}

    assert by_player(other) == by_player(out)
