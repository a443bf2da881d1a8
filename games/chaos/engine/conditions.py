"""The active Win Conditions: their tests (K8.3), changing them (K7) and the capacity the
Chaos Level gives them (K6.5)."""

from __future__ import annotations

from .cards import CARDS, CATEGORIES, CATEGORY
from .table import Table

# -- K8.3: what each condition tests -----------------------------------------------------


def satisfies(
    condition: str, hand: list[str], level: int, controls_both: bool, other_sizes: list[int]
) -> bool:
    """K8.3: does a player with this hand (and these slots, at this level, among hands of
    these sizes) meet `condition`? Pure, so the sharp bot can ask about a hand it imagines."""
    test = CARDS[condition].test or {}
    size = len(hand)
    if "max" in test and size > test["max"]:
        return False
    kind = test["test"]
    if kind == "hand_exact":
        return size == test["n"]
    if kind == "hand_at_most":
        return size <= test["n"]
    if kind == "hand_level":
        return size == level + test["plus"]
    if kind == "controls_both":
        return controls_both
    if kind == "strict_fewest":
        return all(size < other for other in other_sizes)
    counts = dict.fromkeys(CATEGORIES, 0)
    for card in hand:
        counts[CATEGORY[card]] += 1
    if kind == "cat_at_least":
        return counts[test["cat"]] >= test["n"]
    if kind == "no_cat":
        return size >= test["min"] and counts[test["cat"]] == 0
    if kind == "all_cats":
        return all(counts.values())
    if kind == "cat_more":
        return counts[test["cat"]] >= test["min"] and counts[test["cat"]] > counts[test["than"]]
    raise AssertionError(f"unknown condition test {kind}")


def met_by(t: Table, seat: str) -> list[str]:
    """The active conditions `seat` meets, oldest first ("hand" counts hand cards only)."""
    hand = t.hands[seat]
    both = t.modifier[seat] is not None and t.anchor[seat] is not None
    sizes = [len(t.hands[other]) for other in t.seats if other != seat]
    return [c for c in t.conditions if satisfies(c, hand, t.level, both, sizes)]


# -- K7: changing the condition -----------------------------------------------------------


def _top_of_condition_deck(t: Table) -> str | None:
    """K7.1/K7.2: the next condition to reveal, rebuilding the deck from the Condition
    discard when it is empty (the condition being replaced is not in the discard yet)."""
    if not t.cond_deck and t.cond_discard:
        t.emit("cond_reshuffle", size=len(t.cond_discard))
        rebuilt = t.cond_discard
        t.cond_discard = []
        t.stream.shuffle(rebuilt)
        t.cond_deck = rebuilt
    return t.cond_deck.pop(0) if t.cond_deck else None


def change_condition(t: Table, why: str) -> None:
    """K7.1 (S9): reveal the new one at the newest end, then discard the sole or older one;
    with nothing to reveal, the condition stays."""
    out = t.conditions[0]
    new = _top_of_condition_deck(t)
    if new is None:
        t.emit("no_replacement", card=out)
        return
    t.conditions = [*t.conditions[1:], new]
    t.cond_discard.append(out)
    t.emit("replace", out=out, card=new, why=why)


# -- K6.5: capacity, after every instruction ----------------------------------------------


def update_capacity(t: Table) -> None:
    """K6.5 (S7): two active conditions at Levels 4-5, one below; a second one is revealed
    as the newest, a fall below 4 discards the older and keeps the newer."""
    if t.level >= 4 and len(t.conditions) == 1:
        new = _top_of_condition_deck(t)
        if new is not None:
            t.conditions.append(new)
            t.emit("reveal", card=new, why="level")
    elif t.level < 4 and len(t.conditions) == 2:
        out = t.conditions.pop(0)
        t.cond_discard.append(out)
        t.emit("condition_out", card=out, why="level")


def change_level(t: Table, delta: int, why: str, source: str | None = None) -> None:
    """K6.1: the level moves within 1-5; a change the clamp cancels is no change (S23)."""
    new = min(5, max(1, t.level + delta))
    if new == t.level:
        return
    old, t.level = t.level, new
    if source is None:
        t.emit("level", level=new, **{"from": old}, why=why)
    else:
        t.emit("level", level=new, **{"from": old}, why=why, source=source)
