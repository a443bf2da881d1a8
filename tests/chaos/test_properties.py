"""Properties of every CHAOS game, over random games (Hypothesis).

Games are played through the engine itself (autoplay.py): legal answers to what it
awaits, mixed with out-of-turn actions and garbage by anyone at any time.
HYPOTHESIS_PROFILE=thorough runs 10,000 examples per property; the suite runs 200.
"""

import copy
import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.chaos.engine import run
from games.chaos.engine.cards import CONDITION_IDS, PLAY_IDS
from games.chaos.engine.session import Session
from tests.chaos.autoplay import play_out, random_game
from tests.profiles import PROFILE

ALL_CARDS = Counter(PLAY_IDS) + Counter(CONDITION_IDS)


@st.composite
def games(draw, *, each=None) -> dict:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    game = random_game(rng, bots=draw(st.sampled_from([0.0, 0.3, 0.7])))
    actions = play_out(
        game,
        rng,
        max_actions=draw(st.sampled_from([5, 40, 200, 200])),
        garbage=draw(st.sampled_from([0.0, 0.1, 0.4])),
        each=each,
    )
    return {**game, "actions": actions}


def state(out: dict) -> dict:
    """The game itself: everything but the record of how it got there."""
    return {k: v for k, v in out.items() if k not in ("refusals", "log", "views")}


def held(session: Session) -> Counter:
    """Every one of the 96 cards where the table holds it (K1.2)."""
    t = session.t
    cards = Counter(t.deck) + Counter(t.discard) + Counter(p.card for p in t.pending)
    for seat in t.seats:
        cards.update(t.hands[seat])
        cards.update(c for c in (t.modifier[seat], t.anchor[seat]) if c)
    cards.update(t.cond_deck)
    cards.update(t.conditions)
    cards.update(t.cond_discard)
    return cards


def check_table(session: Session) -> None:
    """K1.1/K1.2, K6.1, K6.2 after every action: 96 cards once each, the level in 1-5 and
    the conditions it allows."""
    t = session.t
    assert held(session) == ALL_CARDS
    assert 1 <= t.level <= 5
    if session.decision is not None and session.decision.kind == "hand_size":
        assert t.conditions == []  # K2.4: revealed after the deal, which waits for the size
    else:
        assert len(t.conditions) == (2 if t.level >= 4 else 1)


@settings(PROFILE)
@given(games())
def test_the_same_game_gives_the_same_output(game):
    before = copy.deepcopy(game)
    out = run(game)
    assert game == before, "run() changed its input"
    assert run(json.loads(json.dumps(game))) == out
    assert json.loads(json.dumps(out)) == out  # plain JSON values only


@settings(PROFILE)
@given(st.data())
def test_the_96_cards_are_conserved_and_chaos_stays_in_range(data):
    """K1.2, K6.1: checked on the engine's own table after every single action."""
    data.draw(games(each=check_table))


@settings(PROFILE)
@given(games())
def test_chaos_stays_in_1_to_5_in_every_level_event(game):
    out = run(game)
    assert 1 <= out["level"] <= 5
    for event in out["log"]:
        if event["event"] == "level":
            assert 1 <= event["level"] <= 5 and event["level"] != event["from"]


@settings(PROFILE)
@given(games(), st.data())
def test_a_refused_action_changes_nothing(game, data):
    out = run(game)
    gone = {r["index"] for r in out["refusals"]}
    kept = [a for i, a in enumerate(game["actions"]) if i not in gone]
    clean = run({**game, "actions": kept})
    assert state(clean) == state(out)
    assert clean["refusals"] == []
    renumber = [i for i in range(len(game["actions"])) if i not in gone]
    renumbered = [
        {**e, "index": renumber[e["index"]] if e["index"] >= 0 else -1} for e in clean["log"]
    ]
    assert renumbered == out["log"]
    if gone:
        i = data.draw(st.sampled_from(sorted(gone)))
        before = run({**game, "actions": game["actions"][:i]})
        after = run({**game, "actions": game["actions"][: i + 1]})
        assert state(after) == state(before)
        assert after["log"] == before["log"]


@settings(PROFILE)
@given(games())
def test_a_seats_view_never_holds_another_hand(game):
    """K14.3 through the engine: a seat sees its own hand and only the cards shown to it."""
    out = run(game)
    for seat, view in out["views"].items():
        assert set(view) == {"hand", "awaiting", "log"}
        assert view["hand"] == out["hands"][seat]
        if view["awaiting"] is not None:
            assert view["awaiting"]["seat"] == seat
        for full, seen in zip(out["log"], view["log"], strict=True):
            assert "seen_by" not in seen
            if "seen_by" in full and seat not in full["seen_by"]:
                assert "card" not in seen and "cards" not in seen


@settings(PROFILE)
@given(
    st.integers(0, 2**64 - 1),
    st.integers(3, 8),
    st.integers(3, 9),
    st.lists(st.sampled_from(["simple", "sharp"]), min_size=8, max_size=8),
)
def test_every_all_bot_game_ends_by_turn_30(seed, players, hand_size, policies):
    seats = [{"id": f"p{n}", "kind": "bot", "policy": policies[n]} for n in range(players)]
    out = run({"seed": seed, "seats": seats, "hand_size": hand_size})
    assert out["status"] == "over"
    assert out["turn"] <= 30
    assert (out["turn"] == 30) or out["result"]["reason"] == "condition"
