"""The table log in words: one line per engine event, as one goon may read it (A12.7).

"GOON #3 fires DISCO at you": names for seat ids, "you" for the reader, gun names for
card ids, a hidden card as "a card"."""

from __future__ import annotations

from collections.abc import Callable

from ..guns import gun_of

DECISIONS = {
    "turn": "their turn",
    "respond": "comply or grit",
    "free_shot": "a free shot",
    "discard": "a discard",
    "pick": "a WORM-HOLE pick",
}
WHY = {
    "hand_limit": "hand limit",
    "shrink": "SHRINK-RAY",
    "sneeze": "SNEEZE-CANNON",
    "boomerang": "BOOMERANG",
    "turn": "turn",
    "cycle": "cycle",
    "pity": "pity draw",
    "fetch": "FETCH-RAY",
    "blend": "BLEND-R-RAY",
    "megaphone": "MEGA-PHONER",
}


def card_name(card: str | None) -> str:
    if not card:
        return "a card"
    if card.startswith("LOOT"):
        return "a Loot"
    return gun_of(card).name


def line(e: dict, name: Callable[..., str]) -> str | None:
    """The event in words, or None for an event the table need not read (the deal).
    `name(goon)` names a goon as an object ("you"), `name(goon, True)` as the subject."""
    ev, who = e["event"], name(e["seat"], True) if "seat" in e else ""
    match ev:
        case "deal":
            return None
        case "first":
            return f"{who} goes first."
        case "turn":
            extra = " (extra turn)" if e.get("extra") else ""
            by = f", played by {name(e['by'])}" if e.get("by") not in (None, e["seat"]) else ""
            whose = "your" if who.endswith("(you)") else f"{who}'s"
            return f"Round {e['round']}: {whose} turn{extra}{by}."
        case "skip":
            return f"{who} is frozen: turn skipped."
        case "wasted":
            return f"{who}'s waiting {e['what'].replace('_', ' ')} is wasted."
        case "no_draw":
            return f"{who} has no draw this turn."
        case "draw":
            got = card_name(e.get("card")) if e.get("card") else "a card"
            return f"{who} draws {got} ({WHY.get(e['why'], e['why'])})."
        case "loot":
            return f"{who} draws a Loot! ({WHY.get(e['why'], e['why'])})"
        case "cycle":
            c = card_name(e.get("card")) if e.get("card") else "nothing"
            return f"{who} can't or won't fire: discards {c}."
        case "fire":
            gun = card_name(e["card"])
            free = " (free shot)" if e.get("free") else ""
            if "targets" in e:
                return f"{who} fires {gun} at everyone{free}."
            return f"{who} fires {gun} at {name(e['target'])}{free}."
        case "comply":
            forced = {"broken": " (Broken)", "egg": " (holding the egg)"}.get(e.get("forced"), "")
            return f"{who} complies{forced}."
        case "no_grit":
            return f"{who} does not grit for the group."
        case "grit":
            return f"{who} grits teeth! ({e['teeth']} left)"
        case "malfunction":
            return f"{card_name(e['card'])} malfunctions on {who}!"
        case "give_loot":
            return f"{who} gives a Loot to {name(e['to'])}."
        case "loot_to_deck":
            return f"{who} puts a Loot into the deck."
        case "take":
            return f"{who} takes {card_name(e.get('card'))} from {name(e['from'])}."
        case "swap_hands":
            a, b = e["seats"]
            return f"{name(a)} and {name(b)} swap hands."
        case "pick":
            return f"{who} picks {name(e['player'])} for the swap."
        case "blend":
            return f"{who} blends {e['put']} cards into the deck."
        case "discard":
            cards = e.get("cards")
            what = ", ".join(card_name(c) for c in cards) if cards else "cards"
            return f"{who} discards {what} ({WHY.get(e['why'], e['why'])})."
        case "return":
            return f"The BOOMERANG comes back to {who}."
        case "set":
            what = {
                "frozen": "frozen for their next turn",
                "no_draw": "no draw next turn",
                "no_fire": "no fire next turn",
                "controlled": f"controlled next turn by {name(e.get('by', ''))}",
            }[e["what"]]
            return f"{who}: {what}."
        case "extra_turn":
            return f"{who} earns an extra turn."
        case "free_shot":
            at = f" at {name(e['at'])}" if e.get("at") else ""
            return f"{who} gets a free shot{at}."
        case "no_shot":
            return f"{who} has no gun for the free shot."
        case "hold":
            return f"{who} holds fire."
        case "egg":
            return f"{who} holds the egg."
        case "bit":
            return f"{who} must {BIT_RULES[e['bit']]} for {e['turns']} turn(s)."
        case "tooth":
            return f"{who} now has {e['teeth']} Teeth."
        case "broken":
            return f"{who} is BROKEN."
        case "five_loot":
            return f"{who} has 5 Loot: this is the final round!"
        case "egg_end":
            return f"{who}'s egg hatches (done)."
        case "bit_end":
            return f"{who}'s {e['bit']} bit ends."
        case "reshuffle":
            return f"The deck ran out: {e['size']} discards shuffled into a new deck."
        case "store_closed":
            return (
                "Closing time: the store closes."
                if e.get("closing_time")
                else ("The deck ran out again: the store closes.")
            )
        case "end":
            return "Game over: " + ", ".join(name(w) for w in e["winners"]) + " won."
        case "say":
            return None  # chat lines are shown as chat
        case "bit_dropped":
            return f"{who} dropped the {e['bit']} bit and paid a Tooth ({e['teeth']} left)."
        case "leave":
            return f"{who} left; a bot plays the seat."
        case "timeout":
            return f"{who} ran out of time ({DECISIONS.get(e['decision'], e['decision'])})."
    return None


BIT_RULES = {
    "cluck": "end every message with BAWK",
    "shout": "SHOUT (no lower-case letters)",
    "pose": "begin every message with *",
}
