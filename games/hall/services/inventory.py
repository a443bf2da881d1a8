"""Cards, Vertebrae and Chips changing hands, each booked in the ledger (H3)."""

from __future__ import annotations

from django.db.models import Sum

from goonsite.refusal import Refusal
from goonsite.words import count

from ..models import Card, Ledger, Player, Seat
from ..rolls import split
from . import ledger

Asset = Ledger.Asset


def add_cards(player: Player, ids: list[str], reason: str, ref: str, phase: int) -> list[Card]:
    made = Card.objects.bulk_create(Card(owner=player, **_face(c)) for c in ids)
    ledger.cards(player, ids, +1, reason, ref, phase)
    return made


def _face(card_id: str) -> dict:
    face, holo = split(card_id)
    return {"face": face, "holo": holo}


def move_cards(cards: list[Card], to: Player, reason: str, ref: str, phase: int) -> None:
    """Cards change owner (they leave the old owner's deck, H3.3); both sides booked."""
    for card in cards:
        ledger.cards(card.owner, [card.code], -1, reason, ref, phase)
        ledger.cards(to, [card.code], +1, reason, ref, phase)
    Card.objects.filter(pk__in=[c.pk for c in cards]).update(owner=to, in_deck=False)


def change(
    player: Player, *, vertebrae: int = 0, chips: int = 0, reason: str, ref: str, phase: int
):
    """Add (or, negative, take) Vertebrae and Chips of a locked player row."""
    if player.vertebrae + vertebrae < 0:
        raise Refusal(f"{player} has only {count(player.vertebrae, 'Vertebra')} (H3.1).")
    if player.chips + chips < 0:
        raise Refusal(f"{player} has only {count(player.chips, 'Chip')} (H3.1).")
    if chips < 0 and player.chips + chips < (held := chips_at_stake(player.pk)):
        raise Refusal(
            f"{player} has {held} of their {player.chips} Chips at stake in a game; "
            "they stay locked until it ends (H3.4)."
        )
    player.vertebrae += vertebrae
    player.chips += chips
    Player.objects.filter(pk=player.pk).update(vertebrae=player.vertebrae, chips=player.chips)
    ledger.amount(player, Asset.VERTEBRAE, vertebrae, reason, ref, phase)
    ledger.amount(player, Asset.CHIPS, chips, reason, ref, phase)


def unlocked_cards(
    player: Player, ids: list[int], *, lock: bool = False, passing: set[int] = frozenset()
) -> list[Card]:
    """The player's own unlocked cards with these ids, or a refusal naming the problem.
    `passing`: locked cards to treat as unlocked (a hand choice others may not see)."""
    rows = Card.objects.filter(pk__in=ids)
    if lock:
        rows = rows.select_for_update()
    cards = list(rows.order_by("pk"))
    if len(cards) != len(set(ids)) or any(c.owner_id != player.pk for c in cards):
        raise Refusal(f"{player} no longer holds every card listed (H3.5).")
    if any(c.locked and c.pk not in passing for c in cards):
        raise Refusal("Locked cards (in an Exoptosis hand or game) cannot change hands (H3.4).")
    return cards


def chips_at_stake(player_pk: int) -> int:
    """H3.4 Chips a player has put into the bet of their unfinished game: locked."""
    return Seat.objects.filter(player_id=player_pk).aggregate(held=Sum("stake"))["held"] or 0
