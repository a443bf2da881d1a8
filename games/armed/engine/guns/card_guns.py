"""Card guns: PICK-POCKET (A9.5), FETCH-RAY (A9.6), WORM-HOLE (A9.7, A11.5),
BLEND-R-RAY (A9.8, A11.7), SHRINK-RAY (A9.9), SNEEZE-CANNON (A9.10), BOOMERANG (A9.11).

A discard a demand asks of its target is the target's own choice, even on a controlled
turn; a malfunction's discard is the shooter's, made by their controller (A9.15, S45).
"""

from __future__ import annotations

from ..drawing import choose_and_discard, draw
from ..state import Decision, Flow, Game, Seat


def _decider(g: Game, hit: Seat, demand: bool) -> Seat:
    return hit if demand else g.shooter_decider(hit)


def pick_pocket(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.5 `other` takes 1 card at random from `hit`'s hand; empty hand: nothing, and
    the stream is not drawn from."""
    if hit.hand:
        taken = hit.hand.pop(g.stream.below(len(hit.hand)))
        other.hand.append(taken)
        g.ev("take", seat=other.id, card=taken, seen_by=[other.id, hit.id], **{"from": hit.id})


def fetch_ray(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.6 `hit` draws 1 card for `other` (A1.4)."""
    draw(g, other, "fetch", by=hit)


def _swap(g: Game, shooter: Seat, other: Seat) -> None:
    shooter.hand, other.hand = other.hand, shooter.hand
    g.ev("swap_hands", seats=[shooter.id, other.id])


def worm_hole(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> Flow:
    """A9.7, S29 Swap whole hands with the shooter. Malfunction: the target picks any
    goon but the shooter, themselves included, to swap with the shooter (A11.5)."""
    if demand:
        _swap(g, other, hit)
        return
    answer = yield Decision("pick", other, other, shooter=hit)
    player = answer[1]
    g.ev("pick", seat=other.id, player=player.id)
    _swap(g, hit, player)


def blend_r_ray(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> None:
    """A9.8, S30 The whole hand goes on top of the deck, the deck is shuffled (even for
    an empty hand), and one card fewer is drawn: 0 or 1 cards, none (A11.7)."""
    put = len(hit.hand)
    g.deck[0:0] = hit.hand
    hit.hand = []
    g.stream.shuffle(g.deck)
    g.ev("blend", seat=hit.id, put=put)
    for _ in range(put - 1):
        draw(g, hit, "blend")


def shrink_ray(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> Flow:
    """A9.9 Discard down to 3 cards."""
    yield from choose_and_discard(g, hit, len(hit.hand) - 3, "shrink", _decider(g, hit, demand))


def sneeze_cannon(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> Flow:
    """A9.10 Each target discards 1; the malfunction makes the shooter discard 2."""
    count = 1 if demand else 2
    yield from choose_and_discard(g, hit, count, "sneeze", _decider(g, hit, demand))


def boomerang(g: Game, card: str, hit: Seat, other: Seat, demand: bool) -> Flow:
    """A9.11, S44 Discard 1; on a comply the BOOMERANG then comes back from the discard
    pile to the shooter's hand, even when the target had nothing to discard."""
    yield from choose_and_discard(g, hit, 1, "boomerang", _decider(g, hit, demand))
    if demand and card in g.discard:
        g.discard.remove(card)
        other.hand.append(card)
        g.ev("return", seat=other.id, card=card)
