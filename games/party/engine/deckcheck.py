"""The deck builder's check (party-cards.md): one plain sentence per problem, `[]` for a
deck the engine can play. Never raises, whatever JSON value it is given."""

from __future__ import annotations

import re
from typing import Any

from .cards import TARGETED

FORMAT = "party-deck/1"
SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
COLOR_WORD = re.compile(r"^[a-z]+$")
ARCHETYPES = (
    "number",
    "true_wild",
    "mana",
    "familiar",
    "spell",
    "equipment",
    "resource",
    "lord",
    "story",
    "curse",
    "mega_curse",
)
SPELL_CODES = {
    "skip": None,
    "reverse": None,
    "draw": (1, 9),
    "peek": (1, 9),
    "strike": None,
    "shuffle": None,
    "swap": None,
    "attack": (1, 20),
    "gift": None,
    "others_draw": (1, 9),
    "wheel": (1, 15),
    "spell_mana": (1, 9),
    "counter": None,
}
POWER_CODES = {
    "discard_action": None,
    "attack": (1, 20),
    "peek": (1, 9),
    "skip": None,
    "strike": None,
    "spell_mana": (1, 9),
    "combat_mana": (1, 9),
    "draw": (1, 9),
    "others_draw": (1, 9),
    "gift": None,
}
SORTS = ("junk", "material", "property", "treasure")
STORIES = ("location", "role", "objective", "prompt", "answer")
COMMON_KEYS = {"id", "name", "count", "archetype", "colors", "names", "types", "text", "source"}
COMMON_KEYS |= {"ours", "wild"}
OWN_KEYS = {
    "number": {"number", "treasure"},
    "true_wild": set(),
    "mana": set(),
    "familiar": {"tier"},
    "spell": {"effect", "counter"},
    "equipment": {"sell"},
    "resource": {"sort", "sell", "exodia"},
    "lord": {"powers", "sell"},
    "story": {"story"},
    "curse": set(),
    "mega_curse": {"penalty"},
}
MAX_NUMBER = 2**53 - 1
#: P3.2 The largest table: 8 seats of 5 cards, and one Number to start the pile.
EIGHT_SEATS = 8 * 5 + 1


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def short(value: Any) -> str:
    try:
        text = repr(value)
    except RecursionError:
        return "(a value nested too deeply)"
    return text if len(text) <= 40 else text[:37] + "..."


def validate_deck(deck: Any) -> list[str]:
    """Every problem of `deck`, one sentence each; `[]` when it is a valid deck."""
    if not isinstance(deck, dict):
        return ["The deck must be a JSON object with format, name and cards."]
    problems: list[str] = []
    for key in deck:
        if key not in ("format", "name", "cards"):
            problems.append(f"The deck has a key {short(key)} that decks do not have.")
    if deck.get("format") != FORMAT:
        problems.append(f'The deck\'s format must be "{FORMAT}".')
    name = deck.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 60:
        problems.append("The deck's name must be text of 1 to 60 characters.")
    cards = deck.get("cards")
    if not isinstance(cards, list) or not 1 <= len(cards) <= 300:
        problems.append("The deck's cards must be a list of 1 to 300 card designs.")
        return problems
    ids: set[str] = set()
    total = dealable = 0
    has_starter = False
    for i, design in enumerate(cards, start=1):
        if not isinstance(design, dict):
            problems.append(f"Card {i} is not an object.")
            continue
        label = f"Card {i}"
        if isinstance(design.get("id"), str):
            label = f"Card {i} ({design['id'][:40]})"
        found = check_design(design, label)
        problems += found
        card_id = design.get("id")
        if isinstance(card_id, str):
            if card_id in ids:
                problems.append(f"{label}: another card already has the id {card_id!r}.")
            ids.add(card_id)
        count = present(design, "count", 1)
        if is_int(count) and 1 <= count <= 20:
            total += count
            if design.get("archetype") not in ("curse", "mega_curse"):
                dealable += count
            if not found and is_plain_number(design):
                has_starter = True
    if not 10 <= total <= 500:
        problems.append(f"The deck holds {total} cards; a deck holds 10 to 500.")
    if not has_starter:
        problems.append(
            "The deck has no plain Number (a Number with a color and no wild) "
            "to start the discard pile."
        )
    if dealable < EIGHT_SEATS:
        problems.append(
            f"The deck has {dealable} cards that can be dealt; a table of 8 needs at "
            f"least {EIGHT_SEATS} (5 each, and one to start the pile)."
        )
    return problems


def present(design: dict, key: str, default: Any = None) -> Any:
    """S64 A key whose value is null counts as absent."""
    value = design.get(key)
    return default if value is None else value


def is_plain_number(design: dict) -> bool:
    return (
        design.get("archetype") == "number"
        and bool(design.get("colors"))
        and present(design, "wild") is None
    )


def check_text(value: Any, label: str, what: str, low: int, high: int) -> list[str]:
    if not isinstance(value, str) or not low <= len(value) <= high:
        return [f"{label}: {what} must be text of {low} to {high} characters."]
    return []


def check_words(design: dict, key: str, label: str) -> list[str]:
    value = present(design, key, [])
    if (
        not isinstance(value, list)
        or len(value) > 5
        or not all(isinstance(v, str) and 1 <= len(v) <= 40 for v in value)
    ):
        return [f"{label}: {key} must be a list of up to 5 texts of 1 to 40 characters."]
    if len(set(value)) != len(value):
        return [f"{label}: {key} lists the same entry twice."]
    return []


def check_design(design: dict, label: str) -> list[str]:
    problems: list[str] = []
    archetype = design.get("archetype")
    if archetype not in ARCHETYPES:
        return [f"{label}: the archetype {short(archetype)} is not one of {', '.join(ARCHETYPES)}."]
    card_id = design.get("id")
    if not isinstance(card_id, str) or not 1 <= len(card_id) <= 40 or not SLUG.match(card_id):
        problems.append(
            f"{label}: the id must be 1 to 40 lowercase letters and digits in words "
            "joined by single hyphens."
        )
    problems += check_text(design.get("name"), label, "the name", 1, 60)
    allowed = COMMON_KEYS | OWN_KEYS[archetype]
    for key, value in design.items():
        if value is not None and key not in allowed:
            problems.append(f"{label}: a {archetype.replace('_', ' ')} card has no {short(key)}.")
    count = present(design, "count", 1)
    if not is_int(count) or not 1 <= count <= 20:
        problems.append(f"{label}: count must be a whole number from 1 to 20.")
    colors = present(design, "colors", [])
    if (
        not isinstance(colors, list)
        or len(colors) > 3
        or not all(isinstance(c, str) and COLOR_WORD.match(c) and len(c) <= 20 for c in colors)
        or "none" in colors
    ):
        problems.append(
            f"{label}: colors must be a list of up to 3 lowercase words (never 'none')."
        )
        colors = []
    elif len(set(colors)) != len(colors):
        problems.append(f"{label}: colors lists the same color twice.")
    problems += check_words(design, "names", label)
    problems += check_words(design, "types", label)
    if present(design, "text") is not None:
        problems += check_text(design["text"], label, "the text", 0, 200)
    if present(design, "source") is not None:
        problems += check_text(design["source"], label, "the source", 0, 60)
    if present(design, "ours") is not None and not isinstance(design["ours"], bool):
        problems.append(f"{label}: ours must be true or false.")
    problems += check_wild(design, archetype, colors, label)
    checker = OWN_CHECKS.get(archetype)
    if checker:
        problems += checker(design, label)
    return problems


def check_wild(design: dict, archetype: str, colors: list, label: str) -> list[str]:
    """P5.1 Which cards may be which wild."""
    wild = present(design, "wild")
    number = present(design, "number")
    if wild is not None and wild not in ("true", "number", "color"):
        return [f'{label}: wild must be "true", "number" or "color".']
    if archetype == "true_wild":
        problems = [] if wild in (None, "true") else [f'{label}: a True Wild card is wild "true".']
        if colors:
            problems.append(f"{label}: a True Wild card prints no color.")
        return problems
    if archetype == "number" and is_int(number):
        if number == 8 and wild != "true":
            return [f'{label}: a Number numbered 8 is a Crazy 8 and must say wild "true".']
        if wild == "true" and number != 8:
            return [f"{label}: only a Number numbered exactly 8 is a True Wild (a Crazy 8)."]
    if wild == "true" and archetype != "number":
        return [f"{label}: only True Wild cards and Crazy 8s are True Wilds."]
    if wild == "number" and (archetype != "number" or number is not None or not colors):
        return [f"{label}: a Number Wild is a Number with no number and at least one color."]
    if wild == "color":
        if archetype not in ("number", "spell", "mega_curse"):
            return [f"{label}: only a Number, Spell or Mega Curse can be a Color Wild."]
        if colors:
            return [f"{label}: a Color Wild prints no color."]
    return []


def check_number(design: dict, label: str) -> list[str]:
    number = present(design, "number")
    if number is None:
        if present(design, "wild") != "number":
            return [f"{label}: a Number needs a number (only a Number Wild has none)."]
        return []
    if not is_int(number) or not 0 <= number <= MAX_NUMBER:
        return [f"{label}: the number must be a whole number from 0 to {MAX_NUMBER}."]
    if present(design, "treasure") is not None and not isinstance(design["treasure"], bool):
        return [f"{label}: treasure must be true or false."]
    return []


def check_effect(
    effect: Any, codes: dict[str, tuple[int, int] | None], label: str, what: str
) -> list[str]:
    if not isinstance(effect, dict):
        return [f"{label}: {what} must be an object with a code."]
    code = effect.get("code")
    if not isinstance(code, str) or code not in codes:
        return [f"{label}: {short(code)} is not an effect code {what} can have."]
    if any(k not in ("code", "n") for k in effect):
        return [f"{label}: {what} has keys besides code and n."]
    n = effect.get("n")
    bounds = codes[code]
    if bounds is None:
        if n is not None:
            return [f"{label}: the {code} effect takes no n."]
        return []
    low, high = bounds
    if not is_int(n) or not low <= n <= high:
        return [f"{label}: the {code} effect needs n, a whole number from {low} to {high}."]
    return []


def check_spell(design: dict, label: str) -> list[str]:
    effect = present(design, "effect")
    if effect is None:
        return [f"{label}: a Spell needs an effect."]
    problems = check_effect(effect, SPELL_CODES, label, "a Spell's effect")
    counter = present(design, "counter")
    if counter is not None and not isinstance(counter, bool):
        problems.append(f"{label}: counter must be true or false.")
    elif isinstance(effect, dict) and effect.get("code") == "counter" and counter is False:
        problems.append(f"{label}: a counter effect is always a Counter (counter cannot be false).")
    return problems


def check_familiar(design: dict, label: str) -> list[str]:
    tier = present(design, "tier")
    if not is_int(tier) or tier not in (1, 2, 3):
        return [f"{label}: a familiar needs a tier of 1, 2 or 3."]
    return []


def check_sell(design: dict, label: str) -> list[str]:
    sell = present(design, "sell")
    if sell is not None and (not is_int(sell) or not 1 <= sell <= 99):
        return [f"{label}: the printed sale price must be a whole number from 1 to 99."]
    return []


def check_resource(design: dict, label: str) -> list[str]:
    sort = present(design, "sort")
    if sort not in SORTS:
        return [f"{label}: a Resource needs a sort: junk, material, property or treasure."]
    problems = check_sell(design, label)
    if sort == "treasure" and present(design, "sell") is not None:
        problems.append(f"{label}: Treasure is never sold, so it has no sale price.")
    exodia = present(design, "exodia")
    if exodia is not None and not isinstance(exodia, bool):
        problems.append(f"{label}: exodia must be true or false.")
    elif exodia and sort != "junk":
        problems.append(f"{label}: only Junk can be an Exodia card.")
    return problems


def check_lord(design: dict, label: str) -> list[str]:
    problems = check_sell(design, label)
    powers = present(design, "powers")
    if not isinstance(powers, list) or not 1 <= len(powers) <= 3:
        return [*problems, f"{label}: a Lord needs a list of 1 to 3 powers."]
    seen: set[str] = set()
    for k, power in enumerate(powers, start=1):
        where = f"{label}, power {k}"
        if not isinstance(power, dict):
            problems.append(f"{where}: a power must be an object.")
            continue
        pid = power.get("id")
        if not isinstance(pid, str) or not SLUG.match(pid) or len(pid) > 40:
            problems.append(f"{where}: the id must be a slug of up to 40 characters.")
        elif pid in seen:
            problems.append(f"{where}: another power of this Lord has the id {pid!r}.")
        else:
            seen.add(pid)
        problems += check_text(power.get("name"), where, "the name", 1, 40)
        cost = power.get("cost")
        if not is_int(cost) or not 1 <= cost <= 6:
            problems.append(f"{where}: the cost must be 1 to 6 Lord Mana.")
        effect = power.get("effect")
        found = check_effect(effect, POWER_CODES, where, "a power's effect")
        problems += found
        if not found:
            want = "other" if effect["code"] in TARGETED else "none"
            if power.get("target") != want:
                problems.append(f'{where}: a {effect["code"]} power has target "{want}".')
        if any(k not in ("id", "name", "cost", "effect", "target") for k in power):
            problems.append(f"{where}: a power has only id, name, cost, effect and target.")
    return problems


def check_story(design: dict, label: str) -> list[str]:
    if present(design, "story") not in STORIES:
        return [f"{label}: a Story card needs story: {', '.join(STORIES)}."]
    return []


def check_mega_curse(design: dict, label: str) -> list[str]:
    penalty = present(design, "penalty")
    if isinstance(penalty, dict) and penalty.get("code") == "miss_turn" and len(penalty) == 1:
        return []
    if (
        isinstance(penalty, dict)
        and penalty.get("code") == "self_draw"
        and set(penalty) == {"code", "n"}
        and is_int(penalty.get("n"))
        and 1 <= penalty["n"] <= 9
    ):
        return []
    return [f"{label}: a Mega Curse needs a penalty: self_draw with n from 1 to 9, or miss_turn."]


OWN_CHECKS = {
    "number": check_number,
    "spell": check_spell,
    "familiar": check_familiar,
    "equipment": check_sell,
    "resource": check_resource,
    "lord": check_lord,
    "story": check_story,
    "mega_curse": check_mega_curse,
}
