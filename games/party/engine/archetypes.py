"""P7 The eleven archetypes, and what the rules let each do. Every card has exactly one;
the rules ask the archetype's traits here rather than naming archetypes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Archetype:
    id: str
    rule: str
    #: P4.6 cards of this archetype match each other by kind (S10)
    kind: bool = True
    #: P3.2, P16.2 may be dealt into a starting hand or fill an offer
    dealt: bool = True
    #: P6.2 may be a card of a digit chain (Numbers, and True Wilds that link any digits)
    links_digits: bool = False
    #: P6.1 may be in a chain at all (familiars and Curses never chain)
    chains: bool = True
    #: P9.8 the mana its Mana play gives, or None when it is no Mana play
    mana_play: str | None = None
    #: P14.3 its sale price (a Resource's comes from its sort), or None
    price: int | None = None


ARCHETYPES = {
    a.id: a
    for a in (
        # P7.1 Numbers match by digit, chain and feed familiars; they have no kind.
        Archetype("number", "P7.1", kind=False, links_digits=True),
        # P7.2 True Wilds go on anything and link any two digits; they feed nothing.
        Archetype("true_wild", "P7.2", links_digits=True),
        # P7.3 Mana: the Mana play for +1 Spell Mana.
        Archetype("mana", "P7.3", mana_play="spell"),
        # P7.4 Familiars are summoned, fed and attack; they never chain (P10.8).
        Archetype("familiar", "P7.4", chains=False),
        # P7.5 Spells go off (P11); Counters cancel (P12).
        Archetype("spell", "P7.5"),
        # P7.6 Equipment pays an attack or gives Combat Mana; sells for 7.
        Archetype("equipment", "P7.6", mana_play="combat", price=7),
        # P7.7 Resources sell by sort (Junk 2, Material 5, Property 6); Treasure is spent.
        Archetype("resource", "P7.7"),
        # P7.8 Lords are devoted to for powers; a spare one sells for 8.
        Archetype("lord", "P7.8", price=8),
        # P7.9 Story cards build the story line for +1 Spell Mana.
        Archetype("story", "P7.9", mana_play="spell"),
        # P7.10 A Curse can never be played; neither kind of Curse is dealt.
        Archetype("curse", "P7.10", kind=False, dealt=False, chains=False),
        # P7.10 A Mega Curse plays (alone or in a name chain) at its price (P16.3).
        Archetype("mega_curse", "P7.10", kind=False, dealt=False),
    )
}
