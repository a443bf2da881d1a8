"""How the Hall names and shows the 54 faces of H8.1 (the engine defines them)."""

from __future__ import annotations

from .engine.cards import CARDS, FACES, ORDER

RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUITS = {"H": ("Hearts", "♥"), "D": ("Diamonds", "♦"), "S": ("Spades", "♠"), "C": ("Clubs", "♣")}
FACE_IDS: tuple[str, ...] = tuple(f.id for f in FACES)


def face_name(face: str) -> str:
    if face == "RJ":
        return "Red Joker"
    if face == "BJ":
        return "Black Joker"
    rank, suit = face[:-1], face[-1]
    return f"{RANKS.get(rank, rank)} of {SUITS[suit][0]}"


def face_symbol(face: str) -> str:
    """Short label for a card tile: "10♠", "Q♥", "🃏R"."""
    if face in ("RJ", "BJ"):
        return "🃏"
    return face[:-1] + SUITS[face[-1]][1]


def is_red(face: str) -> bool:
    return CARDS[face].colour.value == "red"


def is_face(face: str) -> bool:
    return face in CARDS and not face.endswith("*")


def sort_key(face: str, holo: bool) -> int:
    return ORDER[face + ("*" if holo else "")]


FACE_CHOICES = [(f, face_name(f)) for f in FACE_IDS]


def card_names(ids: list[str]) -> str:
    """ "7 of Hearts, Queen of Diamonds ✦" for ["7H", "QD*"]."""
    return ", ".join(
        face_name(c.removesuffix("*")) + (" ✦" if c.endswith("*") else "") for c in ids
    )
