"""The cards of a game (H3.4, H7.8, H7.9): locked while in it, followed as the engine moves
them, synced with what changed outside the game, and all sent home at the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..engine import run
from ..models import Card
from .models import Game, Seat
from .output import Event, read
from .table import Table, player_id


def follow_cards(t: Table, events: list[Event]) -> None:
    """A draw brings one more of the drawer's cards into the game; a Queen sends one home."""
    for event in events:
        if event.event == "draw":
            seat = t.seat(event.player)
            face, holo = event.card.removesuffix("*"), event.card.endswith("*")
            card = (
                Card.objects.select_for_update()
                .filter(owner_id=seat.player_id, locked=False, face=face, holo=holo)
                .order_by("pk")
                .first()
            )
            if card is None:  # the engine's inventory was synced this transaction
                raise RuntimeError(f"{t.ref}: no unlocked {event.card} for the draw")
            Card.objects.filter(pk=card.pk).update(locked=True)
            seat.cards = [*seat.cards, card.pk]
        elif event.event == "return":
            seat = t.seat(event.owner)
            home = rows_by_code(seat.cards)[event.card].pop()
            Card.objects.filter(pk=home).update(locked=False)
            seat.cards = [pk for pk in seat.cards if pk != home]


def rows_by_code(ids: list[int]) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for card in Card.objects.filter(pk__in=ids).order_by("pk"):
        found.setdefault(card.code, []).append(card.pk)
    return found


def sync_inventories(t: Table) -> None:
    """H7.8 Report to the engine what changed outside the game since the last move.

    Gifts, purchases, trades and admin grants change inventories through the Hall's own
    services; before each move the site compares every participant's unlocked cards and
    Chips with the engine's view and sends an `inventory` action for the difference, so
    draws always see the real inventory.
    """
    if not t.game.state:
        return
    owned: dict[int, Counter] = {pid: Counter() for pid in t.seats}
    for owner, face, holo in Card.objects.filter(owner_id__in=t.seats, locked=False).values_list(
        "owner_id", "face", "holo"
    ):
        owned[owner][face + ("*" if holo else "")] += 1
    for entry in read(t.game.state).players:
        pid = player_id(entry.id)
        now_has, engine_has = owned[pid], Counter(entry.inventory)
        add, remove = (
            list((now_has - engine_has).elements()),
            list((engine_has - now_has).elements()),
        )
        chips = t.players[pid].chips - entry.chips
        if not (add or remove or chips):
            continue
        change = {"type": "inventory", "player": entry.id, "add": add, "remove": remove}
        for with_chips in ([chips] if chips else []) + [0]:
            moves = [*t.game.moves, {**change, "chips": with_chips}]
            out = run(t.game.engine_input(moves))
            if read(out).refusal_of(len(moves) - 1) is None:
                t.game.moves, t.game.state = moves, out
                break


def send_cards_home(game: Game, seats: Iterable[Seat]) -> None:
    """H7.9 Every card of the game unlocks in its owner's inventory, exactly once; the
    Chips at stake are no longer locked."""
    seats = list(seats)
    ids = [pk for seat in seats for pk in [*seat.cards, *seat.chosen]]
    Card.objects.filter(pk__in=ids).update(locked=False)
    for seat in seats:
        seat.cards, seat.chosen = [], []
        seat.ready, seat.stake = False, 0


SEAT_FIELDS = ["status", "cards", "chosen", "ready", "stake"]
