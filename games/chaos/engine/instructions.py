"""The shared vocabulary of effect codes (chaos-cards.md "Effect vocabulary"): every card's
instructions are data, performed here in printed order, as far as possible (K10.1).

Each op is one small function. Those that may need a player's choice are generators (the
choice is a `select` decision, K10.2); `perform` runs both kinds alike and updates the
conditions' capacity after every single instruction (K6.5).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import anchors
from .anchors import DISCARD, DRAW, RANDOM_DISCARD, RANDOM_TAKE, TRANSFER, WHOLE_HAND, Source
from .cards import CATEGORY
from .conditions import change_condition, change_level, update_capacity
from .decisions import Flow, choose
from .table import Table

Effect = dict[str, Any]


def perform(t: Table, src: Source, effects: tuple[Effect, ...] | list[Effect]) -> Flow:
    for effect in effects:
        step = OPS[effect["op"]](t, src, effect)
        if step is not None:
            yield from step
        update_capacity(t)  # K6.5: after every instruction


def players(t: Table, src: Source, who: str) -> list[str]:
    """The seats an instruction names (`who`), several in current direction from the active
    player (S1)."""
    if who in ("self", "controller"):
        return [src.player]
    if who == "target":
        return [src.target] if src.target else []
    if who == "all":
        return t.from_active()
    if who == "others":
        return [seat for seat in t.from_active() if seat != src.player]
    if who == "commenters":
        return list(src.comments)
    if who in ("player", "participant"):
        return [src.subject] if src.subject else []
    if who == "on_player":
        return [src.on_player] if src.on_player else []
    raise AssertionError(f"unknown who {who}")


# -- drawing and discarding --------------------------------------------------------------


def draw(t: Table, src: Source, effect: Effect) -> None:
    for seat in players(t, src, effect["who"]):
        if not anchors.prevent(t, seat, DRAW, src):  # S37: a draw always qualifies
            t.draw(seat, effect["n"], "effect", src.card.id)


def _discard_chosen(t: Table, src: Source, seat: str, count: int, allowed=None) -> Flow:
    """One player's part of a discard of their choice, then AN7's consolation (S28)."""
    hand = t.hands[seat]
    pool = hand if allowed is None else allowed
    if count <= 0 or not pool or anchors.prevent(t, seat, DISCARD, src):
        return
    cards = yield from choose(seat, hand, count, "discard", src.card.id, pool)
    cards = t.in_hand_order(seat, cards)
    t.discard_from_hand(seat, cards)
    t.emit("discard", seat=seat, cards=cards, why="effect", source=src.card.id)
    anchors.console(t, seat, src)


def discard(t: Table, src: Source, effect: Effect) -> Flow:
    for seat in players(t, src, effect["who"]):
        yield from _discard_chosen(t, src, seat, effect["n"])


def discard_to(t: Table, src: Source, effect: Effect) -> Flow:
    for seat in players(t, src, effect["who"]):
        yield from _discard_chosen(t, src, seat, len(t.hands[seat]) - effect["n"])


def discard_random(t: Table, src: Source, effect: Effect) -> None:
    for seat in players(t, src, effect["who"]):
        hand = t.hands[seat]
        if not hand or anchors.prevent(t, seat, RANDOM_DISCARD, src):
            continue
        cards = [hand.pop(t.stream.below(len(hand))) for _ in range(min(effect["n"], len(hand)))]
        t.discard += cards
        t.emit("discard", seat=seat, cards=cards, why="random", source=src.card.id)
        anchors.console(t, seat, src)


# -- transfers (K10.4): outgoing cards are set aside, then delivered together ------------


def take_random(t: Table, src: Source, effect: Effect) -> None:
    victim, hand = src.target, t.hands[src.target or ""]
    if not hand or anchors.prevent(t, victim, RANDOM_TAKE, src):
        return
    cards = [hand.pop(t.stream.below(len(hand))) for _ in range(min(effect["n"], len(hand)))]
    t.hands[src.player] += cards
    t.emit(
        "take", seat=src.player, frm=victim, cards=cards, count=len(cards),
        seen_by=[src.player, victim], source=src.card.id,
    )  # fmt: skip
    anchors.console(t, victim, src)


def _give(t: Table, src: Source, giver: str, receiver: str, n: int) -> Flow:
    cards = yield from choose(giver, t.hands[giver], n, "give", src.card.id)
    if not cards:
        return
    cards = t.in_hand_order(giver, cards)
    for card in cards:
        t.hands[giver].remove(card)
    t.hands[receiver] += cards
    t.emit(
        "give", seat=giver, to=receiver, cards=cards, count=len(cards),
        seen_by=[src.player, src.target], source=src.card.id,
    )  # fmt: skip
    anchors.console(t, giver, src)


def give(t: Table, src: Source, effect: Effect) -> Flow:
    """The card's player gives; a gift is incoming for the target, so no Anchor stops it."""
    yield from _give(t, src, src.player, src.target, effect["n"])


def tribute(t: Table, src: Source, effect: Effect) -> Flow:
    """A25 (S34): the target gives to the card's player."""
    target = src.target
    if not t.hands[target] or anchors.prevent(t, target, TRANSFER, src):
        return
    yield from _give(t, src, target, src.player, effect["n"])


def exchange_one(t: Table, src: Source, effect: Effect) -> Flow:
    """A9 (S27): fails with an empty hand; a target's Anchor blocks the whole exchange."""
    player, target = src.player, src.target
    if not t.hands[player] or not t.hands[target]:
        t.emit("exchange_fails", seats=[player, target], source=src.card.id)
        return
    if anchors.prevent(t, target, TRANSFER, src):
        return
    mine = yield from choose(player, t.hands[player], 1, "exchange", src.card.id)
    theirs = yield from choose(target, t.hands[target], 1, "exchange", src.card.id)
    t.hands[player].remove(mine[0])
    t.hands[target].remove(theirs[0])
    t.hands[player].append(theirs[0])
    t.hands[target].append(mine[0])
    t.emit(
        "exchange", seats=[player, target], cards=[mine[0], theirs[0]],
        seen_by=[player, target], source=src.card.id,
    )  # fmt: skip
    anchors.console(t, target, src)


def swap_hands(t: Table, src: Source, effect: Effect) -> None:
    """C8: a protected participant blocks the entire two-player swap."""
    player, target = src.player, src.target
    if anchors.prevent(t, target, WHOLE_HAND, src):
        return
    t.hands[player], t.hands[target] = t.hands[target], t.hands[player]
    t.emit("swap_hands", seats=[player, target], source=src.card.id)


def pass_hands(t: Table, src: Source, effect: Effect) -> None:
    """C9: protected players are found first and omitted; the others' hands circulate among
    themselves in the printed (physical) direction. The ring is listed physically (S33)."""
    guarded = [s for s in t.from_active() if anchors.protected(t, s, WHOLE_HAND, src)]
    for seat in guarded:
        anchors.spend(t, seat, src)
    ring = [s for s in t.seats if s not in guarded]
    if effect["dir"] == "ccw":
        ring.reverse()
    if len(ring) < 2:
        ring = []
    outgoing = [t.hands[seat] for seat in ring]
    for k, seat in enumerate(ring):
        t.hands[seat] = outgoing[k - 1]  # each gives to the next; the last to the first
    t.emit("pass_hands", seats=ring, dir=effect["dir"], source=src.card.id)


def pass_one(t: Table, src: Source, effect: Effect) -> Flow:
    """C10: protected players keep their card; everyone else chooses one, then all are
    delivered together to the physical neighbour (a protected one still receives)."""
    order = t.from_active()
    guarded = [s for s in order if t.hands[s] and anchors.protected(t, s, TRANSFER, src)]
    for seat in guarded:
        anchors.spend(t, seat, src)
    outgoing: list[tuple[str, str]] = []
    for seat in order:
        if seat in guarded or not t.hands[seat]:
            continue
        chosen = yield from choose(seat, t.hands[seat], 1, "pass", src.card.id)
        outgoing.append((seat, chosen[0]))
    for seat, card in outgoing:  # set aside only once everyone has chosen, then delivered
        t.hands[seat].remove(card)
    for seat, card in outgoing:
        to = t.next_seat(seat, effect["dir"])
        t.hands[to].append(card)
        t.emit("pass_card", seat=seat, to=to, card=card, seen_by=[seat, to], source=src.card.id)
    for seat, _ in outgoing:
        anchors.console(t, seat, src)


# -- the table ---------------------------------------------------------------------------


def escalate(t: Table, src: Source, effect: Effect) -> None:
    change_level(t, effect["n"], "escalate", src.card.id)


def reduce(t: Table, src: Source, effect: Effect) -> None:
    change_level(t, -effect["n"], "reduce", src.card.id)


def change(t: Table, src: Source, effect: Effect) -> None:
    change_condition(t, "change")


def reverse(t: Table, src: Source, effect: Effect) -> None:
    t.direction = "ccw" if t.direction == "cw" else "cw"
    t.emit("reverse", direction=t.direction, source=src.card.id)


def retrieve(t: Table, src: Source, effect: Effect) -> None:
    """A15 (K10.8): the top of the Play discard now; A15 itself is still pending."""
    card = t.discard.pop() if t.discard else None
    if card is not None:
        t.hands[src.player].append(card)
    t.emit("retrieve", seat=src.player, card=card, source=src.card.id)


def move_dealer(t: Table, src: Source, effect: Effect) -> None:
    """C16 (K3.5): no reset, no draw; a move onto the dealer changes nothing (S41)."""
    if src.target and src.target != t.dealer:
        former, t.dealer = t.dealer, src.target
        t.emit("dealer_moved", seat=src.target, former=former, source=src.card.id)


# -- social and guessing cards (K11) ------------------------------------------------------


def guess(t: Table, src: Source, effect: Effect) -> None:
    """A27 (S29): nothing at all with an empty hand or a blocking Anchor; a hit is a take."""
    target, hand = src.target, t.hands[src.target or ""]
    if not hand or anchors.prevent(t, target, RANDOM_TAKE, src):
        return
    card = hand.pop(t.stream.below(len(hand)))
    hit = CATEGORY[card] == src.named_category
    t.emit(
        "guess", seat=src.player, frm=target, card=card, category=src.named_category, hit=hit,
        source=src.card.id,
    )  # fmt: skip
    if hit:
        t.hands[src.player].append(card)
        anchors.console(t, target, src)
    else:
        hand.append(card)
        t.draw(src.player, 1, "effect", src.card.id)


def call_it(t: Table, src: Source, effect: Effect) -> Flow:
    """A28: a named category makes everyone, from the card's player, discard one of it;
    a decline makes the target draw 2."""
    if src.named is None:
        if src.target and not anchors.prevent(t, src.target, DRAW, src):
            t.draw(src.target, 2, "effect", src.card.id)
        return
    for seat in t.around(src.player):
        held = [card for card in t.hands[seat] if CATEGORY[card] == src.named]
        yield from _discard_chosen(t, src, seat, 1, held)


def if_commented(t: Table, src: Source, effect: Effect) -> Flow:
    branch = effect["then"] if src.target in src.comments else effect["otherwise"]
    yield from perform(t, src, branch)


OPS: dict[str, Callable[[Table, Source, Effect], Flow | None]] = {
    "draw": draw,
    "discard": discard,
    "discard_to": discard_to,
    "discard_random": discard_random,
    "take_random": take_random,
    "give": give,
    "tribute": tribute,
    "exchange_one": exchange_one,
    "swap_hands": swap_hands,
    "pass_hands": pass_hands,
    "pass_one": pass_one,
    "escalate": escalate,
    "reduce": reduce,
    "change_condition": change,
    "reverse": reverse,
    "retrieve": retrieve,
    "move_dealer": move_dealer,
    "guess": guess,
    "call_it": call_it,
    "if_commented": if_commented,
}


def could_draw(
    effects: tuple[Effect, ...], responder: str, player: str, target: str | None
) -> bool:
    """K11.5 (I9): could this Action's printed effect instruct `responder` to draw, given
    its announced target? Every branch counts, before any observation is known."""
    for effect in effects:
        op = effect["op"]
        if op == "if_commented" and (
            could_draw(tuple(effect["then"]), responder, player, target)
            or could_draw(tuple(effect["otherwise"]), responder, player, target)
        ):
            return True
        if op == "guess" and responder == player:  # the miss draw
            return True
        if op == "call_it" and responder == target:  # the decline draw
            return True
        if op == "draw":
            who = effect["who"]
            if (
                who == "all"
                or (who == "self" and responder == player)
                or (who == "target" and responder == target)
                or (who in ("others", "commenters") and responder != player)
            ):
                return True
    return False
