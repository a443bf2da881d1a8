"""The guns as the table shows them (armed.md §9): name, DEMAND, MALFUNCTION and the
pitchman line, by design code. Copied from the spec's text; the rules themselves are the
engine's (the text here is what a player reads, and what the 🔊 button reads aloud)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Gun:
    rule: str
    name: str
    code: str
    multi: bool
    demand: str
    malfunction: str
    line: str


GUNS: dict[str, Gun] = {
    "MAGNO-MITT": Gun(
        "A9.1",
        "MAGNO-MITT",
        "MAGNO-MITT",
        False,
        "give the shooter 1 Loot.",
        "the shooter gives the target 1 Loot. No Loot to give: nothing.",
        "Hand it over — magnetically!",
    ),
    "DISCO": Gun(
        "A9.2",
        "DISCO",
        "DISCO",
        False,
        "put 1 Loot into the deck (shuffled in).",
        "the shooter puts 1 Loot into the deck. No Loot: nothing.",
        "Shake what the store gave you — right back onto the shelf!",
    ),
    "ROBIN-HOOD": Gun(
        "A9.3",
        "ROBIN-HOOD RAY",
        "ROBIN-HOOD",
        False,
        "give 1 Loot to the goon with the fewest Loot other than you (ties: the first of "
        "them going left from you; it may be the shooter).",
        "the shooter gives 1 Loot to the goon with the fewest Loot other than the "
        "shooter (ties: the first going left from the shooter). No Loot: nothing.",
        "Rob the rich, tip the poor, keep the tights!",
    ),
    "PIGGY-POPPER": Gun(
        "A9.4",
        "PIGGY-POPPER",
        "PIGGY-POPPER",
        True,
        "if you have 3 or more Loot, put 1 into the deck.",
        "the shooter puts 1 Loot into the deck (if they have any).",
        "Fat piggy banks go POP!",
    ),
    "PICK-POCKET": Gun(
        "A9.5",
        "PICK-POCKET PISTOL",
        "PICK-POCKET",
        False,
        "the shooter takes 1 card at random from your hand.",
        "the target takes 1 card at random from the shooter's hand. Empty hand: nothing.",
        "Your pockets, my pockets — what's the difference?",
    ),
    "FETCH-RAY": Gun(
        "A9.6",
        "FETCH-RAY",
        "FETCH-RAY",
        False,
        "draw 1 card for the shooter (a gun to their hand, a Loot to their pile).",
        "the shooter draws 1 card for the target.",
        "Go on, boy! Fetch!",
    ),
    "WORM-HOLE": Gun(
        "A9.7",
        "WORM-HOLE",
        "WORM-HOLE",
        False,
        "swap hands with the shooter.",
        "the target picks any goon other than the shooter — themselves included — and "
        "the shooter swaps hands with that goon.",
        "Your hand, my hand, through the cosmic plumbing!",
    ),
    "BLEND-R-RAY": Gun(
        "A9.8",
        "BLEND-R-RAY",
        "BLEND-R-RAY",
        False,
        "put your whole hand into the deck, shuffle it, then draw one card fewer than you put in.",
        "the shooter does the same with their hand.",
        "Frappé your fortunes!",
    ),
    "SHRINK-RAY": Gun(
        "A9.9",
        "SHRINK-RAY",
        "SHRINK-RAY",
        False,
        "discard down to 3 cards, of your choice.",
        "the shooter discards down to 3, of their choice.",
        "Honey, I shrunk the arsenal!",
    ),
    "SNEEZE-CANNON": Gun(
        "A9.10",
        "SNEEZE-CANNON",
        "SNEEZE-CANNON",
        True,
        "discard 1 card of your choice.",
        "the shooter discards 2 cards of their choice (all, if they hold fewer).",
        "Gesundheit, suckers!",
    ),
    "BOOMERANG": Gun(
        "A9.11",
        "BOOMERANG BAZOOKA",
        "BOOMERANG",
        False,
        "discard 1 card of your choice; then this BOOMERANG goes from the discard pile "
        "back into the shooter's hand.",
        "the shooter discards 1 card of their choice; the BOOMERANG stays discarded.",
        "It always comes back. Usually.",
    ),
    "FREEZE-BREEZE": Gun(
        "A9.12",
        "FREEZE-BREEZE",
        "FREEZE-BREEZE",
        False,
        "skip your next turn.",
        "the shooter skips their next turn.",
        "Chill out. For a whole turn.",
    ),
    "STINK-BOMB": Gun(
        "A9.13",
        "STINK-BOMB",
        "STINK-BOMB",
        True,
        "your next turn has no draw.",
        "the shooter's next turn has no draw.",
        "Nobody's going near that deck now!",
    ),
    "ENCORE": Gun(
        "A9.14",
        "ENCORE CANNON",
        "ENCORE",
        False,
        "the shooter takes an extra turn right after the current turn ends.",
        "the shooter skips their next turn.",
        "Standing ovation! Do it again!",
    ),
    "MIND-WORM": Gun(
        "A9.15",
        "MIND WORM",
        "MIND-WORM",
        False,
        "the shooter controls your next turn.",
        "the target controls the shooter's next turn.",
        "Relax. I'll take it from here.",
    ),
    "HYPNO-COIN": Gun(
        "A9.16",
        "HYPNO-COIN",
        "HYPNO-COIN",
        False,
        "the shooter takes a free shot: they may fire 1 more gun from their hand at any opponent.",
        "the target takes a free shot at the shooter: they may fire 1 gun from their "
        "hand at the shooter.",
        "Look into the coin… you WANT me to shoot again.",
    ),
    "EGG-O-MATIC": Gun(
        "A9.17",
        "EGG-O-MATIC",
        "EGG-O-MATIC",
        False,
        "hold the egg for 1 turn: while you hold it you cannot grit, and you cluck "
        "(every message ends with bawk).",
        "the shooter holds the egg and clucks, 1 turn.",
        "Congratulations, it's an egg. Keep it warm.",
    ),
    "TOOTH-FAIRY": Gun(
        "A9.18",
        "TOOTH-FAIRY",
        "TOOTH-FAIRY",
        False,
        "the shooter takes 1 Tooth from the supply (nobody holds more than 3; at 3 "
        "nothing happens).",
        "the shooter pays 1 Tooth to the supply (if they have one).",
        "Smile! The fairy pays cash for ivory.",
    ),
    "MEGA-PHONER": Gun(
        "A9.19",
        "MEGA-PHONER",
        "MEGA-PHONER",
        False,
        "SHOUT (no lower-case letters in your messages, 2 turns), and the shooter draws 1 card.",
        "the shooter shouts (2 turns), and the target draws 1 card.",
        "SAY IT LOUD, SAY IT PROUD!",
    ),
    "VOGUE-INATOR": Gun(
        "A9.20",
        "VOGUE-INATOR",
        "VOGUE-INATOR",
        False,
        "strike a pose (every message begins with *, 2 turns), and you cannot fire on "
        "your next turn.",
        "the shooter strikes a pose (2 turns) and cannot fire on their next turn.",
        "Hold it… hold it… FIERCE.",
    ),
}


def gun_of(card_id: str) -> Gun:
    """The gun a card id names ("DISCO#2" → DISCO)."""
    return GUNS[card_id.rsplit("#", 1)[0]]
