"""The card catalogue (rulebook "cards", spec §5): defined once, used by the whole site."""

from __future__ import annotations

import random
from bisect import bisect
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from itertools import accumulate


class CardId(StrEnum):
    BOOST = "boost"
    SKIP = "skip"
    REVERSE = "reverse"
    SHIELD = "shield"
    SAKURA_FARTS = "sakura_farts"
    CHAOS = "chaos"
    SABOTAGE = "sabotage"
    MINI_GOONER = "mini_gooner"
    GOLDEN_GOONER = "golden_gooner"


class PackId(StrEnum):
    BOOSTER_PACK = "booster_pack"
    GOD_PACK = "god_pack"


class Rarity(IntEnum):
    """Ordered from most to least common; the three rarest pulse (R5.2)."""

    COMMON = 1
    UNCOMMON = 2
    RARE = 3
    EPIC = 4
    LEGENDARY = 5
    ARTIFACT = 6

    @property
    def label(self) -> str:
        return self.name.title()

    @property
    def pulses(self) -> bool:
        return self >= Rarity.EPIC


class Targets(StrEnum):
    """What a card may be aimed at when it is played (R5.5)."""

    CONTESTANT = "one contestant"
    ANY_CONTESTANT = "one contestant, locked or not"
    NOBODY = "nobody: the contestant is random"
    UNLOCKED = "one unlocked contestant"
    UNLOCKED_NOT_GOLDEN = "one unlocked contestant who is not Golden already"


@dataclass(frozen=True, slots=True)
class Card:
    id: CardId
    name: str
    emoji: str
    rarity: Rarity
    odds: int  # per 100 draws; 0 = never drawn
    targets: Targets
    resolves: str
    sabotaged: str
    summary: str

    @property
    def regular(self) -> bool:
        """Regular cards are the drawable ones; they count toward the hand limit (R5.1)."""
        return self.odds > 0


@dataclass(frozen=True, slots=True)
class Pack:
    id: PackId
    name: str
    emoji: str
    summary: str


CATALOGUE: dict[CardId, Card] = {
    card.id: card
    for card in (
        Card(
            CardId.BOOST,
            "Boost",
            "🚀",
            Rarity.COMMON,
            22,
            Targets.CONTESTANT,
            "At the next noon.",
            "Destroyed: it does nothing.",
            "Your own votes on them today count double at noon, up or down.",
        ),
        Card(
            CardId.SKIP,
            "Skip",
            "⏭️",
            Rarity.COMMON,
            22,
            Targets.CONTESTANT,
            "At the next noon.",
            "Destroyed: it does nothing.",
            "Erases every vote on them for the day, up and down, from everyone.",
        ),
        Card(
            CardId.REVERSE,
            "Reverse",
            "🔄",
            Rarity.COMMON,
            22,
            Targets.CONTESTANT,
            "At the next noon.",
            "Destroyed: it does nothing.",
            "Flips every vote on them for the day; an even number of Reverses cancels out.",
        ),
        Card(
            CardId.SHIELD,
            "Shield",
            "🛡️",
            Rarity.UNCOMMON,
            12,
            Targets.CONTESTANT,
            "At the next noon, right after Sabotage and before every other card.",
            "Destroyed: it blocks nothing.",
            "Blocks one random Skip, Reverse, Boost or Sakura Farts another player played on them.",
        ),
        Card(
            CardId.SAKURA_FARTS,
            "Sakura Farts",
            "💨",
            Rarity.UNCOMMON,
            12,
            Targets.ANY_CONTESTANT,
            "At the next noon. The smell wears off at the noon after that.",
            "Destroyed: it does nothing.",
            "Their row turns green and smelly for one voting day. Nothing else.",
        ),
        Card(
            CardId.CHAOS,
            "Chaos",
            "🎲",
            Rarity.RARE,
            9,
            Targets.NOBODY,
            "At the next noon.",
            "Nothing. Chaos always lands.",
            "Moves a random unlocked contestant 1 to 10 points, up or down.",
        ),
        Card(
            CardId.SABOTAGE,
            "Sabotage",
            "💣",
            Rarity.EPIC,
            1,
            Targets.CONTESTANT,
            "At the next noon, before every other card.",
            "An earlier Sabotage on the same contestant destroys it.",
            "Destroys every other card waiting on them, yours included. Mini Gooners are immune.",
        ),
        Card(
            CardId.MINI_GOONER,
            "Mini Gooner",
            "🥈",
            Rarity.LEGENDARY,
            0,
            Targets.UNLOCKED,
            "At the next noon, after the votes and every other scoring card.",
            "Immune. It always lands.",
            "Gives them one Mini Gooner trophy; every 10th locks them at #1.",
        ),
        Card(
            CardId.GOLDEN_GOONER,
            "Golden Gooner",
            "🌟",
            Rarity.ARTIFACT,
            0,
            Targets.UNLOCKED_NOT_GOLDEN,
            "Instantly, the moment you play it.",
            "Cannot be sabotaged. It never sits on the ladder.",
            "Pins them at the top, below any locked contestants, until the next Wednesday noon.",
        ),
    )
}

PACKS: dict[PackId, Pack] = {
    pack.id: pack
    for pack in (
        Pack(PackId.BOOSTER_PACK, "Booster Pack", "🎴", "3 random cards at the draw odds."),
        Pack(PackId.GOD_PACK, "God Pack", "👑", "One of every regular card plus a Mini Gooner."),
    )
}

REGULAR_CARDS: tuple[CardId, ...] = tuple(c.id for c in CATALOGUE.values() if c.regular)
SPECIAL_CARDS: frozenset[CardId] = frozenset(c.id for c in CATALOGUE.values() if not c.regular)
_REGULAR_SET = frozenset(REGULAR_CARDS)
_CUMULATIVE_ODDS = tuple(accumulate(CATALOGUE[c].odds for c in REGULAR_CARDS))
_TOTAL_ODDS = _CUMULATIVE_ODDS[-1]
BOOSTER_PACK_SIZE = 3


def is_regular(card: str) -> bool:
    return card in _REGULAR_SET


def draw_card(rng: random.Random) -> CardId:
    """One random regular card at the draw odds (R5.3)."""
    return REGULAR_CARDS[bisect(_CUMULATIVE_ODDS, rng.random() * _TOTAL_ODDS)]


def pack_contents(pack: PackId, rng: random.Random) -> tuple[CardId, ...]:
    """What a sealed pack holds when it is opened (R5.4)."""
    if pack == PackId.BOOSTER_PACK:
        return tuple(draw_card(rng) for _ in range(BOOSTER_PACK_SIZE))
    return (*REGULAR_CARDS, CardId.MINI_GOONER)


def parse_item(value: object) -> CardId | PackId | None:
    """The card or pack an id names, or None: for ids that come from outside (URLs, forms)."""
    for kind in (CardId, PackId):
        try:
            return kind(value)
        except ValueError:
            continue
    return None


def item_name(item: CardId | PackId) -> str:
    """The display name of a card or a pack."""
    return PACKS[item].name if isinstance(item, PackId) else CATALOGUE[item].name
