"""The 96 cards (K1.1) as data: chaos-cards.json, copied from the spec, read once.

Each card is its category, what it asks for when played (a target, a named category),
and its instructions in printed order as effect codes (`op`s) that instructions.py
performs; Modifiers, Interrupts, Anchors and Win Conditions carry their own fields.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CATEGORIES = ("action", "chaos", "modifier", "interrupt", "anchor")
ORDINARY = frozenset({"action", "chaos", "modifier", "anchor"})
PERSISTENT = frozenset({"modifier", "anchor"})


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    category: str
    name: str
    targets: bool  # "select another player" when played (K4.3)
    names_category: bool  # A27: a category named when played
    observe: dict[str, Any] | None  # social trigger (K11.1)
    effects: tuple[dict[str, Any], ...]
    duration: str | None = None  # Modifier: "replaced" or "round"
    draw: dict[str, Any] | None = None  # Modifier: draw-step adjustment (K10.3)
    trigger: dict[str, Any] | None = None  # Modifier: trigger event (K10.6)
    on: frozenset[str] = frozenset()  # Interrupt: categories it may target (K5.3)
    cancels: bool = False  # Interrupt
    requires: str | None = None  # Interrupt: I9's could_draw_me (K11.5)
    prevents: str | None = None  # Anchor (K10.5)
    test: dict[str, Any] | None = None  # Win Condition (K8.3)


def _card(raw: dict[str, Any]) -> Card:
    return Card(
        id=raw["id"],
        category=raw["category"],
        name=raw["name"],
        targets=raw.get("target") == "other",
        names_category=raw.get("mode") == "category",
        observe=raw.get("observe"),
        effects=tuple(raw.get("effects") or ()),
        duration=raw.get("duration"),
        draw=raw.get("draw"),
        trigger=raw.get("trigger"),
        on=frozenset(raw.get("on") or ()),
        cancels=bool(raw.get("cancel")),
        requires=raw.get("requires"),
        prevents=raw.get("prevents"),
        test=raw.get("test"),
    )


def _load() -> dict[str, Card]:
    data = json.loads((Path(__file__).parent / "chaos-cards.json").read_text(encoding="utf-8"))
    return {raw["id"]: _card(raw) for raw in data["cards"]}


CARDS: dict[str, Card] = _load()
# The canonical orders (K1.1, S2): A1…A30, C1…C20, M1…M14, I1…I12, AN1…AN8; W1…W12.
PLAY_IDS: tuple[str, ...] = tuple(
    f"{prefix}{i}"
    for prefix, n in (("A", 30), ("C", 20), ("M", 14), ("I", 12), ("AN", 8))
    for i in range(1, n + 1)
)
CONDITION_IDS: tuple[str, ...] = tuple(f"W{i}" for i in range(1, 13))
CANONICAL = {card: i for i, card in enumerate(PLAY_IDS + CONDITION_IDS)}
CATEGORY = {card.id: card.category for card in CARDS.values()}

assert set(PLAY_IDS) | set(CONDITION_IDS) == set(CARDS), "chaos-cards.json lost a card"
