"""P23 The bot: a fixed, deterministic policy that decides from its own view only
(party-engine.md, "Bots"). `choose` sees nothing but the view and the deck's card data."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .cards import COLOR_CLASSES, Deck
from .matching import matches
from .state import Game
from .views import seat_view

View = dict[str, Any]


def choose(view: View, deck: Deck) -> dict[str, Any] | None:
    """The bot's next step, or None when its policy has no move (rules 1-5)."""
    me = view["seat"]
    hand: list[str] = view["hand"]
    my_seat = next(s for s in view["seats"] if s["id"] == me)
    if len(hand) == 1 and my_seat["uno"] != "called":  # 1
        return {"type": "uno"}
    cd = view["countdown"]
    if cd is not None:  # 2
        last = cd["counters"][-1]["seat"] if cd["counters"] else cd["seat"]
        counters = [c for c in hand if deck[c].counter]
        if last != me and len(cd["counters"]) % 2 == 0 and me in cd["targets"] and counters:
            return {"type": "counter", "card": counters[0]}
        return None
    aw = view["awaiting"]
    if aw is None or aw["seat"] != me:
        return None
    if aw["decision"] == "block":  # 3
        block = view["block"]
        guards = [f["card"] for f in my_seat["familiars"] if f["mode"] == "defense"]
        if block["kind"] == "attack" and guards:
            return {"type": "block", "familiars": guards[:1]}
        return {"type": "block", "familiars": []}
    return turn_step(view, deck, hand)  # 4


def turn_step(view: View, deck: Deck, hand: list[str]) -> dict[str, Any]:
    turn = view["turn"]
    if turn["in_shop"]:
        return {"type": "leave_shop"}
    act = turn["actions_left"] > 0
    exodia = [c for c in hand if deck[c].exodia]
    if act and len(exodia) >= 5:
        return {"type": "play", "cards": exodia[:5]}
    if not turn["mana_play"]:
        for archetype in ("mana", "story", "equipment"):
            found = [c for c in hand if deck[c].archetype == archetype]
            if found:
                return {"type": "mana", "card": found[0]}
    top = deck[view["top"]]

    def fits(c: str) -> bool:
        return matches(deck[c], top, view["top_color"], view["open"])

    drawn = turn["drawn"]
    if drawn is not None and drawn in hand and fits(drawn):
        return play_one(view, deck, hand, drawn)
    if act:
        fitting = [c for c in hand if fits(c)]
        plain = [c for c in fitting if not deck[c].is_mega_curse]
        if plain or fitting:
            return play_one(view, deck, hand, (plain or fitting)[0])
        return {"type": "draw"}
    return {"type": "end_turn"}


def play_one(view: View, deck: Deck, hand: list[str], card: str) -> dict[str, Any]:
    move: dict[str, Any] = {"type": "play", "cards": [card]}
    data = deck[card]
    if data.names_a_color:
        move["color"] = favourite_color(deck, [c for c in hand if c != card])
    if data.effect == "strike":
        target = next_seat(view)
        familiars = target["familiars"] if target else []
        if familiars:
            move["with"] = {card: {"familiar": familiars[0]["card"]}}
    elif data.effect == "gift":
        keeps = [c for c in hand if c != card]
        if len(keeps) >= 2:
            move["with"] = {card: {"give": keeps[0]}}
    return move


def favourite_color(deck: Deck, cards: list[str]) -> str:
    """The color class most common among its other cards' printed colors (wilds aside);
    ties in the order red, yellow, green, blue, black, odd; none at all: red."""
    count: Counter[str] = Counter()
    for c in cards:
        card = deck[c]
        if not card.names_a_color:
            count.update(card.classes)
    if not count:
        return "red"
    return max(COLOR_CLASSES, key=lambda k: (count[k], -COLOR_CLASSES.index(k)))


def next_seat(view: View) -> dict[str, Any] | None:
    """The next seat in the game in the direction of play: a played Spell's target."""
    seats = view["seats"]
    i = next(k for k, s in enumerate(seats) if s["id"] == view["seat"])
    n = len(seats)
    for step in range(1, n):
        s = seats[(i + view["direction"] * step) % n]
        if s["in_game"]:
            return s
    return None


def bot_move(g: Game, seat_id: str) -> dict[str, Any] | None:
    """The step the bot in `seat_id` would take now, from its own view."""
    return choose(seat_view(g, seat_id), g.deck)
