"""The deck builder's check (party-cards.md): one plain sentence per problem."""

import copy
import json

from hypothesis import given
from hypothesis import strategies as st

from games.party.engine import validate_deck
from games.party.engine.cards import build_deck, default_deck_data
from tests.profiles import PROFILE


def small_deck(**changes) -> dict:
    deck = {
        "format": "party-deck/1",
        "name": "Numbers",
        "cards": [
            {
                "id": "red-1",
                "name": "Red 1",
                "archetype": "number",
                "colors": ["red"],
                "number": 1,
                "count": 20,
            },
            {
                "id": "blue-2",
                "name": "Blue 2",
                "archetype": "number",
                "colors": ["blue"],
                "number": 2,
                "count": 20,
            },
            {
                "id": "nope",
                "name": "Nope",
                "archetype": "spell",
                "colors": ["black"],
                "effect": {"code": "counter"},
                "counter": True,
                "count": 4,
            },
        ],
    }
    deck.update(changes)
    return deck


def test_the_default_deck_is_valid_and_has_188_cards():
    assert validate_deck(default_deck_data()) == []
    assert len(build_deck(default_deck_data()).order) == 188


def test_a_small_valid_deck_gives_no_problem():
    assert validate_deck(small_deck()) == []


def test_wrong_types_give_one_sentence_each():
    deck = small_deck()
    deck["cards"][0]["count"] = "20"
    deck["cards"][1]["colors"] = "blue"
    problems = validate_deck(deck)
    assert any("Card 1 (red-1): count" in p for p in problems)
    assert any("Card 2 (blue-2): colors" in p for p in problems)
    assert all(p.endswith(".") for p in problems)


def test_unknown_archetype_and_effect_code_are_named():
    deck = small_deck()
    deck["cards"][2]["effect"] = {"code": "explode"}
    deck["cards"].append({"id": "x", "name": "X", "archetype": "vehicle"})
    problems = validate_deck(deck)
    assert any("'explode' is not an effect code" in p for p in problems)
    assert any("'vehicle' is not one of" in p for p in problems)


def test_impossible_numbers_are_refused():
    deck = small_deck()
    deck["cards"][0]["number"] = -3
    deck["cards"].append({"id": "pika", "name": "Pika", "archetype": "familiar", "tier": 4})
    problems = validate_deck(deck)
    assert any("the number must be a whole number" in p for p in problems)
    assert any("tier of 1, 2 or 3" in p for p in problems)


def test_p5_1_an_eight_must_be_a_crazy_8():
    deck = small_deck()
    deck["cards"][0]["number"] = 8
    assert validate_deck(deck) == [
        'Card 1 (red-1): a Number numbered 8 is a Crazy 8 and must say wild "true".'
    ]


def test_p3_1_a_deck_needs_a_number_to_start_the_pile():
    deck = small_deck()
    deck["cards"] = [
        {
            "id": "nope",
            "name": "Nope",
            "archetype": "spell",
            "colors": ["black"],
            "effect": {"code": "counter"},
            "count": 20,
        },
        {
            "id": "skip",
            "name": "Skip",
            "archetype": "spell",
            "colors": ["red"],
            "effect": {"code": "skip"},
            "count": 20,
        },
        {"id": "joker", "name": "Joker", "archetype": "true_wild", "count": 2},
    ]
    assert validate_deck(deck) == [
        "The deck has no plain Number (a Number with a color and no wild) to start the "
        "discard pile."
    ]


def test_p3_2_a_deck_too_small_for_eight_seats():
    deck = small_deck()
    deck["cards"][0]["count"] = 10
    deck["cards"][1]["count"] = 10
    assert validate_deck(deck) == [
        "The deck has 24 cards that can be dealt; a table of 8 needs at least 41 "
        "(5 each, and one to start the pile)."
    ]


def test_s64_null_counts_as_absent():
    deck = small_deck()
    deck["cards"][0]["wild"] = None
    deck["cards"][0]["tier"] = None
    assert validate_deck(deck) == []


def test_a_key_of_another_archetype_is_refused():
    deck = small_deck()
    deck["cards"][0]["tier"] = 1
    assert validate_deck(deck) == ["Card 1 (red-1): a number card has no 'tier'."]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
KEYS = [
    "id",
    "name",
    "count",
    "archetype",
    "colors",
    "number",
    "wild",
    "names",
    "types",
    "effect",
    "counter",
    "tier",
    "sort",
    "sell",
    "treasure",
    "exodia",
    "story",
    "penalty",
    "powers",
    "text",
    "source",
    "ours",
    "n",
    "code",
    "cost",
    "target",
]


def assert_sentences(problems):
    assert isinstance(problems, list)
    assert all(isinstance(p, str) and p and p.endswith(".") for p in problems)


@PROFILE
@given(JSON)
def test_any_json_value_gives_sentences_never_an_exception(value):
    assert_sentences(validate_deck(value))


@PROFILE
@given(st.data())
def test_mutated_default_decks_give_sentences_never_an_exception(data):
    deck = copy.deepcopy(default_deck_data())
    for _ in range(data.draw(st.integers(1, 4))):
        cards = deck["cards"]
        i = data.draw(st.integers(0, len(cards) - 1))
        target = cards[i]
        # Now and then go one level down, into a Lord's power or a Spell's effect.
        inner = target.get("powers") if isinstance(target, dict) else None
        if isinstance(inner, list) and inner and data.draw(st.booleans()):
            target = inner[0]
        elif isinstance(target, dict) and data.draw(st.booleans()):
            target = target.get("effect", target)
        action = data.draw(st.sampled_from(["set", "drop", "card"]))
        if action == "card":
            cards[i] = data.draw(JSON)
        elif action == "drop" and isinstance(target, dict) and target:
            target.pop(data.draw(st.sampled_from(sorted(target))))
        elif isinstance(target, dict):
            target[data.draw(st.sampled_from(KEYS))] = data.draw(JSON)
    problems = validate_deck(deck)
    assert_sentences(problems)
    if not problems:  # a deck the check accepts is one the engine can build
        build_deck(json.loads(json.dumps(deck)))


def test_p7_every_archetype_of_the_deck_format_has_its_rule():
    from games.party.engine.archetypes import ARCHETYPES
    from games.party.engine.deckcheck import ARCHETYPES as IN_DECKS

    assert set(ARCHETYPES) == set(IN_DECKS)
    assert all(a.rule.startswith("P7.") for a in ARCHETYPES.values())
