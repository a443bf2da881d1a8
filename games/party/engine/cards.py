"""A card is data: each design of the deck (party-cards.md) becomes one frozen `Card`
holding what the rules derive from it (color classes, digits, kind, sale price…).
Instance ids are `<design>#<k>`; every rule looks a card up by its instance id."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .archetypes import ARCHETYPES, Archetype

BASIC_COLORS = ("red", "yellow", "green", "blue", "black")
COLOR_CLASSES = (*BASIC_COLORS, "odd")
SORT_PRICES = {"junk": 2, "material": 5, "property": 6}
TARGETED = {"skip", "draw", "strike", "swap", "attack", "gift"}


def color_class(color: str) -> str:
    """P4.2 The five colors are themselves; every other printed color is Odd."""
    return color if color in BASIC_COLORS else "odd"


def size_of(number: int | None) -> str | None:
    """P7.1 Small 0-12, Medium 13-999, Large 1000 and up (S13); a Number Wild has none."""
    if number is None:
        return None
    return "small" if number <= 12 else "medium" if number <= 999 else "large"


@dataclass(frozen=True, slots=True)
class Power:
    """P13.2 One power of a Lord."""

    id: str
    name: str
    cost: int
    code: str
    n: int
    targeted: bool


@dataclass(frozen=True, slots=True)
class Card:
    """One design of the deck as the rules see it; copies share it."""

    design: str
    name: str
    archetype: str
    arch: Archetype
    colors: tuple[str, ...]
    classes: frozenset[str]
    number: int | None
    digits: frozenset[int]
    wild: str | None
    names: frozenset[str]
    types: frozenset[str]
    effect: str | None = None
    n: int = 0
    counter: bool = False
    tier: int = 0
    sort: str | None = None
    price: int | None = None
    treasure: bool = False
    exodia: bool = False
    story: str | None = None
    penalty: str | None = None
    penalty_n: int = 0
    powers: tuple[Power, ...] = field(default=())

    @property
    def kind(self) -> str | None:
        """P4.6 Matching by kind: the archetype, except Numbers and Curses (S10)."""
        return self.archetype if self.arch.kind else None

    @property
    def size(self) -> str | None:
        return size_of(self.number) if self.archetype == "number" else None

    @property
    def is_number(self) -> bool:
        return self.archetype == "number"

    @property
    def true_wild(self) -> bool:
        return self.wild == "true"

    @property
    def names_a_color(self) -> bool:
        """P5.5 True Wilds and Color Wilds are named when they land on top."""
        return self.wild in ("true", "color")

    @property
    def is_curse(self) -> bool:
        return self.archetype == "curse"

    @property
    def is_mega_curse(self) -> bool:
        return self.archetype == "mega_curse"

    @property
    def dealable(self) -> bool:
        """P3.2 Curses and Mega Curses are never dealt."""
        return self.arch.dealt

    @property
    def plain_number(self) -> bool:
        """P3.1 The starter: a Number with a color and no wild."""
        return self.archetype == "number" and bool(self.colors) and self.wild is None

    @property
    def locks_pile(self) -> bool:
        """P9.9 A Curse, or a card with no color, no number and no wild."""
        return self.is_curse or (not self.colors and self.number is None and self.wild is None)

    @property
    def is_treasure(self) -> bool:
        """P14.5 The GameStop Gift Card, and Numbers that are also Treasure."""
        return self.treasure or (self.archetype == "resource" and self.sort == "treasure")

    @property
    def sale_sort(self) -> str | None:
        """P14.3 What a sale chain must share: a resource sort, Equipment or Lord."""
        if self.archetype == "resource" and self.sort != "treasure":
            return self.sort
        if self.arch.price is not None:
            return self.archetype
        return None

    @property
    def pure_counter(self) -> bool:
        return self.effect == "counter"

    @property
    def has_effect(self) -> bool:
        """A Spell that does something when it goes off (P11); Nope does nothing outside a
        countdown (P11.14)."""
        return self.archetype == "spell" and self.effect not in (None, "counter")


def card_from_design(design: dict[str, Any]) -> Card:
    """The derived card of one (already validated) design."""
    archetype = design["archetype"]
    colors = tuple(design.get("colors") or ())
    number = design.get("number")
    wild = design.get("wild") or ("true" if archetype == "true_wild" else None)
    effect = design.get("effect") or {}
    penalty = design.get("penalty") or {}
    price = None
    if archetype == "resource" and design.get("sort") != "treasure":
        price = design.get("sell") or SORT_PRICES.get(design.get("sort", ""))
    elif ARCHETYPES[archetype].price is not None:
        price = design.get("sell") or ARCHETYPES[archetype].price
    powers = tuple(
        Power(
            id=p["id"],
            name=p["name"],
            cost=p["cost"],
            code=p["effect"]["code"],
            n=p["effect"].get("n") or 0,
            targeted=p["target"] == "other",
        )
        for p in design.get("powers") or ()
    )
    return Card(
        design=design["id"],
        name=design["name"],
        archetype=archetype,
        arch=ARCHETYPES[archetype],
        # A True Wild's printed color (a Crazy 8's) is shown but never matched (P5.1).
        colors=colors,
        classes=frozenset() if wild == "true" else frozenset(map(color_class, colors)),
        number=number,
        digits=frozenset(int(d) for d in str(number)) if number is not None else frozenset(),
        wild=wild,
        names=frozenset(design.get("names") or ()),
        types=frozenset(design.get("types") or ()),
        effect=effect.get("code"),
        n=effect.get("n") or 0,
        counter=bool(design.get("counter")) or effect.get("code") == "counter",
        tier=design.get("tier") or 0,
        sort=design.get("sort"),
        price=price,
        treasure=bool(design.get("treasure")),
        exodia=bool(design.get("exodia")),
        story=design.get("story"),
        penalty=penalty.get("code"),
        penalty_n=penalty.get("n") or 0,
        powers=powers,
    )


@dataclass(frozen=True, slots=True)
class Deck:
    """The cards of one game: instance id → Card, and the deck order of the instances."""

    name: str
    order: tuple[str, ...]
    cards: dict[str, Card]
    #: P17 the Exodia cards, in deck order
    exodia: tuple[str, ...] = ()

    def __getitem__(self, instance: str) -> Card:
        return self.cards[instance]

    def __contains__(self, instance: object) -> bool:
        return instance in self.cards


def build_deck(data: dict[str, Any]) -> Deck:
    order: list[str] = []
    cards: dict[str, Card] = {}
    for design in data["cards"]:
        card = card_from_design(design)
        for k in range(1, (design.get("count") or 1) + 1):
            instance = f"{design['id']}#{k}"
            order.append(instance)
            cards[instance] = card
    exodia = tuple(c for c in order if cards[c].exodia)
    return Deck(name=data["name"], order=tuple(order), cards=cards, exodia=exodia)


def default_deck_data() -> dict[str, Any]:
    """The default deck (party-cards.json), shipped inside the package."""
    return json.loads(Path(__file__).with_name("party-cards.json").read_text("utf-8"))


_DEFAULT: Deck | None = None


def default_deck() -> Deck:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = build_deck(default_deck_data())
    return _DEFAULT
