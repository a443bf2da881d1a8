"""The mutable game: seats, zones, the turn, the open countdown or block, and the log.
Every zone change goes through a helper here so that cards are conserved, Uno windows
follow hand sizes (P18) and the cards moved of the turn are counted (P22.1)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import Card, Deck
from .rng import SplitMix64

SETTINGS = {
    "hand_size": (None, 3, 15),
    "draw_limit": (3, 1, 5),
    "uno_penalty": (3, 1, 6),
    "countdown_ms": (4000, 2000, 10000),
    "hurry_after_ms": (30000, 10000, 120000),
    "hurry_left_ms": (15000, 5000, 60000),
    "max_familiars": (4, 1, 6),
    "spell_cap": (5, 3, 9),
    "combat_cap": (5, 3, 9),
    "lord_cap": (4, 2, 6),
}


@dataclass(slots=True)
class Familiar:
    """P10 A familiar on a seat's table, with the Numbers fed to it."""

    card: str
    tier: int
    fed: list[str] = field(default_factory=list)
    digits: list[int] = field(default_factory=list)
    damage: int = 0

    @property
    def attack(self) -> int:
        """P10.4 The sum of its digits minus the damage taken (S25)."""
        return sum(self.digits) - self.damage

    @property
    def attack_mode(self) -> bool:
        return bool(self.digits)

    def cards(self) -> list[str]:
        return [self.card, *self.fed]


@dataclass(slots=True)
class Seat:
    id: str
    bot: bool
    in_game: bool = True
    hand: list[str] = field(default_factory=list)
    gold: int = 0
    spell: int = 0
    combat: int = 0
    lord: str | None = None
    lord_mana: int = 0
    familiars: list[Familiar] = field(default_factory=list)
    misses: int = 0
    uno: str | None = None
    peek: list[str] = field(default_factory=list)

    def familiar(self, card: str | None) -> Familiar | None:
        for f in self.familiars:
            if f.card == card:
                return f
        return None


@dataclass(slots=True)
class Turn:
    number: int
    seat: str
    since: int
    actions_left: int = 1
    acted: bool = False
    mana_play: bool = False
    overcharged: bool = False
    drawn: str | None = None
    drew: bool = False
    other: bool = False
    free_feed: str | None = None
    in_shop: bool = False
    sold: bool = False
    familiar_removed: bool = False
    hurry: list[str] = field(default_factory=list)
    hurry_deadline: int | None = None

    @property
    def only_drew(self) -> bool:
        """P9.5 The turn's Discard Actions were only Draws (S18)."""
        return self.drew and not self.other


@dataclass(slots=True)
class Effect:
    """One thing a countdown makes happen: a Spell's effect, an attack, a Lord power."""

    code: str
    seat: str
    n: int = 0
    target: str | None = None
    familiar: str | None = None
    give: str | None = None
    in_strike_chain: bool = False


@dataclass(slots=True)
class Countdown:
    kind: str
    seat: str
    cards: list[str]
    power: str | None
    targets: list[str]
    opened: int
    deadline: int
    effects: list[Effect]
    counters: list[dict[str, str]] = field(default_factory=list)

    @property
    def last_author(self) -> str:
        """P12.3 Who played what a new Counter would cancel."""
        return self.counters[-1]["seat"] if self.counters else self.seat


@dataclass(slots=True)
class Block:
    """P10.6, P11.6 A defender's block decision, awaited."""

    seat: str
    kind: str
    by: str
    familiar: str | None
    amount: int | None
    since: int
    effect: Effect
    hurry: list[str] = field(default_factory=list)
    hurry_deadline: int | None = None


class Game:
    """One game from the deal to the end."""

    def __init__(self, deck: Deck, settings: dict[str, Any], seats: list[Seat], seed: int):
        self.deck = deck
        self.settings = {k: settings.get(k, default) for k, (default, _, _) in SETTINGS.items()}
        self.seats = seats
        self.by_id = {s.id: s for s in seats}
        self.rng = SplitMix64(seed)
        self.stage = "playing"
        self.result: str | None = None
        self.winner: str | None = None
        self.how: str | None = None
        self.clock = 0
        self.vip: str | None = None
        self.direction = 1
        self.exodia = "live"
        self.turn: Turn | None = None
        self.first_move = False
        self.redeal_votes: list[str] = []
        self.top_color: str | None = None
        self.open = False
        self.discard: list[str] = []
        self.draw: list[str] = []
        self.offers: list[str | None] = [None, None]
        self.story: list[str] = []
        self.out: list[str] = []
        self.answer: dict[str, Any] | None = None
        self.countdown: Countdown | None = None
        self.block: Block | None = None
        self.pending: list[Effect] = []
        self.pass_when_settled = False
        self.turn_moves: list[dict[str, Any]] = []
        self.refusals: list[dict[str, Any]] = []
        self.log: list[dict[str, Any]] = []
        self.index = -1

    # -- lookups ---------------------------------------------------------------------

    def card(self, instance: str) -> Card:
        return self.deck.cards[instance]

    @property
    def top(self) -> str:
        return self.discard[-1]

    def awaited(self) -> tuple[str, str] | None:
        """The one decision the game waits for: none during a countdown, else a block,
        else the turn."""
        if self.stage == "over" or self.countdown is not None:
            return None
        if self.block is not None:
            return self.block.seat, "block"
        if self.turn is not None:
            return self.turn.seat, "turn"
        return None

    @property
    def over(self) -> bool:
        return self.stage == "over"

    def setting(self, key: str) -> int:
        return self.settings[key]

    def in_game(self) -> list[Seat]:
        return [s for s in self.seats if s.in_game]

    def players_in_game(self) -> list[Seat]:
        return [s for s in self.seats if s.in_game and not s.bot]

    def around(self, seat_id: str, *, include_self: bool) -> list[Seat]:
        """Seats in the game in the direction of play, starting after (or at) `seat_id`."""
        start = next(i for i, s in enumerate(self.seats) if s.id == seat_id)
        n = len(self.seats)
        order = [self.seats[(start + self.direction * k) % n] for k in range(1, n)]
        if include_self:
            order.insert(0, self.seats[start])
        return [s for s in order if s.in_game]

    def others(self, seat_id: str) -> list[Seat]:
        return self.around(seat_id, include_self=False)

    # -- the log and the cards moved -------------------------------------------------

    def event(self, name: str, **fields: Any) -> dict[str, Any]:
        number = (
            self.turn.number
            if self.turn
            else (self.turn_moves[-1]["turn"] if self.turn_moves else 0)
        )
        entry = {"index": self.index, "turn": number, "event": name, **fields}
        self.log.append(entry)
        return entry

    def moved(self, n: int = 1) -> None:
        """P22.1 Cards changing zone count for the turn in progress."""
        if self.turn is not None and self.turn_moves and n:
            self.turn_moves[-1]["moved"] += n

    # -- hands (P18 Uno windows follow every change) ---------------------------------

    def hand_changed(self, seat: Seat) -> None:
        if len(seat.hand) == 1:
            if seat.uno is None:
                seat.uno = "open"
        else:
            seat.uno = None
        if self.turn and self.turn.drawn and self.turn.drawn not in self.by_id[self.turn.seat].hand:
            self.turn.drawn = None

    def take_from_hand(self, seat: Seat, cards: list[str]) -> None:
        for c in cards:
            seat.hand.remove(c)
        self.moved(len(cards))
        self.hand_changed(seat)

    def give_to_hand(self, seat: Seat, cards: list[str]) -> None:
        seat.hand.extend(cards)
        self.moved(len(cards))
        self.hand_changed(seat)

    # -- piles -----------------------------------------------------------------------

    def slip_under(self, card: str) -> None:
        """P9.6 A card discarded without landing on top goes just under the top card."""
        self.discard.insert(len(self.discard) - 1, card)

    def land(self, cards: list[str], color: str | None) -> None:
        """P9.6 Cards played into the discard land on top in order."""
        self.discard.extend(cards)
        self.top_color = color if self.card(cards[-1]).names_a_color else None
        self.open = False

    def put_out(self, cards: list[str]) -> None:
        self.out.extend(cards)

    def reshuffle(self) -> bool:
        """P9.11 The discard pile but its top card becomes the draw pile."""
        under = self.discard[:-1]
        if not under:
            return False
        del self.discard[:-1]
        self.rng.shuffle(under)
        self.draw.extend(under)
        self.moved(len(under))
        self.event("reshuffle", count=len(under))
        return True

    def draw_one(self) -> str | None:
        if not self.draw and not self.reshuffle():
            return None
        return self.draw.pop(0)

    def draw_cards(self, seat: Seat, n: int, reason: str) -> list[str]:
        """P9.11 `seat` draws up to `n` cards; the draw stops short when both piles run out."""
        drawn: list[str] = []
        for _ in range(n):
            card = self.draw_one()
            if card is None:
                break
            drawn.append(card)
        self.give_to_hand(seat, drawn)
        self.event(
            "draw", seat=seat.id, count=len(drawn), cards=drawn, reason=reason, secret=[seat.id]
        )
        return drawn

    # -- mana (P8) -------------------------------------------------------------------

    def cap(self, mana: str) -> int:
        return self.settings[f"{mana}_cap"]

    def gain(self, seat: Seat, mana: str, amount: int, reason: str) -> None:
        """P8.1 A gain above the cap is lost; the gain is logged even when it adds 0."""
        attr = "lord_mana" if mana == "lord" else mana
        before = getattr(seat, attr)
        after = min(self.cap(mana), before + amount)
        setattr(seat, attr, after)
        self.event("gain", seat=seat.id, mana=mana, amount=after - before, reason=reason)

    @staticmethod
    def can_pay(seat: Seat, price: int) -> bool:
        return seat.spell + seat.combat >= price

    @staticmethod
    def pay(seat: Seat, price: int) -> dict[str, int]:
        """P8.3 ⚡ is paid from Spell Mana first, then Combat Mana (S15)."""
        spell = min(seat.spell, price)
        combat = price - spell
        seat.spell -= spell
        seat.combat -= combat
        return {"spell": spell, "combat": combat}

    # -- familiars -------------------------------------------------------------------

    def remove_familiar(self, seat: Seat, familiar: Familiar) -> list[str]:
        """P10.4 Destroyed and sacrificed familiars go out of play with their fed cards."""
        seat.familiars.remove(familiar)
        cards = familiar.cards()
        self.put_out(cards)
        self.moved(len(cards))
        return cards

    def destroy(self, seat: Seat, familiar: Familiar, reason: str) -> None:
        cards = self.remove_familiar(seat, familiar)
        self.event("destroyed", seat=seat.id, familiar=familiar.card, cards=cards, reason=reason)

    def sacrifice(self, seat: Seat, familiar: Familiar, to: str) -> None:
        cards = self.remove_familiar(seat, familiar)
        self.event("sacrifice", seat=seat.id, familiar=familiar.card, cards=cards, to=to)
