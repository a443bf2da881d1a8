"""H8.1 The 54 faces, their ids, values and colours, and the canonical order.

A card is held as its id string (`"QD"`, `"10S*"`, `"BJ"`) everywhere in the engine: ids
are what the input and output carry, and a dict lookup in `CARDS` gives the face behind
one. A holographic id maps to the same `Face` as its plain twin (H3.2, H8.1).
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("H", "D", "S", "C")  # also the canonical order of suits
HOLO = "*"


class Colour(StrEnum):
    RED = "red"
    BLACK = "black"


class Effect(StrEnum):
    """What a special card does when it lands (H8.15-H8.19); Jokers have none."""

    ACE = "Ace"
    JACK = "Jack"
    QUEEN = "Queen"
    KING = "King"


class Face(NamedTuple):
    id: str  # the plain id: what a Queen's `not` names
    value: int | None  # None for the Jokers, which have no value
    colour: Colour
    special: bool
    joker: bool
    effect: Effect | None


_VALUES = {rank: n for n, rank in enumerate(RANKS, start=1)} | {"K": 12}  # Q = K = 12
_COLOURS = {"H": Colour.RED, "D": Colour.RED, "S": Colour.BLACK, "C": Colour.BLACK}
_EFFECTS = {"A": Effect.ACE, "J": Effect.JACK, "Q": Effect.QUEEN, "K": Effect.KING}


def _faces() -> list[Face]:
    """All 54 faces in canonical order: by suit H, D, S, C, A to K in each, then RJ, BJ."""
    faces = [
        Face(
            rank + suit,
            _VALUES[rank],
            _COLOURS[suit],
            special=rank in _EFFECTS,
            joker=False,
            effect=_EFFECTS.get(rank),
        )
        for suit in SUITS
        for rank in RANKS
    ]
    faces.append(Face("RJ", None, Colour.RED, special=True, joker=True, effect=None))
    faces.append(Face("BJ", None, Colour.BLACK, special=True, joker=True, effect=None))
    return faces


FACES: tuple[Face, ...] = tuple(_faces())

# Every valid card id, plain and holographic, to its face. Membership is the validation:
# "1H", "TS", "ah" and "10S **" are simply not keys.
CARDS: dict[str, Face] = {face.id: face for face in FACES} | {
    face.id + HOLO: face for face in FACES
}

# Canonical position of every id (exoptosis-engine.md): a holographic id sorts right
# after its plain twin.
ORDER: dict[str, int] = {}
for _n, _face in enumerate(FACES):
    ORDER[_face.id] = 2 * _n
    ORDER[_face.id + HOLO] = 2 * _n + 1


def face(card: str) -> Face:
    return CARDS[card]


def face_id(card: str) -> str:
    """The face a card shows, holographic or not: `"8S*"` and `"8S"` are both `"8S"`."""
    return CARDS[card].id


def canonical(cards: set[str] | list[str]) -> list[str]:
    """The distinct ids among `cards`, in canonical order."""
    return sorted(set(cards), key=ORDER.__getitem__)
