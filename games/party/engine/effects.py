"""P11 and P13.3 What each Spell effect and Lord power does when it goes off: one small
function per effect code, found by its P-number. P11.15: an effect on a seat that has
left does nothing; a departed seat's own Spells still hit others (S61)."""

from __future__ import annotations

from collections.abc import Callable

from . import combat
from .state import Effect, Game


def target_here(g: Game, e: Effect) -> bool:
    return e.target is not None and g.by_id[e.target].in_game


def author_here(g: Game, e: Effect) -> bool:
    return g.by_id[e.seat].in_game


def skip(g: Game, e: Effect) -> None:
    """P11.2 The target misses their next turn."""
    if target_here(g, e):
        seat = g.by_id[e.target]
        seat.misses += 1
        g.event("must_miss", seat=seat.id, count=seat.misses)


def reverse(g: Game, e: Effect) -> None:
    """P11.3 The direction flips; with two seats the other misses a turn (S29)."""
    g.direction = -g.direction
    g.event("reverse", direction=g.direction)
    if e.target is not None:
        skip(g, e)


def draw(g: Game, e: Effect) -> None:
    """P11.4 The target draws n."""
    if target_here(g, e):
        g.draw_cards(g.by_id[e.target], e.n, "effect")


def peek(g: Game, e: Effect) -> None:
    """P11.5 Its player sees the top n of the draw pile until their turn ends (S30)."""
    if author_here(g, e):
        seat = g.by_id[e.seat]
        cards = g.draw[: e.n]
        seat.peek += [c for c in cards if c not in seat.peek]
        g.event("peek", seat=seat.id, cards=cards, secret=[seat.id])


def strike(g: Game, e: Effect) -> None:
    """P11.6 Strike a familiar of the target."""
    if target_here(g, e):
        combat.strike(g, e)


def shuffle(g: Game, e: Effect) -> None:
    """P11.7 The discard pile but its top card joins the draw pile, all shuffled."""
    under = g.discard[:-1]
    del g.discard[:-1]
    pile = g.draw + under
    g.rng.shuffle(pile)
    g.draw[:] = pile
    g.moved(len(under))
    g.event("shuffle", count=len(under))


def swap(g: Game, e: Effect) -> None:
    """P11.8 Its player and the target trade hands."""
    if not (author_here(g, e) and target_here(g, e)):
        return
    a, b = g.by_id[e.seat], g.by_id[e.target]
    a.hand, b.hand = b.hand, a.hand
    g.moved(len(a.hand) + len(b.hand))
    for seat in (a, b):
        seat.uno = None
        g.hand_changed(seat)
    if g.turn and g.turn.seat in (a.id, b.id):
        g.turn.drawn = None
    g.event("swap", seat=a.id, target=b.id)


def attack(g: Game, e: Effect) -> None:
    """P11.9 The target is attacked as by a familiar with attack n."""
    if target_here(g, e):
        combat.incoming(g, e, e.n, None)


def familiar_attack(g: Game, e: Effect) -> None:
    """P10.5 The attacking familiar, if still on the table, attacks with its attack now."""
    owner = g.by_id[e.seat]
    familiar = owner.familiar(e.familiar)
    if target_here(g, e) and familiar is not None and familiar.attack > 0:
        combat.incoming(g, e, familiar.attack, familiar.card)


def gift(g: Game, e: Effect) -> None:
    """P11.10 Its player gives the picked card, never their last (S33)."""
    if not (author_here(g, e) and target_here(g, e)):
        return
    giver, receiver = g.by_id[e.seat], g.by_id[e.target]
    if e.give is None or e.give not in giver.hand or len(giver.hand) < 2:
        return
    g.take_from_hand(giver, [e.give])
    g.give_to_hand(receiver, [e.give])
    g.moved(-1)  # one card, one move
    g.event("gift", seat=giver.id, target=receiver.id, card=e.give, secret=[giver.id, receiver.id])


def others_draw(g: Game, e: Effect) -> None:
    """P11.11 Every other seat draws n, in turn order from the next player."""
    for seat in g.others(e.seat):
        g.draw_cards(seat, e.n, "effect")


def wheel(g: Game, e: Effect) -> None:
    """P11.12 Every hand goes out of play; then each draws n from its player on."""
    order = g.around(e.seat, include_self=True)
    for seat in order:
        cards = list(seat.hand)
        g.take_from_hand(seat, cards)
        g.put_out(cards)
        g.event("out", seat=seat.id, cards=cards, reason="wheel")
    for seat in order:
        g.draw_cards(seat, e.n, "effect")


def spell_mana(g: Game, e: Effect) -> None:
    """P11.13 Its player gains n Spell Mana."""
    if author_here(g, e):
        g.gain(g.by_id[e.seat], "spell", e.n, "effect")


def combat_mana(g: Game, e: Effect) -> None:
    """P13.3 A power of ours (Koopa Troop): its player gains n Combat Mana."""
    if author_here(g, e):
        g.gain(g.by_id[e.seat], "combat", e.n, "effect")


def discard_action(g: Game, e: Effect) -> None:
    """P13.3, P9.3 Another Discard Action this turn."""
    if g.turn is not None and g.turn.seat == e.seat:
        g.turn.actions_left += 1
        g.event("another_action", seat=e.seat)


def counter(g: Game, e: Effect) -> None:
    """P11.14 Outside a countdown a Counter does nothing."""


EFFECTS: dict[str, Callable[[Game, Effect], None]] = {
    "skip": skip,
    "reverse": reverse,
    "draw": draw,
    "peek": peek,
    "strike": strike,
    "shuffle": shuffle,
    "swap": swap,
    "attack": attack,
    "familiar_attack": familiar_attack,
    "gift": gift,
    "others_draw": others_draw,
    "wheel": wheel,
    "spell_mana": spell_mana,
    "combat_mana": combat_mana,
    "discard_action": discard_action,
    "counter": counter,
}
