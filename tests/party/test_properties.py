"""Properties of every party game, over all-bot games driven as the site drives them
(engine/autoplay.py) with random actions by anyone mixed in. HYPOTHESIS_PROFILE=thorough
runs 10,000 examples per property; the suite runs 200."""

import copy
import json
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from games.party.engine import Session, run
from games.party.engine.autoplay import next_actions, play_bots
from games.party.engine.parse import ACTION_FIELDS, ITEMS, SORTS
from tests.profiles import PROFILE

CAPS = {"spell": 5, "combat": 5, "lord_mana": 4}


def seats(n: int, players: int) -> list[dict]:
    return [{"id": f"s{i}", "bot": i >= players} for i in range(n)]


def random_action(session: Session, rng: random.Random) -> dict:
    """Anything anyone might send now: often nonsense, sometimes a real move."""
    g = session.g
    kind = rng.choice(sorted(ACTION_FIELDS))
    seat = rng.choice(g.seats)
    own = seat.hand or list(g.deck.order)
    cards = [rng.choice(own) for _ in range(rng.choice([1, 1, 2, 3]))]
    familiars = [f.card for s in g.seats for f in s.familiars] or [rng.choice(g.deck.order)]
    action = {
        "type": kind,
        "seat": seat.id,
        "t": g.clock,
        "cards": cards,
        "card": cards[0],
        "familiar": rng.choice(familiars),
        "familiars": rng.sample(familiars, k=min(len(familiars), rng.choice([0, 1, 2]))),
        "target": rng.choice(g.seats).id,
        "color": rng.choice(["red", "yellow", "green", "blue", "black", "odd"]),
        "digits": [rng.randrange(10) for _ in range(rng.choice([1, 1, 2]))],
        "pay": rng.choice(["mana", "gold", "familiar"]),
        "item": rng.choice(ITEMS),
        "slot": rng.choice([0, 1]),
        "sort": rng.choice(SORTS),
        "power": rng.choice(["blast", "another-action", "unsummon", "edict", "nope"]),
    }
    if kind == "tick":
        del action["seat"]
    return action


@st.composite
def positions(draw):
    """A game some way in: seats (some players), a prefix driven by bots and random
    moves, as a list of actions the engine has answered."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    n = draw(st.integers(2, 8))
    players = draw(st.integers(0, n))
    game = {"seed": draw(st.integers(0, 2**64 - 1)), "seats": seats(n, players)}
    session = Session(game)
    sent: list[dict] = []
    for _ in range(draw(st.sampled_from([0, 10, 60, 200]))):
        if session.g.over:
            break
        batch = next_actions(session)
        if not batch or rng.random() < 0.3:
            batch = [random_action(session, rng)]
        for action in batch:
            session.act(action)
            sent.append(action)
    return game, sent, session, rng


def zones(out: dict) -> Counter:
    found = Counter(out["draw"] + out["discard"] + out["story"] + out["out"])
    found.update(c for c in out["offers"] if c is not None)
    for s in out["seats"]:
        found.update(s["hand"])
        if s["lord"]:
            found[s["lord"]] += 1
        for f in s["familiars"]:
            found.update([f["card"], *f["fed"]])
    return found


@PROFILE
@given(positions())
def test_same_input_same_output(position):
    game, sent, session, _ = position
    first = run({**game, "actions": sent})
    assert run(copy.deepcopy({**game, "actions": sent})) == first
    assert first == session.output()  # kept state answers as a replay does


@PROFILE
@given(positions())
def test_every_card_is_in_exactly_one_zone_and_manas_stay_in_caps(position):
    _, _, session, _ = position
    out = session.output()
    assert zones(out) == Counter(session.g.deck.order)
    for s in out["seats"]:
        for key, cap in CAPS.items():
            assert 0 <= s[key] <= cap
        assert s["gold"] >= 0


@PROFILE
@given(positions())
def test_a_refused_action_changes_nothing_not_even_the_random_stream(position):
    _, _, session, rng = position
    for _ in range(5):
        before = session.output()
        stream = session.g.rng.state
        action = random_action(session, rng)
        try:
            accepted = session.act(action)
        except ValueError:  # input errors (a card field naming the wrong thing) are not refusals
            continue
        if not accepted:
            after = session.output()
            assert after["refusals"][:-1] == before["refusals"]
            for key in ("refusals", "views"):
                after.pop(key), before.pop(key)
            assert after == before
            assert session.g.rng.state == stream


@PROFILE
@given(positions())
def test_p24_a_view_never_holds_another_seats_hidden_cards(position):
    _, _, session, _ = position
    out = session.output()
    for name, view in out["views"].items():
        viewer = None if name == "party" else name
        assert "draw" not in view
        assert all("hand" not in s and "peek" not in s for s in view["seats"])
        assert ("hand" in view) == (viewer is not None)
        if out["turn"] and view["turn"]["drawn"] is not None:
            assert viewer == out["turn"]["seat"]
        if view["awaiting"] and "legal" in view["awaiting"]:
            assert viewer == out["awaiting"]["seat"]
        for full, seen in zip(out["log"], view["log"], strict=True):
            secret = full.get("secret")
            if secret is not None and viewer not in secret:
                assert not {"card", "cards", "action"} & set(seen)
        if viewer is None:
            text = json.dumps(view)
            for s in out["seats"]:
                for card in s["hand"]:
                    if card not in json.dumps(out["log"]):  # never public
                        assert card not in text


@PROFILE
@given(st.integers(0, 2**64 - 1), st.integers(2, 8))
def test_every_all_bot_game_ends(seed, n):
    session, sent = play_bots({"seed": seed, "seats": seats(n, 0)}, max_actions=50_000)
    assert session.g.over, f"seed {seed}, {n} bots: still playing after {len(sent)} actions"
    assert session.g.result == "won"
